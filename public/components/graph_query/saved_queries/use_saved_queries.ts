/** Server state of the saved GQL queries, through react-query over `useServices().api`. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type {
  SavedQueryBody,
  SavedQuerySearchParams,
  SavedQueryView,
} from '../../../../common/saved_query_types';
import { useServices } from '../../../services/services_context';
import { savedQueryIdFromPath } from './saved_query_path';

/** Every query about saved queries starts with this key. */
export const SAVED_QUERIES_KEY = ['federation', 'savedQueries'] as const;
const SEARCH_KEY = [...SAVED_QUERIES_KEY, 'search'] as const;
const savedQueryKey = (id: string) => [...SAVED_QUERIES_KEY, 'get', id] as const;

/** One page of the list; the previous page stays shown while the next loads. */
export function useSavedQuerySearch(params: Required<SavedQuerySearchParams>) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...SEARCH_KEY, params],
    queryFn: ({ signal }) => api.savedQueries.search(params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Reads one saved query, always from the server (another tab may have saved it since): a
 * function rather than a query hook, because opening is something the user does, once.
 */
export function useFetchSavedQuery(): (id: string) => Promise<SavedQueryView> {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      queryClient.fetchQuery({
        queryKey: savedQueryKey(id),
        queryFn: ({ signal }) => api.savedQueries.get(id, signal),
        staleTime: 0,
      }),
    [api, queryClient]
  );
}

export function useSaveQuery() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SavedQueryBody }) =>
      api.savedQueries.save(id, body),
    onSuccess: (_result, { id }) => {
      queryClient.removeQueries({ queryKey: savedQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: SEARCH_KEY });
    },
  });
}

export function useDeleteQuery() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.savedQueries.remove(id),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: savedQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: SEARCH_KEY });
    },
  });
}

/**
 * The saved-query id the URL names, following the app's history (back and forward included):
 * see `savedQueryIdFromPath` for `null` and `undefined`.
 */
export function useUrlQueryId(): string | null | undefined {
  const { history } = useServices();
  const pathname = useSyncExternalStore(
    useCallback((notify: () => void) => history.listen(notify), [history]),
    () => history.location.pathname
  );
  return savedQueryIdFromPath(pathname);
}

/**
 * Renames a saved query: its stored query and model are read afresh and written back with the
 * new title and description, so unsaved edits in the editor are not saved by a rename.
 */
export function useRenameQuery() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      title,
      description,
    }: {
      id: string;
      title: string;
      description: string;
    }): Promise<SavedQueryBody> => {
      const stored = (await api.savedQueries.get(id))._source;
      const body = savedQueryBody({ title, description }, stored.query, stored.model);
      await api.savedQueries.save(id, body);
      return body;
    },
    onSuccess: (_body, { id }) => {
      queryClient.removeQueries({ queryKey: savedQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: SEARCH_KEY });
    },
  });
}

/** The body of a save: no `description` key when there is none. */
export function savedQueryBody(
  meta: { title: string; description?: string },
  query: string,
  model: Record<string, unknown>
): SavedQueryBody {
  return {
    title: meta.title,
    ...(meta.description ? { description: meta.description } : {}),
    query,
    model,
  };
}
