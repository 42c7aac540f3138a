import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { SqlDialect } from './dialect';
import type { QueryLimits } from './query_limits';

/**
 * Everything a translator needs to turn query DSL or aggregations into SQL for one virtual
 * index: the dialect, the index's columns (the only identifiers that may reach SQL), the
 * datasource's zone for wall-clock dates, and one `now` per request so date math is consistent
 * across the statements of a search. Values are bound in the fragments translators return
 * (sql_fragment.ts), not here.
 */
export interface TranslationContext {
  dialect: SqlDialect;
  columns: ReadonlyMap<string, VirtualIndexColumn>;
  /** The key column, the source of `_id` (absent for indices without a key). */
  key?: string;
  /** IANA zone in which wall-clock date columns are stored. */
  timezone: string;
  /** Epoch milliseconds of the request's `now`. */
  now: number;
  /**
   * OpenSearch's per-query limits (settings maxClauseCount, maxTermsCount) for queries that grow
   * during translation (a `query_string` text becomes a bool); OpenSearch's defaults when absent.
   */
  limits?: QueryLimits;
}

export interface ResolvedColumn {
  column: VirtualIndexColumn;
  /** The quoted identifier, ready for SQL text. */
  sql: string;
}

/** The column behind a field name, or null for fields the index does not have. */
export function resolveColumn(ctx: TranslationContext, field: string): ResolvedColumn | null {
  const column = ctx.columns.get(field);
  return column === undefined ? null : { column, sql: ctx.dialect.quoteIdentifier(column.name) };
}
