/**
 * The whole statements the engine runs on a virtual index's table, in one place: search pages,
 * counts, join keys and document reads all take their SQL from here, with every value a bound
 * parameter already inside `where` (sql/query_translator.ts) and every identifier quoted by the
 * caller's dialect. What differs between databases is the dialect's to spell (`arbitraryOrder`,
 * `limitOffset`); nothing here checks which database it is.
 */
import type { SqlDialect } from './dialect';

/** `SELECT <columns> FROM <resource> WHERE <where>`, ordered by `orderBy` (a full ORDER BY). */
export function selectRows(
  dialect: SqlDialect,
  columnsSql: string,
  resourceSql: string,
  where: string,
  orderBy: string
): string {
  return `SELECT ${columnsSql} FROM ${resourceSql} WHERE ${where}${orderBy || dialect.arbitraryOrder}`;
}

/** `total`: how many rows match `where`. */
export function countRows(resourceSql: string, where: string): string {
  return `SELECT COUNT(*) AS total FROM ${resourceSql} WHERE ${where}`;
}

/**
 * `total`: how many rows match `where`, counting no further than `upTo + 1` (a search's
 * `track_total_hits: <n>` needs to know only whether there are more than n).
 */
export function countRowsUpTo(
  dialect: SqlDialect,
  resourceSql: string,
  where: string,
  upTo: number
): string {
  const matching = `SELECT 1 AS one FROM ${resourceSql} WHERE ${where}${dialect.arbitraryOrder}`;
  return `SELECT COUNT(*) AS total FROM (${dialect.limitOffset(matching, upTo + 1, 0)}) counted`;
}

/** `k`: the distinct non-null values of `columnSql` among the rows matching `where`, in order. */
export function distinctKeys(columnSql: string, resourceSql: string, where: string): string {
  return `SELECT DISTINCT ${columnSql} AS k FROM ${resourceSql} WHERE (${where}) AND ${columnSql} IS NOT NULL ORDER BY ${columnSql}`;
}
