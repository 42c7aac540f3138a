/**
 * Which saved query the editor shows, kept in step with the URL (`/graph-query/<id>`): opening
 * one from the list, a link, a reload, or back/forward loads it and hands it to the screen; the
 * URL is put back to what the editor shows when a load fails.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SavedQuerySource } from '../../../../common/saved_query_types';
import { errorDetails } from '../../../services/error_reason';
import { useServices } from '../../../services/services_context';
import { savedQueryPath } from './saved_query_path';
import { useFetchSavedQuery, useUrlQueryId } from './use_saved_queries';

/** What the toolbar hands the screen: a saved query to show, or `null` for a new one. */
export type OpenedQuery = { query: string; model: Record<string, unknown>; title: string } | null;

export interface OpenQuery {
  id: string;
  source: SavedQuerySource;
}

export interface LoadError {
  id: string;
  error: unknown;
  /** The id in the URL the app was opened with does not exist: a new query is shown instead. */
  fellBack: boolean;
}

export function useOpenSavedQuery(onOpen: (saved: OpenedQuery) => void) {
  const { history } = useServices();
  const fetchSavedQuery = useFetchSavedQuery();
  const urlId = useUrlQueryId();
  const [current, setCurrent] = useState<OpenQuery | null>(null);
  const [loadingId, setLoadingId] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<LoadError | null>(null);

  // Refs, not state: the URL effect compares against them without re-running on their change.
  const appliedId = useRef<string | null>(null);
  /** Each load gets a number; an answer for an older one (the user moved on) is dropped. */
  const loadNumber = useRef(0);
  /** True until the user does something or a first load ends: a 404 then means a dead link. */
  const pristine = useRef(true);
  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  }, [onOpen]);

  const apply = useCallback((next: OpenQuery | null) => {
    appliedId.current = next?.id ?? null;
    setCurrent(next);
  }, []);

  const load = useCallback(
    async (id: string) => {
      const number = ++loadNumber.current;
      setLoadingId(id);
      setLoadError(null);
      try {
        const view = await fetchSavedQuery(id);
        if (number !== loadNumber.current) return;
        apply({ id, source: view._source });
        const { query, model, title } = view._source;
        onOpenRef.current({ query, model, title });
      } catch (error) {
        if (number !== loadNumber.current) return;
        const fellBack = pristine.current && errorDetails(error).status === 404;
        setLoadError({ id, error, fellBack });
        history.replace(savedQueryPath(appliedId.current));
        if (fellBack) onOpenRef.current(null);
      } finally {
        if (number === loadNumber.current) {
          setLoadingId(null);
          pristine.current = false;
        }
      }
    },
    [apply, fetchSavedQuery, history]
  );

  useEffect(() => {
    // `undefined`: another tab's path, this screen is about to go.
    if (urlId === undefined) return;
    if (urlId === appliedId.current) {
      // Back to what the editor shows while another load was on its way: drop that load.
      loadNumber.current++;
      setLoadingId(null);
      return;
    }
    if (urlId === null) {
      loadNumber.current++;
      setLoadingId(null);
      apply(null);
      onOpenRef.current(null);
      return;
    }
    void load(urlId);
  }, [urlId, apply, load]);

  /** Opens a saved query (from the list): through the URL, or reloaded when it is the open one. */
  const open = useCallback(
    (id: string) => {
      pristine.current = false;
      if (id === urlId) void load(id);
      else history.push(savedQueryPath(id));
    },
    [history, load, urlId]
  );

  /** A new query: the URL drops the id, and the screen is told to start afresh. */
  const startNew = useCallback(() => {
    pristine.current = false;
    setLoadError(null);
    if (urlId !== null && urlId !== undefined) history.push(savedQueryPath(null));
    else {
      apply(null);
      onOpenRef.current(null);
    }
  }, [apply, history, urlId]);

  /** The editor's text was just saved as this query: it is now the open one, named by the URL. */
  const adopt = useCallback(
    (id: string, source: SavedQuerySource) => {
      pristine.current = false;
      setLoadError(null);
      apply({ id, source });
      if (urlId !== id) history.push(savedQueryPath(id));
    },
    [apply, history, urlId]
  );

  /** The open query is gone (deleted): the editor keeps its text, as a new query. */
  const detach = useCallback(() => {
    pristine.current = false;
    apply(null);
    history.replace(savedQueryPath(null));
  }, [apply, history]);

  return {
    current,
    loadingId,
    loadError,
    open,
    startNew,
    adopt,
    detach,
    clearLoadError: () => setLoadError(null),
  };
}
