import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithServices } from '../../test_support/render_with_services';
import { JoinExplorerPanel } from './join_explorer_panel';
import { FakeJoinServer, httpError } from './testing/fake_join_server';

// OUI and OSD name test hooks `data-test-subj`; Testing Library's *ByTestId read it.
configure({ testIdAttribute: 'data-test-subj' });

type User = ReturnType<typeof userEvent.setup>;

const bySubj = (subj: string) => screen.getByTestId(subj);
const comboInput = (subj: string) =>
  within(bySubj(subj)).getByTestId('comboBoxSearchInput') as HTMLInputElement;

/** What a single-selection combo box shows as chosen. */
const comboValue = (subj: string) =>
  bySubj(subj).querySelector('.euiComboBoxPill')?.getAttribute('value') ?? '';

/** The open options list of combo box `subj` (OUI marks it `<subj>-optionsList`). */
async function optionsList(subj: string): Promise<HTMLElement> {
  return waitFor(() => {
    const list = document.querySelector<HTMLElement>(`[data-test-subj~="${subj}-optionsList"]`);
    if (!list) throw new Error(`the options of ${subj} are not shown`);
    return list;
  });
}

const comboOptions = async (subj: string) =>
  within(await optionsList(subj))
    .getAllByRole('option')
    .map((o) => o.textContent);

/** Types into a combo box and clicks the option whose label starts with `label`. */
async function pick(user: User, subj: string, label: string) {
  await user.click(comboInput(subj));
  await user.type(comboInput(subj), label);
  const list = await optionsList(subj);
  await user.click(within(list).getByRole('option', { name: new RegExp(`^${label}`) }));
}

function render(server = new FakeJoinServer()) {
  const user = userEvent.setup();
  const view = renderWithServices(<JoinExplorerPanel />, server);
  return { user, server, ...view };
}

/** Parent companies, child articles, joined on the first suggestion (id = company_id). */
async function fillJoin(user: User) {
  await pick(user, 'federationJoinExplorerParentIndex', 'companies');
  await pick(user, 'federationJoinExplorerChildIndex', 'articles');
  await user.click(await screen.findByTestId('federationJoinExplorerJoinSuggestion-id-company_id'));
}

const pageStatus = () => bySubj('federationJoinExplorerPageStatus').textContent;
const idsShown = () =>
  within(bySubj('federationJoinExplorerResultsTable'))
    .getAllByTestId('federationJoinExplorerIdCell')
    .map((cell) => cell.textContent?.replace(/^_id/, ''));

