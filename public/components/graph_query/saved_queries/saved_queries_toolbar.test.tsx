import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  SavedQueryBody,
  SavedQueryListHit,
  SavedQuerySource,
  SavedQueryView,
} from '../../../../common/saved_query_types';
import { httpError, RecordingHttp } from '../../../test_support/recording_http';
import { RecordingToasts } from '../../../test_support/recording_toasts';
import { memoryHistory, renderWithServices } from '../../../test_support/render_with_services';
import type { Draft } from './draft';
import { SavedQueriesToolbar } from './saved_queries_toolbar';
import type { OpenedQuery } from './use_open_saved_query';

const BASE = '/_svc/graph/query';
const STARTER: Draft = { query: 'SELECT starter', modelText: '{"label":"starter"}' };

const companies: SavedQuerySource = {
  title: 'Companies in the news',
  description: 'Articles mentioning companies',
  query: 'SELECT c.name FROM "investments" MATCH (a:Article)-[:MENTIONS]->(c:Company)',
  model: { label: 'investments', entities: [{ label: 'Company', indices: ['demo-companies'] }] },
  updated_at: '2025-01-02T10:00:00.000Z',
};
const funding: SavedQuerySource = {
  title: 'Funding rounds',
  query: 'SELECT i.amount FROM "investments" MATCH (i:Investment)',
  model: { label: 'investments', entities: [{ label: 'Investment', indices: ['demo-inv'] }] },
  updated_at: '2025-01-01T10:00:00.000Z',
};

/**
 * A fake of the saved-query routes over a map, answering as the server does: newest first,
 * `q` words matching title or description word prefixes, hits with what a list shows (no query
 * or model: those come with `GET <id>`), 404 naming a missing id.
 */
function savedQueryServer(initial: Record<string, SavedQuerySource>) {
  const stored = new Map(Object.entries(initial));
  const view = (id: string): SavedQueryView => ({ _id: id, found: true, _source: stored.get(id)! });
  const listed = (id: string): SavedQueryListHit => {
    const { title, description, updated_at } = stored.get(id)!;
    return {
      _id: id,
      _score: null,
      _source: { title, ...(description === undefined ? {} : { description }), updated_at },
    };
  };
  const missing = (id: string) =>
    httpError(404, 'resource_not_found_exception', `saved query [${id}] does not exist`);
  const http = new RecordingHttp()
    .on('GET', /^\/_svc\/graph\/query\/[^/]+$/, ({ path }) => {
      const id = decodeURIComponent(path.slice(BASE.length + 1));
      if (!stored.has(id)) throw missing(id);
      return view(id);
    })
    .on('PUT', /^\/_svc\/graph\/query\/[^/]+$/, ({ path, body }) => {
      const id = decodeURIComponent(path.slice(BASE.length + 1));
      const result = stored.has(id) ? 'updated' : 'created';
      stored.set(id, { ...(body as SavedQueryBody), updated_at: '2025-02-01T00:00:00.000Z' });
      return { _id: id, result };
    })
    .on('DELETE', /^\/_svc\/graph\/query\/[^/]+$/, ({ path }) => {
      const id = decodeURIComponent(path.slice(BASE.length + 1));
      if (!stored.delete(id)) throw missing(id);
      return { _id: id, result: 'deleted' };
    })
    // Defined last, so it wins over the `{id}` route for `_search`.
    .on('GET', `${BASE}/_search`, ({ query }) => {
      const words = String(query?.q ?? '')
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean);
      const from = Number(query?.from ?? 0);
      const size = Number(query?.size ?? 20);
      const matching = [...stored.keys()]
        .filter((id) => {
          const { title, description = '' } = stored.get(id)!;
          const text = `${title} ${description}`.toLowerCase().split(/\W+/);
          return words.every((word) => text.some((w) => w.startsWith(word)));
        })
        .sort((a, b) =>
          (stored.get(b)!.updated_at ?? '').localeCompare(stored.get(a)!.updated_at ?? '')
        );
      return {
        hits: {
          total: { value: matching.length, relation: 'eq' },
          hits: matching.slice(from, from + size).map(listed),
        },
      };
    });
  return { http, stored };
}

