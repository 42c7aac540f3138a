import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../../../test/bed/context';
import { TEST_ENCRYPTION_KEY } from '../../../test/support/in_process_host';
import { loadIndex } from '../../../test/joins/join_fixture';
import { FederationEngine } from '../federation_engine';
import { FederationRuntime } from '../federation_runtime';
import type { OpenSearchTransportClient } from '../opensearch/transport';
import { parseSettings } from '../settings';
import { PIT_INDEX } from './pit_state';

const PARENTS = 600;
const parents = uniqueName('pit-cache-parents');
const children = uniqueName('pit-cache-children');
/** Children point at the even parents: 300 parents match the join. */
const childDocs = Array.from({ length: 400 }, (_, i) => ({
  id: i + 1,
  parent_id: ((i * 2) % PARENTS) + 2,
}));
const expected = Array.from({ length: PARENTS / 2 }, (_, i) => (i + 1) * 2);

/** A client that counts reads of PIT state documents and expiry writes (`_update`). */
function countingClient(): {
  client: OpenSearchTransportClient;
  stateReads: () => number;
  stateUpdates: () => number;
} {
  const client = new Client({ node: openSearchUrl() });
  let reads = 0;
  let updates = 0;
  const counting: OpenSearchTransportClient = {
    transport: {
      request(params, options) {
        if (params.method === 'GET' && params.path.startsWith(`/${PIT_INDEX}/_doc/`)) reads++;
        if (params.path.startsWith(`/${PIT_INDEX}/_update/`)) updates++;
        return client.transport.request(params, options);
      },
    },
  };
  return { client: counting, stateReads: () => reads, stateUpdates: () => updates };
}

function runtimeWith(cacheBytes?: number) {
  const counted = countingClient();
  const runtime = new FederationRuntime(
    counted.client,
    parseSettings({
      encryptionKey: TEST_ENCRYPTION_KEY,
      ...(cacheBytes === undefined ? {} : { pitFilterCacheBytes: cacheBytes }),
    })
  );
  return { runtime, engine: new FederationEngine(runtime, counted.client), ...counted };
}

const request = {
  query: { join: { indices: [children], on: ['id', 'parent_id'] } },
  sort: [{ id: 'asc' }],
  size: 50,
};

async function pageAll(engine: FederationEngine, id: string, pages = Infinity) {
  const seen: number[] = [];
  let after: unknown[] | undefined;
  for (let page = 0; page < pages; page++) {
    const response = (await engine.pits.search(
      { ...request, pit: { id }, ...(after ? { search_after: after } : {}) },
      {}
    )) as { hits: { hits: Array<{ _id: string; sort: unknown[] }> } };
    const hits = response.hits.hits;
    if (hits.length === 0) break;
    seen.push(...hits.map((h) => Number(h._id)));
    after = hits[hits.length - 1].sort;
  }
  return seen;
}

