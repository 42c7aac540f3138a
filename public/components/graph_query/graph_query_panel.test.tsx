import type { RecordingHttp } from '../../test_support/recording_http';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import investments from '../../../scripts/demo/investments_graph.json';
import { memoryHistory, renderWithServices } from '../../test_support/render_with_services';
import { DEMO_QUERY } from './demo_starter';
import { GraphQueryPanel } from './graph_query_panel';
import {
  article,
  company,
  demoClusterHttp,
  emptyClusterHttp,
  graphAnswer,
  httpError,
} from './testing/graph_http';

// cytoscape needs a canvas, which jsdom lacks; the drawing is checked in the browser tests. This
// stand-in lists the elements it was given, so the picture's wiring is still checked here.
vi.mock('./results/cytoscape_drawing', () => ({
  default: ({
    elements,
    onSelectNode,
    ariaLabel,
  }: {
    elements: Array<{ group: string; data: { id: string; label?: string } }>;
    onSelectNode: (id: string) => void;
    ariaLabel: string;
  }) => (
    <div role="img" aria-label={ariaLabel} data-test-subj="federationGraphDrawing">
      {elements.map((element) =>
        element.group === 'nodes' ? (
          <button key={element.data.id} onClick={() => onSelectNode(element.data.id)}>
            node {element.data.id}
          </button>
        ) : (
          <span key={element.data.id}>edge {element.data.label}</span>
        )
      )}
    </div>
  ),
}));

// OUI names test hooks `data-test-subj`; Testing Library's *ByTestId read it.
configure({ testIdAttribute: 'data-test-subj' });

const subj = (name: string) => {
  const element = document.querySelector<HTMLElement>(`[data-test-subj="${name}"]`);
  if (!element) throw new Error(`no element with data-test-subj="${name}"`);
  return element;
};
const findSubj = (name: string) => waitFor(() => subj(name));
const allSubj = (name: string) =>
  Array.from(document.querySelectorAll<HTMLElement>(`[data-test-subj="${name}"]`));

async function renderPanel(http: RecordingHttp) {
  renderWithServices(<GraphQueryPanel />, http);
  const editor = (await findSubj('federationGraphQueryEditor')) as HTMLTextAreaElement;
  return { editor };
}

const runButton = () => subj('federationGraphRunButton') as HTMLButtonElement;

function setQuery(editor: HTMLTextAreaElement, query: string) {
  fireEvent.change(editor, { target: { value: query } });
}

async function setModelText(text: string) {
  const model = (await findSubj('federationModelEditorJson')) as HTMLTextAreaElement;
  fireEvent.change(model, { target: { value: text } });
}

afterEach(() => vi.restoreAllMocks());

describe('GraphQueryPanel: the draft a new user starts from', () => {
  it('prefills the demo query and model when the demo graph is in the cluster', async () => {
    const http = demoClusterHttp();
    const { editor } = await renderPanel(http);
    expect(editor.value).toBe(DEMO_QUERY);
    const model = (await findSubj('federationModelEditorJson')) as HTMLTextAreaElement;
    expect(JSON.parse(model.value)).toEqual(investments);
    expect(subj('federationGraphIdle').textContent).toMatch(/Run the query/);
    expect(runButton().disabled).toBe(false);
    // Completion reads one mapping per entity's index set.
    await waitFor(() => expect(http.callsTo('GET', /\/_mapping$/)).toHaveLength(3));
  });

  it('explains what to write, with Run disabled, when the demo graph is absent', async () => {
    const http = emptyClusterHttp();
    const { editor } = await renderPanel(http);
    expect(editor.value).toBe('');
    // Asked without a 404 (a failed request is a console error in the browser).
    expect(http.callsTo('GET', /_resolve/)).toHaveLength(1);
    const blank = subj('federationGraphBlank');
    expect(blank.textContent).toMatch(/entities/);
    // An example in each form, each named.
    expect(blank.textContent).toMatch(/SELECT form: SELECT a, c FROM "my-graph"/);
    expect(blank.textContent).toMatch(
      /MATCH … RETURN form \(ISO GQL, openCypher\): MATCH \(a:Article\)-\[:MENTIONS\]->\(c:Company\) WHERE a.sentiment > 0.5 RETURN a, c/
    );
    expect(blank.textContent).toMatch(/npm start/);
    expect(runButton().disabled).toBe(true);
  });
});

