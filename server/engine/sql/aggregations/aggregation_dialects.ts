/**
 * The SQL that aggregations need and the four databases spell differently, keyed by
 * `SqlDialect.name`. The query-side spelling (quoting, placeholders, comparable columns) stays in
 * the SqlDialect; this is only what GROUP BY statements add on top of it.
 *
 * Dates: every database computes epoch milliseconds of a stored value read as a UTC wall clock
 * (`naiveEpochMs`); turning wall clocks of a zone into instants and back is done with zone
 * offsets that TypeScript computes from the zone rules and writes as CASE expressions
 * (date_sql.ts), because MariaDB here has no zone tables, SQLite has no zones at all and SQL
 * Server knows only Windows zone names. PostgreSQL alone converts natively (`AT TIME ZONE`).
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SqlDialect } from '../dialect';
import { sql, type SqlFragment } from './sql_fragment';

export type CalendarUnit = 'month' | 'quarter' | 'year';
export type MidnightUnit = 'day' | 'week' | CalendarUnit;

export interface AggregationDialect {
  readonly name: SqlDialect['name'];
  /**
   * An integer the engine computed (a zone offset, a bucket width, a transition instant; never
   * user text), written so that arithmetic on it stays in 64-bit integers.
   */
  integer(n: number): string;
  /** The value as an IEEE double, so that histogram arithmetic rounds as Java's doubles do. */
  toDouble(expr: SqlFragment): SqlFragment;
  /** SUM of a long column that cannot overflow the column's own type. */
  sumLong(expr: string): string;
  /** A boolean (as `comparableColumn` gives it) as 1, 0 or NULL. */
  booleanAsInt(comparable: string): string;
  /** The text ordered by its bytes, which is how OpenSearch orders keyword terms. */
  byteOrdered(expr: string): string;
  /**
   * Epoch milliseconds (an integer) of a date read as a UTC wall clock; for zoned columns
   * (instants) that is the instant itself. `comparable` is `comparableColumn` of the column.
   */
  naiveEpochMs(comparable: string, column: VirtualIndexColumn): string;
  /**
   * Local milliseconds (a wall clock read as UTC) of the start of the calendar unit containing
   * the local milliseconds `localMs`.
   */
  truncateLocalMs(localMs: string, unit: CalendarUnit): string;
  /**
   * The start of the day-or-longer unit containing a date whose wall clock, read as UTC, is the
   * local time wanted (UTC storage, or an instant column, bucketed in UTC): local milliseconds or
   * date text, as `localStartMs` reads them, and NULL for a value that is no valid date, exactly
   * where `naiveEpochMs` is NULL. `columnSql` is the column, `comparable` its `comparableColumn`.
   * Absent, or null for a unit, where the arithmetic on epoch milliseconds has to do: it is the
   * general way, but on MariaDB and SQLite the database repeats the epoch expression for each of
   * its uses in the statement, which makes it several times slower than this.
   */
  truncateWallClock?(columnSql: string, comparable: string, unit: MidnightUnit): string | null;
  /** Zone conversions the database does itself; only PostgreSQL has them (`AT TIME ZONE`). */
  zones?: NativeZones;
}

export interface NativeZones {
  /**
   * The instant of a date column as a timestamp-with-zone value: a wall-clock column read in the
   * IANA zone bound by `zone` (null: UTC).
   */
  instant(columnSql: string, column: VirtualIndexColumn, zone: SqlFragment | null): SqlFragment;
  /** Epoch milliseconds (an integer) of an `instant`. */
  epochMs(instant: SqlFragment): SqlFragment;
  /**
   * The local start (a timestamp without zone) of the unit containing `instant` in `zone` (a
   * bound IANA name, or an interval for a fixed offset).
   */
  truncate(instant: SqlFragment, zone: SqlFragment, unit: MidnightUnit): SqlFragment;
}

const INT32_MAX = 2 ** 31 - 1;

function checkInteger(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
  return String(n);
}

const postgres: AggregationDialect = {
  name: 'postgres',
  integer: checkInteger,
  toDouble: (expr) => sql`CAST(${expr} AS double precision)`,
  sumLong: (expr) => `SUM(${expr})`,
  booleanAsInt: (comparable) => `CAST(${comparable} AS integer)`,
  // The "C" collation compares the UTF-8 bytes; text first, as enums and citext have their own.
  byteOrdered: (expr) => `CAST(${expr} AS text) COLLATE "C"`,
  naiveEpochMs: (comparable) => `CAST(FLOOR(EXTRACT(EPOCH FROM ${comparable}) * 1000) AS bigint)`,
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

const DAY_MS = 86_400_000;
/** TO_DAYS('1970-01-01'). */
const MYSQL_EPOCH_DAYS = 719_528;

/** MySQL/MariaDB: `1970-01-01` plus seconds, which works before 1970 (FROM_UNIXTIME does not). */
function mysqlLocalDate(localMs: string): string {
  return `DATE_ADD('1970-01-01', INTERVAL FLOOR(${localMs} / 1000) SECOND)`;
}

const mysql: AggregationDialect = {
  name: 'mysql',
  integer: checkInteger,
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
};

/** SQLite: the local milliseconds as an SQLite time value. */
function sqliteUnixepoch(localMs: string, format: string): string {
  return `strftime('${format}', ${localMs} / 1000.0, 'unixepoch')`;
}

function sqliteEpochMs(dateText: string): string {
  return `CAST(ROUND((julianday(${dateText}) - 2440587.5) * 86400000.0) AS INTEGER)`;
}

const sqlite: AggregationDialect = {
  name: 'sqlite',
  integer: checkInteger,
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
};

const SQLSERVER_EPOCH = `CAST('1970-01-01' AS datetime2)`;

const sqlServer: AggregationDialect = {
  name: 'sqlserver',
  // An integer literal beyond int32 is typed numeric in T-SQL; keep the arithmetic in bigint.
  integer: (n) =>
    Math.abs(n) > INT32_MAX ? `CAST(${checkInteger(n)} AS bigint)` : checkInteger(n),
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
};

const DIALECTS: Record<SqlDialect['name'], AggregationDialect> = {
  postgres,
  mysql,
  sqlite,
  sqlserver: sqlServer,
};

export function aggregationDialect(dialect: SqlDialect): AggregationDialect {
  return DIALECTS[dialect.name];
}

/** `a` modulo `b` with the sign of `b` (Java's Math.floorMod), from the truncating `%`. */
export function floorModSql(a: string, b: string): string {
  return `(((${a}) % ${b}) + ${b}) % ${b}`;
}
