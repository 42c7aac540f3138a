import { describe, expect, it } from 'vitest';
import { CatalogCache } from './catalog_cache';

/** A catalog whose answers and reads the test controls, on a clock it sets. */
function world(ttlMs: number, maxEntries?: number) {
  let now = 1_000;
  const catalog = new Map<string, string>();
  const reads: string[][] = [];
  const pending: Array<() => void> = [];
  let holdReads = false;
  const cache = new CatalogCache<string>(ttlMs, maxEntries, () => now);
  const read = (names: string[]) => {
    reads.push(names);
    const answer = () => names.map((n) => catalog.get(n));
    if (!holdReads) return Promise.resolve(answer());
    // Answered as the catalog is when released, like a read that reaches OpenSearch late.
    return new Promise<Array<string | undefined>>((resolve) =>
      pending.push(() => resolve(answer()))
    );
  };
  const lookup = async (...names: string[]) => {
    const answers = cache.lookup(names, read);
    return Object.fromEntries(
      await Promise.all([...answers].map(async ([n, v]) => [n, await v] as const))
    );
  };
  return {
    cache,
    catalog,
    reads,
    lookup,
    read,
    advance: (ms: number) => (now += ms),
    hold: () => (holdReads = true),
    release: async () => {
      holdReads = false;
      for (const resolve of pending.splice(0)) resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CatalogCache', () => {
  it('answers a name read within ttlMs without reading it again, a virtual index or not', async () => {
    const w = world(5_000);
    w.catalog.set('vi', 'definition');
    expect(await w.lookup('vi', 'plain')).toEqual({ vi: 'definition', plain: undefined });
    w.advance(2_000);
    expect(await w.lookup('vi', 'plain')).toEqual({ vi: 'definition', plain: undefined });
    expect(w.reads).toEqual([['vi', 'plain']]);
  });

  it("sees another host's change within ttlMs: an entry is never served once that old", async () => {
    const w = world(5_000);
    await w.lookup('vi');
    // Another host creates it; this process has not written it, so it cannot know.
    w.catalog.set('vi', 'created elsewhere');
    w.advance(4_999);
    expect(await w.lookup('vi')).toEqual({ vi: undefined });
    await settle();
    w.advance(1);
    expect(await w.lookup('vi')).toEqual({ vi: 'created elsewhere' });
  });

  it('counts an entry’s age from when its read was sent, not from when it answered', async () => {
    const w = world(5_000);
    w.hold();
    const first = w.lookup('vi');
    w.advance(3_000);
    await w.release();
    await first;
    w.catalog.set('vi', 'changed');
    w.advance(2_000);
    expect(await w.lookup('vi')).toEqual({ vi: 'changed' });
  });

  it('reads a name in use again in the background past half its life, so no lookup waits', async () => {
    const w = world(5_000);
    w.catalog.set('vi', 'v1');
    await w.lookup('vi');
    w.catalog.set('vi', 'v2');
    w.advance(2_600);
    // Past half: served as kept, and one read starts behind it.
    w.hold();
    expect(await w.lookup('vi')).toEqual({ vi: 'v1' });
    expect(await w.lookup('vi')).toEqual({ vi: 'v1' });
    await w.release();
    expect(w.reads).toEqual([['vi'], ['vi']]);
    // Its answer is kept, with its own age: fresh past the first entry's end (at 5,000).
    w.advance(2_450);
    expect(await w.lookup('vi')).toEqual({ vi: 'v2' });
    expect(w.reads).toHaveLength(2);
  });

  it('sees a write through this process at once, even one made while a read was on its way', async () => {
    const w = world(5_000);
    await w.lookup('vi');
    w.catalog.set('vi', 'created here');
    w.cache.forget('vi');
    expect(await w.lookup('vi')).toEqual({ vi: 'created here' });

    // A background read sent before a write answers after it: its answer is not kept.
    w.advance(2_600);
    w.hold();
    expect(await w.lookup('vi')).toEqual({ vi: 'created here' });
    w.catalog.set('vi', 'changed here');
    w.cache.forget('vi');
    await w.release();
    expect(await w.lookup('vi')).toEqual({ vi: 'changed here' });
  });

  it('shares one read between lookups of a name on its way', async () => {
    const w = world(5_000);
    w.hold();
    const a = w.lookup('vi', 'x');
    const b = w.lookup('vi');
    await w.release();
    await Promise.all([a, b]);
    expect(w.reads).toEqual([['vi', 'x']]);
  });

  it('keeps no failed read: the next lookup reads again', async () => {
    const w = world(5_000);
    let fail = true;
    const read = (names: string[]) =>
      fail ? Promise.reject(new Error('catalog unavailable')) : w.read(names);
    await expect(w.cache.lookup(['vi'], read).get('vi')).rejects.toThrow('catalog unavailable');
    await settle();
    fail = false;
    w.catalog.set('vi', 'back');
    expect(await w.cache.lookup(['vi'], read).get('vi')).toBe('back');
  });

  it('reads every lookup with ttlMs 0', async () => {
    const w = world(0);
    await w.lookup('vi');
    await w.lookup('vi');
    expect(w.reads).toEqual([['vi'], ['vi']]);
  });

  it('holds at most maxEntries names, the least recently read out first', async () => {
    const w = world(5_000, 2);
    await w.lookup('a');
    await w.lookup('b');
    await w.lookup('c');
    await w.lookup('b', 'c');
    expect(w.reads).toEqual([['a'], ['b'], ['c']]);
    await w.lookup('a');
    expect(w.reads).toEqual([['a'], ['b'], ['c'], ['a']]);
  });
});