describe('GraphQueryPanel: running', () => {
  it('sends the model and query as the body, and detailed=true as the parameter', async () => {
    const http = demoClusterHttp().on('POST', '/svc/_graph', () =>
      graphAnswer(['c.name'], [['Aurora']])
    );
    await renderPanel(http);
    await userEvent.click(runButton());
    await findSubj('federationGraphResultsTable');
    expect(http.callsTo('POST', '/svc/_graph')).toEqual([
      expect.objectContaining({
        query: { detailed: true },
        body: { model: investments, query: DEMO_QUERY },
      }),
    ]);

    // Detailed off: no parameter at all.
    await userEvent.click(subj('federationGraphDetailedSwitch'));
    await userEvent.click(runButton());
    await waitFor(() => expect(http.callsTo('POST', '/svc/_graph')).toHaveLength(2));
    expect(http.callsTo('POST', '/svc/_graph')[1].query).toEqual({});
  });

  it('runs on Ctrl+Enter in the editor', async () => {
    const http = demoClusterHttp().on('POST', '/svc/_graph', () => graphAnswer(['x'], []));
    const { editor } = await renderPanel(http);
    setQuery(editor, 'SELECT c FROM "investments" MATCH (c:Company)');
    editor.focus();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(http.callsTo('POST', '/svc/_graph')).toHaveLength(1));
    expect(http.calls.at(-1)?.body).toEqual({
      model: investments,
      query: 'SELECT c FROM "investments" MATCH (c:Company)',
    });
  });

  it('disables Run with the reason while the model is not valid JSON', async () => {
    const http = demoClusterHttp();
    await renderPanel(http);
    await setModelText('{"label": "investments", ');
    expect(runButton().disabled).toBe(true);
    expect(subj('federationGraphModelProblem').textContent).toMatch(/not valid JSON/);
    await setModelText('[]');
    expect(subj('federationGraphModelProblem').textContent).toMatch(/must be a JSON object/);
    await setModelText(JSON.stringify(investments));
    expect(runButton().disabled).toBe(false);
    expect(allSubj('federationGraphModelProblem')).toHaveLength(0);
  });

  it('shows progress while running, and Cancel aborts the request', async () => {
    const http = demoClusterHttp().on(
      'POST',
      '/svc/_graph',
      (call) =>
        new Promise((_, reject) =>
          call.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError'))
          )
        )
    );
    await renderPanel(http);
    await userEvent.click(runButton());
    await findSubj('federationGraphProgress');
    expect(subj('federationGraphElapsed').textContent).toMatch(/Running/);
    await userEvent.click(subj('federationGraphCancelButton'));
    await findSubj('federationGraphCancelled');
    expect(http.callsTo('POST', '/svc/_graph')[0].signal?.aborted).toBe(true);
    expect(allSubj('federationGraphProgress')).toHaveLength(0);
  });

  it("shows the server's reason and the line and column of a GQL error", async () => {
    const reason = 'line 2, column 8: expected one of [MATCH] but found [WHERE]';
    const http = demoClusterHttp().on('POST', '/svc/_graph', () =>
      Promise.reject(httpError(400, 'parsing_exception', reason, { line: 2, col: 8 }))
    );
    await renderPanel(http);
    await userEvent.click(runButton());
    const error = await findSubj('federationGraphError');
    expect(error.textContent).toContain(reason);
    expect(error.textContent).toContain('parsing_exception');
    // The reason names the place already: not said twice.
    expect(allSubj('federationGraphErrorPosition')).toHaveLength(0);
  });

  it('adds the place of an error when the server gives it apart from the reason', async () => {
    const http = demoClusterHttp().on('POST', '/svc/_graph', () =>
      Promise.reject(
        httpError(400, 'parsing_exception', 'unexpected end of input', { line: 3, col: 1 })
      )
    );
    await renderPanel(http);
    await userEvent.click(runButton());
    expect((await findSubj('federationGraphError')).textContent).toContain(
      'unexpected end of input'
    );
    expect(subj('federationGraphErrorPosition').textContent).toBe(
      'At line 3, column 1 of the query.'
    );
  });

  it('explains: sends EXPLAIN before the query and shows the plan', async () => {
    const http = demoClusterHttp().on('POST', '/svc/_graph', () =>
      graphAnswer(['c'], [], {
        plan: {
          start: '(c:Company)',
          reason: 'fewest documents after its filters (12)',
          steps: [
            { id: 1, kind: 'count', pattern: '(c:Company)', estimated_rows: 12, inputs: [] },
            {
              id: 2,
              kind: 'reduce',
              pattern: '(a:Article)-[$1:MENTIONS]->(c:Company)',
              estimated_rows: null,
              inputs: [1],
            },
          ],
        },
      })
    );
    await renderPanel(http);
    await userEvent.click(subj('federationGraphExplainButton'));
    const plan = await findSubj('federationGraphExplainPlan');
    expect(http.callsTo('POST', '/svc/_graph')[0].body).toEqual({
      model: investments,
      query: `EXPLAIN ${DEMO_QUERY}`,
    });
    expect(subj('federationGraphSummary').textContent).toBe('Planned in 42 ms');
    expect(plan.textContent).toContain('Starts from (c:Company)');
    expect(plan.textContent).toContain('fewest documents after its filters (12)');
    const rows = within(plan).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[2].textContent).toContain('(a:Article)-[$1:MENTIONS]->(c:Company)');
    expect(rows[2].textContent).toContain('unknown');
  });
});