describe('JoinExplorerPanel', () => {
  it('shows the empty state and what the request still needs before anything is chosen', async () => {
    render();
    expect(bySubj('federationJoinExplorerEmptyState').textContent).toMatch(/Run a join/);
    const problems = bySubj('federationJoinExplorerRequestProblems').textContent;
    expect(problems).toMatch(/Choose the parent indices/);
    expect(problems).toMatch(/Choose the child index/);
    expect((bySubj('federationJoinExplorerRunButton') as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers indices, aliases and virtual indices, a virtual index once and marked as such', async () => {
    const { user, server } = render();
    await user.click(comboInput('federationJoinExplorerChildIndex'));
    expect(await comboOptions('federationJoinExplorerChildIndex')).toEqual([
      'articles',
      'companies',
      'firms',
      'vi_ordersvirtual',
    ]);
    expect(server.callsTo('GET', '/svc/_resolve/index/*')).toHaveLength(1);
    await user.click(screen.getByRole('option', { name: /^vi_orders/ }));
    const note = bySubj('federationJoinExplorerVirtualChildNote').textContent;
    expect(note).toMatch(/orders on datasource shop_pg/);
    expect(note).toMatch(/Key column: order_id/);
    expect(note).toMatch(/integer keys .* or keyword keys .*, and may project child fields/);
  });

  it('never offers a virtual index as the parent, and takes a typed pattern', async () => {
    const { user } = render();
    await user.click(comboInput('federationJoinExplorerParentIndex'));
    expect(await comboOptions('federationJoinExplorerParentIndex')).toEqual([
      'articles',
      'companies',
      'firms',
    ]);
    await user.type(comboInput('federationJoinExplorerParentIndex'), 'comp*{enter}');
    expect(comboValue('federationJoinExplorerParentIndex')).toBe('comp*');
  });

  it('suggests join pairs from names, types and sampled values, most likely first', async () => {
    const { user, server } = render();
    await pick(user, 'federationJoinExplorerParentIndex', 'companies');
    await pick(user, 'federationJoinExplorerChildIndex', 'articles');
    const suggestions = await screen.findByTestId('federationJoinExplorerJoinSuggestions');
    // Article ids (1001…) meet no company id: the same-named pair goes last.
    await waitFor(() =>
      expect(
        within(suggestions)
          .getAllByTestId('federationJoinExplorerJoinSuggestionItem')
          .map((item) => item.textContent)
      ).toEqual([
        'id = company_id (20 of 20 sampled values meet)',
        'code = company_code (20 of 20 sampled values meet)',
        'id = id (0 of 20 sampled values meet)',
      ])
    );
    expect(server.callsTo('GET', '/svc/companies/_mapping')).toHaveLength(1);
    expect(server.callsTo('GET', '/svc/articles/_mapping')).toHaveLength(1);
    // The sample is two searches, whatever the number of pairs.
    expect(server.callsTo('POST', '/svc/companies/_search')).toHaveLength(1);
    expect(server.callsTo('POST', '/svc/articles/_search')).toHaveLength(1);

    await pick(user, 'federationJoinExplorerParentField', 'id');
    await pick(user, 'federationJoinExplorerChildField', 'company_code');
    const flag = bySubj('federationJoinExplorerJoinFieldIssue-typeMismatch').textContent;
    expect(flag).toMatch(/Type mismatch: parent id is long, child company_code is keyword/);

    await user.click(bySubj('federationJoinExplorerJoinSuggestion-id-company_id'));
    expect(screen.queryByTestId('federationJoinExplorerJoinFieldIssue-typeMismatch')).toBeNull();
    expect(comboValue('federationJoinExplorerChildField')).toBe('company_id');
  });

  it('suggests the parent field that names the child (articles.company_id = companies.id)', async () => {
    const { user } = render();
    await pick(user, 'federationJoinExplorerParentIndex', 'articles');
    await pick(user, 'federationJoinExplorerChildIndex', 'companies');
    await waitFor(() =>
      expect(
        within(bySubj('federationJoinExplorerJoinSuggestions'))
          .getAllByTestId('federationJoinExplorerJoinSuggestionItem')
          .map((item) => item.textContent)
      ).toEqual([
        'company_id = id (20 of 20 sampled values meet)',
        // The commonest company_code (X) names no company.
        'company_code = code (19 of 20 sampled values meet)',
        'id = id (0 of 20 sampled values meet)',
      ])
    );
  });

  it('cancels the value sample when the child changes and when the explorer closes', async () => {
    const never = new Promise(() => undefined);
    const { user, server, unmount } = render(new FakeJoinServer({ sampleGate: never }));
    await pick(user, 'federationJoinExplorerParentIndex', 'companies');
    await pick(user, 'federationJoinExplorerChildIndex', 'articles');
    await waitFor(() => expect(server.callsTo('POST', '/svc/companies/_search')).toHaveLength(1));
    // Named suggestions do not wait for the sample.
    expect(screen.getByTestId('federationJoinExplorerJoinSuggestion-id-company_id')).toBeTruthy();
    expect(screen.getByTestId('federationJoinExplorerJoinSampling')).toBeTruthy();
    const [first] = server.callsTo('POST', '/svc/companies/_search');

    await pick(user, 'federationJoinExplorerChildIndex', 'vi_orders');
    await waitFor(() => expect(first.signal?.aborted).toBe(true));
    await waitFor(() => expect(server.callsTo('POST', '/svc/companies/_search')).toHaveLength(2));
    const [, second] = server.callsTo('POST', '/svc/companies/_search');
    expect(second.signal?.aborted).toBe(false);
    unmount();
    await waitFor(() => expect(second.signal?.aborted).toBe(true));
  });

  it('warns, before running, that the child query reads a field the child lacks', async () => {
    const { user } = render();
    await pick(user, 'federationJoinExplorerParentIndex', 'companies');
    await pick(user, 'federationJoinExplorerChildIndex', 'vi_orders');
    const editor = screen.getByRole('textbox', { name: 'Child query, JSON query DSL' });
    await user.clear(editor);
    await user.type(
      editor,
      '{{"bool": {{"filter": [[{{"term": {{"status": "paid"}}, {{"exists": {{"field": "company_code"}}]}}'
    );
    const warning = await screen.findByTestId('federationJoinExplorerChildQueryUnknownFields');
    expect(warning.textContent).toBe(
      'The child index vi_orders has no field status. A clause on a field the child lacks matches no child document, so the join may match nothing.'
    );
    await user.clear(editor);
    await user.type(editor, '{{"term": {{"company_code": "C1"}}');
    expect(screen.queryByTestId('federationJoinExplorerChildQueryUnknownFields')).toBeNull();
  });

  it('joins a virtual child on keyword keys and offers its fields to project', async () => {
    const { user } = render();
    await pick(user, 'federationJoinExplorerParentIndex', 'companies');
    await pick(user, 'federationJoinExplorerChildIndex', 'vi_orders');
    await pick(user, 'federationJoinExplorerParentField', 'code');
    await pick(user, 'federationJoinExplorerChildField', 'company_code');
    // Keyword keys cross backends (docs/api/interface.md §8.2.6): nothing to flag.
    expect(screen.queryByTestId(/^federationJoinExplorerJoinFieldIssue-/)).toBeNull();
    // A virtual child projects like an index (docs/api/interface.md §8.2.3).
    await pick(user, 'federationJoinExplorerProjectedFields', 'order_id');
    const json = JSON.parse(bySubj('federationJoinExplorerRequestJson').textContent ?? '');
    expect(json.query.join.request.project).toEqual([{ field: { name: 'order_id' } }]);
  });

  it('runs with a PIT, pages forward and back with the exact search_after, shows the total', async () => {
    const { user, server } = render(new FakeJoinServer({ matching: 45 }));
    await fillJoin(user);
    await pick(user, 'federationJoinExplorerProjectedFields', 'title');
    await user.click(bySubj('federationJoinExplorerRunButton'));

    await waitFor(() => expect(pageStatus()).toBe('Page 1 · hits 1–20'));
    expect(bySubj('federationJoinExplorerTotal').textContent).toBe(
      '45 parent documents match the join'
    );
    expect(server.callsTo('POST', '/svc/companies/_pit')).toEqual([
      expect.objectContaining({ query: { keep_alive: '5m' } }),
    ]);
    const [first] = server.searches();
    expect(first.body).toEqual({
      query: {
        join: {
          indices: ['articles'],
          on: ['id', 'company_id'],
          request: { query: { match_all: {} }, project: [{ field: { name: 'title' } }] },
        },
      },
      sort: [{ _shard_doc: 'asc' }],
      size: 20,
      track_total_hits: true,
      pit: { id: 'pit-1', keep_alive: '5m' },
    });
    expect(idsShown()).toHaveLength(20);
    expect(idsShown()[0]).toBe('p1');
    // The projected child field is a column.
    expect(bySubj('federationJoinExplorerResultsTable').textContent).toContain('Article about 1');
    // The parent documents' own fields are columns too, as in Discover: not one JSON string.
    const headers = within(bySubj('federationJoinExplorerResultsTable'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['JSON', '_index', '_id', 'id', 'name', 'title']);
    expect(
      screen.getAllByTestId('federationJoinExplorerFieldColumn-name')[0].textContent
    ).toContain('Company 1');
    // Each row opens to its JSON.
    await user.click(screen.getByRole('button', { name: 'Show the JSON of p2' }));
    const json = JSON.parse(bySubj('federationJoinExplorerRowJson').textContent ?? '');
    expect(json).toMatchObject({ _id: 'p2', _source: { id: 2, name: 'Company 2' } });
    expect(screen.getByRole('button', { name: 'Hide the JSON of p2' })).toHaveProperty(
      'ariaExpanded',
      'true'
    );
    expect((bySubj('federationJoinExplorerPreviousPage') as HTMLButtonElement).disabled).toBe(true);

    await user.click(bySubj('federationJoinExplorerNextPage'));
    await waitFor(() => expect(pageStatus()).toBe('Page 2 · hits 21–40'));
    await user.click(bySubj('federationJoinExplorerNextPage'));
    await waitFor(() => expect(pageStatus()).toBe('Page 3 · hits 41–45'));
    expect(idsShown()).toEqual(['p41', 'p42', 'p43', 'p44', 'p45']);
    expect((bySubj('federationJoinExplorerNextPage') as HTMLButtonElement).disabled).toBe(true);

    await user.click(bySubj('federationJoinExplorerPreviousPage'));
    await waitFor(() => expect(pageStatus()).toBe('Page 2 · hits 21–40'));
    expect(idsShown()[0]).toBe('p21');
    await user.click(bySubj('federationJoinExplorerPreviousPage'));
    await waitFor(() => expect(pageStatus()).toBe('Page 1 · hits 1–20'));

    // Each page sent the sort of the previous page's last hit, and the PIT id of the latest answer.
    expect(
      server.searches().map((c) => [c.body?.search_after, (c.body?.pit as { id: string }).id])
    ).toEqual([
      [undefined, 'pit-1'],
      [[20], 'pit-1.0'],
      [[40], 'pit-1.0.20'],
      [[20], 'pit-1.0.20.40'],
      [undefined, 'pit-1.0.20.40.20'],
    ]);
    // The request view shows the page on screen.
    expect(bySubj('federationJoinExplorerRequestJson').textContent).not.toContain('search_after');
  });

  it('closes the PIT when the request changes, and marks the shown page stale', async () => {
    const { user, server } = render();
    await fillJoin(user);
    await user.click(bySubj('federationJoinExplorerRunButton'));
    await waitFor(() => expect(pageStatus()).toBe('Page 1 · hits 1–20'));
    expect(server.openPits.size).toBe(1);

    await user.selectOptions(bySubj('federationJoinExplorerSortField'), 'name.keyword');
    await waitFor(() => expect(server.callsTo('DELETE', '/svc/_pit')).toHaveLength(1));
    expect(server.callsTo('DELETE', '/svc/_pit')[0].body).toEqual({ id: 'pit-1.0' });
    expect(server.openPits.size).toBe(0);
    expect(bySubj('federationJoinExplorerStaleNotice').textContent).toMatch(/request changed/);
    expect((bySubj('federationJoinExplorerNextPage') as HTMLButtonElement).disabled).toBe(true);

    // Running again opens a new PIT for the new request.
    await user.click(bySubj('federationJoinExplorerRunButton'));
    await waitFor(() => expect(server.callsTo('POST', '/svc/companies/_pit')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByTestId('federationJoinExplorerStaleNotice')).toBeNull()
    );
    expect(server.searches().at(-1)?.body?.sort).toEqual([
      { 'name.keyword': { order: 'asc' } },
      { _shard_doc: 'asc' },
    ]);
  });

  it('closes the PIT when the explorer unmounts (the user leaves the tab)', async () => {
    const { user, server, unmount } = render();
    await fillJoin(user);
    await user.click(bySubj('federationJoinExplorerRunButton'));
    await waitFor(() => expect(pageStatus()).toBe('Page 1 · hits 1–20'));
    unmount();
    await waitFor(() => expect(server.openPits.size).toBe(0));
    expect(server.callsTo('DELETE', '/svc/_pit').map((c) => c.body)).toEqual([{ id: 'pit-1.0' }]);
  });

  it('shows the server’s reason when the search fails, and closes the PIT', async () => {
    const server = new FakeJoinServer({
      searchError: httpError(
        400,
        'illegal_argument_exception',
        'the join on [id]=[company_id] uses [company_id] of virtual index [vi_orders], of type [date]; joins with virtual indices take integer or keyword keys'
      ),
    });
    const { user } = render(server);
    await fillJoin(user);
    await user.click(bySubj('federationJoinExplorerRunButton'));
    const error = await screen.findByTestId('federationJoinExplorerError');
    expect(error.textContent).toMatch(/joins with virtual indices take integer or keyword keys/);
    expect(error.textContent).toMatch(/illegal_argument_exception · 400/);
    await waitFor(() => expect(server.openPits.size).toBe(0));
  });

  it('shows the request as JSON and as curl against this origin, with the xsrf header', async () => {
    const { user } = render();
    await fillJoin(user);
    const json = JSON.parse(bySubj('federationJoinExplorerRequestJson').textContent ?? '');
    expect(json.pit).toEqual({ id: '<PIT_ID>', keep_alive: '5m' });
    expect(json.query.join.on).toEqual(['id', 'company_id']);

    await user.click(bySubj('federationJoinExplorerRequestTab-curl'));
    const curl = bySubj('federationJoinExplorerRequestCurl').textContent ?? '';
    const origin = window.location.origin;
    expect(curl).toContain(
      `curl -X POST '${origin}/svc/companies/_pit?keep_alive=5m' -H 'osd-xsrf: true'`
    );
    expect(curl).toContain(
      `curl -X POST '${origin}/svc/_search' -H 'osd-xsrf: true' -H 'Content-Type: application/json' -d '{`
    );
    expect(curl).toContain(`curl -X DELETE '${origin}/svc/_pit'`);
    expect(bySubj('federationJoinExplorerCopyCurl').textContent).toBe('Copy curl');
  });

  it('copies the request with one click and says so at once, beside the button', async () => {
    // jsdom has no clipboard: the copy command OUI's copy helper runs is recorded instead.
    const copied: string[] = [];
    const execCommand = vi.fn(() => {
      copied.push(window.getSelection()?.toString() ?? '');
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(document, 'execCommand');
    });
    const { user } = render();
    await fillJoin(user);
    await user.click(bySubj('federationJoinExplorerRequestTab-curl'));
    await user.click(bySubj('federationJoinExplorerCopyCurl'));
    expect(execCommand).toHaveBeenCalledTimes(1);
    expect(copied).toEqual([bySubj('federationJoinExplorerRequestCurl').textContent]);
    // No hover, no wait: the status says it (a tooltip would need the pointer to rest on it).
    expect(bySubj('federationJoinExplorerCopyCurlStatus').textContent).toBe('Copied');
  });

  it('runs from the child query editor with Ctrl+Enter and flags invalid JSON as typed', async () => {
    const { user, server } = render();
    await fillJoin(user);
    const editor = screen.getByRole('textbox', { name: 'Child query, JSON query DSL' });
    await user.clear(editor);
    await user.type(editor, '{{"term": {{"title": "x"}');
    expect(bySubj('federationJoinExplorerQueries').textContent).toMatch(
      /The query is not valid JSON/
    );
    expect((bySubj('federationJoinExplorerRunButton') as HTMLButtonElement).disabled).toBe(true);
    await user.type(editor, '}');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(server.searches()).toHaveLength(1));
    expect(
      (server.searches()[0].body?.query as { join: { request: unknown } }).join.request
    ).toEqual({ query: { term: { title: 'x' } } });
  });
});
