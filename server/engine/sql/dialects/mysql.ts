import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SqlDialect } from '../dialect';
import {
  baseTypeName,
  checkPaging,
  inList,
  jsonArrayText,
  checkPlaceholderIndex,
  likeCondition,
  likePatternText,
  nullFlagOrderTerm,
  quoteWith,
  utcWallClockText,
} from './dialect_helpers';

/** MySQL has no OFFSET without LIMIT; its manual prescribes the largest BIGINT UNSIGNED instead. */
const NO_LIMIT = '18446744073709551615';

/**
 * Lists up to this long are `IN (?, ...)` lists; longer ones of numbers and dates one JSON
 * parameter, which no parameter limit bounds. Measured ad hoc on MariaDB 10.11 (100k rows,
 * integer key): the JSON form took 1-8 ms where IN lists of 200-5,000 values took 3-20 ms.
 */
export const MYSQL_SHORT_LIST = 1_000;

/**
 * The JSON_TABLE column type of each field type's values. Keywords have none: MariaDB does not
 * materialise a JSON_TABLE of text for an `IN` (1,000 strings over 100k rows took 4.5 s against
 * 30 ms as an IN list), and a JSON_TABLE text column would impose its own collation where a
 * parameter takes the column's; keyword lists stay IN lists within the 65,535 parameters.
 */
const JSON_TYPES: Record<VirtualIndexColumn['type'], string | null> = {
  keyword: null,
  long: 'BIGINT',
  double: 'DOUBLE',
  boolean: 'INT',
  date: 'DATETIME(3)',
};

function usesJson(count: number, column: VirtualIndexColumn): boolean {
  return count > MYSQL_SHORT_LIST && JSON_TYPES[column.type] !== null;
}

export const mysqlDialect: SqlDialect = {
  name: 'mysql',
  quoteIdentifier: (identifier) => quoteWith('`', '`', identifier),
  placeholder: (index) => {
    checkPlaceholderIndex(index);
    return '?';
  },
  maxParameters: 65_535,
  anyOf(expression, values, column, add) {
    if (!usesJson(values.length, column)) {
      return inList(expression, values, (value) =>
        mysqlDialect.comparableParameter(add(value), column)
      );
    }
    // One JSON parameter however long the list (MariaDB 10.6+, MySQL 8).
    return `${expression} IN (SELECT \`v\` FROM JSON_TABLE(${add(jsonArrayText(values))}, '$[*]' COLUMNS (\`v\` ${JSON_TYPES[column.type]} PATH '$')) AS \`vs\`)`;
  },
  anyOfParameters: (count, column) => (usesJson(count, column) ? 1 : count),
  textHoldsNul: true,
  limitOffset(sql, limit, offset) {
    checkPaging(limit, offset);
    if (limit === null && offset === 0) return sql;
    const limitText = limit === null ? NO_LIMIT : String(limit);
    return offset > 0 ? `${sql} LIMIT ${limitText} OFFSET ${offset}` : `${sql} LIMIT ${limitText}`;
  },
  orderTerm: (expression, descending, nullsFirst) =>
    nullFlagOrderTerm(expression, descending, nullsFirst),
  versionStatement: 'SELECT VERSION()',
  /**
   * String comparisons (`=`, `<`, LIKE) follow the column's collation: no COLLATE or BINARY is
   * forced (spec §8.2.10), so a `_ci` collation makes them case-insensitive, as the user chose.
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
};
