import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { SearchApi, SearchResponse, SortValue } from '../../services/api/search_api';
import { useServices } from '../../services/services_context';
import { pageBody, sameJoinRequest, type JoinRequest } from './build_join_request';

/** `search_after` of each page: `undefined` for the first, else the previous page's last sort. */
export type SearchAfter = readonly SortValue[] | undefined;

export interface JoinPagesState {
  /** `opening`: the PIT is being opened; `loading`: a page is on its way. */
  status: 'idle' | 'opening' | 'loading' | 'ready' | 'error';
  /** The request the shown page (or error) belongs to. */
  request: JoinRequest | null;
  pageIndex: number;
  /** A stack: `afters[i]` is what fetched page i, so Previous re-asks for page i - 1 exactly. */
  afters: SearchAfter[];
  response: SearchResponse | null;
  error: unknown;
  /** The form's request differs from `request`: its PIT was closed and paging is over. */
  stale: boolean;
  /** A PIT is open for `request`. */
  pitOpen: boolean;
}

type Action =
  | { type: 'started'; request: JoinRequest }
  | { type: 'pitOpened' }
  | { type: 'pageRequested' }
  | { type: 'pageLoaded'; pageIndex: number; afters: SearchAfter[]; response: SearchResponse }
  | { type: 'failed'; error: unknown }
  | { type: 'released' };

export const INITIAL_JOIN_PAGES: JoinPagesState = {
  status: 'idle',
  request: null,
  pageIndex: 0,
  afters: [],
  response: null,
  error: null,
  stale: false,
  pitOpen: false,
};

export function joinPagesReducer(state: JoinPagesState, action: Action): JoinPagesState {
  switch (action.type) {
    case 'started':
      return {
        ...INITIAL_JOIN_PAGES,
        status: 'opening',
        request: action.request,
      };
    case 'pitOpened':
      return { ...state, pitOpen: true };
    case 'pageRequested':
      return { ...state, status: 'loading', error: null };
    case 'pageLoaded':
      return {
        ...state,
        status: 'ready',
        pageIndex: action.pageIndex,
        afters: action.afters,
        response: action.response,
        error: null,
      };
    case 'failed':
      // A failed page closes the PIT (see `fail`): paging is over until the next run.
      return { ...state, status: 'error', error: action.error, pitOpen: false };
    case 'released': {
      const busy = state.status === 'opening' || state.status === 'loading';
      return {
        ...state,
        status: busy ? (state.response ? 'ready' : 'idle') : state.status,
        // Something of the old request is still on screen: say it is not the new one's.
        stale: state.response !== null || state.error !== null,
        pitOpen: false,
      };
    }
  }
}

/** The total of a page (`track_total_hits` is always set, so it is exact). */
export function totalOf(
  response: SearchResponse | null
): { value: number; relation: 'eq' | 'gte' } | null {
  const total = response?.hits.total;
  if (total === undefined) return null;
  return typeof total === 'number' ? { value: total, relation: 'eq' } : total;
}

/** Is there a page after this one? From the total when exact, else from a full page. */
export function hasNextPage(state: JoinPagesState): boolean {
  const { response, request } = state;
  if (response === null || request === null) return false;
  const hits = response.hits.hits;
  const last = hits[hits.length - 1];
  if (last?.sort === undefined) return false;
  const total = totalOf(response);
  if (total?.relation === 'eq')
    return state.pageIndex * request.body.size + hits.length < total.value;
  return hits.length === request.body.size;
}

export interface JoinPages {
  state: JoinPagesState;
  /** Opens a PIT on the request's parent indices and fetches the first page. */
  run: () => void;
  next: () => void;
  previous: () => void;
  canNext: boolean;
  canPrevious: boolean;
}

/**
 * Pages a join with a point in time and `search_after` (docs/api/interface.md §4.5), and owns the PIT's life:
 * a new run closes the previous PIT; so does a change of `current` (the form's request, or null
 * while the form is incomplete), which also marks the shown page stale; so does a failed page;
 * so does unmounting (leaving the tab). Closing the browser tab cannot be caught reliably:
 * `core.http` offers no `keepalive` request for `pagehide`, so a PIT left open that way lives
 * until its keep-alive (5 minutes after the last page) runs out on the server.
 */
