import { z } from 'zod';
import type { StoredVirtualIndex, VirtualIndexService } from '../catalog/virtual_index_service';
import { badRequest } from '../errors';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import { rowToSource } from '../sql/row_to_source';
import { selectByKeys } from '../sql/select_by_keys';
import type { IndexResolver } from './index_resolver';
import { idOf, keyValueOf } from './key_values';
import { definedParams, type QueryParams } from './query_params';

export interface DocumentResult {
  _index: string;
  _id: string;
  found: boolean;
  _version?: number;
  _seq_no?: number;
  _primary_term?: number;
  _source?: Record<string, unknown>;
}

const mgetBody = z
  .object({
    docs: z
      .array(
        z
          .object({ _index: z.string().optional(), _id: z.union([z.string(), z.number()]) })
          .passthrough()
      )
      .optional(),
    ids: z.array(z.union([z.string(), z.number()])).optional(),
  })
  .passthrough();

/**
 * `_doc` and `_mget`. Virtual indices are read by their key column with one bound `IN (...)`
 * statement per chunk; normal indices go to OpenSearch; one `_mget` may mix both.
 */
export class DocumentService {
  constructor(
    private readonly openSearch: OpenSearchGateway,
    private readonly resolver: IndexResolver,
    private readonly virtualIndices: VirtualIndexService,
    private readonly maxVirtualDocs: number
  ) {}

  async get(index: string, id: string, params: QueryParams): Promise<DocumentResult> {
    const target = await this.resolver.resolve(index);
    if (target.kind === 'opensearch') {
      return this.openSearch.request<DocumentResult>({
        method: 'GET',
        path: opensearchPath(index, '_doc', id),
        querystring: definedParams(params),
      });
    }
    if (target.names.length !== 1) throw badRequest('get takes exactly one index', { index });
    const [result] = await this.readVirtual(index, target.definitions.get(index)!, [id]);
    return result;
  }

  async mget(
    index: string | undefined,
    body: unknown,
    params: QueryParams
  ): Promise<{ docs: DocumentResult[] }> {
    const parsed = mgetBody.safeParse(body);
    if (!parsed.success) throw badRequest('mget takes a body with `docs` or `ids`');
    const requested: Array<{ _index?: string; _id: string | number }> =
      parsed.data.docs ?? (parsed.data.ids ?? []).map((id) => ({ _id: id }));
    if (requested.length === 0)
      throw badRequest('mget needs at least one document in `docs` or `ids`');
    const docs = requested.map((doc, position) => {
      const docIndex = doc._index ?? index;
      if (docIndex === undefined) throw badRequest(`document ${position} of mget names no index`);
      return { ...doc, _index: docIndex, _id: String(doc._id), position };
    });

    const byIndex = new Map<string, typeof docs>();
    docs.forEach((doc) => byIndex.set(doc._index, [...(byIndex.get(doc._index) ?? []), doc]));
    const definitions = await this.virtualIndices.lookup([...byIndex.keys()]);
    const results: DocumentResult[] = new Array(docs.length);

    for (const [name, group] of byIndex) {
      const definition = definitions.get(name);
      if (!definition) continue;
      const found = await this.readVirtual(
        name,
        definition,
        group.map((d) => d._id)
      );
      group.forEach((doc, i) => (results[doc.position] = found[i]));
    }
    const normal = docs.filter((doc) => !definitions.has(doc._index));
    if (normal.length > 0) {
      const response = await this.openSearch.request<{ docs: DocumentResult[] }>({
        method: 'POST',
        path: '/_mget',
        body: { docs: normal.map(({ position: _p, ...doc }) => doc) },
        querystring: definedParams(params),
      });
      normal.forEach((doc, i) => (results[doc.position] = response.docs[i]));
    }
    return { docs: results };
  }

  private async readVirtual(
    name: string,
    definition: StoredVirtualIndex,
    ids: string[]
  ): Promise<DocumentResult[]> {
    const key = definition.key;
    if (key === undefined) {
      throw badRequest(
        `virtual index [${name}] has no key, so its documents have no id to get them by; set [key] on the virtual index`,
        {
          index: name,
        }
      );
    }
    if (ids.length > this.maxVirtualDocs) {
      throw badRequest(
        `mget asks for ${ids.length} documents of virtual index [${name}]; the limit is ${this.maxVirtualDocs} (setting maxMgetDocs)`,
        {
          index: name,
        }
      );
    }
    const keyColumn = definition.columns.find((c) => c.name === key)!;
    const keyValues = ids.map((id) => keyValueOf(id, keyColumn.type));
    const wanted = [...new Set(keyValues.filter((v) => v !== null))];
    const rowsById = new Map<string, Record<string, unknown>>();
    if (wanted.length > 0) {
      const { datasource } = await this.virtualIndices.open(name, definition);
      const resource = {
        catalog: definition.catalog,
        schema: definition.schema,
        name: definition.resource,
      };
      for (const statement of selectByKeys(
        datasource.connector.dialect,
        resource,
        definition.columns,
        key,
        wanted
      )) {
        for (const row of await datasource.connector.query(statement.sql, statement.params)) {
          const source = rowToSource(row, definition.columns, datasource.timezone);
          rowsById.set(idOf(source[key]), source);
        }
      }
    }
    return ids.map((id, i) => {
      const source = keyValues[i] === null ? undefined : rowsById.get(idOf(keyValues[i]));
      return source === undefined
        ? { _index: name, _id: id, found: false }
        : {
            _index: name,
            _id: id,
            _version: 1,
            _seq_no: 0,
            _primary_term: 1,
            found: true,
            _source: source,
          };
    });
  }
}
