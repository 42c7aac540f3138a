/**
 * Saved GQL queries: inside OSD an OSD saved-object type, standalone documents in a hidden index,
 * served by the same routes either way (`SAVED_QUERY_BASE_PATH`).
 */

/** `PUT <base>/query/{id}`, `GET|DELETE <base>/query/{id}`, `GET <base>/query/_search?q=&from=&size=`. */
export const SAVED_QUERY_BASE_PATH = '/_svc/graph';

/** The OSD saved-object type name (Saved Objects management lists it under this). */
export const SAVED_QUERY_TYPE = 'federation-gql-query';

/** The hidden index that holds them in the standalone host. */
export const SAVED_QUERY_INDEX = '.federation-saved-queries';

/** What the user saves: the body of `PUT .../query/{id}`. */
export interface SavedQueryBody {
  title: string;
  description?: string;
  /** The GQL text. */
  query: string;
  /** The graph model, as the `model` of `POST /svc/_graph`. */
  model: Record<string, unknown>;
}

/** What `GET .../query/{id}` answers (OpenSearch's document shape) and a search hit holds. */
export interface SavedQueryView {
  _id: string;
  _version?: number;
  _source: SavedQueryBody & { updated_at?: string };
}

export interface SavedQuerySearchResponse {
  hits: { total: { value: number; relation: 'eq' | 'gte' }; hits: SavedQueryView[] };
}
