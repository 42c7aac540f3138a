/**
 * The parts of java.time's ZoneRules that OpenSearch's date rounding uses, computed from the
 * offsets luxon (ICU) reports: offset transitions found by scanning a range a day at a time and
 * bisecting to the millisecond, valid offsets of a local time, the transition behind a gap.
 * Offsets are milliseconds; "local" milliseconds are a wall clock read as if it were UTC.
 * Assumes zones change offset at most once a day, which every zone of the tz database does.
 */
import { FixedOffsetZone, type Zone } from 'luxon';
import { badRequest } from '../../errors';
import { parseZone } from '../zoned_time';

export const DAY_MS = 86_400_000;

export interface ZoneTransition {
  /** The instant of the change. */
  at: number;
  before: number;
  after: number;
}

export class ZoneRules {
  /** True when the zone never changes its offset (UTC, `+05:30`): no scanning is ever needed. */
  readonly fixed: boolean;
  private readonly scanned = new Map<number, ZoneTransition | null>();

  constructor(readonly zone: Zone) {
    this.fixed = zone.isUniversal;
  }

  /** The zone's name as the tz database (and PostgreSQL) knows it; null for fixed offsets. */
  get ianaName(): string | null {
    return this.fixed ? null : this.zone.name;
  }

  offsetAt(epochMs: number): number {
    return Math.round(this.zone.offset(epochMs) * 60_000);
  }

  /** Transitions with `from <= at <= to`, in order. */
  transitionsBetween(from: number, to: number): ZoneTransition[] {
    if (this.fixed) return [];
    const out: ZoneTransition[] = [];
    for (let day = Math.floor(from / DAY_MS); day * DAY_MS <= to; day++) {
      const found = this.transitionInDay(day);
      if (found && found.at >= from && found.at <= to) out.push(found);
    }
    return out;
  }

  /**
   * Offsets a local time has, as ZoneRules.getValidOffsets: one normally, none in a gap, two in
   * an overlap (the offset before the transition first).
   */
  validOffsets(localMs: number): number[] {
    if (this.fixed) return [this.offsetAt(localMs)];
    const before = this.offsetAt(localMs - DAY_MS);
    const after = this.offsetAt(localMs + DAY_MS);
    const candidates = before === after ? [before] : [before, after];
    return candidates.filter((offset) => this.offsetAt(localMs - offset) === offset);
  }

  /** The transition whose gap contains `localMs` (ZoneRules.getTransition for a gap). */
  gapTransition(localMs: number): ZoneTransition {
    const found = this.transitionsBetween(localMs - 2 * DAY_MS, localMs + 2 * DAY_MS).find(
      (t) => t.after > t.before && localMs >= t.at + t.before && localMs < t.at + t.after
    );
    if (!found) throw new Error(`no gap at local time ${localMs} in ${this.zone.name}`);
    return found;
  }

  /**
   * The last transition before `epochMs` (exclusive), looking back at most `lookbackMs`: callers
   * only compare it with instants inside that window, so an older one would change nothing.
   */
  previousTransition(epochMs: number, lookbackMs: number): ZoneTransition | null {
    const list = this.transitionsBetween(epochMs - lookbackMs, epochMs - 1);
    return list.length ? list[list.length - 1] : null;
  }

  private transitionInDay(day: number): ZoneTransition | null {
    if (this.scanned.has(day)) return this.scanned.get(day)!;
    let lo = day * DAY_MS;
    let hi = lo + DAY_MS;
    const before = this.offsetAt(lo);
    const after = this.offsetAt(hi);
    let found: ZoneTransition | null = null;
    if (before !== after) {
      // The first millisecond of (lo, hi] with the new offset.
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (this.offsetAt(mid) === before) lo = mid;
        else hi = mid;
      }
      found = { at: hi, before, after };
    }
    this.scanned.set(day, found);
    return found;
  }
}

export const UTC_RULES = new ZoneRules(FixedOffsetZone.utcInstance);

/** The rules of a request's `time_zone` (UTC when absent); a 400 for an unknown zone. */
export function zoneRulesOf(id: string | undefined, parameter = 'time_zone'): ZoneRules {
  if (id === undefined) return UTC_RULES;
  const zone = parseZone(id);
  if (!zone) throw badRequest(`Unknown time-zone ID: ${id} (in [${parameter}])`);
  return new ZoneRules(zone);
}
