import type {
  SavedQueryBody,
  SavedQueryListSource,
  SavedQuerySource,
} from '../../../common/saved_query_types';

/** OpenSearch's document metadata, known only where the store is a real index. */
export interface DocumentMeta {
  _index: string;
  _version: number;
  _seq_no: number;
  _primary_term: number;
}

export interface StoredSavedQuery {
  id: string;
  source: SavedQuerySource;
  meta?: DocumentMeta;
}

export interface SavedQueryWrite {
  result: 'created' | 'updated' | 'deleted';
  meta?: DocumentMeta;
}

export interface SavedQuerySearch {
  /** Words to find in title or description (see `searchText`); none lists everything. */
  text?: string;
  from: number;
  size: number;
}

/** A saved query as a list shows it: the store reads no more than these fields. */
export interface ListedSavedQuery {
  id: string;
  source: SavedQueryListSource;
  meta?: DocumentMeta;
}

export interface SavedQueryPage {
  total: number;
  /** Newest first (`updated_at` descending). */
  items: ListedSavedQuery[];
}

/** The fields a search looks in; each store searches them for the same words. */
export const SAVED_QUERY_SEARCH_FIELDS = ['title', 'description'] as const;

/**
 * Where saved GQL queries live: OSD's saved objects inside OSD (so they show in Saved Objects
 * management and travel with export/import), a hidden index in the standalone host. Ids are
 * checked before a store sees them; the store keeps `updated_at` itself.
 */
export interface SavedQueryStore {
  get(id: string): Promise<StoredSavedQuery | null>;
  /** Creates or replaces; says which. */
  put(id: string, body: SavedQueryBody): Promise<SavedQueryWrite>;
  /** Null when there was nothing to delete. */
  delete(id: string): Promise<SavedQueryWrite | null>;
  /** Reads only what a list shows (`SAVED_QUERY_LIST_FIELDS`), never the query or model. */
  search(request: SavedQuerySearch): Promise<SavedQueryPage>;
}
