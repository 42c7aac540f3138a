import {
  SAVED_QUERY_BASE_PATH,
  type SavedQueryBody,
  type SavedQueryListHit,
  type SavedQuerySearchParams,
  type SavedQuerySearchResponse,
  type SavedQueryView,
  type SavedQueryWriteResponse,
} from '../../../common/saved_query_types';
import type { HttpClient } from '../../types';

export type {
  SavedQueryBody,
  SavedQueryListHit,
  SavedQuerySearchParams,
  SavedQuerySearchResponse,
  SavedQueryView,
  SavedQueryWriteResponse,
};

/**
 * Typed calls of the saved GQL query routes (`/_svc/graph/query/...`). Errors are OSD's
 * `HttpFetchError` with OpenSearch's error body: 404 `resource_not_found_exception` for a missing
 * id, 400 `illegal_argument_exception` naming the field for a bad body.
 */
export interface SavedQueriesApi {
  get(id: string, signal?: AbortSignal): Promise<SavedQueryView>;
  /** Creates (`result: 'created'`) or replaces (`'updated'`) the query with this id. */
  save(id: string, body: SavedQueryBody): Promise<SavedQueryWriteResponse>;
  remove(id: string): Promise<SavedQueryWriteResponse>;
  /**
   * Newest first; `q` matches words and word prefixes of title and description. Hits carry what
   * a list shows (title, description, `updated_at`): `get` reads a query and its model.
   */
  search(params?: SavedQuerySearchParams, signal?: AbortSignal): Promise<SavedQuerySearchResponse>;
}

const queryPath = (id: string) => `${SAVED_QUERY_BASE_PATH}/query/${encodeURIComponent(id)}`;

export function createSavedQueriesApi(http: HttpClient): SavedQueriesApi {
  return {
    get: (id, signal) => http.get<SavedQueryView>(queryPath(id), { signal }),
    save: (id, body) =>
      http.put<SavedQueryWriteResponse>(queryPath(id), { body: JSON.stringify(body) }),
    remove: (id) => http.delete<SavedQueryWriteResponse>(queryPath(id)),
    search: ({ q, from, size } = {}, signal) =>
      http.get<SavedQuerySearchResponse>(`${SAVED_QUERY_BASE_PATH}/query/_search`, {
        // An empty box lists everything: no `q` at all rather than `q=`.
        query: { q: q?.trim() ? q : undefined, from, size },
        signal,
      }),
  };
}
