import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import investments from '../../../scripts/demo/investments_graph.json';
import { renderWithServices } from '../../test_support/render_with_services';
import { GraphQueryPanel } from './graph_query_panel';
import { article, company, demoClusterHttp, graphAnswer, httpError } from './testing/graph_http';

// cytoscape needs a canvas, which jsdom lacks (the drawing is checked in the browser tests). This
// stand-in lists the elements it was given and offers each node's right-click as a button.
vi.mock('./results/cytoscape_drawing', () => ({
  default: ({
    elements,
    onNodeMenu,
    ariaLabel,
  }: {
    elements: Array<{ group: string; data: { id: string; label?: string } }>;
    onNodeMenu: (id: string, at: { x: number; y: number }) => void;
    ariaLabel: string;
  }) => (
    <div role="img" aria-label={ariaLabel} data-test-subj="federationGraphDrawing">
      {elements.map((element) =>
        element.group === 'nodes' ? (
          <button
            key={element.data.id}
            onClick={() => onNodeMenu(element.data.id, { x: 40, y: 60 })}
          >
            right-click {element.data.id}
          </button>
        ) : (
          <span key={element.data.id}>
            edge {element.data.id} {element.data.label}
          </span>
        )
      )}
    </div>
  ),
}));

configure({ testIdAttribute: 'data-test-subj' });

const subj = (name: string) => {
  const element = document.querySelector<HTMLElement>(`[data-test-subj="${name}"]`);
  if (!element) throw new Error(`no element with data-test-subj="${name}"`);
  return element;
};
const findSubj = (name: string) => waitFor(() => subj(name));
const editorText = () => (subj('federationGraphQueryEditor') as HTMLTextAreaElement).value;

const investment = (id: number, companyId: number) => ({
  _index: 'demo-investments',
  _id: String(id),
  _source: { id, investor: `Investor ${id}`, company_id: companyId, amount: 1000 * id },
});

const BASE_QUERY = 'SELECT a, c FROM "investments" MATCH (a:Article)-[:MENTIONS]->(c:Company)';
const FUNDS_QUERY = [
  'MATCH (n:Company)<-[:FUNDS]-(m:Investment)',
  "WHERE n._id = '3'",
  'RETURN n, m',
  'LIMIT 50',
].join('\n');

/**
 * The panel with a first answer drawn (two articles about company 3), the Picture tab open;
 * `expansion` answers every later run.
 */
async function drawnPicture(expansion: () => unknown) {
  let runs = 0;
  const http = demoClusterHttp().on('POST', '/svc/_graph', () =>
    runs++ === 0
      ? graphAnswer(
          ['a', 'c'],
          [
            [article(1, 3), company(3, 'Cobalt Health')],
            [article(2, 3), company(3, 'Cobalt Health')],
          ]
        )
      : expansion()
  );
  renderWithServices(<GraphQueryPanel />, http);
  const editor = (await findSubj('federationGraphQueryEditor')) as HTMLTextAreaElement;
  fireEvent.change(editor, { target: { value: BASE_QUERY } });
  await userEvent.click(subj('federationGraphRunButton'));
  await userEvent.click(await findSubj('federationGraphTab-picture'));
  await findSubj('federationGraphDrawing');
  return http;
}

const fundsAnswer = () =>
  graphAnswer(
    ['n', 'm'],
    [
      [company(3, 'Cobalt Health'), investment(7, 3)],
      [company(3, 'Cobalt Health'), investment(8, 3)],
    ]
  );

const drawnNodes = () =>
  within(subj('federationGraphDrawing'))
    .queryAllByRole('button')
    .map((button) => button.textContent!.replace('right-click ', ''));
const drawnEdges = () =>
  Array.from(subj('federationGraphDrawing').querySelectorAll('span')).map((s) => s.textContent);

afterEach(() => vi.restoreAllMocks());

