import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { engineInteger, type AggregationDialect } from '../aggregations/aggregation_dialect';
import type { SqlDialect } from '../dialect';
import { bound, sql } from '../sql_fragment';
import { checkPlaceholderIndex, quoteWith } from './identifier_quoting';
import { NO_MATCH } from './key_list_forms';
import { likeCondition, likePatternText } from './like_patterns';
import { checkPaging } from './paging';
import { baseTypeName, integerTypeName } from './type_names';
import { canonicalUuidText, canonicalUuids } from './uuid_text';

/**
 * Keyword columns of these types compare as text already. Any other keyword column (uuid, enums,
 * `"char"`) is read as text: comparing it with an arbitrary string would otherwise be a type
 * error (`invalid input syntax for type uuid`) where OpenSearch simply finds nothing, and enums
 * would order by declaration instead of by text.
 */
const TEXT_TYPES = new Set([
  'text',
  'character varying',
  'varchar',
  'character',
  'char',
  'bpchar',
  'name',
  'citext',
]);

/**
 * The type a key or term list is cast to: the column's own type where the values were checked
 * to fit it (an `integer` column is compared with `integer[]`, so the comparison is the index's
 * own operator; keys it cannot hold were dropped by the translator), else the type
 * `comparableParameter` casts one value to.
 */
function listType(column: VirtualIndexColumn): string {
  switch (column.type) {
    case 'keyword':
      return isUuid(column) ? 'uuid' : 'text';
    case 'long':
      return integerTypeName(column.remote_type) ?? 'bigint';
    case 'double':
      return 'double precision';
    case 'boolean':
      return 'boolean';
    case 'date':
      return column.zoned ? 'timestamptz' : 'timestamp';
  }
}

/** A uuid column mapped to keyword: compared as a uuid, with its index (see `anyOf`). */
function isUuid(column: VirtualIndexColumn): boolean {
  return column.type === 'keyword' && baseTypeName(column.remote_type) === 'uuid';
}

/**
 * Lists at least this long are compared without parallel workers (see NO_PARALLEL). Measured on
 * 1,000,000 rows (bench/key_lists.ts): at 100,000 keys a parallel plan took 189 ms against
 * 154 ms without; at 1,000,000 keys 0.9-4.2 s against 0.6-2.0 s.
 */
export const SERIAL_LIST = 10_000;

/**
 * A conjunct that keeps PostgreSQL from planning parallel workers for the statement, and is
 * gone by the time the plan runs. A parallel plan is sent to every worker as text, the list's
 * array constant included and written out byte by byte, and each worker hashes the whole list
 * again: for a long list that costs more than the workers save (1M keywords: 1.6 s → 0.9 s). The
 * planner decides whether workers are allowed from the functions the query names, before
 * simplifying it, and current_schema() is marked PARALLEL UNSAFE; the planner
 * then folds `... OR TRUE` to TRUE and drops the conjunct, so nothing is evaluated per row.
 * (If a later PostgreSQL marks the function safe, this only stops saving the time.)
 */
export const NO_PARALLEL = ' AND (current_schema() IS NULL OR TRUE)';

