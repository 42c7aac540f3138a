import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { AggregationDialect } from './aggregations/aggregation_dialect';
import type { ParameterStyle, SqlFragment } from './sql_fragment';

/**
 * One piece of a prefix or wildcard pattern: literal text, any run of characters (`*`), or
 * exactly one character (`?`). Dialects spell these in LIKE or GLOB syntax.
 */
export type PatternPart =
  { kind: 'literal'; text: string } | { kind: 'anyString' } | { kind: 'anyChar' };

/**
 * Every SQL spelling of one database, in one object per database (sql/dialects/, one file each,
 * listed in sql/dialects/index.ts): identifier quoting, placeholders, paging, how queries compare
 * and how aggregations compute. Statements are built from these pieces so that every value is a
 * bound parameter and every identifier is quoted; nothing else asks which database it is, so a
 * new database is one more object the compiler checks member by member.
 */
export interface SqlDialect extends ParameterStyle {
  readonly name: 'postgres' | 'mysql' | 'sqlserver' | 'sqlite';
  /** Quotes one identifier, doubling any quote character inside it. */
  quoteIdentifier(identifier: string): string;
  /**
   * Most bound parameters one statement may carry: PostgreSQL's and MySQL's protocols count
   * them in 16 bits (65,535), SQLite's SQLITE_MAX_VARIABLE_NUMBER is 32,766 (better-sqlite3's
   * build), SQL Server takes 2,100 per call.
   */
  readonly maxParameters: number;
  /**
   * `columnSql` (the column's quoted identifier) equals one of `values` (at least one, each
   * already a bound value for `column`). The dialect compares the column as queries do
   * (`comparableColumn`), or as its own type where that keeps its index usable: a PostgreSQL or
   * MariaDB uuid column is compared as a uuid with the keys that are canonical uuid text (the
   * others match no row). `1 = 0` when no key can match. PostgreSQL binds one array
   * (`= ANY($1)`, hashed; long lists planned without parallel workers); MySQL/MariaDB, SQLite
   * and SQL Server an `IN` list for a short list and one JSON parameter (`JSON_TABLE`,
   * `json_each`, `OPENJSON`) for a longer one, so no list is bounded by the parameter limit.
   */
  anyOf(expression: string, values: readonly unknown[], column: VirtualIndexColumn): SqlFragment;
  /** How many parameters `anyOf` binds for a list of `count` values of `column`. */
  anyOfParameters(count: number, column: VirtualIndexColumn): number;
  /**
   * False where no text value can contain U+0000 (PostgreSQL): a value with one must then be
   * decided without sending it, as the server refuses it in any parameter.
   */
  readonly textHoldsNul: boolean;
  /** Appends paging to a statement that already has ORDER BY (SQL Server needs one). */
  limitOffset(sql: SqlFragment, limit: number | null, offset: number): SqlFragment;
  /**
   * The ORDER BY of a paged statement that asks for no order: empty, or an order that costs
   * nothing where the database pages only ordered statements (SQL Server's
   * ` ORDER BY (SELECT NULL)`).
   */
  readonly arbitraryOrder: string;
  /** `expression` (a timestamp) plus `seconds` whole seconds, a number the engine computed. */
  plusSeconds(expression: string, seconds: number): string;
  /** The bound value of a boolean: a real boolean, or 1/0 where booleans are integers. */
  booleanValue(truth: boolean): boolean | number;
  /**
   * True where LIKE and GLOB stop reading a pattern at U+0000 (SQLite), so that a pattern
   * holding one needs byte-exact conditions beside it.
   */
  readonly patternStopsAtNul: boolean;
  /**
   * How the database sizes integer columns: SQL Server's `tinyint` is unsigned (MySQL's is
   * signed unless declared otherwise); every SQLite integer is 64-bit whatever its declared type.
   */
  readonly integers: { tinyintUnsigned: boolean; always64Bit: boolean };
  /** A trivial statement that proves the connection works and returns the server's version. */
  readonly versionStatement: string;
  /**
   * One ORDER BY term with NULLs first or last. PostgreSQL and SQLite say `NULLS FIRST|LAST`
   * (which an index can serve); MySQL and SQL Server need a leading IS NULL flag.
   */
  orderTerm(expression: string, descending: boolean, nullsFirst: boolean): string;

  // --- Query translation (see sql/query_translator.ts) ---

  /**
   * The expression that queries compare for `column` (given as its quoted identifier): the
   * column itself, or a conversion where the raw column would compare unlike the index field,
   * e.g. SQLite date text normalised so `2024-02-29` equals `2024-02-29 00:00:00`, or a
   * PostgreSQL uuid read as text so that any keyword can be compared without a type error.
   */
  comparableColumn(columnSql: string, column: VirtualIndexColumn): string;
  /**
   * The SQL for a bound value compared with `comparableColumn(column)`: the placeholder, cast
   * where the database would otherwise infer a type from the column that the value may not
   * fit (PostgreSQL types `int4_col = $1` as int4; a date string must become a timestamp).
   */
  comparableParameter(placeholder: string, column: VirtualIndexColumn): string;
  /**
   * How an instant is written as the parameter for a zoned date column (`timestamptz`,
   * MySQL `TIMESTAMP`, `datetimeoffset`).
   */
  instantText(epochMs: number): string;
  /** The bound text of a pattern for `matchPattern`, escaped for the operator it uses. */
  patternText(pattern: readonly PatternPart[], caseInsensitive: boolean): string;
  /**
   * `expression` matches the pattern bound at `placeholder` (see `patternText`). Case-sensitive
   * unless `caseInsensitive`, as far as the database's collation allows.
   */
  matchPattern(expression: string, placeholder: string, caseInsensitive: boolean): string;

  // --- Aggregations (see sql/aggregations/) ---

  /** What GROUP BY statements spell on top of the above. */
  readonly aggregations: AggregationDialect;
}
