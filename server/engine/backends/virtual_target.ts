import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { StoredVirtualIndex, VirtualIndexService } from '../catalog/virtual_index_service';
import type { Connector, Row } from '../connectors/connector';
import { qualifiedName } from '../sql/qualified_name';
import type { QueryLimits } from '../sql/query_limits';
import type { TranslationContext } from '../sql/translation_context';

/** A virtual index opened for statements: its connector, columns and translation contexts. */
export interface VirtualTarget {
  name: string;
  definition: StoredVirtualIndex;
  columns: ReadonlyMap<string, VirtualIndexColumn>;
  connector: Connector;
  /** The quoted, qualified table name. */
  resourceSql: string;
  timezone: string;
  /** A context for one statement; `now` is fixed per request. */
  newContext(): TranslationContext;
  query(sql: string, params: unknown[], signal?: AbortSignal): Promise<Row[]>;
  forEachRow(
    sql: string,
    params: unknown[],
    onRow: (row: Row) => void,
    signal?: AbortSignal
  ): Promise<void>;
  stream(
    sql: string,
    params: unknown[],
    signal?: AbortSignal,
    batchSize?: number
  ): AsyncIterable<Row>;
}

export async function openVirtualTarget(
  virtualIndices: VirtualIndexService,
  name: string,
  definition: StoredVirtualIndex,
  options: { now: number; timeoutMs?: number; limits?: QueryLimits }
): Promise<VirtualTarget> {
  const { datasource } = await virtualIndices.open(name, definition);
  const { connector } = datasource;
  const { dialect } = connector;
  const columns = new Map(definition.columns.map((c) => [c.name, c]));
  const timeoutMs = options.timeoutMs;
  return {
    name,
    definition,
    columns,
    connector,
    resourceSql: qualifiedName(dialect, {
      catalog: definition.catalog,
      schema: definition.schema,
      name: definition.resource,
    }),
    timezone: datasource.timezone,
    newContext: () => ({
      dialect,
      columns,
      key: definition.key,
      timezone: datasource.timezone,
      now: options.now,
      limits: options.limits,
    }),
    query: (sql, params, signal) => connector.query(sql, params, { timeoutMs, signal }),
    forEachRow: (sql, params, onRow, signal) =>
      connector.forEachRow(sql, params, onRow, { timeoutMs, signal }),
    stream: (sql, params, signal, batchSize) =>
      connector.stream(sql, params, { timeoutMs, signal, batchSize }),
  };
}