/** GROUP BY spellings; PostgreSQL alone converts zones itself (`AT TIME ZONE`). */
const postgresAggregations: AggregationDialect = {
  integer: engineInteger,
  toDouble: (expr) => sql`CAST(${expr} AS double precision)`,
  sumLong: (expr) => `SUM(${expr})`,
  booleanAsInt: (comparable) => `CAST(${comparable} AS integer)`,
  // The "C" collation compares the UTF-8 bytes; text first, as enums and citext have their own.
  byteOrdered: (expr) => `CAST(${expr} AS text) COLLATE "C"`,
  naiveEpochMs: (comparable) => `CAST(FLOOR(EXTRACT(EPOCH FROM ${comparable}) * 1000) AS bigint)`,
  truncateWallClock: null,
  truncateLocalMs: (localMs, unit) =>
    `CAST(EXTRACT(EPOCH FROM date_trunc('${unit}', to_timestamp(${localMs} / 1000.0) AT TIME ZONE 'UTC')) * 1000 AS bigint)`,
  zones: {
    instant: (columnSql, column, zone) =>
      column.zoned
        ? columnSql
        : sql`(CAST(${columnSql} AS timestamp) AT TIME ZONE ${zone ?? `'UTC'`})`,
    epochMs: (instant) => sql`CAST(FLOOR(EXTRACT(EPOCH FROM ${instant}) * 1000) AS bigint)`,
    // date_trunc('week') starts weeks on Monday, as ISO (and OpenSearch) do. Grouping by the
    // timestamp itself is three times faster than by its epoch, which costs numeric arithmetic.
    truncate: (instant, zone, unit) => sql`date_trunc('${unit}', ${instant} AT TIME ZONE ${zone})`,
  },
};

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  displayName: 'PostgreSQL',
  quoteIdentifier: (identifier) => quoteWith('"', '"', identifier),
  placeholder: (index) => `$${checkPlaceholderIndex(index)}`,
  maxParameters: 65_535,
  /**
   * A uuid column is compared as a uuid (`"u" = ANY(CAST($1 AS uuid[]))`, which its index
   * serves) with the keys that are canonical uuid text, the only text it reads as; the others
   * match no row. Every other column is compared as queries compare it (`comparableColumn`).
   */
  anyOf(columnSql, values, column) {
    const uuid = isUuid(column);
    // All canonical (the usual list): their array text at once. Else only the canonical ones.
    const uuidText = uuid && values.length > 1 ? canonicalUuidText(values) : null;
    const keys = uuid && uuidText === null ? canonicalUuids(values) : values;
    if (keys.length === 0) return NO_MATCH;
    const expression = uuid ? columnSql : postgresDialect.comparableColumn(columnSql, column);
    if (keys.length === 1) {
      const value = bound(keys[0], (placeholder) =>
        uuid
          ? `CAST(${placeholder} AS uuid)`
          : postgresDialect.comparableParameter(placeholder, column)
      );
      return sql`${expression} = ${value}`;
    }
    // One array parameter however long the list: no parameter limit, one plan, hashed lookup.
    const array = bound(uuidText !== null ? `{${uuidText}}` : arrayParameter(keys, uuid));
    // See NO_PARALLEL: a long list is better read by one process.
    const serial = keys.length >= SERIAL_LIST ? NO_PARALLEL : '';
    return sql`${expression} = ANY(CAST(${array} AS ${listType(column)}[]))${serial}`;
  },
  anyOfParameters: () => 1,
  // "invalid byte sequence for encoding UTF8: 0x00": text, varchar and their casts cannot hold it.
  textHoldsNul: false,
  arbitraryOrder: '',
  plusSeconds: (expression, seconds) =>
    `(${expression} + interval '${Math.trunc(seconds)} seconds')`,
  booleanValue: (truth) => truth,
  patternStopsAtNul: false,
  integers: { tinyintUnsigned: false, always64Bit: false },
  limitOffset(statement, limit, offset) {
    checkPaging(limit, offset);
    const parts: string[] = [];
    if (limit !== null) parts.push(`LIMIT ${limit}`);
    if (offset > 0) parts.push(`OFFSET ${String(offset)}`);
    return parts.length ? sql`${statement} ${parts.join(' ')}` : statement;
  },
  orderTerm: (expression, descending, nullsFirst) =>
    `${expression} ${descending ? 'DESC' : 'ASC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`,
  versionStatement: 'SELECT version()',
  comparableColumn(columnSql, column) {
    const type = baseTypeName(column.remote_type);
    if (column.type === 'keyword' && !TEXT_TYPES.has(type)) return `CAST(${columnSql} AS text)`;
    // money has no comparison with double precision.
    if (column.type === 'double' && type === 'money') return `CAST(${columnSql} AS numeric)`;
    return columnSql;
  },
  comparableParameter(placeholder, column) {
    // An untyped parameter takes the column's type: `int4_col = $1` would fail on 3000000000
    // and `date_col < $1` would cut a timestamp down to its day.
    switch (column.type) {
      case 'long':
        return `CAST(${placeholder} AS bigint)`;
      case 'double':
        return `CAST(${placeholder} AS double precision)`;
      case 'date':
        return `CAST(${placeholder} AS ${column.zoned ? 'timestamptz' : 'timestamp'})`;
      default:
        return placeholder;
    }
  },
  instantText: (epochMs) => `${new Date(epochMs).toISOString().replace('Z', '')}+00:00`,
  patternText: (pattern) => likePatternText(pattern),
  matchPattern: likeCondition,
  aggregations: postgresAggregations,
};

/**
 * A list as PostgreSQL's array text, written here in one pass: the driver would otherwise quote
 * and escape every element with a regular expression, which for 1,000,000 keys took 300-600 ms
 * against 20-90 ms for the forms below.
 *
 * - Integers: `{1,2,3}`, exact beyond 2^53. Plain numbers are written by one JSON.stringify,
 *   ten times faster than joining them (which converts each to a string on its own).
 * - Canonical uuids: joined as they are; they hold nothing array text would need to quote.
 * - Other strings: JSON's array text with braces for brackets. Array text escapes `"` and `\`
 *   with a backslash and quotes every element as JSON does, so both read the same, unless JSON
 *   wrote an escape of its own (`\n`, `\u0001`, a lone surrogate): that rare list goes to the
 *   driver.
 * - Anything else (doubles, booleans, dates) goes as an array for the driver to write.
 */
export function arrayParameter(values: readonly unknown[], uuids = false): unknown {
  if (uuids) return `{${values.join(',')}}`;
  if (values.every((value) => typeof value === 'string')) {
    const json = JSON.stringify(values);
    return onlyQuoteEscapes(json) ? `{${json.slice(1, -1)}}` : [...values];
  }
  let plain = true;
  for (const value of values) {
    if (typeof value === 'number' && Number.isSafeInteger(value)) continue;
    if (typeof value !== 'bigint') return [...values];
    plain = false;
  }
  return plain ? `{${JSON.stringify(values).slice(1, -1)}}` : `{${values.join(',')}}`;
}

/** Whether every escape in JSON text is `\"` or `\\`, the two array text shares. */
function onlyQuoteEscapes(json: string): boolean {
  if (!json.includes('\\')) return true;
  // Left to right, each match takes a backslash and the character it escapes.
  const escapes = /\\(.)/gs;
  for (let m = escapes.exec(json); m !== null; m = escapes.exec(json)) {
    if (m[1] !== '"' && m[1] !== '\\') return false;
  }
  return true;
}