describe('GraphQueryPanel: results', () => {
  const manyRows = Array.from({ length: 30 }, (_, i) => [
    `Company ${String(i).padStart(2, '0')}`,
    i,
  ]);

  /** Runs `query` (the demo query by default), answered with `answer`. */
  async function runWith(answer: unknown, query?: string) {
    const http = demoClusterHttp().on('POST', '/svc/_graph', () => answer);
    const { editor } = await renderPanel(http);
    if (query !== undefined) setQuery(editor, query);
    await userEvent.click(runButton());
    return http;
  }

  const blobText = (blob: Blob) =>
    new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(blob);
    });

  const bodyRows = () =>
    within(subj('federationGraphResultsTable'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent));

  it('shows the header and rows, sorts by a column and pages', async () => {
    await runWith(graphAnswer(['c.name', 'COUNT(*)'], manyRows));
    const table = await findSubj('federationGraphResultsTable');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.join('|')).toMatch(/c\.name.*\|.*COUNT\(\*\)/);
    expect(subj('federationGraphSummary').textContent).toBe('30 rows in 42 ms');
    // 25 rows a page.
    expect(bodyRows()).toHaveLength(25);
    expect(bodyRows()[0].join()).toContain('Company 00');

    // Sort by COUNT(*), descending after two clicks.
    const countHeader = within(table).getByRole('button', { name: /COUNT/ });
    await userEvent.click(countHeader);
    await userEvent.click(within(table).getByRole('button', { name: /COUNT/ }));
    await waitFor(() => expect(bodyRows()[0].join()).toContain('Company 29'));

    // The second page holds the last 5.
    await userEvent.click(within(table).getByTestId('pagination-button-1'));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(bodyRows()[4].join()).toContain('Company 00');
  });

  it('says when the server truncated the rows', async () => {
    await runWith(graphAnswer(['c.name'], [['a']], { truncated: true }));
    const callout = await findSubj('federationGraphTruncated');
    expect(callout.textContent).toMatch(/only the first 1 rows/);
    expect(callout.textContent).toMatch(/maxGraphRows/);
  });

  it('shows no truncated callout for a complete answer', async () => {
    await runWith(graphAnswer(['c.name'], [['a']]));
    await findSubj('federationGraphResultsTable');
    expect(allSubj('federationGraphTruncated')).toHaveLength(0);
  });

  it('downloads the rows as CSV', async () => {
    const blobs: Blob[] = [];
    const create = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:graph';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await runWith(graphAnswer(['c.name', 'n'], [['Aurora, Inc.', 3]]));
    await userEvent.click(await findSubj('federationGraphCsvButton'));
    expect(click).toHaveBeenCalledTimes(1);
    expect(await blobText(blobs[0])).toBe('c.name,n\r\n"Aurora, Inc.",3\r\n');
  });

  it('renders whole-variable cells compactly and opens the document', async () => {
    await runWith(graphAnswer(['c'], [[company(3, 'Cobalt Health')]]));
    const badge = await findSubj('federationGraphDocumentBadge');
    expect(badge.textContent).toContain('Cobalt Health');
    expect(badge.textContent).toContain('demo-companies/3');
    await userEvent.click(
      screen.getByRole('button', { name: 'Cobalt Health (demo-companies/3): show the document' })
    );
    const flyout = await findSubj('federationGraphDocumentFlyout');
    expect(flyout.textContent).toContain('Document demo-companies/3');
    expect(flyout.textContent).toContain('"sector": "software"');
  });

  it('draws a bar per step with the same numbers as text for screen readers', async () => {
    const t0 = 1_700_000_000_000;
    await runWith(
      graphAnswer(['c.name'], [['a']], {
        steps: [
          {
            pattern: '(c:Company)',
            rows: 12,
            estimated_rows: 12,
            took_in_millis: 5,
            start_in_millis: t0,
            stop_in_millis: t0 + 5,
          },
          {
            pattern: '(a:Article)-[$1:MENTIONS]->(c:Company)',
            rows: 40,
            estimated_rows: null,
            took_in_millis: 30,
            start_in_millis: t0 + 5,
            stop_in_millis: t0 + 35,
          },
        ],
      })
    );
    await userEvent.click(await findSubj('federationGraphTab-steps'));
    const chart = await findSubj('federationGraphStepsChart');
    const bars = allSubj('federationGraphStepBar');
    expect(bars).toHaveLength(2);
    expect(bars[1].style.left).toBe(`${(5 / 42) * 100}%`);
    expect(bars[1].title).toBe('(a:Article)-[$1:MENTIONS]->(c:Company): from 5 ms, took 30 ms');
    const table = within(chart).getByRole('table');
    expect(within(table).getByText(/Timing chart of 2 steps over 42 ms/)).toBeTruthy();
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['(c:Company)', '0', '5', '12', '12'],
      ['(a:Article)-[$1:MENTIONS]->(c:Company)', '5', '30', 'unknown', '40'],
    ]);
  });

  it('asks for Detailed when the answer has no steps', async () => {
    await runWith(graphAnswer(['c.name'], [['a']]));
    await userEvent.click(await findSubj('federationGraphTab-steps'));
    expect((await findSubj('federationGraphStepsMissing')).textContent).toMatch(/Turn on Detailed/);
  });

  it('draws the matched subgraphs with a legend, a node list and the document on click', async () => {
    await runWith(
      graphAnswer(
        ['a', 'c'],
        [
          [article(1, 3), company(3, 'Cobalt Health')],
          [article(2, 3), company(3, 'Cobalt Health')],
        ]
      ),
      'SELECT a, c FROM "investments" MATCH (a:Article)-[:MENTIONS]->(c:Company)'
    );
    await userEvent.click(await findSubj('federationGraphTab-picture'));
    const drawing = await findSubj('federationGraphDrawing');
    expect(drawing.getAttribute('aria-label')).toBe(
      'Matched subgraphs: 3 documents and 2 links. The node list follows.'
    );
    expect(drawing.textContent).toContain('edge MENTIONS');
    expect(allSubj('federationGraphLegendItem').map((item) => item.textContent)).toEqual([
      'Company',
      'Article',
    ]);
    const list = subj('federationGraphPictureNodes');
    expect(list.textContent).toContain('Documents in the picture (3)');
    await userEvent.click(within(drawing).getByRole('button', { name: 'node demo-companies/3' }));
    expect((await findSubj('federationGraphDocumentFlyout')).textContent).toContain(
      'Cobalt Health'
    );
  });

  it('says why a large result is not drawn', async () => {
    const rows = Array.from({ length: 301 }, (_, i) => [article(i), company(1)]);
    await runWith(
      graphAnswer(['a', 'c'], rows),
      'SELECT a, c FROM "investments" MATCH (a:Article)-[:MENTIONS]->(c:Company)'
    );
    await userEvent.click(await findSubj('federationGraphTab-picture'));
    const notice = await findSubj('federationGraphPicture');
    expect(notice.textContent).toMatch(/302 documents, more than the 300/);
    expect(allSubj('federationGraphDrawing')).toHaveLength(0);
  });

  it('says there is nothing to draw without whole variables', async () => {
    await runWith(
      graphAnswer(['c.name'], [['a']]),
      'SELECT c.name FROM "investments" MATCH (c:Company)'
    );
    await userEvent.click(await findSubj('federationGraphTab-picture'));
    expect((await findSubj('federationGraphPicture')).textContent).toMatch(
      /select whole variables/
    );
  });
});

