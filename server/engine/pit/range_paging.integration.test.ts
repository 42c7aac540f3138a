/**
 * Every path of ours that reads many documents sees every document matched by a `range` query.
 * On OpenSearch 3.x a `range` query can be "approximated" (it stops after about 10,240 hits per
 * shard) when the request does not need an exact total: a scroll without `track_total_hits:
 * true` silently lost documents that way (issue 12). So each path here reads a `range` match of
 * more than 20,000 documents per shard on 2-shard indices and is compared with an exact count:
 * join key extraction (composite pages, both plan directions), the join projection scan, PIT
 * pages over a join (sorted and unsorted), and the document and `_id` streams the graph fetches
 * through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../../../test/bed/context';
import { TEST_ENCRYPTION_KEY } from '../../../test/support/in_process_host';
import { loadIndex } from '../../../test/joins/join_fixture';
import { FederationEngine } from '../federation_engine';
import { FederationRuntime } from '../federation_runtime';
import { parseSettings } from '../settings';

const DOCS = 60_000;
/** score = i % 100: `score < 90` keeps 54,000 children, about 27,000 per shard. */
const CHILD_RANGE = { range: { score: { lt: 90 } } };
/** Parents 1..50,000 (about 25,000 per shard) of which 45,000 have a matching child. */
const PARENT_RANGE = { range: { id: { lte: 50_000 } } };
const MATCHING_CHILDREN = 54_000;
const MATCHING_PARENTS = 45_000;
const PAGE = 5_000;

const parents = uniqueName('range-paging-parents');
const children = uniqueName('range-paging-children');

describe('range queries matching more than 20,000 documents per shard', () => {
  const client = openSearchClient();
  const runtime = new FederationRuntime(
    client,
    parseSettings({ encryptionKey: TEST_ENCRYPTION_KEY })
  );
  const engine = new FederationEngine(runtime, client);

  beforeAll(async () => {
    const ids = Array.from({ length: DOCS }, (_, i) => i + 1);
    await loadIndex(
      client,
      children,
      { id: { type: 'long' }, parent_id: { type: 'long' }, score: { type: 'long' } },
      ids.map((id) => ({ id, parent_id: id, score: (id - 1) % 100 }))
    );
    await loadIndex(
      client,
      parents,
      { id: { type: 'long' } },
      ids.map((id) => ({ id }))
    );
  }, 300_000);

  afterAll(async () => {
    await runtime.close();
    await client.indices.delete({ index: [parents, children] }, { ignore: [404] });
  });

  /** OpenSearch's exact count, per shard and in all. */
  async function exactCount(index: string, query: unknown, shard?: number): Promise<number> {
    const response = await client.count({
      index,
      body: { query } as never,
      ...(shard === undefined ? {} : { preference: `_shards:${shard}` }),
    });
    return response.body.count;
  }

  it('holds more than 20,000 matching documents per shard (the premise)', async () => {
    expect(await exactCount(children, CHILD_RANGE)).toBe(MATCHING_CHILDREN);
    expect(await exactCount(parents, PARENT_RANGE)).toBe(50_000);
    for (const shard of [0, 1]) {
      expect(await exactCount(children, CHILD_RANGE, shard)).toBeGreaterThan(20_000);
      expect(await exactCount(parents, PARENT_RANGE, shard)).toBeGreaterThan(20_000);
    }
  });

  const join = (extra: Record<string, unknown> = {}) => ({
    join: {
      indices: [children],
      on: ['id', 'parent_id'],
      request: { query: CHILD_RANGE },
      ...extra,
    },
  });
  type Debugged = {
    hits: { total: { value: number; relation: string } };
    federation_debug: { joins: Array<{ keys: number; strategy: string }> };
  };
  const search = async (query: unknown) =>
    (await engine.search.search({
      index: parents,
      body: { size: 0, track_total_hits: true, query },
      params: { debug: 'true' },
    })) as Debugged;

  it('join key extraction reads every child key, whichever direction the plan takes', async () => {
    for (const type of [undefined, 'BROADCAST_JOIN', 'INDEX_JOIN']) {
      const r = await search(join(type === undefined ? {} : { type }));
      expect(r.federation_debug.joins[0].keys, String(type)).toBe(MATCHING_CHILDREN);
      expect(r.hits.total).toEqual({ value: MATCHING_CHILDREN, relation: 'eq' });
    }
    const filtered = await search({ bool: { filter: [PARENT_RANGE, join()] } });
    expect(filtered.hits.total.value).toBe(MATCHING_PARENTS);
  }, 120_000);

  it('the join projection scan reads every child document', async () => {
    const r = await search({
      join: {
        indices: [children],
        on: ['id', 'parent_id'],
        request: { query: CHILD_RANGE, project: [{ field: { name: 'score' } }] },
      },
    });
    expect(r.federation_debug.joins[0].keys).toBe(MATCHING_CHILDREN);
    expect(r.hits.total.value).toBe(MATCHING_CHILDREN);
  }, 120_000);

  /** Every hit of a PIT walk over the join with a parent range, page by page. */
  async function walk(sort?: unknown): Promise<number[]> {
    const { id } = await engine.pits.open(parents, '2m');
    const seen: number[] = [];
    try {
      let after: unknown[] | undefined;
      for (;;) {
        const page = (await engine.pits.search(
          {
            query: { bool: { filter: [PARENT_RANGE, join()] } },
            size: PAGE,
            ...(sort === undefined ? {} : { sort }),
            pit: { id },
            ...(after ? { search_after: after } : {}),
          },
          {}
        )) as { hits: { hits: Array<{ _id: string; sort: unknown[] }> } };
        const hits = page.hits.hits;
        for (const hit of hits) seen.push(Number(hit._id));
        if (hits.length < PAGE) break;
        after = hits[hits.length - 1].sort;
      }
    } finally {
      await engine.pits.close(id);
    }
    return seen;
  }

  it('PIT pages over the join return every matching parent once', async () => {
    const expected = Array.from({ length: 50_000 }, (_, i) => i + 1).filter(
      (id) => (id - 1) % 100 < 90
    );
    expect(expected).toHaveLength(MATCHING_PARENTS);
    expect(await walk([{ id: 'asc' }])).toEqual(expected);
    expect((await walk()).sort((a, b) => a - b)).toEqual(expected);
  }, 180_000);

  it('the document and _id streams a graph fetches through read every document', async () => {
    const backend = engine.backends.openSearch([children]);
    for (const ordered of [true, false]) {
      let read = 0;
      for await (const doc of backend.documents(CHILD_RANGE, { fields: ['id'], ordered })) {
        expect(typeof doc._source.id).toBe('number');
        read++;
      }
      expect(read, `ordered ${ordered}`).toBe(MATCHING_CHILDREN);
    }
    // A wrong small hint: one plain page is full, so the stream falls back to a full read.
    let hinted = 0;
    for await (const _ of backend.documents(CHILD_RANGE, {
      fields: [],
      ordered: false,
      expectedDocuments: 10,
    }))
      hinted++;
    expect(hinted).toBe(MATCHING_CHILDREN);
    const ids = await backend.distinctKeys('_id', CHILD_RANGE, {
      limit: 1_000_000,
      describe: 'the test',
    });
    expect(ids.values).toHaveLength(MATCHING_CHILDREN);
  }, 180_000);
});
