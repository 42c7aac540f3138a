/**
 * Keyword keys packed into one UTF-8 buffer and their end offsets: about (length + 4) bytes a
 * key, where a string array costs 40 and more (a V8 string per key plus its slot), and the
 * strings a parsed key page holds die young instead of being kept. Ordered by their UTF-8 bytes,
 * which is how OpenSearch orders keywords (composite pages arrive in that order).
 */
export class KeywordKeys implements Iterable<string> {
  private constructor(
    private readonly bytes: Buffer,
    /** `ends[i]` is where key i ends; it starts where key i - 1 ends. */
    private readonly ends: Uint32Array
  ) {}

  static from(keys: Iterable<string>): KeywordKeys {
    const packer = new KeywordPacker();
    for (const key of keys) packer.add(key);
    return packer.build();
  }

  /** @internal The packer's result, already exact in size. */
  static packed(bytes: Buffer, ends: Uint32Array): KeywordKeys {
    return new KeywordKeys(bytes, ends);
  }

  get length(): number {
    return this.ends.length;
  }

  /** Bytes held: what a cache should count. */
  get byteLength(): number {
    return this.bytes.byteLength + this.ends.byteLength;
  }

  at(index: number): string {
    const start = index === 0 ? 0 : this.ends[index - 1];
    return this.bytes.toString('utf8', start, this.ends[index]);
  }

  /** Keys `start` to `end` (exclusive) as strings, e.g. one `terms` chunk. */
  slice(start = 0, end = this.length): string[] {
    const to = Math.min(end, this.length);
    const out: string[] = new Array(Math.max(0, to - start));
    for (let i = start; i < to; i++) out[i - start] = this.at(i);
    return out;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let i = 0; i < this.length; i++) yield this.at(i);
  }

  /** JSON as the plain string array (PIT state, test output). */
  toJSON(): string[] {
    return this.slice();
  }

  /**
   * Keys `start` to `end` (exclusive) as the UTF-8 JSON text of a string array, written from
   * the packed bytes without making a string of any key (a `terms` chunk of a join's filter,
   * opensearch/raw_json.ts). Only `"`, `\` and control characters need escaping, and UTF-8
   * multi-byte sequences never hold those byte values, so escaping works on bytes.
   */
  jsonArray(start = 0, end = this.length): Buffer {
    const to = Math.min(end, this.length);
    const count = Math.max(0, to - start);
    const { bytes, ends } = this;
    const first = start === 0 ? 0 : ends[start - 1];
    const last = count === 0 ? first : ends[to - 1];
    let escapes = 0;
    for (let i = first; i < last; i++) {
      const b = bytes[i];
      if (b < 0x20) escapes += 5;
      else if (b === 0x22 || b === 0x5c) escapes += 1;
    }
    // `[`, `]`, two quotes a key and a comma between keys.
    const out = Buffer.allocUnsafe(last - first + escapes + 2 + 3 * count - (count > 0 ? 1 : 0));
    let o = 0;
    out[o++] = 0x5b;
    for (let k = start; k < to; k++) {
      if (k > start) out[o++] = 0x2c;
      out[o++] = 0x22;
      const keyEnd = ends[k];
      const keyStart = k === 0 ? 0 : ends[k - 1];
      if (escapes === 0) {
        // The usual case: no byte to escape, so the key's bytes as they are.
        for (let i = keyStart; i < keyEnd; i++) out[o++] = bytes[i];
        out[o++] = 0x22;
        continue;
      }
      for (let i = keyStart; i < keyEnd; i++) {
        const b = bytes[i];
        if (b >= 0x20 && b !== 0x22 && b !== 0x5c) out[o++] = b;
        else if (b >= 0x20) {
          out[o++] = 0x5c;
          out[o++] = b;
        } else {
          o += out.write(`\\u00${b < 0x10 ? '0' : ''}${b.toString(16)}`, o, 'latin1');
        }
      }
      out[o++] = 0x22;
    }
    out[o++] = 0x5d;
    return out;
  }
}

/**
 * Appends keys into a growing buffer; `build` keeps them as they came when strictly ascending
 * (the usual case), else sorts and deduplicates them by their bytes.
 */
export class KeywordPacker {
  private bytes = Buffer.allocUnsafe(16 * 1024);
  private ends = new Uint32Array(1024);
  private used = 0;
  private count = 0;
  private ascending = true;

  get size(): number {
    return this.count;
  }

  add(key: string): void {
    const length = Buffer.byteLength(key, 'utf8');
    this.reserve(length);
    const start = this.used;
    this.used += this.bytes.write(key, start, length, 'utf8');
    if (this.ascending && this.count > 0) {
      const previous = this.count === 1 ? 0 : this.ends[this.count - 2];
      const last = this.ends[this.count - 1];
      this.ascending = this.bytes.compare(this.bytes, previous, last, start, this.used) > 0;
    }
    this.ends[this.count++] = this.used;
  }

  build(): KeywordKeys {
    if (this.ascending) {
      // Exact copies: the slack of the growing buffers is not kept.
      return KeywordKeys.packed(
        Buffer.from(this.bytes.subarray(0, this.used)),
        this.ends.slice(0, this.count)
      );
    }
    const { bytes, ends } = this;
    const startOf = (i: number) => (i === 0 ? 0 : ends[i - 1]);
    const order = new Uint32Array(this.count);
    for (let i = 0; i < order.length; i++) order[i] = i;
    const compare = (a: number, b: number) =>
      bytes.compare(bytes, startOf(b), ends[b], startOf(a), ends[a]);
    order.sort(compare);
    const out = new KeywordPacker();
    for (let i = 0; i < order.length; i++) {
      if (i > 0 && compare(order[i - 1], order[i]) === 0) continue;
      const k = order[i];
      out.addBytes(bytes, startOf(k), ends[k]);
    }
    return out.build();
  }

  /** Appends key bytes taken from another buffer (already in order). */
  private addBytes(source: Buffer, start: number, end: number): void {
    this.reserve(end - start);
    source.copy(this.bytes, this.used, start, end);
    this.used += end - start;
    this.ends[this.count++] = this.used;
  }

  /** Room for one more key of `length` bytes (both buffers double as they fill). */
  private reserve(length: number): void {
    if (this.used + length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (this.count === this.ends.length) {
      const grown = new Uint32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
  }
}
