import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { bigintLiteral, type AggregationDialect } from '../aggregations/aggregation_dialect';
import type { SqlDialect } from '../dialect';
import { bound, sql } from '../sql_fragment';
import { checkPlaceholderIndex, quoteWith } from './identifier_quoting';
import { inList, jsonArrayText } from './key_list_forms';
import { likeCondition, likePatternText } from './like_patterns';
import { nullFlagOrderTerm } from './null_ordering';
import { checkPaging } from './paging';
import { baseTypeName, integerTypeName } from './type_names';

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

const SQLSERVER_EPOCH = `CAST('1970-01-01' AS datetime2)`;

const sqlServerAggregations: AggregationDialect = {
  // An integer literal beyond int32 is typed numeric in T-SQL; keep the arithmetic in bigint.
  integer: bigintLiteral,
  toDouble: (expr) => sql`CAST(${expr} AS float)`,
  // SUM(int) is an int and overflows at 2^31; DECIMAL(38,0) holds any sum of bigints.
  sumLong: (expr) => `SUM(CAST(${expr} AS decimal(38, 0)))`,
  booleanAsInt: (comparable) => `CAST(${comparable} AS int)`,
  byteOrdered: (expr) => `${expr} COLLATE Latin1_General_BIN2`,
  naiveEpochMs: (comparable, column) =>
    column.zoned
      ? `DATEDIFF_BIG(millisecond, CAST('1970-01-01T00:00:00+00:00' AS datetimeoffset), ${comparable})`
      : `DATEDIFF_BIG(millisecond, ${SQLSERVER_EPOCH}, ${comparable})`,
  truncateLocalMs(localMs, unit) {
    // Whole days since 1970, floored (T-SQL's `/` truncates towards zero).
    const days = `(${localMs} - ((${localMs} % 86400000) + 86400000) % 86400000) / 86400000`;
    // DATEADD takes an int: days since 1970 always fit.
    const date = `DATEADD(day, CAST(${days} AS int), CAST('1970-01-01' AS date))`;
    const start =
      unit === 'month'
        ? `DATEFROMPARTS(YEAR(${date}), MONTH(${date}), 1)`
        : unit === 'quarter'
          ? `DATEFROMPARTS(YEAR(${date}), (DATEPART(quarter, ${date}) - 1) * 3 + 1, 1)`
          : `DATEFROMPARTS(YEAR(${date}), 1, 1)`;
    return `DATEDIFF_BIG(millisecond, ${SQLSERVER_EPOCH}, CAST(${start} AS datetime2))`;
  },
  truncateWallClock: null,
  zones: null,
};

export const sqlServerDialect: SqlDialect = {
  name: 'sqlserver',
  displayName: 'SQL Server',
  quoteIdentifier: (identifier) => quoteWith('[', ']', identifier),
  placeholder: (index) => `@p${checkPlaceholderIndex(index)}`,
  maxParameters: 2_100,
  anyOf(columnSql, values, column) {
    const expression = sqlServerDialect.comparableColumn(columnSql, column);
    if (values.length <= SQLSERVER_SHORT_LIST) {
      return inList(expression, values, (placeholder) =>
        sqlServerDialect.comparableParameter(placeholder, column)
      );
    }
    // One JSON parameter however long the list (SQL Server 2016+), as EF Core sends lists.
    const type = OPENJSON_TYPES[column.type](column);
    return sql`${expression} IN (SELECT [v] FROM OPENJSON(${bound(jsonArrayText(values))}) WITH ([v] ${type} '$'))`;
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
  limitOffset(statement, limit, offset) {
    checkPaging(limit, offset);
    if (limit === null && offset === 0) return statement;
    const offsetClause = sql`${statement} OFFSET ${String(offset)} ROWS`;
    if (limit === null) return offsetClause;
    // FETCH NEXT 0 ROWS is an error (Msg 10744); TOP (0) over the ordered statement is not, and
    // the inner OFFSET keeps its ORDER BY legal inside a derived table.
    if (limit === 0) return sql`SELECT TOP (0) * FROM (${offsetClause}) AS [paged]`;
    return sql`${offsetClause} FETCH NEXT ${String(limit)} ROWS ONLY`;
  },
  orderTerm: (expression, descending, nullsFirst) =>
    nullFlagOrderTerm(expression, descending, nullsFirst),
  versionStatement: 'SELECT @@VERSION',
  /**
   * Comparisons follow the column's collation (usually case-insensitive): none is forced
   * (docs/api/interface.md §8.2.10). Note that SQL Server's `=` ignores trailing spaces whatever the collation.
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
  aggregations: sqlServerAggregations,
};
