/**
 * A virtual index is read only by callers who may search its concrete index, and that check is
 * a size-0 `_search` as the caller (concrete_indices.ts): one OpenSearch round trip in front of
 * every statement, most of what a virtual-index page costs beyond its SQL (issue 25). So each
 * process remembers, for `ttlMs` (`catalogCacheMs`), that a caller passed the check on a name:
 *
 * - Only passes are kept; a refusal is asked again every time.
 * - Only a caller with an identity is kept (an authenticated user, forwarded credentials, a
 *   standalone client address): OSD without a security plugin names everyone `anonymous`, and
 *   one anonymous pass must not stand for a user the plugin could not name.
 * - A permission taken away is enforced within `ttlMs`. OpenSearch's security plugin itself
 *   keeps a user's roles for `plugins.security.cache.ttl_minutes` (60 by default), so this adds
 *   nothing a cluster administrator does not already wait for.
 */
export class ReadCheckCache {
  /** `caller \u0000 index` → when the passing check was sent, least recently passed first. */
  private readonly passed = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now
  ) {}

  static keeps(caller: string): boolean {
    return caller !== 'anonymous';
  }

  /** Whether `caller` passed the check on `index` less than `ttlMs` ago. */
  passedRecently(caller: string, index: string): boolean {
    const sentAt = this.passed.get(key(caller, index));
    return sentAt !== undefined && this.now() - sentAt < this.ttlMs;
  }

  /** Records a pass of a check sent at `sentAt`. */
  record(caller: string, index: string, sentAt: number): void {
    if (this.ttlMs <= 0 || !ReadCheckCache.keeps(caller)) return;
    const k = key(caller, index);
    this.passed.delete(k);
    this.passed.set(k, sentAt);
    if (this.passed.size > this.maxEntries) {
      const oldest = this.passed.keys().next().value;
      if (oldest !== undefined) this.passed.delete(oldest);
    }
  }
}

function key(caller: string, index: string): string {
  return `${caller}\u0000${index}`;
}
