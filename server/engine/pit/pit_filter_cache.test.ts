import { describe, expect, it } from 'vitest';
import {
  approximateBytes,
  entryBytes,
  PitFilterCache,
  type PitFilterEntry,
} from './pit_filter_cache';

function entry(keys: number, expiresAt = 1_000_000): PitFilterEntry {
  return {
    request: { size: 10 },
    query: { terms: { id: Array.from({ length: keys }, (_, i) => i) } },
    projections: [],
    indices: 'parents',
    osPitId: 'os',
    keepAliveMs: 60_000,
    expiresAt,
    stored: { os_pit_id: 'os', keep_alive_ms: 60_000, expires_at: expiresAt },
  };
}

describe('PitFilterCache', () => {
  it('estimates bytes from the filters it holds', () => {
    expect(entryBytes(entry(10_000))).toBeGreaterThan(80_000);
    expect(entryBytes(entry(10_000))).toBeLessThan(entryBytes(entry(20_000)));
    expect(approximateBytes(new Float64Array(1_000))).toBeGreaterThanOrEqual(8_000);
    expect(approximateBytes(new Map([['k', { f: ['abc'] }]]))).toBeGreaterThan(0);
  });

  it('stays within its capacity, evicting the least recently used first', () => {
    const one = entryBytes(entry(1_000));
    const cache = new PitFilterCache(one * 2 + 10, () => 0);
    expect(cache.set('a', entry(1_000))).toBe(true);
    expect(cache.set('b', entry(1_000))).toBe(true);
    expect(cache.get('a')).toBeDefined(); // a is now more recently used than b
    expect(cache.set('c', entry(1_000))).toBe(true);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(one * 2);
    expect(cache.bytes).toBeLessThanOrEqual(cache.capacityBytes);
  });

  it('keeps no entry larger than the whole capacity, and nothing at capacity 0', () => {
    const small = new PitFilterCache(1_000, () => 0);
    expect(small.set('big', entry(10_000))).toBe(false);
    expect(small.get('big')).toBeUndefined();
    expect(small.bytes).toBe(0);
    const off = new PitFilterCache(0, () => 0);
    expect(off.set('a', entry(1))).toBe(false);
    expect(off.size).toBe(0);
  });

  it('drops an entry when its PIT is closed (delete) and when it expires', () => {
    let now = 0;
    const cache = new PitFilterCache(10_000_000, () => now);
    cache.set('closed', entry(100, 500));
    cache.set('expiring', entry(100, 500));
    cache.delete('closed');
    expect(cache.get('closed')).toBeUndefined();
    expect(cache.size).toBe(1);
    now = 501;
    expect(cache.get('expiring')).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it('evicts expired entries before live ones when room is needed', () => {
    let now = 0;
    const one = entryBytes(entry(1_000));
    const cache = new PitFilterCache(one * 2 + 10, () => now);
    cache.set('old', entry(1_000, 100));
    cache.set('live', entry(1_000, 10_000));
    now = 200;
    cache.set('new', entry(1_000, 10_000));
    expect(cache.get('live')).toBeDefined();
    expect(cache.get('new')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('moves the expiry after a page (touch), which keeps the entry alive', () => {
    let now = 0;
    const cache = new PitFilterCache(10_000_000, () => now);
    cache.set('p', entry(10, 100));
    cache.touch('p', { osPitId: 'moved', keepAliveMs: 1_000, expiresAt: 1_100 });
    now = 500;
    expect(cache.get('p')).toMatchObject({ osPitId: 'moved', expiresAt: 1_100 });
    cache.touch('absent', { osPitId: 'x', keepAliveMs: 1, expiresAt: 1 });
    expect(cache.size).toBe(1);
  });
});
