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

/** Bounds the routes enforce, exported so forms can enforce the same ones as the user types. */
export const SAVED_QUERY_LIMITS = {
  titleMaxLength: 256,
  descriptionMaxLength: 4096,
  queryMaxLength: 100_000,
  idMaxLength: 128,
  /** `size` of a search; `from + size` may not pass `maxResultWindow`. */
  maxSearchSize: 1000,
  maxResultWindow: 10_000,
  defaultSearchSize: 20,
} as const;

/**
 * Ids name the query in URLs (`/app/federation/graph-query/<id>`): letters, digits, `_`, `.`,
 * `-`, starting with a letter or digit (so `_search` is never an id). UUIDs fit.
 */
export const SAVED_QUERY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** What the user saves: the body of `PUT .../query/{id}` (a type, so it is a JSON object type). */
export type SavedQueryBody = {
  title: string;
  description?: string;
  /** The GQL text. */
  query: string;
  /** The graph model, as the `model` of `POST /svc/_graph`. */
  model: Record<string, unknown>;
};

/** A saved query as stored: the body plus when it was last saved (ISO 8601). */
export type SavedQuerySource = SavedQueryBody & { updated_at?: string };

/**
 * What a list of saved queries shows (the app's open flyout: title, description, last saved), and
 * all that a search hit carries: the query and its model, up to a few hundred KB each, come with
 * the saved query itself (`GET .../query/{id}`). Both stores read only these fields.
 */
export const SAVED_QUERY_LIST_FIELDS = ['title', 'description', 'updated_at'] as const;

/** A search hit's `_source`. */
export type SavedQueryListSource = Pick<SavedQuerySource, (typeof SAVED_QUERY_LIST_FIELDS)[number]>;

/**
 * What `GET .../query/{id}` answers (OpenSearch's document shape); a search hit has the same
 * metadata with a `SavedQueryListSource`.
 * `_index`, `_version`, `_seq_no` and `_primary_term` are there in the standalone host (a real
 * index); inside OSD the saved-objects service keeps them to itself.
 */
export interface SavedQueryView {
  _index?: string;
  _id: string;
  _version?: number;
  _seq_no?: number;
  _primary_term?: number;
  /** Always true (a missing query is a 404 error). */
  found?: true;
  _source: SavedQuerySource;
}

/** A hit of `GET .../query/_search`: the saved query's metadata and what a list shows. */
export interface SavedQueryListHit extends Omit<SavedQueryView, 'found' | '_source'> {
  /** Always null: hits are sorted by `updated_at`, newest first. */
  _score: null;
  _source: SavedQueryListSource;
}

/** `GET .../query/_search`: newest first; `q` matches words (or word prefixes) of title and description. */
export interface SavedQuerySearchResponse {
  took?: number;
  timed_out?: boolean;
  hits: {
    total: { value: number; relation: 'eq' | 'gte' };
    max_score?: null;
    hits: SavedQueryListHit[];
  };
}

/** The URL parameters of `GET .../query/_search`. */
export interface SavedQuerySearchParams {
  /** Words to find in title or description; each also matches as a prefix. All must match. */
  q?: string;
  from?: number;
  size?: number;
}

/** `PUT .../query/{id}` (201 `created`, 200 `updated`) and `DELETE .../query/{id}` (200 `deleted`). */
export interface SavedQueryWriteResponse {
  _index?: string;
  _id: string;
  _version?: number;
  _seq_no?: number;
  _primary_term?: number;
  result: 'created' | 'updated' | 'deleted';
}
