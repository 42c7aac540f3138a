import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DateMathError, resolveDateMath, resolveTimeRange } from './date_math';

// Local time is the browser's, as OSD's datemath uses it; the tests pin it to UTC.
const zone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'UTC';
});
afterEach(() => {
  process.env.TZ = zone;
});

// A Wednesday.
const NOW = new Date('2026-11-25T14:37:12.345Z');
const at = (text: string, roundUp = false) => resolveDateMath(text, NOW, roundUp).toISOString();

describe('date math of a dashboard time range', () => {
  it('reads now, offsets and rounding as OSD’s time picker writes them', () => {
    expect(at('now')).toBe('2026-11-25T14:37:12.345Z');
    expect(at('now-15m')).toBe('2026-11-25T14:22:12.345Z');
    expect(at('now-1y')).toBe('2025-11-25T14:37:12.345Z');
    expect(at('now+2h')).toBe('2026-11-25T16:37:12.345Z');
    expect(at('now-3M')).toBe('2026-08-25T14:37:12.345Z');
    expect(at('now/d')).toBe('2026-11-25T00:00:00.000Z');
    expect(at('now/d', true)).toBe('2026-11-25T23:59:59.999Z');
    // Weeks start on Sunday; this week's Sunday is the 22nd.
    expect(at('now/w')).toBe('2026-11-22T00:00:00.000Z');
    expect(at('now/w', true)).toBe('2026-11-28T23:59:59.999Z');
    expect(at('now-1M/M')).toBe('2026-10-01T00:00:00.000Z');
    expect(at('now-1M/M', true)).toBe('2026-10-31T23:59:59.999Z');
    expect(at('now/y')).toBe('2026-01-01T00:00:00.000Z');
    expect(at('now-1d/d+6h')).toBe('2026-11-24T06:00:00.000Z');
  });

  it('reads absolute dates, with date math after `||`', () => {
    expect(at('2026-01-02T03:04:05.000Z')).toBe('2026-01-02T03:04:05.000Z');
    expect(at('2026-01-02T03:04:05.000Z||+1d')).toBe('2026-01-03T03:04:05.000Z');
    expect(at('1767225600000')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('resolves a range, from rounded down and to rounded up', () => {
    expect(resolveTimeRange({ from: 'now-7d/d', to: 'now/d' }, NOW)).toEqual({
      from: '2026-11-18T00:00:00.000Z',
      to: '2026-11-25T23:59:59.999Z',
    });
  });

  it('names what it cannot read', () => {
    expect(() => at('yesterday')).toThrow(
      new DateMathError('[yesterday] is neither date math (now-15m) nor a date')
    );
    expect(() => at('now-15x')).toThrow('[now-15x] is neither date math (now-15m) nor a date');
    expect(() => resolveTimeRange({ from: 'now', to: 'now-1d' }, NOW)).toThrow(
      'the time range starts (now) after it ends (now-1d)'
    );
  });
});