describe('GraphQueryPanel: expanding a node of the picture', () => {
  it("right-click lists the relations of the node's entity; one runs its query and the picture grows", async () => {
    const http = await drawnPicture(fundsAnswer);
    expect(drawnNodes()).toEqual(['demo-articles/1', 'demo-companies/3', 'demo-articles/2']);

    await userEvent.click(screen.getByRole('button', { name: 'right-click demo-companies/3' }));
    const menu = await screen.findByRole('dialog', { name: 'Actions on Cobalt Health' });
    expect(within(menu).getByText('Cobalt Health (Company)')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('button')
        .map((button) => button.textContent)
    ).toEqual([
      'Open the document',
      'Expand along ← MENTIONS Article',
      'Expand along ← FUNDS Investment',
    ]);
    await userEvent.click(within(menu).getByRole('button', { name: /FUNDS/ }));

    // The query is in the editor and is what ran, over the editor's model.
    expect(editorText()).toBe(FUNDS_QUERY);
    await waitFor(() => expect(http.callsTo('POST', '/svc/_graph')).toHaveLength(2));
    expect(http.callsTo('POST', '/svc/_graph')[1].body).toEqual({
      model: investments,
      query: FUNDS_QUERY,
    });
    // Merged: the documents drawn before, then the investments; the Picture tab stays open.
    await waitFor(() =>
      expect(drawnNodes()).toEqual([
        'demo-articles/1',
        'demo-companies/3',
        'demo-articles/2',
        'demo-investments/7',
        'demo-investments/8',
      ])
    );
    expect(drawnEdges()).toEqual([
      'edge e0 MENTIONS',
      'edge e1 MENTIONS',
      'edge e2 FUNDS',
      'edge e3 FUNDS',
    ]);
    expect(subj('federationGraphTab-picture').getAttribute('aria-selected')).toBe('true');
    expect(subj('federationGraphDrawing').getAttribute('aria-label')).toBe(
      'Matched subgraphs: 5 documents and 4 links. The node list follows.'
    );
    expect(screen.queryByRole('dialog', { name: 'Actions on Cobalt Health' })).toBeNull();
    // The table holds the expansion's rows.
    await userEvent.click(subj('federationGraphTab-table'));
    expect(subj('federationGraphSummary').textContent).toMatch(/^2 rows in/);
  });

  it('opens the menu from the keyboard in the node list: its button, or Shift+F10 on the document', async () => {
    await drawnPicture(fundsAnswer);
    const list = subj('federationGraphPictureNodes');
    await userEvent.click(within(list).getByRole('button', { name: /Documents in the picture/ }));
    const menuButton = within(list).getByRole('button', {
      name: 'Expand the neighbours of Cobalt Health',
    });
    expect(menuButton.getAttribute('aria-haspopup')).toBe('true');
    menuButton.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('dialog', { name: 'Actions on Cobalt Health' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    // The popover holds the focus; Escape closes it (the focus goes back to the button in
    // Chromium, test/e2e/graph_query.e2e.test.ts: OUI waits for its opening to settle).
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Actions on Cobalt Health' })).toBeNull()
    );
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');

    // An article: its one relation, from the document's link with Shift+F10.
    const articleLink = within(list).getAllByText('Article 1')[0];
    articleLink.focus();
    await userEvent.keyboard('{Shift>}{F10}{/Shift}');
    const articleMenu = await screen.findByRole('dialog', { name: 'Actions on Article 1' });
    expect(
      within(articleMenu)
        .getAllByRole('button')
        .map((button) => button.textContent)
    ).toEqual(['Open the document', 'Expand along MENTIONS → Company']);
    await userEvent.click(within(articleMenu).getByRole('button', { name: 'Open the document' }));
    expect((await findSubj('federationGraphDocumentFlyout')).textContent).toContain('Article 1');
  });

  it('keeps the picture while the expansion runs, and when it fails says why', async () => {
    let fail: (error: unknown) => void = () => undefined;
    const http = await drawnPicture(
      () =>
        new Promise((_resolve, reject) => {
          fail = reject;
        })
    );
    await userEvent.click(screen.getByRole('button', { name: 'right-click demo-companies/3' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /MENTIONS/ })
    );
    await waitFor(() => expect(http.callsTo('POST', '/svc/_graph')).toHaveLength(2));
    expect(subj('federationGraphProgress')).toBeTruthy();
    expect(drawnNodes()).toHaveLength(3);
    // While it runs, another expansion waits for it.
    await userEvent.click(screen.getByRole('button', { name: 'right-click demo-articles/1' }));
    const busy = await screen.findByRole('dialog', { name: 'Actions on Article 1' });
    expect(
      (within(busy).getByRole('button', { name: /MENTIONS → Company/ }) as HTMLButtonElement)
        .disabled
    ).toBe(true);
    await userEvent.keyboard('{Escape}');

    fail(httpError(504, 'timeout_exception', 'the graph query took longer than allowed'));
    await findSubj('federationGraphError');
    expect(subj('federationGraphError').textContent).toContain('took longer than allowed');
    expect(drawnNodes()).toEqual(['demo-articles/1', 'demo-companies/3', 'demo-articles/2']);
    expect(subj('federationGraphTab-picture').getAttribute('aria-selected')).toBe('true');
  });

  it('starts the picture anew when the user runs a query', async () => {
    const http = await drawnPicture(fundsAnswer);
    await userEvent.click(screen.getByRole('button', { name: 'right-click demo-companies/3' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /FUNDS/ })
    );
    await waitFor(() => expect(drawnNodes()).toHaveLength(5));
    // Run: the query in the editor (the expansion's) answers alone.
    await userEvent.click(subj('federationGraphRunButton'));
    await waitFor(() => expect(http.callsTo('POST', '/svc/_graph')).toHaveLength(3));
    await userEvent.click(await findSubj('federationGraphTab-picture'));
    await waitFor(() =>
      expect(drawnNodes()).toEqual(['demo-companies/3', 'demo-investments/7', 'demo-investments/8'])
    );
  });
});
