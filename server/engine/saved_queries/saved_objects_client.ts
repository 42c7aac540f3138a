/**
 * What the saved-objects store needs of OSD's `SavedObjectsClientContract` (3.x,
 * src/core/server/saved_objects/service/saved_objects_client.ts), declared here because OSD's
 * packages are not on npm; OSD's request-scoped client (`context.core.savedObjects.client`)
 * satisfies it. Like transport.ts for the OpenSearch client, it keeps the engine free of OSD.
 */
export interface SavedObject<T> {
  id: string;
  type: string;
  attributes: T;
  /** ISO 8601; set by OSD on every write. */
  updated_at?: string;
  version?: string;
}

export interface SavedObjectsCreateOptions {
  id?: string;
  /** Replace an object of the same id instead of failing with a conflict (409). */
  overwrite?: boolean;
}

export interface SavedObjectsFindOptions {
  type: string | string[];
  page?: number;
  perPage?: number;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  /** `simple_query_string` text. */
  search?: string;
  searchFields?: string[];
  defaultSearchOperator?: 'AND' | 'OR';
  /**
   * The attributes to read (OSD reads only these from the saved-objects index, plus the
   * object's own fields such as `updated_at`); all when absent.
   */
  fields?: string[];
}

export interface SavedObjectsFindResponse<T> {
  saved_objects: Array<SavedObject<T> & { score?: number }>;
  total: number;
  per_page: number;
  page: number;
}

export interface SavedObjectsClientContract {
  create<T = unknown>(
    type: string,
    attributes: T,
    options?: SavedObjectsCreateOptions
  ): Promise<SavedObject<T>>;
  get<T = unknown>(type: string, id: string): Promise<SavedObject<T>>;
  delete(type: string, id: string): Promise<unknown>;
  find<T = unknown>(options: SavedObjectsFindOptions): Promise<SavedObjectsFindResponse<T>>;
}

/**
 * The HTTP status of an error the saved-objects client threw: OSD's `SavedObjectsErrorHelpers`
 * decorate Boom errors, whose status sits in `output.statusCode` (404 not found, 409 conflict,
 * 403 forbidden, 400 bad request).
 */
export function savedObjectsErrorStatus(error: unknown): number | undefined {
  const status = (error as { output?: { statusCode?: unknown } } | null)?.output?.statusCode;
  return typeof status === 'number' ? status : undefined;
}
