/**
 * A stand-in for OSD's request-scoped saved-objects client (SavedObjectsClientContract), since
 * OSD cannot run here: it keeps objects in memory, records every call (so a test can see that a
 * route went through it), and fails as OSD's does, with Boom errors built by
 * `SavedObjectsErrorHelpers` (404 `Saved object [type/id] not found`, 409 `... conflict`).
 * `find` reads `search` as OSD's `simple_query_string` would for plain words and `word*` prefixes.
 */
import type {
  SavedObject,
  SavedObjectsClientContract,
  SavedObjectsCreateOptions,
  SavedObjectsFindOptions,
  SavedObjectsFindResponse,
} from '../../server/engine/saved_queries/saved_objects_client';

export interface SavedObjectsCall {
  method: 'create' | 'get' | 'delete' | 'find';
  args: unknown[];
}

export interface RecordingSavedObjectsClient {
  client: SavedObjectsClientContract;
  calls: SavedObjectsCall[];
  /** What is stored, by `type/id`. */
  objects: Map<string, SavedObject<Record<string, unknown>>>;
}

class BoomLikeError extends Error {
  readonly isBoom = true;
  readonly output: { statusCode: number };
  constructor(statusCode: number, message: string) {
    super(message);
    this.output = { statusCode };
  }
}

export function createRecordingSavedObjectsClient(
  now: () => Date = () => new Date()
): RecordingSavedObjectsClient {
  const calls: SavedObjectsCall[] = [];
  const objects = new Map<string, SavedObject<Record<string, unknown>>>();
  let counter = 0;
  const key = (type: string, id: string) => `${type}/${id}`;

  const client: SavedObjectsClientContract = {
    async create<T>(type: string, attributes: T, options: SavedObjectsCreateOptions = {}) {
      calls.push({ method: 'create', args: [type, attributes, options] });
      const id = options.id ?? `generated-${++counter}`;
      if (objects.has(key(type, id)) && !options.overwrite) {
        throw new BoomLikeError(409, `Saved object [${type}/${id}] conflict`);
      }
      const object = {
        id,
        type,
        attributes: structuredClone(attributes) as Record<string, unknown>,
        updated_at: now().toISOString(),
        version: `WzEsMV0=${++counter}`,
      };
      objects.set(key(type, id), object);
      return structuredClone(object) as SavedObject<T>;
    },
    async get<T>(type: string, id: string) {
      calls.push({ method: 'get', args: [type, id] });
      const object = objects.get(key(type, id));
      if (!object) throw new BoomLikeError(404, `Saved object [${type}/${id}] not found`);
      return structuredClone(object) as SavedObject<T>;
    },
    async delete(type: string, id: string) {
      calls.push({ method: 'delete', args: [type, id] });
      if (!objects.delete(key(type, id)))
        throw new BoomLikeError(404, `Saved object [${type}/${id}] not found`);
      return {};
    },
    async find<T>(options: SavedObjectsFindOptions): Promise<SavedObjectsFindResponse<T>> {
      calls.push({ method: 'find', args: [options] });
      const types = [options.type].flat();
      const words = (options.search ?? '').split(/\s+/).filter((w) => w !== '');
      const matches = (object: SavedObject<Record<string, unknown>>) =>
        words.every((word) => {
          const prefix = word.endsWith('*');
          const term = word.replace(/\*$/, '').toLowerCase();
          return (options.searchFields ?? []).some((field) =>
            String(object.attributes[field] ?? '')
              .toLowerCase()
              .split(/\W+/)
              .some((token) => (prefix ? token.startsWith(term) : token === term))
          );
        });
      const found = [...objects.values()]
        .filter((object) => types.includes(object.type) && matches(object))
        .sort((a, b) => {
          const field = (options.sortField ?? 'updated_at') as 'updated_at';
          const order = String(a[field]).localeCompare(String(b[field]));
          return options.sortOrder === 'desc' ? -order : order;
        });
      const page = options.page ?? 1;
      const perPage = options.perPage ?? 20;
      return {
        total: found.length,
        page,
        per_page: perPage,
        saved_objects: found
          .slice((page - 1) * perPage, page * perPage)
          .map((object) => ({ ...(structuredClone(object) as SavedObject<T>), score: 0 })),
      };
    },
  };
  return { client, calls, objects };
}
