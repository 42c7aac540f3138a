import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { badRequest } from '../errors';
import { KeywordKeys, KeywordPacker } from './keyword_keys';

export { KeywordKeys };

/**
 * The distinct keys of a field (a join's child keys, a graph's ids), sorted: numbers ascending,
 * strings by their UTF-8 bytes (OpenSearch's keyword order). Integer keys live in one
 * Float64Array (8 bytes a key, no per-key objects); keyword keys packed in one UTF-8 buffer
 * (keyword_keys.ts: about length + 4 bytes a key). Built by appending keys that mostly arrive
 * sorted and distinct (composite aggregations and `SELECT DISTINCT ... ORDER BY` deliver them
 * so); `build` sorts and deduplicates when they did not (a database collation, streamed ids).
 */
export type KeySet =
  { kind: 'long'; values: Float64Array } | { kind: 'keyword'; values: KeywordKeys };

export class KeySetBuilder {
  private numbers = new Float64Array(1024);
  private count = 0;
  private strings = new KeywordPacker();
  private kind: 'long' | 'keyword' | null = null;

  constructor(
    /** Most keys allowed; past it, `add` throws a 400 naming the work and the setting. */
    private readonly limit: number,
    /** How errors name the work, e.g. `the join on [a]=[b] at [query]`. */
    private readonly describe: string,
    /** The setting that raises `limit`. */
    private readonly setting = 'maxJoinKeys'
  ) {}

  get size(): number {
    return this.kind === 'keyword' ? this.strings.size : this.count;
  }

  add(key: unknown): void {
    if (key === null || key === undefined) return;
    if (this.size >= this.limit) throw tooManyKeys(this.limit, this.describe, this.setting);
    if (typeof key === 'number' || typeof key === 'bigint') {
      this.addNumber(Number(key), key);
    } else if (typeof key === 'boolean') {
      this.addNumber(key ? 1 : 0, key);
    } else {
      this.setKind('keyword');
      this.strings.add(String(key));
    }
  }

  build(): KeySet {
    if (this.kind === 'keyword') return { kind: 'keyword', values: this.strings.build() };
    return { kind: 'long', values: sortedDistinct(this.numbers.slice(0, this.count)) };
  }

