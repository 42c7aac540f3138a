import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SqlDialect } from '../dialect';
import {
  baseTypeName,
  checkPaging,
  inList,
  jsonArrayText,
  checkPlaceholderIndex,
  integerTypeName,
  likeCondition,
  likePatternText,
  nullFlagOrderTerm,
  quoteWith,
} from './dialect_helpers';

/**
 * Keyword columns that cannot be compared with a string as they are: `text`/`ntext` have no `=`,
 * and a uniqueidentifier fails to convert a string that is not a GUID.
 */
const KEYWORD_CASTS: Record<string, string> = {
  text: 'varchar(max)',
  ntext: 'nvarchar(max)',
  uniqueidentifier: 'nvarchar(36)',
};

/** Lists up to this long are `IN (@p1, ...)` lists, well inside the 2,100 parameters of a call. */
export const SQLSERVER_SHORT_LIST = 500;

/**
 * The OPENJSON column type of each field type's values. Keywords are nvarchar(max), which the
 * parameter's own collation (the database default) carries; a column with another collation
 * compares as SQL Server resolves the two (docs/api/search_and_virtual_indices.md, "Collation").
 */
const OPENJSON_TYPES: Record<VirtualIndexColumn['type'], (column: VirtualIndexColumn) => string> = {
  keyword: () => 'nvarchar(max)',
  // The column's own integer type (the translator dropped keys it cannot hold): a bigint list
  // would convert an int column to bigint on every row instead of seeking its index.
  long: (column) => integerTypeName(column.remote_type) ?? 'bigint',
  double: () => 'float',
  boolean: () => 'bit',
  date: (column) => (column.zoned ? 'datetimeoffset(3)' : 'datetime2(3)'),
};

export const sqlServerDialect: SqlDialect = {
  name: 'sqlserver',
  quoteIdentifier: (identifier) => quoteWith('[', ']', identifier),
  placeholder: (index) => `@p${checkPlaceholderIndex(index)}`,
  maxParameters: 2_100,
  anyOf(columnSql, values, column, add) {
    const expression = sqlServerDialect.comparableColumn(columnSql, column);
    if (values.length <= SQLSERVER_SHORT_LIST) {
      return inList(expression, values, (value) =>
        sqlServerDialect.comparableParameter(add(value), column)
      );
    }
    // One JSON parameter however long the list (SQL Server 2016+), as EF Core sends lists.
    const type = OPENJSON_TYPES[column.type](column);
    return `${expression} IN (SELECT [v] FROM OPENJSON(${add(jsonArrayText(values))}) WITH ([v] ${type} '$'))`;
  },
  anyOfParameters: (count) => (count <= SQLSERVER_SHORT_LIST ? count : 1),
  textHoldsNul: true,
  // SQL Server pages only ordered statements; an order that costs nothing keeps it legal.
  arbitraryOrder: ' ORDER BY (SELECT NULL)',
  plusSeconds: (expression, seconds) => `DATEADD(second, ${Math.trunc(seconds)}, ${expression})`,
  booleanValue: (truth) => (truth ? 1 : 0),
  patternStopsAtNul: false,
  integers: { tinyintUnsigned: true, always64Bit: false },
  /** OFFSET ... FETCH is only valid after ORDER BY, which the contract requires of `sql`. */
  limitOffset(sql, limit, offset) {
    checkPaging(limit, offset);
    if (limit === null && offset === 0) return sql;
    const offsetClause = `${sql} OFFSET ${offset} ROWS`;
    if (limit === null) return offsetClause;
    // FETCH NEXT 0 ROWS is an error (Msg 10744); TOP (0) over the ordered statement is not, and
    // the inner OFFSET keeps its ORDER BY legal inside a derived table.
    if (limit === 0) return `SELECT TOP (0) * FROM (${offsetClause}) AS [paged]`;
    return `${offsetClause} FETCH NEXT ${limit} ROWS ONLY`;
  },
  orderTerm: (expression, descending, nullsFirst) =>
    nullFlagOrderTerm(expression, descending, nullsFirst),
  versionStatement: 'SELECT @@VERSION',
  /**
   * Comparisons follow the column's collation (usually case-insensitive): none is forced
   * (spec §8.2.10). Note that SQL Server's `=` ignores trailing spaces whatever the collation.
   */
  comparableColumn(columnSql, column) {
    const cast = column.type === 'keyword' ? KEYWORD_CASTS[baseTypeName(column.remote_type)] : null;
    return cast ? `CAST(${columnSql} AS ${cast})` : columnSql;
  },
  comparableParameter(placeholder, column) {
    if (column.type !== 'date') return placeholder;
    return `CAST(${placeholder} AS ${column.zoned ? 'datetimeoffset(3)' : 'datetime2(3)'})`;
  },
  instantText: (epochMs) => `${new Date(epochMs).toISOString().replace('Z', '')}+00:00`,
  // `[` opens a character class in SQL Server's LIKE.
  patternText: (pattern) => likePatternText(pattern, '['),
  matchPattern: likeCondition,
};