export function useJoinPages(current: JoinRequest | null): JoinPages {
  const { api } = useServices();
  const search: SearchApi = api.search;
  const [state, dispatch] = useReducer(joinPagesReducer, INITIAL_JOIN_PAGES);
  const stateRef = useRef(state);
  stateRef.current = state;
  /** The open PIT's latest id (it may change from page to page, docs/api/interface.md §4.5 step 4). */
  const pitId = useRef<string | null>(null);
  /** Bumped by every run, release and unmount: answers of an older generation are dropped. */
  const generation = useRef(0);
  const pageInFlight = useRef(false);

  const closePit = useCallback(() => {
    const id = pitId.current;
    pitId.current = null;
    // Best effort: if closing fails the PIT still expires after its keep-alive.
    if (id !== null) search.closePit(id).catch(() => undefined);
  }, [search]);

  const fetchPage = useCallback(
    async (run: number, request: JoinRequest, pageIndex: number, afters: SearchAfter[]) => {
      const id = pitId.current;
      if (id === null) return;
      pageInFlight.current = true;
      dispatch({ type: 'pageRequested' });
      try {
        const response = await search.search(undefined, pageBody(request, id, afters[pageIndex]));
        if (run !== generation.current) return;
        if (typeof response.pit_id === 'string' && response.pit_id !== '') {
          pitId.current = response.pit_id;
        }
        dispatch({ type: 'pageLoaded', pageIndex, afters, response });
      } catch (error) {
        if (run !== generation.current) return;
        closePit();
        dispatch({ type: 'failed', error });
      } finally {
        if (run === generation.current) pageInFlight.current = false;
      }
    },
    [search, closePit]
  );

  const run = useCallback(() => {
    if (current === null) return;
    const request = current;
    const thisRun = ++generation.current;
    pageInFlight.current = false;
    closePit();
    dispatch({ type: 'started', request });
    void (async () => {
      let opened: string;
      try {
        opened = (await search.openPit(request.parentIndex, request.keepAlive)).id;
      } catch (error) {
        if (thisRun === generation.current) dispatch({ type: 'failed', error });
        return;
      }
      if (thisRun !== generation.current) {
        // Superseded (another run, a changed request, or the tab left) while opening.
        search.closePit(opened).catch(() => undefined);
        return;
      }
      pitId.current = opened;
      dispatch({ type: 'pitOpened' });
      await fetchPage(thisRun, request, 0, [undefined]);
    })();
  }, [current, search, closePit, fetchPage]);

  const canNext = state.status === 'ready' && !state.stale && state.pitOpen && hasNextPage(state);
  const canPrevious =
    state.status === 'ready' && !state.stale && state.pitOpen && state.pageIndex > 0;

  const next = useCallback(() => {
    const s = stateRef.current;
    if (pageInFlight.current || s.request === null || s.response === null || s.stale) return;
    if (!hasNextPage(s)) return;
    const hits = s.response.hits.hits;
    const afters = [...s.afters.slice(0, s.pageIndex + 1), hits[hits.length - 1].sort];
    void fetchPage(generation.current, s.request, s.pageIndex + 1, afters);
  }, [fetchPage]);

  const previous = useCallback(() => {
    const s = stateRef.current;
    if (pageInFlight.current || s.request === null || s.stale || s.pageIndex === 0) return;
    void fetchPage(generation.current, s.request, s.pageIndex - 1, s.afters.slice(0, s.pageIndex));
  }, [fetchPage]);

  // A different request from the form: the PIT served the old one only (the server refuses a
  // changed request on it), so close it now rather than let it idle until it expires.
  const shownRequest = state.request;
  const changed = shownRequest !== null && !sameJoinRequest(shownRequest, current);
  useEffect(() => {
    if (!changed || stateRef.current.stale) return;
    generation.current++;
    pageInFlight.current = false;
    closePit();
    dispatch({ type: 'released' });
  }, [changed, closePit]);

  // Leaving the tab unmounts the explorer: close the PIT (and drop answers still on their way).
  useEffect(
    () => () => {
      generation.current++;
      closePit();
    },
    [closePit]
  );

  return { state, run, next, previous, canNext, canPrevious };
}
