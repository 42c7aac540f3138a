import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { memoryHistory } from '../../test_support/render_with_services';
import { AppShell, type AppTab } from './app_shell';

const TABS: readonly AppTab[] = [
  { id: 'one', label: 'First', path: '/one', Panel: () => <p>First panel</p> },
  { id: 'two', label: 'Second', path: '/two', Panel: () => <p>Second panel</p> },
  { id: 'three', label: 'Third', path: '/three', Panel: () => <p>Third panel</p> },
];

const tab = (name: string) => screen.getByRole('tab', { name });

/** The selected tab as a screen reader and the keyboard see it: selected, focused, routed. */
function expectOn(label: string, path: string, history: { location: { pathname: string } }) {
  expect(screen.getByRole('tab', { selected: true })).toBe(tab(label));
  expect(document.activeElement).toBe(tab(label));
  expect(history.location.pathname).toBe(path);
  expect(screen.getByRole('tabpanel', { name: label }).textContent).toBe(`${label} panel`);
}

describe('AppShell tabs and the keyboard (WAI-ARIA tabs pattern)', () => {
  it('puts only the selected tab in the Tab order, each tab controlling the panel', () => {
    render(<AppShell history={memoryHistory('/two')} tabs={TABS} />);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'Second' });
    for (const t of screen.getAllByRole('tab')) {
      expect(t.getAttribute('aria-controls')).toBe(panel.id);
    }
  });

  it('ArrowRight / ArrowLeft navigate to the next / previous tab as a click would, wrapping', async () => {
    const user = userEvent.setup();
    const history = memoryHistory('/one');
    render(<AppShell history={history} tabs={TABS} />);
    tab('First').focus();

    await user.keyboard('{ArrowRight}');
    expectOn('Second', '/two', history);
    await user.keyboard('{ArrowRight}');
    expectOn('Third', '/three', history);
    await user.keyboard('{ArrowRight}');
    expectOn('First', '/one', history);
    await user.keyboard('{ArrowLeft}');
    expectOn('Third', '/three', history);
    expect(history.entries).toEqual(['/one', '/two', '/three', '/one', '/three']);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
  });

  it('Home / End navigate to the first / last tab', async () => {
    const user = userEvent.setup();
    const history = memoryHistory('/two');
    render(<AppShell history={history} tabs={TABS} />);
    tab('Second').focus();

    await user.keyboard('{End}');
    expectOn('Third', '/three', history);
    await user.keyboard('{Home}');
    expectOn('First', '/one', history);
  });
});
