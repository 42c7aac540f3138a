/**
 * Date arithmetic for GROUP BY statements, in epoch milliseconds:
 * - `epochMsColumn`: the instant of a date column. PostgreSQL converts wall clocks with
 *   `AT TIME ZONE`; the other databases get the wall clock read as UTC minus the datasource
 *   zone's offset, a CASE over the offset periods of the values' range (offsets resolved as
 *   row_to_source.ts resolves them with luxon, so buckets agree with the `_source` dates).
 * - date_histogram keys, OpenSearch's rounding of that instant in the request's zone. Units of a
 *   day or more group by the local start of the unit (`nativeLocalStartColumn`: PostgreSQL's
 *   `date_trunc` of the column `AT TIME ZONE`, or MariaDB's and SQLite's date functions when
 *   wall clocks and buckets are both UTC; elsewhere `dateHistogramKeyColumn`, an offset CASE
 *   then arithmetic or calendar functions) and TypeScript turns each local start into its
 *   instant; shorter units and fixed intervals group by the bucket's instant itself, computed
 *   per offset period with the constants of date_rounding.ts, so the repeated hour of a DST
 *   fall-back stays two buckets, as in OpenSearch.
 * Values that need the range of the data (to know which offset periods to write) get it from
 * one MIN/MAX statement run first (see `rangeMeasure`).
 */
import { DateTime } from 'luxon';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SqlDialect } from '../dialect';
import { floorModSql, type AggregationDialect } from './aggregation_dialect';
import {
  floorMod,
  prepareWithoutOffset,
  roundsToMidnight,
  fixedLengthOf,
  Transition,
  type RoundingSpec,
} from './date_rounding';
import type { RowPipeline } from './row_pipeline';
import { bound, sql, type SqlFragment } from '../sql_fragment';
import { DAY_MS, type ZoneRules } from './zone_rules';

/** Inclusive bounds of a column's values in the unit its range statement measured. */
export interface ValueRange {
  min: number;
  max: number;
}

export interface DateSqlContext {
  dialect: SqlDialect;
  agg: AggregationDialect;
  /** The datasource's zone, in which wall-clock columns are stored. */
  store: ZoneRules;
  /** Ranges measured by the range statement, by field; null when the field has no value. */
  ranges: ReadonlyMap<string, ValueRange | null>;
}

/** How a date column's instant is computed, and what its range statement measures. */
interface EpochPlan {
  /** The instant, computed without knowing the range; null when an offset CASE is needed. */
  direct: SqlFragment | null;
  /** The wall clock read as UTC (for zoned columns, the instant). */
  naive: string;
}

function epochPlan(ctx: DateSqlContext, column: VirtualIndexColumn): EpochPlan {
  const columnSql = ctx.dialect.quoteIdentifier(column.name);
  const naive = ctx.agg.naiveEpochMs(ctx.dialect.comparableColumn(columnSql, column), column);
  if (column.zoned || (ctx.store.fixed && ctx.store.offsetAt(0) === 0))
    return { direct: naive, naive };
  const instant = storeInstant(ctx, column);
  return { direct: instant && ctx.agg.zones ? ctx.agg.zones.epochMs(instant) : null, naive };
}

/** The database's own instant of a column stored in the datasource zone; null: none. */
function storeInstant(ctx: DateSqlContext, column: VirtualIndexColumn): SqlFragment | null {
  const zones = ctx.agg.zones;
  if (!zones || (ctx.store.fixed && ctx.store.offsetAt(0) !== 0)) return null;
  const zone = ctx.store.ianaName;
  return zones.instant(ctx.dialect.quoteIdentifier(column.name), column, zone ? bound(zone) : null);
}

/** True when `nativeLocalStartColumn` applies: it needs no range statement. */
export function hasNativeLocalStart(
  ctx: DateSqlContext,
  column: VirtualIndexColumn,
  rounding: RoundingSpec
): boolean {
  const unit = rounding.unit;
  if (unit === undefined || !roundsToMidnight(unit)) return false;
  return storeInstant(ctx, column) !== null || wallClockStart(ctx, column, rounding) !== null;
}

/**
 * The database's own truncation of a date column to the local start of a day-or-longer unit in
 * the request's zone (a timestamp or date text, or local milliseconds; `localStartMs` reads
 * them): PostgreSQL's `date_trunc` in any zone, MariaDB's and SQLite's date functions when both
 * the stored wall clocks and the buckets are UTC. Null when the database or rounding cannot.
 */
