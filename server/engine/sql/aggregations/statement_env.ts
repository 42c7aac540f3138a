/**
 * What the families share while one GROUP BY statement is built: its context, the rows being
 * assembled, and the date arithmetic settings of the aggregation it belongs to.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { TranslationContext } from '../translation_context';
import type { AggregationDialect } from './aggregation_dialect';
import { epochMsColumn, type DateSqlContext } from './date_sql';
import type { RowPipeline } from './row_pipeline';

export interface StatementEnv {
  ctx: TranslationContext;
  agg: AggregationDialect;
  dates: DateSqlContext;
  rows: RowPipeline;
  /**
   * The alias of a 1/0 column telling whether the row matches the search, when the statement
   * reads every row of the table (terms with min_doc_count 0 list terms of non-matching rows);
   * null when the search's condition is the statement's WHERE.
   */
  weight: string | null;
  /** Columns already added, by a description of what they compute, to add each once. */
  added: Map<string, string>;
}

/** Adds a column once per `id` (several aggregations read the same field). */
export function columnOnce(env: StatementEnv, id: string, add: () => string): string {
  const existing = env.added.get(id);
  if (existing !== undefined) return existing;
  const alias = add();
  env.added.set(id, alias);
  return alias;
}

export function columnSql(env: StatementEnv, column: VirtualIndexColumn): string {
  return env.ctx.dialect.quoteIdentifier(column.name);
}

/** The column as the query translator compares it (text for uuids, normalised SQLite dates). */
export function comparable(env: StatementEnv, column: VirtualIndexColumn): string {
  return env.ctx.dialect.comparableColumn(columnSql(env, column), column);
}

/** The epoch milliseconds of a date column, added once. */
export function epochOf(env: StatementEnv, column: VirtualIndexColumn, field: string): string {
  return columnOnce(env, `epoch:${field}`, () => epochMsColumn(env.rows, env.dates, column, field));
}

/** Counts of the rows (aliased `r`): every row, or only those matching the search. */
export function countExpr(env: StatementEnv): string {
  return env.weight ? `SUM(r.${env.rows.ref(env.weight)})` : 'COUNT(*)';
}

/**
 * A column only read for rows that match the search: itself when the WHERE already filters,
 * else NULL on the other rows, which every aggregate function skips.
 */
export function matchingOnly(env: StatementEnv, alias: string): string {
  if (!env.weight) return alias;
  const weight = env.weight;
  return columnOnce(env, `matching:${alias}`, () =>
    env.rows.add(`CASE WHEN ${env.rows.ref(weight)} = 1 THEN ${env.rows.ref(alias)} END`, [
      alias,
      weight,
    ])
  );
}
