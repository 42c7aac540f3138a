/**
 * A dashboard's time range made absolute, for `time_range` of `POST /svc/_graph` (which takes
 * dates, not date math: docs/api/graph_queries.md). OSD's time picker writes its ends as date
 * math (`now-15m`, `now/d`, `now-1w/w`) or as dates, and OSD resolves them with its datemath
 * package in the browser's time zone (moment's default zone, which OSD sets from
 * `dateFormat:tz`), rounding `from` down and `to` up: `@elastic/datemath`, the package OSD's
 * derives from, does the same here.
 */
import dateMath from '@elastic/datemath';
import type { TimeRange } from '../types';

export class DateMathError extends Error {}

/** The range as ISO 8601 UTC dates, both ends included; throws DateMathError naming a bad end. */
export function resolveTimeRange(range: TimeRange, now: Date): { from: string; to: string } {
  const from = resolveDateMath(range.from, now, false);
  const to = resolveDateMath(range.to, now, true);
  if (from.getTime() > to.getTime()) {
    throw new DateMathError(`the time range starts (${range.from}) after it ends (${range.to})`);
  }
  return { from: from.toISOString(), to: to.toISOString() };
}

/** One end: `roundUp` for the end of a range (`now/d` is the last millisecond of today). */
export function resolveDateMath(text: string, now: Date, roundUp: boolean): Date {
  // An epoch in milliseconds, as OSD's URLs may carry one; datemath reads only dates and math.
  const parsed = /^\d+$/.test(text.trim())
    ? new Date(Number(text.trim()))
    : dateMath.parse(text, { roundUp, forceNow: now })?.toDate();
  if (parsed === undefined || Number.isNaN(parsed.getTime())) {
    throw new DateMathError(`[${text}] is neither date math (now-15m) nor a date`);
  }
  return parsed;
}