export function nativeLocalStartColumn(
  pipeline: RowPipeline,
  ctx: DateSqlContext,
  column: VirtualIndexColumn,
  rounding: RoundingSpec
): string | null {
  const { unit, zone, offsetMs } = rounding;
  if (!unit || !roundsToMidnight(unit)) return null;
  const instant = storeInstant(ctx, column);
  if (!instant) {
    const start = wallClockStart(ctx, column, rounding);
    return start === null ? null : pipeline.add(start);
  }
  const shifted = offsetMs
    ? sql`(${instant} - INTERVAL '${ctx.agg.integer(offsetMs)} milliseconds')`
    : instant;
  // A fixed offset is an interval for AT TIME ZONE (east positive, unlike POSIX zone names).
  const zoneSql = zone.ianaName
    ? bound(zone.ianaName)
    : `INTERVAL '${ctx.agg.integer(zone.offsetAt(0))} milliseconds'`;
  return pipeline.add(ctx.agg.zones!.truncate(shifted, zoneSql, unit));
}

/**
 * The unit's start from the stored wall clock itself, when that wall clock read as UTC is the
 * instant (UTC storage, or an instant column) and buckets are UTC days, weeks, months or years
 * without `offset`: then the UTC start is the wall clock's own, which date functions give.
 */
function wallClockStart(
  ctx: DateSqlContext,
  column: VirtualIndexColumn,
  rounding: RoundingSpec
): string | null {
  const { unit, zone, offsetMs } = rounding;
  const truncate = ctx.agg.truncateWallClock;
  if (!truncate || !unit || !roundsToMidnight(unit) || offsetMs !== 0) return null;
  if (!zone.fixed || zone.offsetAt(0) !== 0) return null;
  if (!column.zoned && !(ctx.store.fixed && ctx.store.offsetAt(0) === 0)) return null;
  const columnSql = ctx.dialect.quoteIdentifier(column.name);
  return truncate(columnSql, ctx.dialect.comparableColumn(columnSql, column), unit);
}

/** Local milliseconds of a grouped local start: a number, or timestamp text (PostgreSQL). */
export function localStartMs(grouped: unknown): number {
  if (typeof grouped === 'string' && !/^-?\d+(\.\d+)?$/.test(grouped)) {
    return DateTime.fromSQL(grouped, { zone: 'utc' }).toMillis();
  }
  return Number(grouped);
}

/**
 * What the range statement selects MIN and MAX of, for a date column: the instant when the
 * database computes it alone, else the naive wall clock (an offset away from the instant).
 */
export function rangeMeasure(ctx: DateSqlContext, column: VirtualIndexColumn): SqlFragment {
  const plan = epochPlan(ctx, column);
  return plan.direct ?? plan.naive;
}

/** True when the instant of the column needs the range statement first. */
export function epochNeedsRange(ctx: DateSqlContext, column: VirtualIndexColumn): boolean {
  return epochPlan(ctx, column).direct === null;
}

/** Widest offset a zone can have; instants lie within it of their wall clocks. */
const MAX_OFFSET_MS = 18 * 3_600_000;

/** The instants the values of a field can have, from what the range statement measured. */
export function instantRange(
  ctx: DateSqlContext,
  column: VirtualIndexColumn,
  field: string
): ValueRange | null {
  const range = ctx.ranges.get(field);
  if (!range) return null;
  if (!epochNeedsRange(ctx, column)) return range;
  return { min: range.min - MAX_OFFSET_MS, max: range.max + MAX_OFFSET_MS };
}

/** A CASE choosing `pieces[i]` for `x` in [breakpoints[i-1], breakpoints[i]), bisecting. */
export function piecewise(
  agg: AggregationDialect,
  x: string,
  breakpoints: readonly number[],
  pieces: readonly string[]
): string {
  const build = (lo: number, hi: number): string => {
    if (lo === hi) return pieces[lo];
    const mid = (lo + hi + 1) >> 1;
    return `CASE WHEN ${x} < ${literal(agg, breakpoints[mid - 1])} THEN ${build(lo, mid - 1)} ELSE ${build(mid, hi)} END`;
  };
  return build(0, pieces.length - 1);
}

/** An engine-computed integer; negative ones parenthesised so `x + -1` never becomes `x --1`. */
export function literal(agg: AggregationDialect, n: number): string {
  const text = agg.integer(n);
  return n < 0 ? `(${text})` : text;
}

/**
 * The offset (instant = wall clock - offset) the datasource zone gives each wall clock in
 * [min, max], as luxon resolves wall clocks for row_to_source.ts: a gap's clocks move forward,
 * an overlap's take the offset luxon picks. Pieces change only at transition wall clocks.
 */
function wallClockOffsets(store: ZoneRules, min: number, max: number) {
  // fromObject resolves a local time exactly as the fromSQL of row_to_source.ts does.
  const instantOf = (wall: number) => {
    const d = new Date(wall);
    return DateTime.fromObject(
      {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
        second: d.getUTCSeconds(),
        millisecond: d.getUTCMilliseconds(),
      },
      { zone: store.zone }
    ).toMillis();
  };
  const candidates = new Set<number>();
  for (const t of store.transitionsBetween(min - 2 * DAY_MS, max + 2 * DAY_MS)) {
    candidates.add(t.at + t.before);
    candidates.add(t.at + t.after);
  }
  const starts = [...candidates].sort((a, b) => a - b);
  const breakpoints: number[] = [];
  const offsets = [min - 2 * DAY_MS - instantOf(min - 2 * DAY_MS)];
  for (const start of starts) {
    const offset = start - instantOf(start);
    if (offset === offsets[offsets.length - 1]) continue;
    breakpoints.push(start);
    offsets.push(offset);
  }
  return { breakpoints, offsets };
}

