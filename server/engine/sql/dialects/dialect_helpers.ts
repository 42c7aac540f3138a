/**
 * Checks shared by the four dialects. Identifiers cannot be bound parameters, so quoting is the
 * only thing standing between a user-supplied column name and the SQL text: it must be exact.
 */
import { badRequest } from '../../errors';
import type { PatternPart } from '../dialect';

/**
 * Wraps `identifier` in `open`/`close`, doubling every `close` inside it (the escape all four
 * databases use). NUL is refused because drivers and servers truncate at it, which would let the
 * text after it escape the quotes.
 */
export function quoteWith(open: string, close: string, identifier: string): string {
  if (identifier.length === 0) {
    throw badRequest(
      'an SQL identifier (table, schema or column name) must not be empty; give the [resource], [schema], [catalog] or field a name'
    );
  }
  if (identifier.includes('\u0000')) {
    throw badRequest(
      `the SQL identifier [${identifier.split('\u0000').join('\\0')}] contains a NUL character; remove it from the name`
    );
  }
  return open + identifier.split(close).join(close + close) + close;
}

export function checkPlaceholderIndex(index: number): number {
  if (!Number.isInteger(index) || index < 1) {
    throw new RangeError(`placeholder index must be a positive integer, got ${index}`);
  }
  return index;
}

/** `expression IN (...)` over one bound parameter per value (`=` for a single value). */
export function inList(
  expression: string,
  values: readonly unknown[],
  bind: (value: unknown) => string
): string {
  if (values.length === 1) return `${expression} = ${bind(values[0])}`;
  return `${expression} IN (${values.map(bind).join(', ')})`;
}

/**
 * A list of bound values as JSON text, integers beyond 2^53 (bigint) written exactly and
 * booleans as 1/0, as SQLite stores them (and MySQL's BOOL and SQL Server's bit read them).
 */
export function jsonArrayText(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'boolean') return value ? '1' : '0';
    return JSON.stringify(value);
  });
  return `[${items.join(',')}]`;
}

/** `limit` and `offset` usually come from a request's `size` and `from`: a bad value is a 400. */
export function checkPaging(limit: number | null, offset: number): void {
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0)) {
    throw badRequest(`the row limit must be a non-negative integer, got [${limit}]`);
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw badRequest(`the row offset must be a non-negative integer, got [${offset}]`);
  }
}

// ---------------------------------------------------------------------------------------------
// Query translation

/**
 * The escape character of every LIKE we write. `!` rather than `\`: MySQL string literals treat
 * a backslash as an escape of their own (unless NO_BACKSLASH_ESCAPES), so `ESCAPE '\'` would
 * mean different things under different sql_modes; `!` means the same everywhere.
 */
export const LIKE_ESCAPE = '!';

/**
 * A pattern in LIKE syntax. `specials` are the characters LIKE treats as wildcards in this
 * database besides `%` and `_` (SQL Server also reads `[` as the start of a character class).
 */
export function likePatternText(pattern: readonly PatternPart[], specials = ''): string {
  const escaped = new Set([LIKE_ESCAPE, '%', '_', ...specials]);
  return pattern
    .map((part) => {
      if (part.kind === 'anyString') return '%';
      if (part.kind === 'anyChar') return '_';
      return Array.from(part.text, (c) => (escaped.has(c) ? LIKE_ESCAPE + c : c)).join('');
    })
    .join('');
}

/**
 * `expression LIKE pattern ESCAPE '!'`. Case-insensitive matching lowers both sides rather than
 * using ILIKE or a collation, so it reads the same on every database.
 */
export function likeCondition(
  expression: string,
  placeholder: string,
  caseInsensitive: boolean
): string {
  return caseInsensitive
    ? `LOWER(${expression}) LIKE LOWER(${placeholder}) ESCAPE '${LIKE_ESCAPE}'`
    : `${expression} LIKE ${placeholder} ESCAPE '${LIKE_ESCAPE}'`;
}

/** `varchar(20)` -> `varchar`, `int(10) unsigned` -> `int`: the type name without modifiers. */
export function baseTypeName(remoteType: string): string {
  return remoteType
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*?\)/g, '')
    .replace(/\s+(unsigned|signed|zerofill)\b/g, '')
    .replace(/\s+/g, ' ');
}

/** `YYYY-MM-DD HH:mm:ss.SSS` of an instant in UTC. */
export function utcWallClockText(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('T', ' ').replace('Z', '');
}

/** ORDER BY with NULLs placed by an explicit flag, for databases without `NULLS FIRST|LAST`. */
export function nullFlagOrderTerm(
  expression: string,
  descending: boolean,
  nullsFirst: boolean
): string {
  const flag = `CASE WHEN ${expression} IS NULL THEN ${nullsFirst ? 0 : 1} ELSE ${nullsFirst ? 1 : 0} END`;
  return `${flag}, ${expression} ${descending ? 'DESC' : 'ASC'}`;
}
