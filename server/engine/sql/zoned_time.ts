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
