import type { SqlDialect } from '../dialect';
import {
  baseTypeName,
  checkPaging,
  checkPlaceholderIndex,
  likeCondition,
  likePatternText,
  nullFlagOrderTerm,
  quoteWith,
  utcWallClockText,
} from './dialect_helpers';

/** MySQL has no OFFSET without LIMIT; its manual prescribes the largest BIGINT UNSIGNED instead. */
const NO_LIMIT = '18446744073709551615';

export const mysqlDialect: SqlDialect = {
  name: 'mysql',
  quoteIdentifier: (identifier) => quoteWith('`', '`', identifier),
  placeholder: (index) => {
    checkPlaceholderIndex(index);
    return '?';
  },
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
