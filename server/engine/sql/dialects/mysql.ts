import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { engineInteger, type AggregationDialect } from '../aggregations/aggregation_dialect';
import type { SqlDialect } from '../dialect';
import { JsonKeyList } from '../json_key_list';
import { bound, sql } from '../sql_fragment';
import { checkPlaceholderIndex, quoteWith } from './identifier_quoting';
import { NO_MATCH, inList, jsonArrayText } from './key_list_forms';
import { likeCondition, likePatternText } from './like_patterns';
import { nullFlagOrderTerm } from './null_ordering';
import { checkPaging } from './paging';
import { baseTypeName, integerTypeName } from './type_names';
import { utcWallClockText } from './utc_wall_clock';
import { canonicalUuids } from './uuid_text';

/** MySQL has no OFFSET without LIMIT; its manual prescribes the largest BIGINT UNSIGNED instead. */
const NO_LIMIT = '18446744073709551615';

/**
 * Lists up to this long are `IN (?, ...)` lists; longer ones one JSON parameter, which no
 * parameter limit bounds (MariaDB 10.6+, MySQL 8). Measured on MariaDB 10.11 over 1,000,000
 * rows (count by an indexed INT or VARCHAR key): the JSON form was as fast as an IN list at 10
 * keys and faster from 50 (0.30 against 0.37 ms; 1.0 against 1.3-1.6 ms at 500), and its text
 * does not change with the list's length, so one prepared statement serves every list where
 * each IN list length is a statement of its own to prepare.
 */
export const MYSQL_SHORT_LIST = 32;

/**
 * Bytes of an in-memory temporary table per key, measured on MariaDB 10.11: a list read from
 * JSON_TABLE for `IN (SELECT ...)` is materialised with a unique index. 1,000,000 INT keys
 * needed 35-42 MB (they went to disk at 32 MB, taking 3.1 s instead of 2.0 s), 1,000,000
 * 10-character keywords 35-48 MB (14.3 s on disk, 3.6 s in memory). Estimated from above: 48
 * bytes a key plus 4 a character of text (utf8mb4).
 */
const TABLE_BYTES_PER_KEY = 48;
const TABLE_BYTES_PER_CHARACTER = 4;

/**
 * The JSON_TABLE column a list is read into: the column's own type where the translator checked
 * the values fit it (an INT UNSIGNED key is read as INT UNSIGNED, so 2^64 - 1 stays exact and
 * the index compares like with like), else the type of the field's values. Text is read as
 * LONGTEXT, so no key is cut to a length (a cut key could equal a row), and compared as
 * `jsonValues` describes; a UUID column's keys as CHAR(36), which MariaDB reads as UUIDs.
 */
function jsonColumnType(column: VirtualIndexColumn): string {
  switch (column.type) {
    case 'keyword':
      return isUuid(column) ? 'CHAR(36)' : 'LONGTEXT';
    case 'long': {
      const type = integerTypeName(column.remote_type);
      if (type === null) return 'BIGINT';
      return /\bunsigned\b/i.test(column.remote_type)
        ? `${type.toUpperCase()} UNSIGNED`
        : type.toUpperCase();
    }
    case 'double':
      return 'DOUBLE';
    case 'boolean':
      return 'INT';
    case 'date':
      return 'DATETIME(3)';
  }
}

/** MariaDB's UUID type (10.7+) mapped to keyword: compared as a uuid, with its index. */
function isUuid(column: VirtualIndexColumn): boolean {
  return column.type === 'keyword' && baseTypeName(column.remote_type) === 'uuid';
}

/**
 * The JSON_TABLE text values as the column compares them. A JSON_TABLE column has a collation of
 * its own (the connection's) with the same precedence as the key column's, so comparing the two
 * directly is "Illegal mix of collations" for a `utf8mb4_unicode_ci` column and a full scan for
 * a `latin1` one. JSON_UNQUOTE(JSON_QUOTE(v)) is `v` unchanged but, being a JSON function's
 * result, only "coercible", as a parameter is: the column's character set and collation then
 * decide the comparison and its index is used, whatever they are.
 */
function jsonValues(column: VirtualIndexColumn): string {
  return column.type === 'keyword' && !isUuid(column) ? 'JSON_UNQUOTE(JSON_QUOTE(`v`))' : '`v`';
}

const DAY_MS = 86_400_000;
/** TO_DAYS('1970-01-01'). */
const MYSQL_EPOCH_DAYS = 719_528;

/** MySQL/MariaDB: `1970-01-01` plus seconds, which works before 1970 (FROM_UNIXTIME does not). */
function mysqlLocalDate(localMs: string): string {
  return `DATE_ADD('1970-01-01', INTERVAL FLOOR(${localMs} / 1000) SECOND)`;
}

