import { render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryHistory } from '../../test_support/render_with_services';
import { AppShell, type AppTab } from './app_shell';

const TABS: readonly AppTab[] = [
  { id: 'one', label: 'First', path: '/one', Panel: () => <p>First panel</p> },
  { id: 'two', label: 'Second', path: '/two', Panel: () => <p>Second panel</p> },
];

/** axe's landmark rules (moderate: not in the serious/critical checks every screen passes). */
async function landmarkViolations(): Promise<string[]> {
  const results = await axe.run(document.body, {
    runOnly: {
      type: 'rule',
      values: [
        'region',
        'landmark-one-main',
        'landmark-no-duplicate-banner',
        'landmark-no-duplicate-main',
        'landmark-unique',
        'landmark-banner-is-top-level',
        'landmark-main-is-top-level',
      ],
    },
  });
  return results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`
  );
}

describe('AppShell landmarks', () => {
  afterEach(() => document.body.replaceChildren());

  it('standalone: the title is the page banner and the tabs and panel are its main', async () => {
    render(<AppShell history={memoryHistory('/one')} tabs={TABS} pageBanner />);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('heading', { level: 1 }).textContent).toBe('Federation');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('navigation').querySelector('[role="tablist"]')).toBeTruthy();
    expect(within(main).getByRole('tabpanel').textContent).toBe('First panel');
    expect(await landmarkViolations()).toEqual([]);
  });

  it('inside OSD: one main under the chrome header, and no second banner', async () => {
    // What OSD's chrome draws around an app: its own <header>, and a plain <div> to mount into.
    const header = document.body.appendChild(document.createElement('header'));
    header.textContent = 'OpenSearch Dashboards';
    const mount = document.body.appendChild(document.createElement('div'));
    render(<AppShell history={memoryHistory('/one')} tabs={TABS} />, { container: mount });
    const main = screen.getByRole('main');
    // The title's <header> is inside <main>, so it is no banner (Testing Library's roles ignore
    // that scoping; axe's landmark-no-duplicate-banner below checks it).
    expect(main.querySelector('header h1')?.textContent).toBe('Federation');
    expect(within(main).getByRole('tabpanel').textContent).toBe('First panel');
    expect(await landmarkViolations()).toEqual([]);
  });
});
