import { describe, expect, it } from 'vitest';
import { FieldCapsCache } from './field_caps_cache';

describe('FieldCapsCache', () => {
  it('keeps a type for ttlMs from when it was asked, per caller, index expression and field', () => {
    let now = 1_000;
    const cache = new FieldCapsCache(500, 10, () => now);
    cache.record('user:alice', 'orders', 'customer_id', 'long', 900);
    expect(cache.typeOf('user:alice', 'orders', 'customer_id')).toBe('long');
    expect(cache.typeOf('user:bob', 'orders', 'customer_id')).toBeUndefined();
    expect(cache.typeOf('user:alice', 'orders,old', 'customer_id')).toBeUndefined();
    expect(cache.typeOf('user:alice', 'orders', 'id')).toBeUndefined();
    now = 1_399;
    expect(cache.typeOf('user:alice', 'orders', 'customer_id')).toBe('long');
    now = 1_400;
    expect(cache.typeOf('user:alice', 'orders', 'customer_id')).toBeUndefined();
    // Asked again: the new answer is kept from its own time.
    cache.record('user:alice', 'orders', 'customer_id', 'keyword', 1_400);
    expect(cache.typeOf('user:alice', 'orders', 'customer_id')).toBe('keyword');
  });

  it('keeps `conflict`, but not a field no index maps', () => {
    const cache = new FieldCapsCache(500, 10, () => 0);
    cache.record('user:alice', 'logs-*', 'code', 'conflict', 0);
    cache.record('user:alice', 'logs-*', 'later', null, 0);
    expect(cache.typeOf('user:alice', 'logs-*', 'code')).toBe('conflict');
    expect(cache.typeOf('user:alice', 'logs-*', 'later')).toBeUndefined();
  });

  it('keeps nothing for the anonymous caller, or with ttlMs 0', () => {
    const cache = new FieldCapsCache(500, 10, () => 0);
    cache.record('anonymous', 'orders', 'id', 'long', 0);
    expect(cache.typeOf('anonymous', 'orders', 'id')).toBeUndefined();
    const off = new FieldCapsCache(0, 10, () => 0);
    off.record('user:alice', 'orders', 'id', 'long', 0);
    expect(off.typeOf('user:alice', 'orders', 'id')).toBeUndefined();
  });

  it('forgets the least recently used entry past maxEntries', () => {
    const cache = new FieldCapsCache(500, 2, () => 0);
    cache.record('user:a', 'orders', 'id', 'long', 0);
    cache.record('user:b', 'orders', 'id', 'long', 0);
    // A use counts as recent: b is now the least recently used.
    expect(cache.typeOf('user:a', 'orders', 'id')).toBe('long');
    cache.record('user:c', 'orders', 'id', 'long', 0);
    expect(['user:a', 'user:b', 'user:c'].map((c) => cache.typeOf(c, 'orders', 'id'))).toEqual([
      'long',
      undefined,
      'long',
    ]);
  });
});