/** The screen around the toolbar: it holds the draft and shows what `onOpen` hands it. */
function Screen({ onOpen }: { onOpen: (saved: OpenedQuery) => void }) {
  const [draft, setDraft] = useState<Draft>(STARTER);
  return (
    <>
      <SavedQueriesToolbar
        draft={draft}
        onOpen={(saved) => {
          onOpen(saved);
          setDraft(
            saved ? { query: saved.query, modelText: JSON.stringify(saved.model) } : STARTER
          );
        }}
      />
      <textarea
        aria-label="Query"
        value={draft.query}
        onChange={(e) => setDraft({ ...draft, query: e.target.value })}
      />
      <textarea
        aria-label="Model"
        value={draft.modelText}
        onChange={(e) => setDraft({ ...draft, modelText: e.target.value })}
      />
    </>
  );
}

const subj = (name: string): HTMLElement => {
  const element = document.querySelector<HTMLElement>(`[data-test-subj="${name}"]`);
  if (!element) throw new Error(`no element with data-test-subj="${name}"`);
  return element;
};
const title = () => subj('federationSavedQueriesTitle').textContent;

function setup(
  path = '/graph-query',
  stored: Record<string, SavedQuerySource> = { 'q-companies': companies, 'q-funding': funding }
) {
  const server = savedQueryServer(stored);
  const history = memoryHistory(path);
  const onOpen = vi.fn<(saved: OpenedQuery) => void>();
  const user = userEvent.setup();
  const toasts = new RecordingToasts();
  renderWithServices(<Screen onOpen={onOpen} />, server.http, history, toasts);
  return { ...server, history, onOpen, user, toasts };
}

async function replaceText(
  user: ReturnType<typeof userEvent.setup>,
  element: HTMLElement,
  text: string
) {
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}

