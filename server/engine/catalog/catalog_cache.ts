/**
 * Every search names indices, and each name must be looked up in the catalog before anything
 * runs: is it a virtual index? Read afresh, that lookup is a round trip to OpenSearch in front
 * of every search, and it queues wherever OpenSearch queues (under a flood of PIT opens a
 * catalog `_mget` waited 2-4 s while the search behind it took 50 ms). So each process keeps
 * what it read, for `ttlMs`:
 *
 * - A change made through this process is seen at once (`forget`, called by every write).
 * - A change made through another host sharing the cluster is seen within `ttlMs`: an entry is
 *   served only while younger than that, its age counted from when its read was sent.
 * - A name in use is read again in the background once past half its life, so a request rarely
 *   waits for the catalog and never for a read older than `ttlMs`.
 *
 * Only the catalog's own answer is kept (read as the server itself); every caller's read check
 * still runs per request. `ttlMs` 0 turns the cache off (every lookup reads).
 */
export type CatalogRead<T> = (names: string[]) => Promise<Array<T | undefined>>;

interface Entry<T> {
  value: Promise<T | undefined>;
  /** When the read that gave `value` was sent. */
  readAt: number;
  /** Set while a background read of this name is on its way. */
  refreshing: boolean;
}

export class CatalogCache<T> {
  /** Name to entry, least recently read first (a Map keeps insertion order). */
  private readonly entries = new Map<string, Entry<T>>();
  /**
   * Bumped by every `forget`: a read sent before a write may have seen the old entry, so its
   * answer is used by the request that sent it but never kept.
   */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now
  ) {}

  /** The catalog's answer for each name (undefined: not in the catalog), read where not fresh. */
  lookup(names: string[], read: CatalogRead<T>): Map<string, Promise<T | undefined>> {
    const answers = new Map<string, Promise<T | undefined>>();
    const unread: string[] = [];
    const stale: string[] = [];
    const now = this.now();
    for (const name of new Set(names)) {
      const entry = this.entries.get(name);
      if (entry === undefined || now - entry.readAt >= this.ttlMs) {
        unread.push(name);
        continue;
      }
      answers.set(name, entry.value);
      if (now - entry.readAt >= this.ttlMs / 2 && !entry.refreshing) {
        entry.refreshing = true;
        stale.push(name);
      }
    }
    if (unread.length > 0) {
      const sent = this.send(unread, read);
      unread.forEach((name, i) => {
        answers.set(name, sent.values[i]);
        // Kept while on its way, so that lookups meanwhile share the read.
        this.keep(name, { value: sent.values[i], readAt: sent.readAt, refreshing: false });
        sent.values[i].catch(() => this.drop(name, sent.values[i]));
      });
    }
    if (stale.length > 0) {
      // Nobody waits for it: the entry in use is replaced once the new answer is in, and a
      // failure leaves it to expire and be read on demand.
      const sent = this.send(stale, read);
      stale.forEach((name, i) => {
        const value = sent.values[i];
        value.then(
          () => {
            if (this.generation === sent.generation)
              this.keep(name, { value, readAt: sent.readAt, refreshing: false });
          },
          () => {
            const entry = this.entries.get(name);
            if (entry !== undefined) entry.refreshing = false;
          }
        );
      });
    }
    return answers;
  }

  /** Drops what is known of `name`: the next lookup reads it. */
  forget(name: string): void {
    this.generation++;
    this.entries.delete(name);
  }

  private send(names: string[], read: CatalogRead<T>) {
    const readAt = this.now();
    const generation = this.generation;
    const all = read(names);
    return { readAt, generation, values: names.map((_, i) => all.then((found) => found[i])) };
  }

  private keep(name: string, entry: Entry<T>): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(name);
    this.entries.set(name, entry);
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** A failed read is not kept (unless a newer entry took its place already). */
  private drop(name: string, value: Promise<T | undefined>): void {
    if (this.entries.get(name)?.value === value) this.entries.delete(name);
  }
}
