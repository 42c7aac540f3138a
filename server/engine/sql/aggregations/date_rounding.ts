/**
 * OpenSearch's date rounding (org.opensearch.common.Rounding and LocalTimeOffset), ported so that
 * bucket keys, empty buckets and extended bounds land exactly where OpenSearch puts them across
 * DST changes: calendar units ("month") and fixed intervals ("90m"), in a time zone, with an
 * offset. The SQL side (date_sql.ts) groups rows by the same keys; this module supplies the
 * per-offset-period constants it needs and everything computed in TypeScript.
 */
import { DAY_MS, ZoneRules } from './zone_rules';

export type CalendarUnitName =
  'second' | 'minute' | 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface RoundingSpec {
  /** A calendar unit, or else... */
  unit?: CalendarUnitName;
  /** ...a fixed interval in milliseconds. */
  intervalMs?: number;
  zone: ZoneRules;
  /** The aggregation's `offset` in milliseconds. */
  offsetMs: number;
}

export interface PreparedRounding {
  round(utcMs: number): number;
  nextRoundingValue(utcMs: number): number;
}

const HOUR_MS = 3_600_000;
const UNIT_MS: Partial<Record<CalendarUnitName, number>> = {
  second: 1000,
  minute: 60_000,
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
};
const EXTRA_LOOKUP_MS: Record<CalendarUnitName, number> = {
  second: 1000,
  minute: 60_000,
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 31 * DAY_MS,
  quarter: 92 * DAY_MS,
  year: 366 * DAY_MS,
};

export type MidnightUnitName = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** Units longer than an hour round to a local midnight. */
export function roundsToMidnight(unit: CalendarUnitName): unit is MidnightUnitName {
  return unit !== 'second' && unit !== 'minute' && unit !== 'hour';
}

/** The unit's length, for units of a fixed length (not month, quarter, year). */
export function unitMillis(unit: CalendarUnitName): number | undefined {
  return UNIT_MS[unit];
}

export function floorMod(a: number, b: number): number {
  return ((a % b) + b) % b;
}

/** DateUtils.roundFloor */
function roundFloor(ms: number, unitMs: number): number {
  return ms - floorMod(ms, unitMs);
}

/** The start of the unit containing local milliseconds `localMs` (DateTimeUnit.roundFloor). */
export function truncateLocal(localMs: number, unit: CalendarUnitName): number {
  switch (unit) {
    case 'week':
      // Epoch day 0 was a Thursday; weeks start on Monday.
      return roundFloor(localMs + 3 * DAY_MS, 7 * DAY_MS) - 3 * DAY_MS;
    case 'month':
    case 'quarter':
    case 'year': {
      const date = new Date(localMs);
      const month = date.getUTCMonth();
      const start = unit === 'month' ? month : unit === 'quarter' ? month - (month % 3) : 0;
      return utcDate(date.getUTCFullYear(), start, 1);
    }
    default:
      return roundFloor(localMs, UNIT_MS[unit]!);
  }
}

function utcDate(year: number, month: number, day: number): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are.
  date.setUTCFullYear(year, month, day);
  return date.getTime();
}