/** Adds the instant (epoch ms, an integer) of a date column to the rows; returns its alias. */
export function epochMsColumn(
  pipeline: RowPipeline,
  ctx: DateSqlContext,
  column: VirtualIndexColumn,
  field: string
): string {
  const plan = epochPlan(ctx, column);
  if (plan.direct) return pipeline.add(plan.direct);
  const naive = pipeline.add(plan.naive);
  const range = ctx.ranges.get(field);
  const { breakpoints, offsets } = range
    ? wallClockOffsets(ctx.store, range.min, range.max)
    : { breakpoints: [], offsets: [ctx.store.offsetAt(0)] };
  const ref = pipeline.ref(naive);
  const offset = piecewise(
    ctx.agg,
    ref,
    breakpoints,
    offsets.map((o) => literal(ctx.agg, o))
  );
  return pipeline.add(`${ref} - ${offsets.length === 1 ? offset : `(${offset})`}`, [naive]);
}

export type DateKeyKind = 'instant' | 'local';

/**
 * Adds the date_histogram grouping column over the instant column `epoch`, without the
 * rounding's `offset` (keys get it back in TypeScript). `kind` says what the values are:
 * bucket instants, or local starts of units that `firstInstantOf` turns into instants.
 */
export function dateHistogramKeyColumn(
  pipeline: RowPipeline,
  ctx: DateSqlContext,
  epoch: string,
  rounding: RoundingSpec,
  range: ValueRange | null
): { alias: string; kind: DateKeyKind } {
  const { agg } = ctx;
  const shifted =
    rounding.offsetMs === 0
      ? epoch
      : pipeline.add(`${pipeline.ref(epoch)} - ${literal(agg, rounding.offsetMs)}`, [epoch]);
  const u = pipeline.ref(shifted);
  const min = (range?.min ?? 0) - rounding.offsetMs - 2 * DAY_MS;
  const max = (range?.max ?? 0) - rounding.offsetMs + 2 * DAY_MS;
  const zone = rounding.zone;
  const unit = rounding.unit;

  if (unit && roundsToMidnight(unit)) {
    const transitions = zone.transitionsBetween(min, max);
    const offsets = [transitions.length ? transitions[0].before : zone.offsetAt(min)].concat(
      transitions.map((t) => t.after)
    );
    const offset = piecewise(
      agg,
      u,
      transitions.map((t) => t.at),
      offsets.map((o) => literal(agg, o))
    );
    const local =
      offsets.length === 1 && offsets[0] === 0
        ? shifted
        : pipeline.add(`${u} + ${offsets.length === 1 ? offset : `(${offset})`}`, [shifted]);
    const l = pipeline.ref(local);
    const start =
      unit === 'day'
        ? `${l} - ${floorModSql(l, agg.integer(DAY_MS))}`
        : unit === 'week'
          ? // Epoch day 0 was a Thursday: weeks start three days later in the cycle.
            `${l} - ${floorModSql(`${l} + ${agg.integer(3 * DAY_MS)}`, agg.integer(7 * DAY_MS))}`
          : agg.truncateLocalMs(l, unit);
    return { alias: pipeline.add(start, [local]), kind: 'local' };
  }

  const interval = fixedLengthOf(rounding)!;
  const iv = agg.integer(interval);
  const general = (offset: number) => `${u} - ${floorModSql(`${u} + ${literal(agg, offset)}`, iv)}`;
  const prepared = prepareWithoutOffset(rounding, min, max);
  const periods = prepared.lookup.offsets;
  const pieces = periods.map((period) => {
    if (!(period instanceof Transition)) return general(period.millis);
    // Values whose local rounding falls before the period's first local time are rounded by
    // OpenSearch's gap/overlap strategy: for them (up to `end`) the key is that of its start.
    const firstLocal = period.startUtc + period.millis;
    const end = firstLocal + floorMod(-firstLocal, interval) - period.millis;
    if (end <= period.startUtc) return general(period.millis);
    const key = prepared.round(period.startUtc);
    return `CASE WHEN ${u} < ${literal(agg, end)} THEN ${literal(agg, key)} ELSE ${general(period.millis)} END`;
  });
  const breakpoints = periods.slice(1).map((p) => (p as Transition).startUtc);
  return {
    alias: pipeline.add(piecewise(agg, u, breakpoints, pieces), [shifted]),
    kind: 'instant',
  };
}
