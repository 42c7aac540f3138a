/**
 * The port of OpenSearch's date rounding against bucket keys a real OpenSearch 3.6 returned for
 * the same instants (date_histogram, one shard).
 */
import { describe, expect, it } from 'vitest';
import {
  firstInstantOf,
  nextKey,
  prepareWithoutOffset,
  roundOnce,
  truncateLocal,
  type RoundingSpec,
} from './date_rounding';
import { zoneRulesOf } from './zone_rules';

const ms = (iso: string) => Date.parse(iso);

function rounder(spec: Omit<RoundingSpec, 'zone' | 'offsetMs'>, zone: string, instants: number[]) {
  const full: RoundingSpec = { ...spec, zone: zoneRulesOf(zone), offsetMs: 0 };
  const prepared = prepareWithoutOffset(full, Math.min(...instants), Math.max(...instants));
  return instants.map((t) => prepared.round(t));
}

describe('OpenSearch keys in America/New_York', () => {
  const instants = [
    '2024-03-10T04:30:00Z',
    '2024-03-10T05:30:00Z',
    '2024-03-10T06:59:00Z',
    '2024-03-10T07:00:00Z',
    '2024-03-10T08:00:00Z',
    '2024-03-11T03:30:00Z',
    '2024-03-11T04:30:00Z',
    '2024-11-03T04:30:00Z',
    '2024-11-03T05:30:00Z',
    '2024-11-03T06:30:00Z',
    '2024-11-03T07:30:00Z',
    '2024-11-04T04:30:00Z',
    '2024-11-04T05:30:00Z',
  ].map(ms);

  it('fixed_interval 1d: a 23-hour and a 25-hour day', () => {
    expect(rounder({ intervalMs: 86_400_000 }, 'America/New_York', instants)).toEqual([
      1709960400000, 1710046800000, 1710046800000, 1710046800000, 1710046800000, 1710046800000,
      1710129600000, 1730606400000, 1730606400000, 1730606400000, 1730606400000, 1730606400000,
      1730696400000,
    ]);
  });

  it('fixed_interval 3h: buckets cut by the transitions', () => {
    expect(rounder({ intervalMs: 3 * 3_600_000 }, 'America/New_York', instants)).toEqual([
      1710036000000, 1710046800000, 1710046800000, 1710054000000, 1710054000000, 1710118800000,
      1710129600000, 1730606400000, 1730606400000, 1730606400000, 1730606400000, 1730685600000,
      1730696400000,
    ]);
  });

  it('calendar hour: the repeated 01:00 is two buckets', () => {
    const [edt, est] = rounder({ unit: 'hour' }, 'America/New_York', [
      ms('2024-11-03T05:30:00Z'),
      ms('2024-11-03T06:30:00Z'),
    ]);
    expect([edt, est]).toEqual([1730610000000, 1730613600000]);
  });

  it('calendar day: local midnights; the next key skips 23 hours', () => {
    expect(rounder({ unit: 'day' }, 'America/New_York', [ms('2024-03-10T12:00:00Z')])).toEqual([
      1710046800000,
    ]);
    const spec: RoundingSpec = { unit: 'day', zone: zoneRulesOf('America/New_York'), offsetMs: 0 };
    expect(nextKey(spec, 1710046800000)).toBe(1710129600000);
  });

  it('an offset shifts keys in UTC and bounds are rounded without it', () => {
    const spec: RoundingSpec = {
      unit: 'day',
      zone: zoneRulesOf('America/New_York'),
      offsetMs: 6 * 3_600_000,
    };
    // 2024-03-09T06:00-05:00, then 2024-03-10T07:00-04:00, as OpenSearch keys them.
    expect(nextKey(spec, 1709982000000)).toBe(1710068400000);
    expect(roundOnce({ ...spec, offsetMs: 0 }, ms('2024-03-08T05:00:00Z'))).toBe(
      ms('2024-03-08T05:00:00Z')
    );
  });
});

describe('OpenSearch keys on Lord Howe Island (half-hour changes)', () => {
  const instants = [
    '2024-04-06T14:10:00Z',
    '2024-04-06T14:40:00Z',
    '2024-04-06T15:10:00Z',
    '2024-04-06T15:40:00Z',
    '2024-04-06T16:10:00Z',
    '2024-10-05T15:10:00Z',
    '2024-10-05T15:40:00Z',
    '2024-10-05T16:10:00Z',
    '2024-10-05T16:40:00Z',
  ].map(ms);

  it('calendar hour', () => {
    expect(rounder({ unit: 'hour' }, 'Australia/Lord_Howe', instants)).toEqual([
      1712412000000, 1712412000000, 1712412000000, 1712417400000, 1712417400000, 1728138600000,
      1728138600000, 1728144000000, 1728144000000,
    ]);
  });

  it('fixed 1h differs from calendar hour in the gap', () => {
    expect(rounder({ intervalMs: 3_600_000 }, 'Australia/Lord_Howe', instants)).toEqual([
      1712412000000, 1712412000000, 1712412000000, 1712417400000, 1712417400000, 1728138600000,
      1728142200000, 1728144000000, 1728144000000,
    ]);
  });

  it('fixed 45m', () => {
    expect(rounder({ intervalMs: 45 * 60_000 }, 'Australia/Lord_Howe', instants)).toEqual([
      1712411100000, 1712413800000, 1712415600000, 1712415600000, 1712418300000, 1728140400000,
      1728142200000, 1728144000000, 1728144000000,
    ]);
  });

  it('the hour after the last bucket before a gap starts at the gap', () => {
    const spec: RoundingSpec = {
      unit: 'hour',
      zone: zoneRulesOf('Australia/Lord_Howe'),
      offsetMs: 0,
    };
    expect(nextKey(spec, 1728138600000)).toBe(1728144000000);
  });
});

describe('units', () => {
  it('weeks start on Monday, quarters and years on their first day', () => {
    const wednesday = ms('2024-07-17T15:00:00Z');
    expect(truncateLocal(wednesday, 'week')).toBe(ms('2024-07-15T00:00:00Z'));
    expect(truncateLocal(wednesday, 'quarter')).toBe(ms('2024-07-01T00:00:00Z'));
    expect(truncateLocal(wednesday, 'year')).toBe(ms('2024-01-01T00:00:00Z'));
    expect(truncateLocal(ms('1969-12-31T23:59:59.999Z'), 'day')).toBe(ms('1969-12-31T00:00:00Z'));
  });

  it('a midnight in a gap is the transition itself', () => {
    // Santiago springs forward at midnight: 2024-09-08 00:00 does not exist there.
    const zone = zoneRulesOf('America/Santiago');
    expect(firstInstantOf(ms('2024-09-08T00:00:00Z'), zone)).toBe(ms('2024-09-08T04:00:00Z'));
  });

  it('Helsinki hours across the spring change', () => {
    const spec: RoundingSpec = { unit: 'hour', zone: zoneRulesOf('Europe/Helsinki'), offsetMs: 0 };
    expect(nextKey(spec, 1711843200000)).toBe(1711846800000);
    expect(nextKey(spec, 1711846800000)).toBe(1711850400000);
  });
});
