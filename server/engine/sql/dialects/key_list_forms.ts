/** The pieces the dialects' `anyOf` spell a list of keys with. */
import { bound, joinSql, sql, type SqlFragment } from '../sql_fragment';

/** What `anyOf` returns when no value of the list can equal a row (the translator's FALSE). */
export const NO_MATCH = '1 = 0';

/** `expression IN (...)` over one bound parameter per value (`=` for a single value). */
export function inList(
  expression: string,
  values: readonly unknown[],
  wrap?: (placeholder: string) => string
): SqlFragment {
  if (values.length === 1) return sql`${expression} = ${bound(values[0], wrap)}`;
  const list = joinSql(
    values.map((value) => bound(value, wrap)),
    ', '
  );
  return sql`${expression} IN (${list})`;
}

/**
 * A list of bound values as JSON text, integers beyond 2^53 (bigint) written exactly and
 * booleans as 1/0, as SQLite stores them (and MySQL's BOOL and SQL Server's bit read them).
 */
export function jsonArrayText(values: readonly unknown[]): string {
  // Strings and numbers as they are: one native call, several times faster than one per value.
  if (values.every((value) => typeof value === 'string' || typeof value === 'number')) {
    return JSON.stringify(values);
  }
  const items = values.map((value) => {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'boolean') return value ? '1' : '0';
    return JSON.stringify(value);
  });
  return `[${items.join(',')}]`;
}
