import type { Projection } from '../join/projection';
import { RawJson } from '../opensearch/raw_json';
import type { PitLife } from './pit_expiry';

/**
 * What a later page of a PIT needs, decoded: the fixed request, the query with its joins already
 * turned into parent filters (bitmaps, `terms` chunks, ids), and the projections for the hits.
 * Serving a page from it skips reading the stored state, decoding its key sets and rebuilding
 * the filters; only the OpenSearch PIT search and the expiry update remain.
 */
export interface PitFilterEntry {
  /** The search request fixed by the first page (without paging fields). */
  request: Record<string, unknown>;
  /** The request's query with every join replaced by its filter; undefined when it had none. */
  query: unknown;
  /** Projections of the joins in the search's own query. */
  projections: Projection[];
  /** The index expression the PIT was opened on (a lost shard context reopens it there). */
  indices: string;
  /** The `preference` it was opened with. */
  preference?: string;
  osPitId: string;
  keepAliveMs: number;
  /** When the PIT expires, as this process last moved it (another process may have moved it later). */
  expiresAt: number;
  /**
   * What the stored state holds, as this process last wrote or read it: later pages write their
   * new expiry only when it would lag too far behind (pit_expiry.ts).
   */
  stored: PitLife;
}

/**
 * This process's decoded PIT state, by the PIT id the user holds (the id of its state document,
 * which never changes from page to page; the wrapped OpenSearch PIT id may). Bounded in
 * estimated bytes, least recently used first out; an entry leaves when its PIT is closed or
 * expires. A miss is never wrong: the stored state in OpenSearch is the truth any process reads.
 */
export class PitFilterCache {
  private readonly entries = new Map<string, { entry: PitFilterEntry; bytes: number }>();
  private total = 0;

  constructor(
    /** Most estimated bytes held across all PITs; 0 turns the cache off. */
    readonly capacityBytes: number,
    private readonly now: () => number = Date.now
  ) {}

  /** Estimated bytes held now. */
  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live entry of a PIT (now the most recently used), or undefined. */
  get(id: string): PitFilterEntry | undefined {
    const held = this.entries.get(id);
    if (held === undefined) return undefined;
    this.entries.delete(id);
    if (held.entry.expiresAt < this.now()) {
      this.total -= held.bytes;
      return undefined;
    }
    this.entries.set(id, held);
    return held.entry;
  }

  /**
   * Keeps a PIT's entry, evicting expired entries, then the least recently used, to stay within
   * the capacity. An entry larger than the whole capacity is not kept.
   */
  set(id: string, entry: PitFilterEntry): boolean {
    this.delete(id);
    if (this.capacityBytes === 0) return false;
    const bytes = entryBytes(entry);
    if (bytes > this.capacityBytes) return false;
    const now = this.now();
    for (const [key, held] of this.entries) {
      if (held.entry.expiresAt < now) this.delete(key);
    }
    for (const key of this.entries.keys()) {
      if (this.total + bytes <= this.capacityBytes) break;
      this.delete(key);
    }
    this.entries.set(id, { entry, bytes });
    this.total += bytes;
    return true;
  }

  /**
   * Moves a kept entry's OpenSearch PIT id and expiry after a page, and what the stored state
   * holds when the page wrote it (no-op when not kept).
   */
  touch(
    id: string,
    moved: { osPitId: string; keepAliveMs: number; expiresAt: number; stored?: PitLife }
  ): void {
    const held = this.entries.get(id);
    if (held !== undefined) Object.assign(held.entry, moved);
  }

  delete(id: string): void {
    const held = this.entries.get(id);
    if (held === undefined) return;
    this.entries.delete(id);
    this.total -= held.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

/** The estimated heap size of an entry: its filters and projections dominate. */
export function entryBytes(entry: PitFilterEntry): number {
  let bytes = approximateBytes(entry.request) + approximateBytes(entry.query) + 256;
  for (const projection of entry.projections) bytes += approximateBytes(projection);
  return bytes;
}

/**
 * A rough heap size of a JSON-like value (V8: 8 bytes a number in an array, strings about two
 * bytes a character plus a header, objects a header plus a slot a property). Rough is enough:
 * the bound is for the operator's budget, not an allocator's.
 */
export function approximateBytes(value: unknown): number {
  if (value === null || value === undefined || typeof value === 'boolean') return 8;
  if (typeof value === 'number' || typeof value === 'bigint') return 8;
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (ArrayBuffer.isView(value)) return 64 + value.byteLength;
  if (value instanceof RawJson) return value.heldBytes;
  if (value instanceof Map) {
    let bytes = 64;
    for (const [key, item] of value) bytes += 16 + approximateBytes(key) + approximateBytes(item);
    return bytes;
  }
  if (Array.isArray(value)) {
    let bytes = 16;
    for (const item of value) bytes += typeof item === 'number' ? 8 : approximateBytes(item) + 8;
    return bytes;
  }
  if (typeof value === 'object') {
    let bytes = 32;
    for (const [key, item] of Object.entries(value)) {
      bytes += 8 + approximateBytes(key) + approximateBytes(item);
    }
    return bytes;
  }
  return 8;
}
