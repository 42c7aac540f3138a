import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { memoryHistory, renderWithServices } from '../../test_support/render_with_services';
import { AppShell } from '../shared/app_shell';
import { JoinExplorerPanel } from './join_explorer_panel';
import { FakeJoinServer } from './testing/fake_join_server';

configure({ testIdAttribute: 'data-test-subj' });

/**
 * Axe's findings on the page as it is (colour contrast needs layout, which jsdom lacks): the
 * serious and critical ones, and `heading-order` (moderate, a best-practice rule the WCAG-tagged
 * run leaves out, so it is asked for by name).
 */
async function findings(): Promise<string[]> {
  const serious = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const headings = await axe.run(document.body, { runOnly: ['heading-order'] });
  return [
    ...serious.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ...headings.violations,
  ].map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('JoinExplorerPanel accessibility (axe, in jsdom)', () => {
  it('keeps heading levels in order under the app’s page title, before and after a run', async () => {
    const user = userEvent.setup();
    // Inside the app's frame, as users meet it: the page title is the h1 above the panel.
    renderWithServices(
      <AppShell
        history={memoryHistory('/join-explorer')}
        tabs={[
          { id: 'join', path: '/join-explorer', label: 'Join explorer', Panel: JoinExplorerPanel },
        ]}
      />,
      new FakeJoinServer()
    );
    await screen.findByTestId('federationJoinExplorerEmptyState');
    expect(await findings()).toEqual([]);

    for (const [subj, name] of [
      ['federationJoinExplorerParentIndex', 'companies'],
      ['federationJoinExplorerChildIndex', 'articles'],
    ]) {
      const box = screen.getByTestId(subj);
      await user.click(box.querySelector('input')!);
      await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
    }
    await user.click(
      await screen.findByTestId('federationJoinExplorerJoinSuggestion-id-company_id')
    );
    await user.click(screen.getByTestId('federationJoinExplorerRunButton'));
    await waitFor(() =>
      expect(screen.getByTestId('federationJoinExplorerPageStatus')).toBeTruthy()
    );
    await user.click(screen.getAllByTestId('federationJoinExplorerRowJsonToggle')[0]);
    await screen.findByTestId('federationJoinExplorerRowJson');
    expect(await findings()).toEqual([]);
  });
});
