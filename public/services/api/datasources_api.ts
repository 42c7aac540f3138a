import type { DatasourceBody, DatasourceView, FieldType } from '../../../common/catalog_types';
import { CONNECTOR_BASE_PATH } from '../../../common/constants';
import type { HttpClient } from '../../types';

const BASE = `${CONNECTOR_BASE_PATH}/datasource`;

/** The answer of a catalog write (`PUT`/`DELETE`), shaped like OpenSearch's index/delete APIs. */
export interface CatalogWriteResult {
  _index: string;
  _id: string;
  _version: number;
  result: 'created' | 'updated' | 'deleted' | 'not_found';
  _seq_no: number;
  _primary_term: number;
}

/** Catalog lists answer in the shape of an OpenSearch search response. */
export interface CatalogListResponse<T> {
  took: number;
  timed_out: boolean;
  hits: {
    total: { value: number; relation: string };
    hits: Array<{ _index: string; _id: string; _source: T }>;
  };
}

/** One datasource as the screens use it: its id beside its public (password-less) settings. */
export interface DatasourceSummary extends DatasourceView {
  id: string;
}

/** `POST .../{id}/_validate`: the connection opened and ran a trivial statement. */
export interface ValidateResult {
  _id: string;
  valid: true;
  /** The server's own version text, e.g. `PostgreSQL 16.4 on x86_64...`. */
  server: string;
  took_in_millis: number;
}

/** A table or view the connection can see (`GET .../{id}/_metadata`). */
export interface RemoteResource {
  catalog?: string;
  schema?: string;
  name: string;
  kind: 'table' | 'view';
}

/** `GET .../{id}/_metadata`: catalogs, schemas and resources visible to the connection. */
export interface DatasourceMetadata {
  _id: string;
  catalogs: string[];
  schemas: Array<{ catalog?: string; name: string }>;
  resources: RemoteResource[];
}

/** Names one table or view, qualified as far as the user chose to. */
export interface ResourceRef {
  name: string;
  catalog?: string;
  schema?: string;
}

/** One column of a resource, with the index field type the server maps it to (null: skipped). */
export interface RemoteColumnView {
  name: string;
  remote_type: string;
  type: FieldType | null;
  nullable: boolean;
}

/** `GET .../{id}/_metadata?resource=`: the resource's columns as the server maps them. */
export interface ResourceColumns {
  _id: string;
  resource: ResourceRef;
  columns: RemoteColumnView[];
}

/** Typed calls of the datasources routes (docs/api/interface.md §4.2). */
export interface DatasourcesApi {
  list(signal?: AbortSignal): Promise<DatasourceSummary[]>;
  /** Creates or updates; without `jdbc.password` an update keeps the stored password. */
  put(id: string, body: DatasourceBody): Promise<CatalogWriteResult>;
  /** A 409 `resource_in_use_exception` while virtual indices still use the datasource. */
  delete(id: string): Promise<CatalogWriteResult>;
  /** Tests the saved settings: the server offers no test of unsaved ones. */
  validate(id: string, signal?: AbortSignal): Promise<ValidateResult>;
  metadata(id: string, signal?: AbortSignal): Promise<DatasourceMetadata>;
  describe(id: string, resource: ResourceRef, signal?: AbortSignal): Promise<ResourceColumns>;
}

function datasourcePath(id: string, action?: string): string {
  const path = `${BASE}/${encodeURIComponent(id)}`;
  return action ? `${path}/${action}` : path;
}

export function createDatasourcesApi(http: HttpClient): DatasourcesApi {
  return {
    async list(signal) {
      const response = await http.get<CatalogListResponse<DatasourceView>>(`${BASE}/_search`, {
        signal,
      });
      return response.hits.hits.map((hit) => ({ id: hit._id, ...hit._source }));
    },
    put: (id, body) => http.put(datasourcePath(id), { body: JSON.stringify(body) }),
    delete: (id) => http.delete(datasourcePath(id)),
    validate: (id, signal) => http.post(datasourcePath(id, '_validate'), { signal }),
    metadata: (id, signal) => http.get(datasourcePath(id, '_metadata'), { signal }),
    describe: (id, resource, signal) =>
      http.get(datasourcePath(id, '_metadata'), {
        query: { resource: resource.name, catalog: resource.catalog, schema: resource.schema },
        signal,
      }),
  };
}