describe('GraphQueryPanel: saved queries and model', () => {
  const saved = {
    title: 'Funded companies',
    query: 'SELECT c FROM "investments" MATCH (c:Company)<-[:FUNDS]-(i:Investment)',
    model: investments,
    updated_at: '2026-01-01T00:00:00Z',
  };

  it('opens the saved query the URL names, tracks edits, and New goes back to the starter', async () => {
    const http = demoClusterHttp()
      .on('GET', '/_svc/graph/query/q1', () => ({ _id: 'q1', found: true, _source: saved }))
      .on('POST', '/svc/_graph', () => graphAnswer(['c'], [[company(1)]]));
    renderWithServices(<GraphQueryPanel />, http, memoryHistory('/graph-query/q1'));
    await waitFor(() =>
      expect((subj('federationGraphQueryEditor') as HTMLTextAreaElement).value).toBe(saved.query)
    );
    expect(subj('federationSavedQueriesTitle').textContent).toBe('Funded companies');
    const editor = subj('federationGraphQueryEditor') as HTMLTextAreaElement;

    // The toolbar sees the panel's draft: an edit marks the saved query as edited.
    setQuery(editor, `${saved.query} LIMIT 5`);
    await findSubj('federationSavedQueriesEdited');

    // A run's answer does not outlive the query it belongs to.
    await userEvent.click(runButton());
    await findSubj('federationGraphResultsTable');
    await userEvent.click(subj('federationSavedQueriesNewButton'));
    await waitFor(() => expect(editor.value).toBe(DEMO_QUERY));
    expect(allSubj('federationGraphResultsTable')).toHaveLength(0);
    expect(subj('federationGraphIdle')).toBeTruthy();
  });

  it("names the entities whose mappings cannot be read, with the server's reason", async () => {
    const http = demoClusterHttp().on('GET', '/svc/nowhere/_mapping', () =>
      Promise.reject(httpError(404, 'index_not_found_exception', 'no such index [nowhere]'))
    );
    await renderPanel(http);
    await setModelText(
      JSON.stringify({ label: 'g', entities: [{ label: 'Lost', indices: ['nowhere'] }] })
    );
    const problems = await findSubj('federationGraphMappingProblems');
    expect(problems.textContent).toContain('Properties of Lost cannot be completed');
    expect(problems.textContent).toContain('no such index [nowhere]');
    // Completion degrades; running is still allowed (the server will say what is wrong).
    expect(runButton().disabled).toBe(false);
  });
});

describe('GraphQueryPanel: leaving', () => {
  it('aborts the request in flight when the screen unmounts', async () => {
    const http = demoClusterHttp().on('POST', '/svc/_graph', () => new Promise(() => {}));
    const { unmount } = renderWithServices(<GraphQueryPanel />, http);
    await findSubj('federationGraphQueryEditor');
    await userEvent.click(runButton());
    await waitFor(() => expect(http.callsTo('POST', '/svc/_graph')).toHaveLength(1));
    act(() => unmount());
    expect(http.callsTo('POST', '/svc/_graph')[0].signal?.aborted).toBe(true);
  });
});