  private addNumber(value: number, original: unknown): void {
    if (!Number.isSafeInteger(value)) {
      throw badRequest(
        `${this.describe} met the key [${String(original)}]; joins take integer keys within ±2^53 or keyword keys`
      );
    }
    this.setKind('long');
    if (this.count === this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    this.numbers[this.count++] = value;
  }

  private setKind(kind: 'long' | 'keyword'): void {
    if (this.kind !== null && this.kind !== kind) {
      throw badRequest(
        `${this.describe} mixes numeric and keyword keys; join fields must have one type: join on fields mapped as integers on both sides, or as keywords on both sides`
      );
    }
    this.kind = kind;
  }
}

/** The 400 for a field with more distinct keys than a setting (maxJoinKeys by default) allows. */
export function tooManyKeys(limit: number, describe: string, setting = 'maxJoinKeys') {
  const narrow = setting === 'maxJoinKeys' ? 'the child query' : 'the query';
  return badRequest(
    `${describe} has more than ${limit} distinct keys; narrow ${narrow} or raise the setting ${setting}`
  );
}

/** Keys as given when already strictly ascending (the usual case: one pass), else sorted and deduplicated. */
function sortedDistinct(values: Float64Array): Float64Array {
  let ascending = true;
  for (let i = 1; i < values.length && ascending; i++) ascending = values[i - 1] < values[i];
  if (ascending) return values;
  values.sort();
  let unique = 0;
  for (let i = 0; i < values.length; i++) {
    if (i === 0 || values[i] !== values[unique - 1]) values[unique++] = values[i];
  }
  return values.slice(0, unique);
}

/** The sorted union of key sets (several child indices of one join). */
export function unionKeySets(sets: KeySet[]): KeySet {
  if (sets.length === 1) return sets[0];
  const nonEmpty = sets.filter((s) => s.values.length > 0);
  if (nonEmpty.length === 0) return { kind: 'long', values: new Float64Array(0) };
  if (nonEmpty.some((s) => s.kind !== nonEmpty[0].kind)) {
    throw badRequest(
      'the child indices of a join have keys of different types (numeric and keyword); list in [indices] only children whose join field has the same type, or send one join per type'
    );
  }
  if (nonEmpty[0].kind === 'keyword') {
    const packer = new KeywordPacker();
    for (const s of nonEmpty) for (const key of s.values as KeywordKeys) packer.add(key);
    return { kind: 'keyword', values: packer.build() };
  }
  const all = new Float64Array(nonEmpty.reduce((n, s) => n + s.values.length, 0));
  let offset = 0;
  for (const s of nonEmpty) {
    all.set(s.values as Float64Array, offset);
    offset += s.values.length;
  }
  all.sort();
  let unique = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[unique++] = all[i];
  return { kind: 'long', values: all.slice(0, unique) };
}

export function keyCount(set: KeySet): number {
  return set.values.length;
}

/** Keys in chunks of at most `size`, as plain arrays for a `terms` query. */
export function* keyChunks(set: KeySet, size: number): Generator<Array<number | string>> {
  for (let start = 0; start < set.values.length; start += size) {
    const chunk = set.values.slice(start, start + size);
    yield Array.isArray(chunk) ? chunk : Array.from(chunk);
  }
}

/**
 * Compact, process-independent form for PIT state (written once per PIT, read by any process
 * that serves a later page; its size is what the first page's write costs: a 480 KB state took
 * 21 ms to index, 134 KB 8 ms). Integer keys: ascending, so the first key and then the gaps as
 * base-128 varints (a byte or two a key for dense ids), base64; raw doubles when a gap does not
 * fit. Keyword keys: their JSON, deflated (sorted ids share prefixes), base64.
 */
export type StoredKeySet =
  | { kind: 'long'; encoding: 'gaps'; data: string }
  | { kind: 'keyword'; encoding: 'deflate'; data: string }
  /** The earlier forms (raw doubles; plain JSON), still read. */
  | { kind: 'long' | 'keyword'; encoding?: undefined; data: string };

export function serializeKeySet(set: KeySet): StoredKeySet {
  if (set.kind === 'keyword') {
    const json = Buffer.from(JSON.stringify(set.values));
    return {
      kind: 'keyword',
      encoding: 'deflate',
      data: deflateRawSync(json, { level: 1 }).toString('base64'),
    };
  }
  const gaps = encodeGaps(set.values);
  if (gaps !== null) return { kind: 'long', encoding: 'gaps', data: gaps.toString('base64') };
  const bytes = Buffer.from(set.values.buffer, set.values.byteOffset, set.values.byteLength);
  return { kind: 'long', data: bytes.toString('base64') };
}

export function deserializeKeySet(stored: StoredKeySet): KeySet {
  if (stored.kind === 'keyword') {
    const json =
      stored.encoding === 'deflate'
        ? inflateRawSync(Buffer.from(stored.data, 'base64')).toString('utf8')
        : stored.data;
    return { kind: 'keyword', values: KeywordKeys.from(JSON.parse(json) as string[]) };
  }
  if (stored.encoding === 'gaps')
    return { kind: 'long', values: decodeGaps(Buffer.from(stored.data, 'base64')) };
  const bytes = Buffer.from(stored.data, 'base64');
  const values = new Float64Array(bytes.byteLength / 8);
  new Uint8Array(values.buffer).set(bytes);
  return { kind: 'long', values };
}

/** A count, the first key's sign and magnitude, then each gap to the previous key, as varints. */
function encodeGaps(keys: Float64Array): Buffer | null {
  const out = Buffer.allocUnsafe(10 + 8 * (keys.length + 1));
  let at = writeVarint(out, 0, keys.length);
  if (keys.length === 0) return out.subarray(0, at);
  out[at++] = keys[0] < 0 ? 1 : 0;
  at = writeVarint(out, at, Math.abs(keys[0]));
  for (let i = 1; i < keys.length; i++) {
    const gap = keys[i] - keys[i - 1];
    // Between far-apart keys of opposite signs the gap may pass 2^53 and lose its exactness.
    if (!Number.isSafeInteger(gap) || gap <= 0) return null;
    at = writeVarint(out, at, gap);
  }
  return out.subarray(0, at);
}

function decodeGaps(bytes: Buffer): Float64Array {
  let at = 0;
  const read = (): number => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[at++];
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 128;
    }
  };
  const values = new Float64Array(read());
  if (values.length === 0) return values;
  const negative = bytes[at++] === 1;
  values[0] = negative ? -read() : read();
  for (let i = 1; i < values.length; i++) values[i] = values[i - 1] + read();
  return values;
}

/** Base-128, low digits first; numbers up to 2^53 take at most 8 bytes. */
function writeVarint(out: Buffer, at: number, value: number): number {
  while (value >= 128) {
    out[at++] = (value % 128) | 0x80;
    value = Math.floor(value / 128);
  }
  out[at++] = value;
  return at;
}
