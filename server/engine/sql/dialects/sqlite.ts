import { engineInteger, type AggregationDialect } from '../aggregations/aggregation_dialect';
import type { PatternPart, SqlDialect } from '../dialect';
import { bound, sql } from '../sql_fragment';
import { checkPlaceholderIndex, quoteWith } from './identifier_quoting';
import { inList, jsonArrayText } from './key_list_forms';
import { likeCondition, likePatternText } from './like_patterns';
import { checkPaging } from './paging';
import { utcWallClockText } from './utc_wall_clock';

/** GLOB has no escape character; a one-character class `[*]` stands for the character itself. */
const GLOB_SPECIALS: Record<string, string> = { '*': '[*]', '?': '[?]', '[': '[[]' };

function globPatternText(pattern: readonly PatternPart[]): string {
  return pattern
    .map((part) => {
      if (part.kind === 'anyString') return '*';
      if (part.kind === 'anyChar') return '?';
      return Array.from(part.text, (c) => GLOB_SPECIALS[c] ?? c).join('');
    })
    .join('');
}

/**
 * Lists up to this long stay plain `IN (?, ...)` lists, which need no JSON parsing. Longer ones
 * are one JSON parameter: measured over 1,000,000 rows (indexed INTEGER and TEXT keys), equal at
 * 10 keys and twice as fast from 100 (0.04 against 0.08 ms; 2.3 against 4.7 ms at 4,000), with
 * one statement text for every list length.
 */
export const SQLITE_SHORT_LIST = 32;

/** SQLite: the local milliseconds as an SQLite time value. */
function sqliteUnixepoch(localMs: string, format: string): string {
  return `strftime('${format}', ${localMs} / 1000.0, 'unixepoch')`;
}

function sqliteEpochMs(dateText: string): string {
  return `CAST(ROUND((julianday(${dateText}) - 2440587.5) * 86400000.0) AS INTEGER)`;
}

const sqliteAggregations: AggregationDialect = {
  integer: engineInteger,
  toDouble: (expr) => sql`CAST(${expr} AS REAL)`,
  sumLong: (expr) => `SUM(${expr})`,
  booleanAsInt: (comparable) => comparable,
  byteOrdered: (expr) => `${expr} COLLATE BINARY`,
  // julianday() counts in whole milliseconds internally; ROUND removes the float noise.
  naiveEpochMs: (comparable) => sqliteEpochMs(comparable),
  // SQLite's date functions read the stored value exactly as the strftime of comparableColumn
  // does (offsets to UTC, NULL for no date), so they take the column itself: one call per row.
  truncateWallClock(columnSql, _comparable, unit) {
    switch (unit) {
      case 'day':
        return `date(${columnSql})`;
      case 'week':
        // Back to the previous Tuesday, then forward to the next Monday (the same day if it is one).
        return `date(${columnSql}, '-6 days', 'weekday 1')`;
      case 'month':
        return `strftime('%Y-%m-01', ${columnSql})`;
      case 'year':
        return `strftime('%Y-01-01', ${columnSql})`;
      default:
        return null;
    }
  },
  truncateLocalMs(localMs, unit) {
    if (unit === 'month') return sqliteEpochMs(sqliteUnixepoch(localMs, '%Y-%m-01'));
    if (unit === 'year') return sqliteEpochMs(sqliteUnixepoch(localMs, '%Y-01-01'));
    const year = `CAST(${sqliteUnixepoch(localMs, '%Y')} AS INTEGER)`;
    const month = `CAST(${sqliteUnixepoch(localMs, '%m')} AS INTEGER)`;
    return sqliteEpochMs(`printf('%04d-%02d-01', ${year}, ((${month} - 1) / 3) * 3 + 1)`);
  },
  zones: null,
};

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  displayName: 'SQLite',
  quoteIdentifier: (identifier) => quoteWith('"', '"', identifier),
  placeholder: (index) => {
    checkPlaceholderIndex(index);
    return '?';
  },
  maxParameters: 32_766,
  anyOf(columnSql, values, column) {
    const expression = sqliteDialect.comparableColumn(columnSql, column);
    if (values.length <= SQLITE_SHORT_LIST) return inList(expression, values);
    // One JSON parameter however long the list; SQLite reads it once into a temporary index.
    return sql`${expression} IN (SELECT value FROM json_each(${bound(jsonArrayText(values))}))`;
  },
  anyOfParameters: (count) => (count <= SQLITE_SHORT_LIST ? count : 1),
  // SQLite text may contain NUL; LIKE and GLOB stop reading their pattern at one (see
  // matchPattern).
  textHoldsNul: true,
  arbitraryOrder: '',
  plusSeconds: (expression, seconds) =>
    `strftime('%Y-%m-%d %H:%M:%f', ${expression}, '${Math.trunc(seconds)} seconds')`,
  // SQLite keeps booleans as integers.
  booleanValue: (truth) => (truth ? 1 : 0),
  patternStopsAtNul: true,
  integers: { tinyintUnsigned: false, always64Bit: true },
  limitOffset(statement, limit, offset) {
    checkPaging(limit, offset);
    if (limit === null && offset === 0) return statement;
    // SQLite's grammar has OFFSET only after LIMIT; a negative limit means "no limit".
    const limitText = limit === null ? '-1' : String(limit);
    return offset > 0
      ? sql`${statement} LIMIT ${limitText} OFFSET ${String(offset)}`
      : sql`${statement} LIMIT ${limitText}`;
  },
  orderTerm: (expression, descending, nullsFirst) =>
    `${expression} ${descending ? 'DESC' : 'ASC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`,
  versionStatement: 'SELECT sqlite_version()',
  comparableColumn(columnSql, column) {
    // Dates are text: normalise them so `2024-02-29`, `2024-02-29T00:00` and
    // `2024-02-29 00:00:00.000` compare equal, as the instants they stand for do. Text that is
    // no date becomes NULL, which the translator treats as a missing value.
    if (column.type === 'date') return `strftime('%Y-%m-%d %H:%M:%f', ${columnSql})`;
    // Booleans read as row_to_source.ts reads them: non-zero numbers and t/true/1/y/yes.
    if (column.type === 'boolean') {
      return `(CASE WHEN typeof(${columnSql}) IN ('integer', 'real') THEN ${columnSql} <> 0 ELSE lower(${columnSql}) IN ('t', 'true', '1', 'y', 'yes') END)`;
    }
    return columnSql;
  },
  comparableParameter: (placeholder) => placeholder,
  /** strftime() turns text with an offset into UTC. */
  instantText: utcWallClockText,
  // SQLite's LIKE ignores ASCII case, so the case-sensitive form is GLOB.
  patternText: (pattern, caseInsensitive) =>
    caseInsensitive ? likePatternText(pattern) : globPatternText(pattern),
  matchPattern: (expression, placeholder, caseInsensitive) =>
    caseInsensitive
      ? likeCondition(expression, placeholder, true)
      : `${expression} GLOB ${placeholder}`,
  aggregations: sqliteAggregations,
};
