import { ReadCheckCache } from './read_check_cache';

/**
 * A join through OpenSearch reads its parent field's type (the key filter's form depends on it)
 * and a graph query reads the types of its model's fields: each a `_field_caps` round trip as the
 * caller, a fixed cost of a millisecond or more on every request (issue 25). So each process
 * remembers, for `ttlMs` (`catalogCacheMs`), the type a caller was told a field has in an index
 * expression (the expression as the request names it, e.g. `orders,logs-*`):
 *
 * - Only a type is kept, or `conflict` (the indices map it differently). Both are read from
 *   mappings that exist, and a field's type in an index never changes in place (only by deleting
 *   and recreating the index), so they age like the catalog entries beside them. A stale
 *   `conflict` only takes the slower way (no bitmap key filter, no filter pushed down) or
 *   refuses a graph model until the bound passes, as a stale type may fail a request.
 * - A field that no index maps is asked again every time: the next document may map it. So is
 *   every error (a refusal, a missing index).
 * - Only a caller with an identity is kept (ReadCheckCache.keeps): field-level security may show
 *   callers different fields, and one anonymous answer must not stand for a user.
 * - Within `ttlMs` (counted from when the request was sent) a change of the set itself may go
 *   unseen: an index added to a pattern or an alias, an index deleted and recreated with another
 *   type, a field newly mapped in one index of a set that maps it elsewhere. The catalog
 *   (catalog_cache.ts) and the aliases of the system indices (search/system_indices.ts) are seen
 *   with the same delay.
 */
export class FieldCapsCache {
  /** `caller \u0000 indices \u0000 field` → its type and when it was asked, least recent first. */
  private readonly types = new Map<string, { type: string; sentAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now
  ) {}

  /** The type `caller` was told `field` has in `indices` less than `ttlMs` ago, if any. */
  typeOf(caller: string, indices: string, field: string): string | undefined {
    const k = key(caller, indices, field);
    const kept = this.types.get(k);
    if (kept === undefined) return undefined;
    this.types.delete(k);
    if (this.now() - kept.sentAt >= this.ttlMs) return undefined;
    this.types.set(k, kept);
    return kept.type;
  }

  /** Records the answer of a `_field_caps` request sent at `sentAt`; null (unmapped) is not kept. */
  record(
    caller: string,
    indices: string,
    field: string,
    type: string | null,
    sentAt: number
  ): void {
    if (type === null || this.ttlMs <= 0 || !ReadCheckCache.keeps(caller)) return;
    const k = key(caller, indices, field);
    this.types.delete(k);
    this.types.set(k, { type, sentAt });
    if (this.types.size > this.maxEntries) {
      const oldest = this.types.keys().next().value;
      if (oldest !== undefined) this.types.delete(oldest);
    }
  }
}

function key(caller: string, indices: string, field: string): string {
  return `${caller}\u0000${indices}\u0000${field}`;
}