/** Local midnight `localMs` plus one unit (JavaTimeToMidnightRounding.nextRelevantMidnight). */
function nextLocalMidnight(localMs: number, unit: CalendarUnitName): number {
  if (unit === 'day' || unit === 'week') return localMs + UNIT_MS[unit]!;
  const date = new Date(localMs);
  const months = unit === 'month' ? 1 : unit === 'quarter' ? 3 : 12;
  return utcDate(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
}

/**
 * The earliest instant of a local midnight: its earlier offset in an overlap, the transition in a
 * gap (JavaTimeToMidnightRounding.firstTimeOnDay). Also what ToMidnightRounding gives a rounded
 * local time, whatever offset period the rounded value came from.
 */
export function firstInstantOf(localMs: number, zone: ZoneRules): number {
  const offsets = zone.validOffsets(localMs);
  if (offsets.length > 0) return localMs - offsets[0];
  return zone.gapTransition(localMs).at;
}

// ---------------------------------------------------------------------------------------------
// LocalTimeOffset

interface Strategy {
  inGap(localMs: number, gap: Gap): number;
  beforeGap(localMs: number, gap: Gap): number;
  inOverlap(localMs: number, overlap: Overlap): number;
  beforeOverlap(localMs: number, overlap: Overlap): number;
}

export abstract class LocalTimeOffset {
  constructor(readonly millis: number) {}
  utcToLocal(utcMs: number): number {
    return utcMs + this.millis;
  }
  localToUtcInThisOffset(localMs: number): number {
    return localMs - this.millis;
  }
  abstract localToUtc(localMs: number, strategy: Strategy): number;
}

class NoPrevious extends LocalTimeOffset {
  localToUtc(localMs: number): number {
    return this.localToUtcInThisOffset(localMs);
  }
}

export abstract class Transition extends LocalTimeOffset {
  constructor(
    millis: number,
    readonly previous: LocalTimeOffset,
    readonly startUtc: number
  ) {
    super(millis);
  }
}

class Gap extends Transition {
  constructor(
    millis: number,
    previous: LocalTimeOffset,
    startUtc: number,
    readonly firstMissingLocal: number,
    readonly firstLocalAfterGap: number
  ) {
    super(millis, previous, startUtc);
  }
  localToUtc(localMs: number, strategy: Strategy): number {
    if (localMs >= this.firstLocalAfterGap) return this.localToUtcInThisOffset(localMs);
    if (localMs >= this.firstMissingLocal) return strategy.inGap(localMs, this);
    return strategy.beforeGap(localMs, this);
  }
}

class Overlap extends Transition {
  constructor(
    millis: number,
    previous: LocalTimeOffset,
    startUtc: number,
    readonly firstOverlappingLocal: number,
    readonly firstNonOverlappingLocal: number
  ) {
    super(millis, previous, startUtc);
  }
  localToUtc(localMs: number, strategy: Strategy): number {
    if (localMs >= this.firstNonOverlappingLocal) return this.localToUtcInThisOffset(localMs);
    if (localMs >= this.firstOverlappingLocal) return strategy.inOverlap(localMs, this);
    return strategy.beforeOverlap(localMs, this);
  }
}

/** The offset periods of a zone over a range (LocalTimeOffset.Lookup). */
export class OffsetLookup {
  /** offsets[0] has no previous; offsets[i] starts at starts[i - 1]. */
  readonly offsets: LocalTimeOffset[];
  private readonly starts: number[];

  constructor(zone: ZoneRules, minUtc: number, maxUtc: number) {
    const transitions = zone.transitionsBetween(minUtc, maxUtc);
    const first = transitions.length ? transitions[0].before : zone.offsetAt(minUtc);
    this.offsets = [new NoPrevious(first)];
    this.starts = [];
    for (const t of transitions) {
      const previous = this.offsets[this.offsets.length - 1];
      this.offsets.push(
        t.after > t.before
          ? new Gap(t.after, previous, t.at, t.at + t.before, t.at + t.after)
          : new Overlap(t.after, previous, t.at, t.at + t.after, t.at + t.before)
      );
      this.starts.push(t.at);
    }
  }

  lookup(utcMs: number): LocalTimeOffset {
    let lo = 0;
    let hi = this.starts.length;
    // The number of starts <= utcMs is the index of the containing offset.
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid] <= utcMs) lo = mid + 1;
      else hi = mid;
    }
    return this.offsets[lo];
  }

  /** The offset if it is the same all over [minUtc, maxUtc], else null. */
  fixedInRange(minUtc: number, maxUtc: number): LocalTimeOffset | null {
    const offset = this.lookup(maxUtc);
    const start = offset instanceof Transition ? offset.startUtc : -Infinity;
    return start <= minUtc ? offset : null;
  }
}

