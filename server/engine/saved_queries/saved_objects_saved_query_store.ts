import {
  SAVED_QUERY_LIST_FIELDS,
  SAVED_QUERY_TYPE,
  type SavedQueryBody,
  type SavedQueryListSource,
} from '../../../common/saved_query_types';
import { FederationError } from '../errors';
import {
  savedObjectsErrorStatus,
  type SavedObject,
  type SavedObjectsClientContract,
} from './saved_objects_client';
import {
  SAVED_QUERY_SEARCH_FIELDS,
  type ListedSavedQuery,
  type SavedQueryPage,
  type SavedQuerySearch,
  type SavedQueryStore,
  type SavedQueryWrite,
  type StoredSavedQuery,
} from './saved_query_store';

/** The attributes a list reads: `updated_at` is the saved object's own, not an attribute. */
const LIST_ATTRIBUTES = SAVED_QUERY_LIST_FIELDS.filter((field) => field !== 'updated_at');

/**
 * Saved queries inside OSD: objects of our saved-object type, read and written with the
 * request's saved-objects client, so OSD applies the user's tenant/workspace and permissions and
 * the queries show in Saved Objects management (export, import, relationships).
 */
export class SavedObjectsSavedQueryStore implements SavedQueryStore {
  constructor(private readonly client: SavedObjectsClientContract) {}

  async get(id: string): Promise<StoredSavedQuery | null> {
    try {
      return stored(await this.client.get<SavedQueryBody>(SAVED_QUERY_TYPE, id));
    } catch (error) {
      if (savedObjectsErrorStatus(error) === 404) return null;
      throw translated(error);
    }
  }

  async put(id: string, body: SavedQueryBody): Promise<SavedQueryWrite> {
    // The client does not say whether `overwrite` replaced anything: create first, and only
    // on a conflict (the id is taken) replace, which is then an update.
    try {
      await this.client.create(SAVED_QUERY_TYPE, body, { id, overwrite: false });
      return { result: 'created' };
    } catch (error) {
      if (savedObjectsErrorStatus(error) !== 409) throw translated(error);
    }
    try {
      await this.client.create(SAVED_QUERY_TYPE, body, { id, overwrite: true });
      return { result: 'updated' };
    } catch (error) {
      throw translated(error);
    }
  }

  async delete(id: string): Promise<SavedQueryWrite | null> {
    try {
      await this.client.delete(SAVED_QUERY_TYPE, id);
      return { result: 'deleted' };
    } catch (error) {
      if (savedObjectsErrorStatus(error) === 404) return null;
      throw translated(error);
    }
  }

  async search({ text, from, size }: SavedQuerySearch): Promise<SavedQueryPage> {
    // OSD pages by page number: an offset that is not a multiple of the size reads the pages
    // up to it and skips (both are bounded by the route's result window).
    const aligned = size > 0 && from % size === 0;
    const page = aligned ? from / size + 1 : 1;
    const perPage = aligned || size === 0 ? size : from + size;
    try {
      const response = await this.client.find<SavedQueryListSource>({
        type: SAVED_QUERY_TYPE,
        // What a list shows; OSD adds the object's own `updated_at`. The query and model (up to
        // maxGraphModelBytes each) stay in the saved-objects index.
        fields: LIST_ATTRIBUTES,
        search: text,
        searchFields: text === undefined ? undefined : [...SAVED_QUERY_SEARCH_FIELDS],
        defaultSearchOperator: 'AND',
        sortField: 'updated_at',
        sortOrder: 'desc',
        page,
        perPage,
      });
      const objects = aligned ? response.saved_objects : response.saved_objects.slice(from);
      return { total: response.total, items: objects.slice(0, size).map(listed) };
    } catch (error) {
      throw translated(error);
    }
  }
}

function stored(object: SavedObject<SavedQueryBody>): StoredSavedQuery {
  const { title, description, query, model } = object.attributes;
  return {
    id: object.id,
    source: {
      title,
      ...(description === undefined ? {} : { description }),
      query,
      model,
      ...(object.updated_at === undefined ? {} : { updated_at: object.updated_at }),
    },
  };
}

function listed(object: SavedObject<SavedQueryListSource>): ListedSavedQuery {
  const { title, description } = object.attributes;
  return {
    id: object.id,
    source: {
      title,
      ...(description === undefined ? {} : { description }),
      ...(object.updated_at === undefined ? {} : { updated_at: object.updated_at }),
    },
  };
}

/** OSD's refusals (403 from security, 400) answered in OpenSearch's error format. */
function translated(error: unknown): unknown {
  const status = savedObjectsErrorStatus(error);
  if (status === undefined || status >= 500) return error;
  const type =
    status === 403
      ? 'security_exception'
      : status === 400
        ? 'illegal_argument_exception'
        : 'saved_object_exception';
  const reason = error instanceof Error ? error.message : String(error);
  return new FederationError(status, type, `saved objects: ${reason}`, {}, { cause: error });
}
