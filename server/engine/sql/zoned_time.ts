/**
 * Local date-times in a time zone, resolved as java.time's ZonedDateTime resolves them, since
 * OpenSearch's date math is written on ZonedDateTime: a local time in a DST gap moves forward by
 * the gap, one in an overlap takes the preferred offset if it is one of the two, else the earlier.
 * (luxon takes the later offset in an overlap, which would move `now/d` by an hour there.)
 */
import { FixedOffsetZone, IANAZone, type Zone } from 'luxon';

export interface LocalDateTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const UTC_ZONE: Zone = FixedOffsetZone.utcInstance;

/**
 * A zone as java.time's ZoneId.of reads it: `Z`, `UTC`, `GMT`, offsets (`+01:00`, `-0530`,
 * `UTC+1`) and region ids (`Europe/Paris`). Null when it is none of these.
 */
export function parseZone(id: string): Zone | null {
  const text = id.trim();
  if (/^(Z|UTC|GMT|UT)$/i.test(text)) return UTC_ZONE;
  const offset = /^(?:UTC|GMT|UT)?([+-])(\d{1,2})(?::?(\d{2}))?(?::?(\d{2}))?$/i.exec(text);
  if (offset) {
    const hours = Number(offset[2]);
    const minutes = Number(offset[3] ?? 0);
    const seconds = Number(offset[4] ?? 0);
    if (hours > 18 || minutes > 59 || seconds > 59) return null;
    // luxon offsets are whole minutes; no real zone uses seconds.
    const total = hours * 60 + minutes + Math.round(seconds / 60);
    return FixedOffsetZone.instance(offset[1] === '-' ? -total : total);
  }
  if (!/^[A-Za-z][A-Za-z0-9_/+-]*$/.test(text)) return null;
  const zone = IANAZone.create(text);
  return zone.isValid ? zone : null;
}

/** Epoch milliseconds of the local date-time read as if it were UTC. */
export function naiveMs(local: LocalDateTime): number {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not map years 0-99 to 1900-1999.
  date.setUTCFullYear(local.year, local.month - 1, local.day);
  date.setUTCHours(local.hour, local.minute, local.second, local.millisecond);
  return date.getTime();
}

export function fromNaiveMs(ms: number): LocalDateTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
  };
}

/** Offset in minutes of `zone` at the instant `epochMs`. */
export function offsetAt(zone: Zone, epochMs: number): number {
  return zone.offset(epochMs);
}

export function toLocal(epochMs: number, zone: Zone): LocalDateTime {
  return fromNaiveMs(epochMs + offsetAt(zone, epochMs) * MINUTE_MS);
}

/**
 * The instant of a local date-time in `zone`. `preferredOffset` (minutes) is kept in an overlap
 * when it is one of the two valid offsets, as ZonedDateTime keeps its offset when adjusted.
 */
export function toEpoch(local: LocalDateTime, zone: Zone, preferredOffset?: number): number {
  const naive = naiveMs(local);
  const before = offsetAt(zone, naive - DAY_MS);
  const after = offsetAt(zone, naive + DAY_MS);
  const valid = [...new Set([before, after])].filter(
    (offset) => offsetAt(zone, naive - offset * MINUTE_MS) === offset
  );
  if (valid.length === 0) {
    // A gap: shift forward by its length, which is the offset in force before it.
    return naive - before * MINUTE_MS;
  }
  if (valid.length === 1) return naive - valid[0] * MINUTE_MS;
  const offset =
    preferredOffset !== undefined && valid.includes(preferredOffset) ? preferredOffset : before;
  return naive - offset * MINUTE_MS;
}

/** True when the fields name a real calendar date and time (no 30 February, no 24:00). */
export function isValidLocal(local: LocalDateTime): boolean {
  if (local.month < 1 || local.month > 12 || local.day < 1) return false;
  if (local.hour > 23 || local.minute > 59 || local.second > 59 || local.millisecond > 999) {
    return false;
  }
  return local.day <= daysInMonth(local.year, local.month);
}

export function daysInMonth(year: number, month: number): number {
  return fromNaiveMs(naiveMs({ ...START, year, month: month + 1, day: 1 }) - DAY_MS).day;
}