describe('PIT filter cache: later pages from memory, the stored state as the fallback', () => {
  const cached = runtimeWith();
  const other = runtimeWith();
  const uncached = runtimeWith(0);

  beforeAll(async () => {
    const client = openSearchClient();
    const parentDocs = Array.from({ length: PARENTS }, (_, i) => ({ id: i + 1 }));
    await loadIndex(client, parents, { id: { type: 'long' } }, parentDocs);
    await loadIndex(
      client,
      children,
      { id: { type: 'long' }, parent_id: { type: 'long' } },
      childDocs
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([cached, other, uncached].map((r) => r.runtime.close()));
    await openSearchClient().indices.delete({ index: [parents, children] }, { ignore: [404] });
  });

  it('serves every page after the first without reading the stored state', async () => {
    const { id } = await cached.engine.pits.open(parents, '1m');
    const before = cached.stateReads();
    const seen = await pageAll(cached.engine, id);
    expect(seen).toEqual(expected);
    // Only the first page read the state; 7 pages (6 full, one empty) were served.
    expect(cached.stateReads() - before).toBe(1);
    expect(cached.runtime.pitStore.filters.get(id)).toBeDefined();
    expect(cached.runtime.pitStore.filters.bytes).toBeGreaterThan(0);

    // Another process without the entry reads the stored state once, then holds its own.
    const otherBefore = other.stateReads();
    expect(await pageAll(other.engine, id)).toEqual(expected);
    expect(other.stateReads() - otherBefore).toBe(1);

    // A process with the cache off reads the stored state on every page, with the same hits.
    const uncachedBefore = uncached.stateReads();
    expect(await pageAll(uncached.engine, id)).toEqual(expected);
    expect(uncached.stateReads() - uncachedBefore).toBe(7);
    expect(uncached.runtime.pitStore.filters.size).toBe(0);

    // A changed request is still refused on a cache hit.
    await expect(
      cached.engine.pits.search({ ...request, size: 5, sort: [{ id: 'desc' }], pit: { id } }, {})
    ).rejects.toMatchObject({ status: 400 });

    // Closing drops the entry here; the other process drops its own on its next page, which fails.
    await cached.engine.pits.close(id);
    expect(cached.runtime.pitStore.filters.get(id)).toBeUndefined();
    await expect(pageAll(cached.engine, id, 1)).rejects.toMatchObject({ status: 404 });
    expect(other.runtime.pitStore.filters.get(id)).toBeDefined();
    await expect(pageAll(other.engine, id, 1)).rejects.toBeDefined();
    expect(other.runtime.pitStore.filters.get(id)).toBeUndefined();
  }, 120_000);

  it('pages write the expiry only when it outruns the stored lease, which never falls behind', async () => {
    // keep_alive 8s: the stored expiry is leased 2s ahead (pit_expiry.ts).
    const { id } = await cached.engine.pits.open(parents, '8s');
    const storedExpiry = async () =>
      (await openSearchClient().get({ index: PIT_INDEX, id })).body._source.expires_at as number;
    const page = async (after?: unknown[]) => {
      const startedAt = Date.now();
      const response = (await cached.engine.pits.search(
        { ...request, pit: { id }, ...(after ? { search_after: after } : {}) },
        {}
      )) as { hits: { hits: Array<{ sort: unknown[] }> } };
      const hits = response.hits.hits;
      return { startedAt, after: hits[hits.length - 1].sort };
    };
    const updatesBefore = cached.stateUpdates();
    const first = await page();
    // The first page writes the whole state, lease included.
    expect(await storedExpiry()).toBeGreaterThanOrEqual(first.startedAt + 8_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const second = await page(first.after);
    // Within the lease: no write, and the stored expiry still covers the true one.
    expect(cached.stateUpdates() - updatesBefore).toBe(0);
    expect(await storedExpiry()).toBeGreaterThanOrEqual(second.startedAt + 8_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const third = await page(second.after);
    // Past the lease: one write, leased again.
    expect(cached.stateUpdates() - updatesBefore).toBe(1);
    expect(await storedExpiry()).toBeGreaterThanOrEqual(third.startedAt + 8_000);
    // Another process reads the stored state and serves the next page.
    const otherPage = (await other.engine.pits.search(
      { ...request, pit: { id }, search_after: third.after },
      {}
    )) as { hits: { hits: unknown[] } };
    expect(otherPage.hits.hits).toHaveLength(request.size);
    await cached.engine.pits.close(id);
  }, 60_000);

  it('a first page with debug still reports its joins, and later debug pages do too', async () => {
    const { id } = await cached.engine.pits.open(parents, '1m');
    const debugPage = async () =>
      (await cached.engine.pits.search({ ...request, pit: { id } }, { debug: 'true' })) as {
        federation_debug: { joins: unknown[] };
      };
    expect((await debugPage()).federation_debug.joins).toHaveLength(1);
    expect((await debugPage()).federation_debug.joins).toHaveLength(1);
    await cached.engine.pits.close(id);
  }, 60_000);
});
