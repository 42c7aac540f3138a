import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test_support/render_with_services';
import { GraphQueryPanel } from './graph_query_panel';
import { article, company, demoClusterHttp, graphAnswer } from './testing/graph_http';

configure({ testIdAttribute: 'data-test-subj' });

// jsdom has no canvas: a labelled stand-in takes the drawing's place (as in the panel's tests).
// The stand-in opens the first node's menu as a right-click on it does.
vi.mock('./results/cytoscape_drawing', () => ({
  default: ({
    ariaLabel,
    elements,
    onNodeMenu,
  }: {
    ariaLabel: string;
    elements: Array<{ data: { id: string } }>;
    onNodeMenu: (id: string, at: { x: number; y: number }) => void;
  }) => (
    <>
      <div role="img" aria-label={ariaLabel} />
      <button onClick={() => onNodeMenu(elements[0].data.id, { x: 10, y: 10 })}>right-click</button>
    </>
  ),
}));

const subj = (name: string) => document.querySelector<HTMLElement>(`[data-test-subj="${name}"]`)!;

/** Serious and critical axe violations (colour contrast needs layout, which jsdom lacks). */
async function seriousViolations(): Promise<string[]> {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('GraphQueryPanel accessibility (axe, in jsdom)', () => {
  it('has no serious or critical violation in each result view', { timeout: 30_000 }, async () => {
    const t0 = 1_700_000_000_000;
    const http = demoClusterHttp().on('POST', '/svc/_graph', () =>
      graphAnswer(['a', 'c'], [[article(1, 3), company(3)]], {
        truncated: true,
        steps: [
          {
            pattern: '(c:Company)',
            rows: 1,
            estimated_rows: 1,
            took_in_millis: 2,
            start_in_millis: t0,
            stop_in_millis: t0 + 2,
          },
        ],
      })
    );
    renderWithServices(<GraphQueryPanel />, http);
    await waitFor(() => expect(subj('federationGraphQueryEditor')).toBeTruthy());
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(subj('federationGraphRunButton'));
    await waitFor(() => expect(subj('federationGraphResultsTable')).toBeTruthy());
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(subj('federationGraphTab-steps'));
    await waitFor(() => expect(subj('federationGraphStepsChart')).toBeTruthy());
    expect(await seriousViolations()).toEqual([]);

    await userEvent.click(subj('federationGraphTab-picture'));
    await waitFor(() => expect(subj('federationGraphPicture')).toBeTruthy());
    // Once while the drawing loads, once drawn.
    expect(await seriousViolations()).toEqual([]);
    await waitFor(() =>
      expect(document.querySelector('[role="img"][aria-label^="Matched subgraphs"]')).toBeTruthy()
    );
    expect(await seriousViolations()).toEqual([]);

    // A node's menu, at the node in the drawing, then from its button in the node list.
    await userEvent.click(screen.getByRole('button', { name: 'right-click' }));
    await screen.findByRole('dialog', { name: /^Actions on / });
    expect(await seriousViolations()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: /Documents in the picture/ }));
    await userEvent.click(screen.getAllByRole('button', { name: /^Expand the neighbours of / })[0]);
    await screen.findByRole('dialog', { name: /^Actions on / });
    expect(await seriousViolations()).toEqual([]);
  });
});