const mysqlAggregations: AggregationDialect = {
  integer: engineInteger,
  toDouble: (expr) => sql`CAST(${expr} AS DOUBLE)`,
  sumLong: (expr) => `SUM(${expr})`,
  booleanAsInt: (comparable) => comparable,
  byteOrdered: (expr) => `CAST(${expr} AS BINARY)`,
  // Dividing microseconds by 1000 leaves three decimals, which MySQL's DECIMAL division keeps.
  naiveEpochMs: (comparable) =>
    `FLOOR(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', ${comparable}) / 1000)`,
  // Days from year 0 (TO_DAYS, NULL for zero and invalid dates) to the first day of the unit,
  // then local milliseconds: integer arithmetic on one function call per row.
  truncateWallClock(_columnSql, comparable, unit) {
    const days = `TO_DAYS(${comparable})`;
    const start =
      unit === 'day'
        ? days
        : unit === 'week'
          ? `${days} - WEEKDAY(${comparable})`
          : unit === 'month'
            ? `${days} - DAYOFMONTH(${comparable}) + 1`
            : unit === 'year'
              ? `${days} - DAYOFYEAR(${comparable}) + 1`
              : `TO_DAYS(MAKEDATE(YEAR(${comparable}), 1) + INTERVAL (QUARTER(${comparable}) - 1) QUARTER)`;
    return `(${start} - ${MYSQL_EPOCH_DAYS}) * ${DAY_MS}`;
  },
  truncateLocalMs(localMs, unit) {
    const date = mysqlLocalDate(localMs);
    const start =
      unit === 'month'
        ? `DATE_FORMAT(${date}, '%Y-%m-01')`
        : unit === 'quarter'
          ? `MAKEDATE(YEAR(${date}), 1) + INTERVAL (QUARTER(${date}) - 1) QUARTER`
          : `MAKEDATE(YEAR(${date}), 1)`;
    return `TIMESTAMPDIFF(SECOND, '1970-01-01 00:00:00', ${start}) * 1000`;
  },
  zones: null,
};

export const mysqlDialect: SqlDialect = {
  name: 'mysql',
  displayName: 'MySQL/MariaDB',
  quoteIdentifier: (identifier) => quoteWith('`', '`', identifier),
  placeholder: (index) => {
    checkPlaceholderIndex(index);
    return '?';
  },
  maxParameters: 65_535,
  /**
   * A UUID column is compared as a UUID, with its index, with the keys that are canonical uuid
   * text (the only text it reads as; the others match no row). Every other column is compared
   * as queries compare it (`comparableColumn`).
   */
  anyOf(columnSql, values, column) {
    const uuid = isUuid(column);
    const keys = uuid ? canonicalUuids(values) : values;
    if (keys.length === 0) return NO_MATCH;
    const expression = uuid ? columnSql : mysqlDialect.comparableColumn(columnSql, column);
    if (keys.length <= MYSQL_SHORT_LIST) {
      return inList(expression, keys, (placeholder) =>
        mysqlDialect.comparableParameter(placeholder, column)
      );
    }
    const text = jsonArrayText(keys);
    const textBytes = column.type === 'keyword' ? TABLE_BYTES_PER_CHARACTER * text.length : 0;
    const json = bound(new JsonKeyList(text, TABLE_BYTES_PER_KEY * keys.length + textBytes));
    return sql`${expression} IN (SELECT ${jsonValues(column)} FROM JSON_TABLE(${json}, '$[*]' COLUMNS (\`v\` ${jsonColumnType(column)} PATH '$')) AS \`vs\`)`;
  },
  anyOfParameters: (count) => (count <= MYSQL_SHORT_LIST ? count : 1),
  textHoldsNul: true,
  arbitraryOrder: '',
  plusSeconds: (expression, seconds) =>
    `TIMESTAMPADD(SECOND, ${Math.trunc(seconds)}, ${expression})`,
  // MySQL keeps booleans as tinyint(1).
  booleanValue: (truth) => (truth ? 1 : 0),
  patternStopsAtNul: false,
  integers: { tinyintUnsigned: false, always64Bit: false },
  limitOffset(statement, limit, offset) {
    checkPaging(limit, offset);
    if (limit === null && offset === 0) return statement;
    const limitText = limit === null ? NO_LIMIT : String(limit);
    return offset > 0
      ? sql`${statement} LIMIT ${limitText} OFFSET ${String(offset)}`
      : sql`${statement} LIMIT ${limitText}`;
  },
  orderTerm: (expression, descending, nullsFirst) =>
    nullFlagOrderTerm(expression, descending, nullsFirst),
  versionStatement: 'SELECT VERSION()',
  /**
   * String comparisons (`=`, `<`, LIKE) follow the column's collation: no COLLATE or BINARY is
   * forced (docs/api/interface.md §8.2.10), so a `_ci` collation makes them case-insensitive, as the user chose.
   */
  comparableColumn(columnSql, column) {
    // BOOL is TINYINT(1): any non-zero value is true, as rows are read (row_to_source.ts).
    if (column.type === 'boolean') return `(${columnSql} <> 0)`;
    // MariaDB's UUID type refuses comparison with a string that is not a UUID.
    if (column.type === 'keyword' && baseTypeName(column.remote_type) === 'uuid') {
      return `CAST(${columnSql} AS CHAR)`;
    }
    return columnSql;
  },
  comparableParameter(placeholder, column) {
    // Compared as DATETIME, a DATE column is widened to midnight instead of the text being
    // cut to a date.
    return column.type === 'date' ? `CAST(${placeholder} AS DATETIME(3))` : placeholder;
  },
  /** TIMESTAMP reads in the session zone, which the connector pins to UTC. */
  instantText: utcWallClockText,
  patternText: (pattern) => likePatternText(pattern),
  matchPattern: likeCondition,
  aggregations: mysqlAggregations,
};