/** Adds calendar months, clamping the day to the month's length (Jan 31 + 1M = Feb 29). */
export function plusMonths(local: LocalDateTime, months: number): LocalDateTime {
  const total = local.year * 12 + (local.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  return { ...local, year, month, day: Math.min(local.day, daysInMonth(year, month)) };
}

export function plusDays(local: LocalDateTime, days: number): LocalDateTime {
  return fromNaiveMs(naiveMs(local) + days * DAY_MS);
}

/** ISO day of week, 1 = Monday ... 7 = Sunday. */
export function dayOfWeek(local: LocalDateTime): number {
  return new Date(naiveMs(local)).getUTCDay() || 7;
}

const START: LocalDateTime = {
  year: 1970,
  month: 1,
  day: 1,
  hour: 0,
  minute: 0,
  second: 0,
  millisecond: 0,
};

const SEARCH_WINDOW_MS = 6 * 3_600_000;

/**
 * The offset change just before `epochMs` (within six hours, more than any DST shift): the
 * instant it happened and the offsets on either side. Null when the offset did not change.
 */
function recentTransition(
  zone: Zone,
  epochMs: number
): { at: number; before: number; after: number } | null {
  const after = offsetAt(zone, epochMs);
  const before = offsetAt(zone, epochMs - SEARCH_WINDOW_MS);
  if (before === after) return null;
  let lo = epochMs - SEARCH_WINDOW_MS;
  let hi = epochMs;
  // Invariant: offset at lo is `before`-side, at hi is `after`.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(zone, mid) === after) hi = mid;
    else lo = mid;
  }
  return { at: hi, before, after };
}

/**
 * The smallest wall time that `toEpoch` reads as `epochMs` or later (wall times in a spring gap
 * aside, see `springGapBefore`), so `instant >= X` is `wall >= wallClockAtLeast(X)`. It is the
 * wall time of X except in the second pass of an autumn overlap, which no wall time reads as
 * (Java takes the earlier offset): there it is the wall time where the overlap ends.
 */
export function wallClockAtLeast(epochMs: number, zone: Zone): LocalDateTime {
  const transition = recentTransition(zone, epochMs);
  if (transition && transition.before > transition.after) {
    const repeated = (transition.before - transition.after) * MINUTE_MS;
    if (epochMs < transition.at + repeated) return toLocal(transition.at + repeated, zone);
  }
  return toLocal(epochMs, zone);
}

/**
 * The spring gap that ends less than its own length before `epochMs`, as wall times in naive
 * milliseconds (see `naiveMs`). `toEpoch` reads a wall time in that gap as the same instant as
 * the wall time one gap later, so the wall times of instants just after the change have a twin
 * inside the gap that SQL comparisons on the wall-clock column must take in or leave out.
 */
export function springGapBefore(
  epochMs: number,
  zone: Zone
): { start: number; end: number; length: number } | null {
  const transition = recentTransition(zone, epochMs);
  if (!transition || transition.after <= transition.before) return null;
  const length = (transition.after - transition.before) * MINUTE_MS;
  if (epochMs >= transition.at + length) return null;
  const end = transition.at + transition.after * MINUTE_MS;
  return { start: end - length, end, length };
}

const gapCache = new Map<string, Array<{ start: number; end: number; length: number }>>();

/**
 * Every spring gap of `zone` from 1900 to 2100 (naive wall milliseconds), for sorting wall-clock
 * columns in instant order: a wall time in a gap sorts with its twin one gap later. Found by
 * sampling the offset every week and bisecting where it grows; cached per zone.
 */
export function springGaps(zone: Zone): Array<{ start: number; end: number; length: number }> {
  const cached = gapCache.get(zone.name);
  if (cached) return cached;
  const gaps: Array<{ start: number; end: number; length: number }> = [];
  const WEEK = 7 * DAY_MS;
  const first = Date.UTC(1900, 0, 1);
  const last = Date.UTC(2101, 0, 1);
  let previous = offsetAt(zone, first);
  for (let t = first + WEEK; t <= last; t += WEEK) {
    const offset = offsetAt(zone, t);
    if (offset > previous) {
      let lo = t - WEEK;
      let hi = t;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(zone, mid) === offset) hi = mid;
        else lo = mid;
      }
      const length = (offset - offsetAt(zone, lo)) * MINUTE_MS;
      const end = hi + offset * MINUTE_MS;
      gaps.push({ start: end - length, end, length });
    }
    previous = offset;
  }
  gapCache.set(zone.name, gaps);
  return gaps;
}
