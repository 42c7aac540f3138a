import { describe, expect, it } from 'vitest';
import {
  deserializeKeySet,
  keyChunks,
  keyCount,
  KeySetBuilder,
  KeywordKeys,
  serializeKeySet,
  unionKeySets,
} from './key_set';

describe('key sets', () => {
  it('grows a typed array for integer keys and refuses past the limit', () => {
    const builder = new KeySetBuilder(3000, 'the join on [a]=[b]');
    for (let i = 0; i < 3000; i++) builder.add(i * 2);
    const set = builder.build();
    expect(set.kind).toBe('long');
    expect(set.values).toBeInstanceOf(Float64Array);
    expect(set.values.length).toBe(3000);
    expect(() => builder.add(1)).toThrow(
      /^the join on \[a\]=\[b\] has more than 3000 distinct keys.*maxJoinKeys/
    );
  });

  it('refuses unsafe integers and mixed types, naming the join', () => {
    expect(() => new KeySetBuilder(10, '[a]=[b]').add(2 ** 60)).toThrow(/\[a\]=\[b\].*±2\^53/);
    const mixed = new KeySetBuilder(10, '[a]=[b]');
    mixed.add(1);
    expect(() => mixed.add('x')).toThrow(/mixes numeric and keyword/);
  });

  it('sorts and deduplicates keys that arrive out of order (streamed ids, a collation)', () => {
    const words = new KeySetBuilder(10, 'j');
    ['b', 'a', 'B', 'a'].forEach((k) => words.add(k));
    const built = words.build();
    expect(built.kind).toBe('keyword');
    expect([...built.values]).toEqual(['B', 'a', 'b']);
    const numbers = new KeySetBuilder(10, 'j');
    [3, -1, 3, 2].forEach((k) => numbers.add(k));
    expect(Array.from(numbers.build().values as Float64Array)).toEqual([-1, 2, 3]);
  });

  it('unions sorted sets without duplicates and chunks them', () => {
    const a = new KeySetBuilder(10, 'j');
    [1, 3, 5].forEach((k) => a.add(k));
    const b = new KeySetBuilder(10, 'j');
    [2, 3, 6].forEach((k) => b.add(k));
    const union = unionKeySets([a.build(), b.build()]);
    expect(Array.from(union.values as Float64Array)).toEqual([1, 2, 3, 5, 6]);
    expect([...keyChunks(union, 2)]).toEqual([[1, 2], [3, 5], [6]]);
  });

  it('serializes to a compact, exact form', () => {
    const builder = new KeySetBuilder(10, 'j');
    [-(2 ** 53 - 1), 0, 42].forEach((k) => builder.add(k));
    const set = builder.build();
    const stored = serializeKeySet(set);
    expect(stored.data.length).toBeLessThan(40);
    expect(Array.from(deserializeKeySet(stored).values as Float64Array)).toEqual([
      -(2 ** 53 - 1),
      0,
      42,
    ]);
    const words = new KeySetBuilder(10, 'j');
    ['a', 'b'].forEach((k) => words.add(k));
    const again = deserializeKeySet(serializeKeySet(words.build()));
    expect(again.kind).toBe('keyword');
    expect([...again.values]).toEqual(['a', 'b']);
  });

  it('stores integer keys as gaps: a byte or two a key for dense ids, exact at the extremes', () => {
    const dense = Float64Array.from({ length: 40_000 }, (_, i) => 1 + i * 10);
    const stored = serializeKeySet({ kind: 'long', values: dense });
    expect(stored.encoding).toBe('gaps');
    expect(stored.data.length).toBeLessThan(dense.length * 2);
    expect(deserializeKeySet(stored).values).toEqual(dense);
    const MAX = Number.MAX_SAFE_INTEGER;
    for (const keys of [[], [0], [-5, -1, 0, 3], [-MAX], [MAX - 1, MAX], [-MAX, 0], [0, MAX]]) {
      const values = Float64Array.from(keys);
      const again = deserializeKeySet(serializeKeySet({ kind: 'long', values }));
      expect(Array.from(again.values as Float64Array)).toEqual(keys);
    }
    // A gap past 2^53 is not exact as a number: such sets fall back to raw doubles.
    const far = Float64Array.from([-MAX, MAX]);
    const raw = serializeKeySet({ kind: 'long', values: far });
    expect(raw.encoding).toBeUndefined();
    expect(Array.from(deserializeKeySet(raw).values as Float64Array)).toEqual([-MAX, MAX]);
  });

  it('deflates keyword keys and still reads the earlier plain forms', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => `p${String(i).padStart(8, '0')}`);
    const stored = serializeKeySet({ kind: 'keyword', values: KeywordKeys.from(values) });
    expect(stored.encoding).toBe('deflate');
    expect(stored.data.length).toBeLessThan(JSON.stringify(values).length / 3);
    expect([...deserializeKeySet(stored).values]).toEqual(values);
    expect([...deserializeKeySet({ kind: 'keyword', data: '["a","é"]' }).values]).toEqual([
      'a',
      'é',
    ]);
    const doubles = Buffer.from(Float64Array.from([1, 2]).buffer).toString('base64');
    const read = deserializeKeySet({ kind: 'long', data: doubles }).values as Float64Array;
    expect(Array.from(read)).toEqual([1, 2]);
  });

  it('packs keyword keys in UTF-8 bytes, in byte order, deduplicated, with chunks as strings', () => {
    const keys = ['b', 'é', 'a', '😀', 'ｚ', 'a', '', 'b'];
    const builder = new KeySetBuilder(100, 'j');
    keys.forEach((k) => builder.add(k));
    const set = builder.build();
    // UTF-8 byte order: '' < a < b < é (C3 A9) < ｚ (EF BD 9A) < 😀 (F0 9F 98 80); UTF-16 order
    // would put the emoji (a surrogate pair, D83D) before ｚ (FF5A).
    expect([...set.values]).toEqual(['', 'a', 'b', 'é', 'ｚ', '😀']);
    expect(keyCount(set)).toBe(6);
    expect([...keyChunks(set, 4)]).toEqual([
      ['', 'a', 'b', 'é'],
      ['ｚ', '😀'],
    ]);
    const packed = set.values as KeywordKeys;
    expect(packed.at(5)).toBe('😀');
    expect(packed.byteLength).toBe(1 + 1 + 2 + 3 + 4 + 6 * 4);
    // Arriving in order, nothing is sorted: the keys stay as given.
    expect([...KeywordKeys.from(['p1', 'p2', 'p3'])]).toEqual(['p1', 'p2', 'p3']);
    const union = unionKeySets([set, { kind: 'keyword', values: KeywordKeys.from(['c', 'a']) }]);
    expect([...union.values]).toEqual(['', 'a', 'b', 'c', 'é', 'ｚ', '😀']);
  });

  it('writes keyword keys as the JSON text JSON.stringify gives, escapes included', () => {
    const hostile = ['a"b', 'back\\slash', 'tab\tnew\nline', '\u0000\u001f', 'é😀', '', '\u007f'];
    const keys = KeywordKeys.from(hostile);
    const all = keys.slice();
    expect(JSON.parse(keys.jsonArray().toString('utf8'))).toEqual(all);
    for (const [start, end] of [
      [0, 0],
      [0, 3],
      [2, 7],
      [6, 99],
    ]) {
      const text = keys.jsonArray(start, end).toString('utf8');
      expect(JSON.parse(text), `${start}..${end}`).toEqual(all.slice(start, end));
    }
    expect(KeywordKeys.from([]).jsonArray().toString()).toBe('[]');
  });
});
