/**
 * The SQL spelling of one database: identifier quoting, placeholders, paging. Statements are
 * built from these pieces so that every value is a bound parameter and every identifier is quoted.
 */
export interface SqlDialect {
  readonly name: 'postgres' | 'mysql' | 'sqlserver' | 'sqlite';
  /** Quotes one identifier, doubling any quote character inside it. */
  quoteIdentifier(identifier: string): string;
  /** The placeholder of the 1-based parameter `index`: `$1`, `?`, `@p1`. */
  placeholder(index: number): string;
  /** Appends paging to a statement that already has ORDER BY (SQL Server needs one). */
  limitOffset(sql: string, limit: number | null, offset: number): string;
  /** A trivial statement that proves the connection works and returns the server's version. */
  readonly versionStatement: string;
}