describe('SavedQueriesToolbar', () => {
  beforeEach(() => {
    let n = 0;
    vi.spyOn(crypto, 'randomUUID').mockImplementation(
      () =>
        `00000000-0000-4000-8000-00000000000${++n}` as `${string}-${string}-${string}-${string}-${string}`
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('starts as an unsaved query, with Rename and Delete off', () => {
    const { http } = setup();
    expect(title()).toBe('Unsaved query');
    expect(subj('federationSavedQueriesRenameButton')).toHaveProperty('disabled', true);
    expect(subj('federationSavedQueriesDeleteButton')).toHaveProperty('disabled', true);
    expect(http.calls).toEqual([]);
  });

  it('lists saved queries newest first, searches them on the server, and opens one', async () => {
    const { http, history, onOpen, user } = setup();
    await user.click(subj('federationSavedQueriesOpenButton'));
    const flyout = within(subj('federationSavedQueriesFlyout'));
    await flyout.findByText('Funding rounds');
    const rows = flyout.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('button')[0].textContent)).toEqual([
      'Companies in the news',
      'Funding rounds',
    ]);
    expect(http.callsTo('GET', `${BASE}/_search`)[0].query).toEqual({
      q: undefined,
      from: 0,
      size: 10,
    });

    await user.type(flyout.getByRole('searchbox', { name: 'Search saved queries' }), 'fund');
    await waitFor(() => expect(flyout.queryByText('Companies in the news')).toBeNull());
    expect(http.callsTo('GET', `${BASE}/_search`).at(-1)?.query).toEqual({
      q: 'fund',
      from: 0,
      size: 10,
    });

    expect(http.callsTo('GET', `${BASE}/q-funding`)).toEqual([]);
    await user.click(flyout.getByRole('button', { name: 'Open Funding rounds' }));
    await waitFor(() => expect(title()).toBe('Funding rounds'));
    expect(history.location.pathname).toBe('/graph-query/q-funding');
    // The list holds no query or model: opening reads the saved query by its id.
    expect(http.callsTo('GET', `${BASE}/q-funding`)).toHaveLength(1);
    expect(onOpen).toHaveBeenLastCalledWith({
      query: funding.query,
      model: funding.model,
      title: 'Funding rounds',
    });
    expect(screen.getByRole('textbox', { name: 'Query' })).toHaveProperty('value', funding.query);
    expect(document.querySelector('[data-test-subj="federationSavedQueriesFlyout"]')).toBeNull();
  });

  it('opens a title shown while a new search is still running', async () => {
    const { http, history, user } = setup();
    await user.click(subj('federationSavedQueriesOpenButton'));
    const flyout = within(subj('federationSavedQueriesFlyout'));
    await flyout.findByText('Funding rounds');
    // The next search does not answer until the end of the test.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    http.on('GET', `${BASE}/_search`, async () => {
      await held;
      return { hits: { total: { value: 0, relation: 'eq' }, hits: [] } };
    });
    await user.type(flyout.getByRole('searchbox', { name: 'Search saved queries' }), 'zzz');
    await waitFor(() =>
      expect(http.callsTo('GET', `${BASE}/_search`).at(-1)?.query).toMatchObject({ q: 'zzz' })
    );

    await user.click(flyout.getByRole('button', { name: 'Open Funding rounds' }));
    await waitFor(() => expect(title()).toBe('Funding rounds'));
    expect(history.location.pathname).toBe('/graph-query/q-funding');
    answer();
  });

  it('pages through the list with from and size', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `q${i}`,
        {
          ...funding,
          title: `Query ${i}`,
          updated_at: `2025-01-${String(i + 1).padStart(2, '0')}`,
        },
      ])
    );
    const { http, user } = setup('/graph-query', many);
    await user.click(subj('federationSavedQueriesOpenButton'));
    const flyout = within(subj('federationSavedQueriesFlyout'));
    await flyout.findByText('Query 11');
    await user.click(subj('pagination-button-next'));
    await flyout.findByText('Query 1');
    expect(flyout.queryByText('Query 11')).toBeNull();
    expect(http.callsTo('GET', `${BASE}/_search`).at(-1)?.query).toEqual({
      q: undefined,
      from: 10,
      size: 10,
    });
  });

  it('says so when nothing is saved or nothing matches, and shows a list failure', async () => {
    const { http, user } = setup('/graph-query', {});
    await user.click(subj('federationSavedQueriesOpenButton'));
    const flyout = within(subj('federationSavedQueriesFlyout'));
    await flyout.findByText('No saved queries yet. Save the open query to see it here.');

    http.on('GET', `${BASE}/_search`, () => {
      throw httpError(400, 'illegal_argument_exception', '[q] must be given once');
    });
    await user.type(flyout.getByRole('searchbox'), 'x');
    const error = await waitFor(() => subj('federationSavedQueriesListError'));
    expect(within(error).getByText('[q] must be given once')).toBeTruthy();
  });

  it('loads the query the URL names on mount', async () => {
    const { onOpen, http } = setup('/graph-query/q-companies');
    await waitFor(() => expect(title()).toBe('Companies in the news'));
    expect(http.callsTo('GET', `${BASE}/q-companies`)).toHaveLength(1);
    expect(onOpen).toHaveBeenCalledWith({
      query: companies.query,
      model: companies.model,
      title: companies.title,
    });
    expect(subj('federationSavedQueriesDescription').textContent).toBe(companies.description);
    // The draft is the saved query: nothing to save.
    expect(document.querySelector('[data-test-subj="federationSavedQueriesEdited"]')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Query' }), ' LIMIT 1');
    expect(subj('federationSavedQueriesEdited').textContent).toBe('Unsaved changes');
  });

  it("shows the server's 404 reason for an unknown id and falls back to a new query", async () => {
    const { history, onOpen } = setup('/graph-query/gone');
    const error = await waitFor(() => subj('federationSavedQueriesLoadError'));
    expect(within(error).getByText('saved query [gone] does not exist')).toBeTruthy();
    expect(within(error).getByText('resource_not_found_exception · 404')).toBeTruthy();
    expect(screen.getByText('The editor shows a new query instead.')).toBeTruthy();
    expect(history.location.pathname).toBe('/graph-query');
    expect(onOpen).toHaveBeenCalledWith(null);
    expect(title()).toBe('Unsaved query');
  });

  it('follows back and forward between opened queries', async () => {
    const { history, onOpen, user } = setup('/graph-query/q-companies');
    await waitFor(() => expect(title()).toBe('Companies in the news'));
    await user.click(subj('federationSavedQueriesOpenButton'));
    await user.click(await screen.findByRole('button', { name: 'Open Funding rounds' }));
    await waitFor(() => expect(title()).toBe('Funding rounds'));

    // What a popstate does to OSD's history: the location changes, listeners are told.
    act(() => history.replace('/graph-query/q-companies'));
    await waitFor(() => expect(title()).toBe('Companies in the news'));
    expect(onOpen).toHaveBeenLastCalledWith(expect.objectContaining({ title: companies.title }));

    act(() => history.replace('/graph-query'));
    await waitFor(() => expect(title()).toBe('Unsaved query'));
    expect(onOpen).toHaveBeenLastCalledWith(null);

    // Another tab's path is not a new query: nothing happens.
    onOpen.mockClear();
    act(() => history.replace('/datasources'));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('saves the open query in place with its title, the draft query and model', async () => {
    const { http, history, user, toasts } = setup('/graph-query/q-companies');
    await waitFor(() => expect(title()).toBe('Companies in the news'));
    await replaceText(user, screen.getByRole('textbox', { name: 'Query' }), 'SELECT 1');
    await user.click(subj('federationSavedQueriesSaveButton'));

    await waitFor(() => expect(http.callsTo('PUT', /./)).toHaveLength(1));
    expect(http.callsTo('PUT', /./)[0]).toMatchObject({
      path: `${BASE}/q-companies`,
      body: {
        title: companies.title,
        description: companies.description,
        query: 'SELECT 1',
        model: companies.model,
      },
    });
    await waitFor(() =>
      expect(toasts.shown).toEqual([{ color: 'success', title: 'Saved "Companies in the news".' }])
    );
    expect(history.location.pathname).toBe('/graph-query/q-companies');
    expect(document.querySelector('[data-test-subj="federationSavedQueriesEdited"]')).toBeNull();
  });

  it('asks for a title when saving a new query, then names it in the URL', async () => {
    const { http, history, onOpen, user, toasts } = setup();
    await user.click(subj('federationSavedQueriesSaveButton'));
    const modal = within(subj('federationSavedQueriesSaveModal'));
    expect(modal.getByRole('heading', { name: 'Save query' })).toBeTruthy();
    expect(modal.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.type(modal.getByRole('textbox', { name: 'Title' }), 'My query');
    await user.type(modal.getByRole('textbox', { name: 'Description' }), 'first try{enter}');
    await user.click(modal.getByRole('button', { name: 'Save' }));

    const id = '00000000-0000-4000-8000-000000000001';
    await waitFor(() => expect(title()).toBe('My query'));
    expect(http.callsTo('PUT', /./).map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: `${BASE}/${id}`,
        body: {
          title: 'My query',
          description: 'first try',
          query: STARTER.query,
          model: { label: 'starter' },
        },
      },
    ]);
    expect(history.location.pathname).toBe(`/graph-query/${id}`);
    expect(document.querySelector('[data-test-subj="federationSavedQueriesSaveModal"]')).toBeNull();
    expect(toasts.shown).toEqual([{ color: 'success', title: 'Saved "My query".' }]);
    // Saving does not reload the query into the editor.
    expect(onOpen).not.toHaveBeenCalled();
    expect(http.callsTo('GET', new RegExp(id))).toEqual([]);
  });

  it('saves as a new query with its own id, leaving the original', async () => {
    const { http, history, stored, user } = setup('/graph-query/q-funding');
    await waitFor(() => expect(title()).toBe('Funding rounds'));
    await user.click(subj('federationSavedQueriesSaveAsButton'));
    const modal = within(subj('federationSavedQueriesSaveModal'));
    const titleInput = modal.getByRole('textbox', { name: 'Title' });
    expect(titleInput).toHaveProperty('value', 'Funding rounds (copy)');
    // Enter in the title submits.
    await user.type(titleInput, '{enter}');

    const id = '00000000-0000-4000-8000-000000000001';
    await waitFor(() => expect(history.location.pathname).toBe(`/graph-query/${id}`));
    expect(http.callsTo('PUT', /./)[0]).toEqual({
      method: 'PUT',
      path: `${BASE}/${id}`,
      query: undefined,
      body: { title: 'Funding rounds (copy)', query: funding.query, model: funding.model },
    });
    expect(title()).toBe('Funding rounds (copy)');
    expect(stored.get('q-funding')?.title).toBe('Funding rounds');
  });

  it("keeps the modal open with the server's reason when a save is refused", async () => {
    const { http, user } = setup();
    http.on('PUT', /./, () => {
      throw httpError(400, 'illegal_argument_exception', '[query] must not be empty');
    });
    await user.click(subj('federationSavedQueriesSaveAsButton'));
    const modal = within(subj('federationSavedQueriesSaveModal'));
    await user.type(modal.getByRole('textbox', { name: 'Title' }), 'x{enter}');
    const error = await waitFor(() => subj('federationSavedQueriesSaveError'));
    expect(within(error).getByText('[query] must not be empty')).toBeTruthy();
    expect(title()).toBe('Unsaved query');
  });

  it('refuses to save a model that is not JSON, saying why, without a request', async () => {
    const { http, user } = setup('/graph-query/q-funding');
    await waitFor(() => expect(title()).toBe('Funding rounds'));
    await replaceText(user, screen.getByRole('textbox', { name: 'Model' }), '{"label": ');

    await user.click(subj('federationSavedQueriesSaveButton'));
    const refusal = subj('federationSavedQueriesModelError');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(refusal.textContent).toMatch(
      /The model is not valid JSON \(.+\)\. Fix it before saving\./
    );

    await user.click(subj('federationSavedQueriesSaveAsButton'));
    expect(document.querySelector('[data-test-subj="federationSavedQueriesSaveModal"]')).toBeNull();
    expect(http.callsTo('PUT', /./)).toEqual([]);
  });

  it('renames with the stored query and model, not the unsaved draft', async () => {
    const { http, user, toasts } = setup('/graph-query/q-companies');
    await waitFor(() => expect(title()).toBe('Companies in the news'));
    await replaceText(user, screen.getByRole('textbox', { name: 'Query' }), 'SELECT draft');

    await user.click(subj('federationSavedQueriesRenameButton'));
    const modal = within(subj('federationSavedQueriesSaveModal'));
    await replaceText(user, modal.getByRole('textbox', { name: 'Title' }), 'News');
    await user.clear(modal.getByRole('textbox', { name: 'Description' }));
    await user.click(modal.getByRole('button', { name: 'Rename' }));

    await waitFor(() => expect(title()).toBe('News'));
    expect(http.callsTo('PUT', /./).map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: `${BASE}/q-companies`,
        body: { title: 'News', query: companies.query, model: companies.model },
      },
    ]);
    expect(toasts.shown).toEqual([{ color: 'success', title: 'Renamed to "News".' }]);
    // The draft still differs from what is saved.
    expect(subj('federationSavedQueriesEdited')).toBeTruthy();
  });

  it('deletes the open query after confirmation, keeping the text as a new query', async () => {
    const { http, history, stored, onOpen, user, toasts } = setup('/graph-query/q-funding');
    await waitFor(() => expect(title()).toBe('Funding rounds'));
    onOpen.mockClear();

    await user.click(subj('federationSavedQueriesDeleteButton'));
    const modal = within(subj('federationSavedQueriesDeleteModal'));
    expect(modal.getByText('Delete "Funding rounds"?')).toBeTruthy();
    await user.click(modal.getByRole('button', { name: 'Cancel' }));
    expect(http.callsTo('DELETE', /./)).toEqual([]);

    await user.click(subj('federationSavedQueriesDeleteButton'));
    await user.click(
      within(subj('federationSavedQueriesDeleteModal')).getByRole('button', { name: 'Delete' })
    );
    await waitFor(() => expect(title()).toBe('Unsaved query'));
    expect(http.callsTo('DELETE', /./).map((call) => call.path)).toEqual([`${BASE}/q-funding`]);
    expect(stored.has('q-funding')).toBe(false);
    expect(history.location.pathname).toBe('/graph-query');
    expect(onOpen).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Query' })).toHaveProperty('value', funding.query);
    expect(toasts.shown).toEqual([
      {
        color: 'success',
        title: 'Deleted "Funding rounds".',
        text: 'The editor keeps its text as an unsaved query.',
      },
    ]);
  });

  it('New drops the id from the URL and asks the screen for a new query', async () => {
    const { history, onOpen, user } = setup('/graph-query/q-funding');
    await waitFor(() => expect(title()).toBe('Funding rounds'));
    await user.click(subj('federationSavedQueriesNewButton'));
    await waitFor(() => expect(title()).toBe('Unsaved query'));
    expect(history.location.pathname).toBe('/graph-query');
    expect(history.entries).toEqual(['/graph-query/q-funding', '/graph-query']);
    expect(onOpen).toHaveBeenLastCalledWith(null);
  });
});
