/**
 * The whole statements the engine runs on a virtual index's table, in one place: search pages,
 * counts, join keys and document reads all take their SQL from here, with every value a bound
 * parameter inside `where` (sql/query_translator.ts) and every identifier quoted by the caller's
 * dialect. What differs between databases is the dialect's to spell (`arbitraryOrder`,
 * `limitOffset`); nothing here checks which database it is. Each returns a fragment, rendered
 * (its values numbered) by the caller with `renderSql`.
 */
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { SqlDialect } from './dialect';
import { sql, type SqlFragment } from './sql_fragment';

/** The quoted column names of a SELECT list; a constant column when there are none. */
export function selectList(dialect: SqlDialect, columns: readonly VirtualIndexColumn[]): string {
  if (columns.length === 0) return '1 AS one';
  return columns.map((c) => dialect.quoteIdentifier(c.name)).join(', ');
}

/**
 * `CASE WHEN <condition> THEN 1 ELSE 0 END AS <alias>`: a condition evaluated on each row (a
 * search hit's highlight), spelled the same on every database.
 */
export function conditionColumn(
  dialect: SqlDialect,
  condition: SqlFragment,
  alias: string
): SqlFragment {
  return sql`CASE WHEN (${condition}) THEN 1 ELSE 0 END AS ${dialect.quoteIdentifier(alias)}`;
}

/** ` ORDER BY <column>`: rows in the order of one column (a key). */
export function orderByColumn(dialect: SqlDialect, column: string): string {
  return ` ORDER BY ${dialect.quoteIdentifier(column)}`;
}

/**
 * `SELECT <columns> FROM <resource> WHERE <where>`, ordered by `orderBy` (a full ORDER BY, or ''
 * for any order), then paged when `limit` or `offset` says so.
 */
export function selectRows(
  dialect: SqlDialect,
  columnsSql: SqlFragment,
  resourceSql: string,
  where: SqlFragment,
  orderBy: SqlFragment,
  paging: { limit: number | null; offset: number } = { limit: null, offset: 0 }
): SqlFragment {
  const order = orderBy === '' ? dialect.arbitraryOrder : orderBy;
  const rows = sql`SELECT ${columnsSql} FROM ${resourceSql} WHERE ${where}${order}`;
  return dialect.limitOffset(rows, paging.limit, paging.offset);
}

/** `where` narrowed to the rows after the previous page's last hit (`search_after`), if any. */
export function whereAfter(where: SqlFragment, after: SqlFragment | null): SqlFragment {
  return after === null ? where : sql`(${where}) AND ${after}`;
}

/** `total`: how many rows match `where`. */
export function countRows(resourceSql: string, where: SqlFragment): SqlFragment {
  return sql`SELECT COUNT(*) AS total FROM ${resourceSql} WHERE ${where}`;
}

/**
 * `total`: how many rows match `where`, counting no further than `upTo + 1` (a search's
 * `track_total_hits: <n>` needs to know only whether there are more than n).
 */
export function countRowsUpTo(
  dialect: SqlDialect,
  resourceSql: string,
  where: SqlFragment,
  upTo: number
): SqlFragment {
  const matching = sql`SELECT 1 AS one FROM ${resourceSql} WHERE ${where}${dialect.arbitraryOrder}`;
  return sql`SELECT COUNT(*) AS total FROM (${dialect.limitOffset(matching, upTo + 1, 0)}) counted`;
}

/** `k`: the distinct non-null values of `columnSql` among the rows matching `where`, in order. */
export function distinctKeys(
  columnSql: string,
  resourceSql: string,
  where: SqlFragment
): SqlFragment {
  return sql`SELECT DISTINCT ${columnSql} AS k FROM ${resourceSql} WHERE (${where}) AND ${columnSql} IS NOT NULL ORDER BY ${columnSql}`;
}
