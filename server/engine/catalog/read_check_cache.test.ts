import { describe, expect, it } from 'vitest';
import { ReadCheckCache } from './read_check_cache';

describe('ReadCheckCache', () => {
  it('keeps a pass for ttlMs from when its check was sent, per caller and index', () => {
    let now = 1_000;
    const cache = new ReadCheckCache(500, 10, () => now);
    cache.record('user:alice', 'vi', 900);
    expect(cache.passedRecently('user:alice', 'vi')).toBe(true);
    expect(cache.passedRecently('user:bob', 'vi')).toBe(false);
    expect(cache.passedRecently('user:alice', 'other')).toBe(false);
    now = 1_399;
    expect(cache.passedRecently('user:alice', 'vi')).toBe(true);
    now = 1_400;
    expect(cache.passedRecently('user:alice', 'vi')).toBe(false);
  });

  it('keeps nothing for the anonymous caller, or with ttlMs 0', () => {
    const cache = new ReadCheckCache(500, 10, () => 0);
    cache.record('anonymous', 'vi', 0);
    expect(cache.passedRecently('anonymous', 'vi')).toBe(false);
    const off = new ReadCheckCache(0, 10, () => 0);
    off.record('user:alice', 'vi', 0);
    expect(off.passedRecently('user:alice', 'vi')).toBe(false);
  });

  it('forgets the least recently passed entry past maxEntries', () => {
    const cache = new ReadCheckCache(500, 2, () => 0);
    cache.record('user:a', 'vi', 0);
    cache.record('user:b', 'vi', 0);
    cache.record('user:a', 'vi', 0);
    cache.record('user:c', 'vi', 0);
    expect(['user:a', 'user:b', 'user:c'].map((c) => cache.passedRecently(c, 'vi'))).toEqual([
      true,
      false,
      true,
    ]);
  });
});
