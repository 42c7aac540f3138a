import { z } from 'zod';
import type { StoredVirtualIndex, VirtualIndexService } from '../catalog/virtual_index_service';
import { toErrorReply } from '../error_body';
import { badRequest } from '../errors';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import { DEFAULT_DATE_FORMAT, parseDateMath } from '../sql/date_math';
import { rowToSource } from '../sql/row_to_source';
import { selectByKeys } from '../sql/select_by_keys';
import { keyValueOfId } from '../sql/sql_values';
import type { IndexResolver } from '../backends/index_resolver';
import { idOf } from '../backends/key_values';
import { definedParams, type QueryParams } from '../backends/query_params';

export interface DocumentResult {
  _index: string;
  _id: string;
  /** Absent in a slot that failed (which has `error` instead), as in OpenSearch's answer. */
  found?: boolean;
  _version?: number;
  _seq_no?: number;
  _primary_term?: number;
  _source?: Record<string, unknown>;
  /** A slot of `_mget` that failed on its own, in OpenSearch's error shape. */
  error?: unknown;
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
 * `_doc` and `_mget`. Virtual indices are read by their key column with the dialect's bound key
 * list (one array parameter on PostgreSQL); normal indices go to OpenSearch; one `_mget` may mix both.
 */
export class DocumentService {
  constructor(
    private readonly openSearch: OpenSearchGateway,
    private readonly resolver: IndexResolver,
    private readonly virtualIndices: VirtualIndexService,
    private readonly maxVirtualDocs: number
  ) {}

  async get(index: string, id: string, params: QueryParams): Promise<DocumentResult> {
    // `_doc` takes one literal index name: `a,b` or `a ` is no list, and OpenSearch says so.
    const target = await this.resolver.resolveOne(index);
    if (target.kind === 'opensearch') {
      return this.openSearch.request<DocumentResult>({
        method: 'GET',
        path: opensearchPath(index, '_doc', id),
        querystring: definedParams(params),
      });
    }
    const [result] = await this.readVirtual(target.name, target.definition, [id]);
    return result;
  }

  async mget(
    index: string | undefined,
    body: unknown,
    params: QueryParams
  ): Promise<{ docs: DocumentResult[] }> {
    const parsed = mgetBody.safeParse(body);
    if (!parsed.success) {
      throw badRequest(
        'the mget body must be {"docs": [{"_index": ..., "_id": ...}, ...]} or {"ids": [...]}, with each _id a string or number'
      );
    }
    const requested: Array<{ _index?: string; _id: string | number }> =
      parsed.data.docs ?? (parsed.data.ids ?? []).map((id) => ({ _id: id }));
    if (requested.length === 0)
      throw badRequest('[docs] and [ids] of the mget body are empty; list at least one document');
    const docs = requested.map((doc, position) => {
      const docIndex = doc._index ?? index;
      if (docIndex === undefined) {
        throw badRequest(
          `document ${position} of mget names no index: give it an [_index] or send the request to /svc/<index>/_mget`
        );
      }
      return { ...doc, _index: docIndex, _id: String(doc._id), position };
    });

    const byIndex = new Map<string, typeof docs>();
    for (const doc of docs) {
      const group = byIndex.get(doc._index);
      if (group) group.push(doc);
      else byIndex.set(doc._index, [doc]);
    }
    const definitions = await this.virtualIndices.lookup([...byIndex.keys()]);
    const results: DocumentResult[] = new Array(docs.length);

    for (const [name, group] of byIndex) {
      const definition = definitions.get(name);
      if (!definition) continue;
      try {
        const found = await this.readVirtual(
          name,
          definition,
          group.map((d) => d._id)
        );
        group.forEach((doc, i) => (results[doc.position] = found[i]));
      } catch (error) {
        // As OpenSearch answers a failing document: in its slot, the others still answered.
        const { error: body } = toErrorReply(error, params.error_trace === 'true').body;
        group.forEach(
          (doc) => (results[doc.position] = { _index: name, _id: doc._id, error: body })
        );
      }
    }
    const normal = docs.filter((doc) => !definitions.has(doc._index));
    const normalMget = () =>
      this.openSearch.request<{ docs: DocumentResult[] }>({
        method: 'POST',
        path: '/_mget',
        body: { docs: normal.map(({ position: _p, ...doc }) => doc) },
        querystring: definedParams(params),
      });
    // No virtual index: OpenSearch's answer as it is.
    if (normal.length === docs.length) return normalMget();
    if (normal.length > 0) {
      const response = await normalMget();
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
    const { datasource } = await this.virtualIndices.open(name, definition);
    const ctx = {
      dialect: datasource.connector.dialect,
      timezone: datasource.timezone,
      now: Date.now(),
    };
    const keyValues = ids.map((id) => keyValueOfId(id, keyColumn, ctx));
    const wanted = [...new Set(keyValues.filter((v) => v !== null))];
    // Rows are matched back to ids by the key's value; dates by their instant, since the id
    // may be written in any date format.
    const tokenOf = (value: unknown): string =>
      keyColumn.type === 'date' ? String(Date.parse(String(value))) : idOf(value);
    const idToken = (id: string): string =>
      keyColumn.type === 'date'
        ? String(parseDateMath(id, { format: DEFAULT_DATE_FORMAT, now: ctx.now }))
        : idOf(keyValueOfId(id, keyColumn, ctx));
    const rowsById = new Map<string, Record<string, unknown>>();
    if (wanted.length > 0) {
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
          rowsById.set(tokenOf(source[key]), source);
        }
      }
    }
    return ids.map((id, i) => {
      const source = keyValues[i] === null ? undefined : rowsById.get(idToken(id));
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
