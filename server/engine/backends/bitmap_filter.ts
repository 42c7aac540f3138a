import { RoaringBitmap32 } from 'roaring-wasm';

export type BitmapFieldType = 'integer' | 'long';

const TWO_32 = 2 ** 32;
const INT_MAX = 2 ** 31 - 1;

/**
 * A `terms` filter carrying the keys as one RoaringBitmap (OpenSearch 2.17+, `value_type:
 * bitmap`) instead of a term list: a few bytes per key instead of tens, and no max_terms_count.
 * `integer` fields take the 32-bit portable format; `long` fields the 64-bit one (a bucket count,
 * then per high 32 bits a 32-bit portable bitmap). Returns null when the keys do not fit (negative
 * keys, or past 2^31 for an integer field): the caller then sends term chunks.
 */
export function bitmapFilter(
  field: string,
  keys: Float64Array,
  type: BitmapFieldType
): unknown | null {
  if (keys.length === 0 || keys[0] < 0) return null; // Keys are sorted: the first is the smallest.
  if (type === 'integer' && keys[keys.length - 1] > INT_MAX) return null;
  const bytes = type === 'integer' ? portable32(keys, 0, keys.length) : portable64(keys);
  return { terms: { [field]: [bytes.toString('base64')], value_type: 'bitmap' } };
}

function portable32(keys: Float64Array, start: number, end: number, high = 0): Buffer {
  // One copy into WASM memory (addMany of a typed array) instead of a call per key: for
  // 5,000,000 keys ~5x faster (the per-key calls were most of the filter's time).
  const low = new Uint32Array(end - start);
  const base = high * TWO_32;
  for (let i = start; i < end; i++) low[i - start] = keys[i] - base;
  const bitmap = new RoaringBitmap32();
  try {
    bitmap.addMany(low);
    return Buffer.from(bitmap.serialize('portable'));
  } finally {
    bitmap.dispose();
  }
}

function portable64(keys: Float64Array): Buffer {
  const parts: Buffer[] = [];
  let buckets = 0;
  for (let start = 0; start < keys.length;) {
    const high = Math.floor(keys[start] / TWO_32);
    const end = firstAtLeast(keys, start, (high + 1) * TWO_32);
    const key = Buffer.alloc(4);
    key.writeUInt32LE(high, 0);
    parts.push(key, portable32(keys, start, end, high));
    buckets++;
    start = end;
  }
  const count = Buffer.alloc(8);
  count.writeBigUInt64LE(BigInt(buckets), 0);
  return Buffer.concat([count, ...parts]);
}

/** The index of the first key ≥ `bound` from `start` on (keys ascending), by binary search. */
function firstAtLeast(keys: Float64Array, start: number, bound: number): number {
  let lo = start;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < bound) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
