import { RoaringBitmap32 } from 'roaring-wasm';
import { describe, expect, it } from 'vitest';
import { bitmapFilter } from './bitmap_filter';

const decode = (filter: unknown) =>
  Buffer.from((filter as { terms: { f: string[] } }).terms.f[0], 'base64');

describe('bitmapFilter', () => {
  it('writes integer keys as one 32-bit portable bitmap', () => {
    const filter = bitmapFilter('f', Float64Array.from([1, 2, 70_000]), 'integer');
    expect(filter).toMatchObject({ terms: { value_type: 'bitmap' } });
    const bitmap = RoaringBitmap32.deserialize(decode(filter), 'portable');
    expect(bitmap.toArray()).toEqual([1, 2, 70_000]);
    bitmap.dispose();
  });

  it('writes long keys as 64-bit buckets keyed by their high 32 bits', () => {
    const bytes = decode(
      bitmapFilter('f', Float64Array.from([5, 2 ** 32 + 7, 2 ** 33 + 1]), 'long')
    );
    expect(bytes.readBigUInt64LE(0)).toBe(3n);
    expect(bytes.readUInt32LE(8)).toBe(0);
    const first = RoaringBitmap32.deserialize(bytes.subarray(12), 'portable');
    expect(first.toArray()).toEqual([5]);
    first.dispose();
  });

  it('puts every long key in its bucket, many keys per bucket', () => {
    const keys = [
      ...Array.from({ length: 1000 }, (_, i) => 3 * i),
      ...Array.from({ length: 500 }, (_, i) => 2 ** 32 + 7 * i),
      2 ** 40,
      2 ** 40 + 1,
    ];
    const bytes = decode(bitmapFilter('f', Float64Array.from(keys), 'long'));
    const buckets = Number(bytes.readBigUInt64LE(0));
    const decoded: number[] = [];
    let at = 8;
    for (let b = 0; b < buckets; b++) {
      const high = bytes.readUInt32LE(at);
      const bitmap = RoaringBitmap32.deserialize(bytes.subarray(at + 4), 'portable');
      at += 4 + bitmap.getSerializationSizeInBytes('portable');
      for (const low of bitmap.toArray()) decoded.push(high * 2 ** 32 + low);
      bitmap.dispose();
    }
    expect(buckets).toBe(3);
    expect(at).toBe(bytes.length);
    expect(decoded).toEqual(keys);
  });

  it('declines keys a bitmap cannot hold', () => {
    expect(bitmapFilter('f', Float64Array.from([-1, 2]), 'long')).toBeNull();
    expect(bitmapFilter('f', Float64Array.from([2 ** 31]), 'integer')).toBeNull();
    expect(bitmapFilter('f', new Float64Array(0), 'long')).toBeNull();
  });
});