// ---------------------------------------------------------------------------------------------
// Time unit rounding (calendar_interval)

function prepareTimeUnit(
  unit: CalendarUnitName,
  zone: ZoneRules,
  minUtc: number,
  maxUtc: number
): PreparedRounding & { lookup: OffsetLookup } {
  const midnight = roundsToMidnight(unit);
  const unitMs = UNIT_MS[unit] ?? 0;
  const minLookup = minUtc - EXTRA_LOOKUP_MS[unit];
  const maxLookup = midnight ? maxUtc : maxUtc + 2 * unitMs;
  const lookup = new OffsetLookup(zone, minLookup, maxLookup);
  const fixed = lookup.fixedInRange(minLookup, maxLookup);
  const javaNextMidnight = (utcMs: number) => {
    const local = truncateLocal(utcMs + zone.offsetAt(utcMs), unit);
    return firstInstantOf(nextLocalMidnight(local, unit), zone);
  };
  if (fixed) {
    const round = (utcMs: number) =>
      fixed.localToUtcInThisOffset(truncateLocal(fixed.utcToLocal(utcMs), unit));
    return {
      lookup,
      round,
      nextRoundingValue: midnight ? javaNextMidnight : (utcMs) => round(utcMs + unitMs),
    };
  }
  if (midnight) {
    const strategy: Strategy = {
      inGap: (_local, gap) => gap.startUtc,
      beforeGap: (local, gap) => gap.previous.localToUtc(local, strategy),
      inOverlap: (local, overlap) => overlap.previous.localToUtc(local, strategy),
      beforeOverlap: (local, overlap) => overlap.previous.localToUtc(local, strategy),
    };
    return {
      lookup,
      round(utcMs) {
        const offset = lookup.lookup(utcMs);
        return offset.localToUtc(truncateLocal(offset.utcToLocal(utcMs), unit), strategy);
      },
      nextRoundingValue: javaNextMidnight,
    };
  }
  const strategy: Strategy = {
    // Round from just before the start of the gap.
    inGap: (_local, gap) =>
      gap.previous.localToUtc(truncateLocal(gap.firstMissingLocal - 1, unit), strategy),
    beforeGap: (local, gap) => strategy.inGap(local, gap),
    inOverlap: (local, overlap) => overlap.localToUtcInThisOffset(local),
    beforeOverlap: (local, overlap) =>
      overlap.firstNonOverlappingLocal - overlap.firstOverlappingLocal >= unitMs
        ? overlap.localToUtcInThisOffset(local)
        : overlap.previous.localToUtc(local, strategy),
  };
  const round = (utcMs: number) => {
    const offset = lookup.lookup(utcMs);
    return offset.localToUtc(truncateLocal(offset.utcToLocal(utcMs), unit), strategy);
  };
  return {
    lookup,
    round,
    nextRoundingValue(utcMs) {
      const next = round(utcMs + unitMs);
      return utcMs < next ? next : round(utcMs + 2 * unitMs);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Time interval rounding (fixed_interval)

/** roundKey(value, interval) * interval: the largest multiple of the interval <= value. */
function roundDown(value: number, interval: number): number {
  return value - floorMod(value, interval);
}

/** TimeIntervalRounding.JavaTimeRounding: java.time's rules directly, for any instant. */
function javaTimeIntervalRounding(interval: number, zone: ZoneRules): PreparedRounding {
  const round = (utcMs: number): number => {
    const rounded = roundDown(utcMs + zone.offsetAt(utcMs), interval);
    const offsets = zone.validOffsets(rounded);
    if (offsets.length === 0) return zone.gapTransition(rounded).at;
    // A transition after the rounded time only matters when it lies within the interval.
    const previous = zone.previousTransition(utcMs + 1, interval + 2 * DAY_MS);
    for (let i = offsets.length - 1; i >= 0; i--) {
      const instant = rounded - offsets[i];
      // Rounding down across the transition: round the time just before it instead.
      if (previous && instant < previous.at) return round(previous.at - 1);
      if (utcMs >= instant) return instant;
    }
    return rounded - offsets[0];
  };
  const nextRoundingValue = (utcMs: number): number => {
    // A port of OpenSearch's search for the next value, round() being a black box.
    const prevRound = round(utcMs);
    let increment = interval;
    let from = prevRound;
    for (let iteration = 1; iteration < 100; iteration++) {
      from += increment;
      const rounded = round(from);
      if (rounded <= prevRound) {
        if (increment < 0) increment = -Math.trunc(increment / 2);
        continue;
      }
      if (round(rounded - 1) > prevRound) {
        if (increment > 0) increment = -Math.trunc(increment / 2);
        continue;
      }
      return rounded;
    }
    return round(prevRound + interval);
  };
  return { round, nextRoundingValue };
}

function prepareTimeInterval(
  interval: number,
  zone: ZoneRules,
  minUtc: number,
  maxUtc: number
): PreparedRounding & { lookup: OffsetLookup } {
  const minLookup = minUtc - interval;
  const lookup = new OffsetLookup(zone, minLookup, maxUtc);
  const fixed = lookup.fixedInRange(minLookup, maxUtc);
  const java = javaTimeIntervalRounding(interval, zone);
  if (fixed) {
    return {
      lookup,
      round: (utcMs) => fixed.localToUtcInThisOffset(roundDown(fixed.utcToLocal(utcMs), interval)),
      nextRoundingValue: java.nextRoundingValue,
    };
  }
  const strategy: Strategy = {
    inGap: (_local, gap) => gap.startUtc,
    beforeGap: (local, gap) => gap.previous.localToUtc(local, strategy),
    // Converting at this offset gives the larger result.
    inOverlap: (local, overlap) => overlap.localToUtcInThisOffset(local),
    beforeOverlap: (_local, overlap) =>
      overlap.previous.localToUtc(
        roundDown(overlap.firstNonOverlappingLocal - 1, interval),
        strategy
      ),
  };
  return {
    lookup,
    round(utcMs) {
      const offset = lookup.lookup(utcMs);
      return offset.localToUtc(roundDown(offset.utcToLocal(utcMs), interval), strategy);
    },
    nextRoundingValue: java.nextRoundingValue,
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * Rounding.prepare(min, max) without the `offset` (callers shift by it): the lookup holds the
 * zone's offset periods over the range, as the rounding saw them.
 */
export function prepareWithoutOffset(
  spec: RoundingSpec,
  minUtc: number,
  maxUtc: number
): PreparedRounding & { lookup: OffsetLookup } {
  return spec.unit
    ? prepareTimeUnit(spec.unit, spec.zone, minUtc, maxUtc)
    : prepareTimeInterval(spec.intervalMs!, spec.zone, minUtc, maxUtc);
}

/** Rounding.round(utc), which prepares over that one instant (used for extended bounds). */
export function roundOnce(spec: RoundingSpec, utcMs: number): number {
  return prepareWithoutOffset(spec, utcMs, utcMs).round(utcMs);
}

/**
 * The key after `key` (InternalDateHistogram.nextKey): the rounding without offset, prepared
 * over the one instant, as Rounding.nextRoundingValue does; keys carry the offset.
 */
export function nextKey(spec: RoundingSpec, key: number): number {
  const shifted = key - spec.offsetMs;
  const next = prepareWithoutOffset(spec, shifted, shifted).nextRoundingValue(shifted);
  return next + spec.offsetMs;
}

/** The length the SQL side needs for the interval of this rounding (sub-day units, fixed). */
export function fixedLengthOf(spec: RoundingSpec): number | undefined {
  return spec.unit
    ? roundsToMidnight(spec.unit)
      ? undefined
      : UNIT_MS[spec.unit]
    : spec.intervalMs;
}
