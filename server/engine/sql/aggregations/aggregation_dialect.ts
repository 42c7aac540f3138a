/**
 * The SQL that aggregations need and the databases spell differently: each database's dialect
 * (sql/dialects/) spells it as its `aggregations` member, beside the query-side spelling
 * (quoting, placeholders, comparable columns); this is only what GROUP BY statements add.
 *
 * Dates: every database computes epoch milliseconds of a stored value read as a UTC wall clock
 * (`naiveEpochMs`); turning wall clocks of a zone into instants and back is done with zone
 * offsets that TypeScript computes from the zone rules and writes as CASE expressions
 * (date_sql.ts), because MariaDB here has no zone tables, SQLite has no zones at all and SQL
 * Server knows only Windows zone names. PostgreSQL alone converts natively (`AT TIME ZONE`).
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SqlFragment } from '../sql_fragment';

export type CalendarUnit = 'month' | 'quarter' | 'year';
export type MidnightUnit = 'day' | 'week' | CalendarUnit;

export interface AggregationDialect {
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
   * Null, or null for a unit, where the arithmetic on epoch milliseconds has to do: it is the
   * general way, but on MariaDB and SQLite the database repeats the epoch expression for each of
   * its uses in the statement, which makes it several times slower than this.
   */
  readonly truncateWallClock:
    ((columnSql: string, comparable: string, unit: MidnightUnit) => string | null) | null;
  /** Zone conversions the database does itself (null: none); only PostgreSQL's `AT TIME ZONE`. */
  readonly zones: NativeZones | null;
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

/** An integer the engine computed, as SQL text; anything else is a bug, never user input. */
export function engineInteger(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a safe integer: ${n}`);
  return String(n);
}

/** `engineInteger`, cast to bigint past int32 where a bare literal would be typed otherwise. */
export function bigintLiteral(n: number): string {
  return Math.abs(n) > INT32_MAX ? `CAST(${engineInteger(n)} AS bigint)` : engineInteger(n);
}

/** `a` modulo `b` with the sign of `b` (Java's Math.floorMod), from the truncating `%`. */
export function floorModSql(a: string, b: string): string {
  return `(((${a}) % ${b}) + ${b}) % ${b}`;
}
