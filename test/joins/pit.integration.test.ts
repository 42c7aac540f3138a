import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, openSearchClient, openSearchUrl, uniqueName } from '../bed/context';
import { jdbcFor, startFederationApi, type FederationApi } from '../support/in_process_host';
import { startHostProcess } from '../support/host_process';
import { loadIndex } from './join_fixture';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

const PARENTS = 110_000;
const MATCHING = 100_000;
const parents = uniqueName('pit-parents');
const children = uniqueName('pit-children');

/** Parent i has group i % 7; children point at parents 1..100,000 (some twice). */
const parentDocs = Array.from({ length: PARENTS }, (_, i) => ({ id: i + 1, group: (i + 1) % 7 }));
const childDocs = Array.from({ length: MATCHING + 5_000 }, (_, i) => ({
  id: i + 1,
  parent_id: (i % MATCHING) + 1,
  rank: (i * 7_919) % 100_003,
}));

describe('point in time over joins', () => {
  let api: FederationApi;

  beforeAll(async () => {
    const client = openSearchClient();
    await loadIndex(client, parents, { id: { type: 'long' }, group: { type: 'long' } }, parentDocs);
    await loadIndex(
      client,
      children,
      { id: { type: 'long' }, parent_id: { type: 'long' }, rank: { type: 'long' } },
      childDocs
    );
    api = await startFederationApi();
  }, 600_000);

  afterAll(async () => {
    await api?.close();
  });

  const joinQuery = { join: { indices: [children], on: ['id', 'parent_id'] } };

  async function openPit(index = parents, keepAlive?: string): Promise<string> {
    const response = await api.call(
      'POST',
      `/svc/${index}/_pit${keepAlive ? `?keep_alive=${keepAlive}` : ''}`
    );
    expect(response.status, response.text).toBe(200);
    expect(typeof response.body.id).toBe('string');
    return response.body.id;
  }

  async function pageThrough(
    call: FederationApi['call'],
    id: string,
    sort: unknown[] | undefined,
    size: number
  ) {
    const seen: number[] = [];
    const sortValues: unknown[][] = [];
    let pitId = id;
    let after: unknown[] | undefined;
    for (;;) {
      const body: Record<string, unknown> = {
        query: joinQuery,
        size,
        pit: { id: pitId },
        ...(sort ? { sort } : {}),
      };
      if (after) body.search_after = after;
      const response = await call('POST', '/svc/_search', body);
      expect(response.status, response.text.slice(0, 300)).toBe(200);
      const hits = response.body.hits.hits as Array<{ _id: string; sort: unknown[] }>;
      if (hits.length === 0) break;
      seen.push(...hits.map((h) => Number(h._id)));
      sortValues.push(...hits.map((h) => h.sort));
      after = hits[hits.length - 1].sort;
      pitId = response.body.pit_id;
    }
    return { seen, sortValues, pitId };
  }

  it('pages a 100,000-parent join with size 1,000, every parent once, in order, with an explicit sort', async () => {
    const id = await openPit();
    const { seen, sortValues } = await pageThrough(
      api.call,
      id,
      [{ group: 'asc' }, { id: 'desc' }],
      1_000
    );
    expect(seen.length).toBe(MATCHING);
    expect(new Set(seen).size).toBe(MATCHING);
    const expected = parentDocs
      .filter((p) => p.id <= MATCHING)
      .sort((a, b) => a.group - b.group || b.id - a.id)
      .map((p) => p.id);
    expect(seen).toEqual(expected);
    // The _seq_no and _shard_doc tiebreakers were appended to the sort (pit_resume.ts).
    expect(sortValues[0]).toHaveLength(4);
    await api.call('DELETE', '/svc/_pit', { id });
  }, 300_000);

  it('pages the same join without a sort, every parent exactly once', async () => {
    const id = await openPit();
    const { seen } = await pageThrough(api.call, id, undefined, 1_000);
    expect(seen.length).toBe(MATCHING);
    expect(new Set(seen).size).toBe(MATCHING);
    expect(Math.max(...seen)).toBe(MATCHING);
    await api.call('DELETE', '/svc/_pit', { id });
  }, 300_000);

  it('hides documents indexed after the PIT opened and serves later pages from a second process', async () => {
    const id = await openPit();
    const first = await api.call('POST', '/svc/_search', {
      query: joinQuery,
      size: 500,
      sort: [{ id: 'asc' }],
      pit: { id },
    });
    expect(first.body.hits.hits.map((h: { _id: string }) => Number(h._id))).toEqual(
      Array.from({ length: 500 }, (_, i) => i + 1)
    );
    // A late parent whose id matches a child key: invisible to this PIT.
    await openSearchClient().index({
      index: parents,
      id: 'late',
      body: { id: 7, group: 0 },
      refresh: true,
    });

    const second = await startHostProcess(openSearchUrl());
    try {
      const { call } = second;
      const hits = first.body.hits.hits;
      const rest = await pageThrough(call, first.body.pit_id, [{ id: 'asc' }], 5_000);
      // pageThrough starts without search_after; skip what the first page already returned.
      const after = rest.seen.filter((n) => n > 500);
      expect(after).toEqual(Array.from({ length: MATCHING - 500 }, (_, i) => i + 501));
      expect(hits).toHaveLength(500);
      expect(rest.seen.filter((n) => n === 7)).toHaveLength(1);
    } finally {
      await second.close();
      await openSearchClient().delete({ index: parents, id: 'late', refresh: true });
      await api.call('DELETE', '/svc/_pit', { id });
    }
  }, 300_000);

  it('keeps join keys from the first page although remote rows change afterwards', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    const table = `pit_child_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE TABLE ${table} (id bigint PRIMARY KEY, parent_id bigint)`);
      await admin.query(`INSERT INTO ${table} SELECT g, g FROM generate_series(1, 1000) g`);
      const datasource = uniqueName('pit-pg');
      const vi = uniqueName('pit-vi');
      await api.call('PUT', `${DATASOURCES}/${datasource}`, {
        jdbc: jdbcFor('postgres', url),
      });
      await api.call('PUT', `${VIRTUAL_INDICES}/${vi}`, {
        datasource,
        resource: table,
        key: 'id',
      });
      try {
        const id = await openPit();
        const query = { join: { indices: [vi], on: ['id', 'parent_id'] } };
        const first = await api.call('POST', '/svc/_search', {
          query,
          size: 100,
          sort: [{ id: 'asc' }],
          pit: { id },
        });
        expect(first.body.hits.total.value).toBe(1000);
        await admin.query(`INSERT INTO ${table} SELECT g, g FROM generate_series(1001, 1500) g`);
        let after = first.body.hits.hits.at(-1).sort;
        let count = first.body.hits.hits.length;
        for (;;) {
          const page = await api.call('POST', '/svc/_search', {
            query,
            size: 300,
            sort: [{ id: 'asc' }],
            pit: { id },
            search_after: after,
          });
          const hits = page.body.hits.hits;
          if (hits.length === 0) break;
          expect(Math.max(...hits.map((h: { _id: string }) => Number(h._id)))).toBeLessThanOrEqual(
            1000
          );
          count += hits.length;
          after = hits.at(-1).sort;
        }
        expect(count).toBe(1000);
        await api.call('DELETE', '/svc/_pit', { id });
      } finally {
        await api.call('DELETE', `${VIRTUAL_INDICES}/${vi}`);
        await api.call('DELETE', `${DATASOURCES}/${datasource}`);
      }
    } finally {
      await admin.query(`DROP TABLE IF EXISTS ${table}`);
      await admin.end();
    }
  });

  it('pages a projected join sorted by the projected field', async () => {
    const id = await openPit();
    const query = {
      join: {
        indices: [children],
        on: ['id', 'parent_id'],
        request: {
          query: { range: { id: { lte: 2_000 } } },
          project: [{ field: { name: 'rank' } }],
        },
      },
    };
    const seen: Array<[number, number[]]> = [];
    const rankOf = (parent: number) => childDocs[parent - 1].rank;
    let after: unknown[] | undefined;
    for (;;) {
      const page = await api.call('POST', '/svc/_search', {
        query,
        size: 300,
        _source: false,
        sort: [{ rank: 'desc' }],
        pit: { id },
        ...(after ? { search_after: after } : {}),
      });
      expect(page.status, page.text.slice(0, 300)).toBe(200);
      const hits = page.body.hits.hits as Array<{
        _id: string;
        sort: unknown[];
        fields: { rank: number[] };
      }>;
      if (hits.length === 0) break;
      seen.push(...hits.map((h) => [Number(h._id), h.fields.rank] as [number, number[]]));
      after = hits.at(-1)!.sort;
    }
    // Children 1..2,000 point at parents 1..2,000, one each: parents come in their child's rank order.
    const expected = Array.from({ length: 2_000 }, (_, i) => i + 1).sort(
      (a, b) => rankOf(b) - rankOf(a)
    );
    expect(seen.map(([parent]) => parent)).toEqual(expected);
    for (const [parent, ranks] of seen) expect(ranks).toEqual([rankOf(parent)]);
    await api.call('DELETE', '/svc/_pit', { id });
  });

  it('frees the state on close and answers a closed or expired PIT with 404', async () => {
    const id = await openPit();
    await api.call('POST', '/svc/_search', { query: joinQuery, size: 1, pit: { id } });
    const state = await openSearchClient().get({ index: '.federation-pits', id });
    const osPitId = state.body._source.os_pit_id as string;
    const closed = await api.call('DELETE', '/svc/_pit', { id });
    expect(closed.status).toBe(200);
    expect(closed.body.pits[0]).toMatchObject({ successful: true, pit_id: id });
    expect(
      (await openSearchClient().get({ index: '.federation-pits', id }, { ignore: [404] })).body
        .found
    ).toBe(false);
    const open = await openSearchClient().transport.request({
      method: 'GET',
      path: '/_search/point_in_time/_all',
    });
    expect(JSON.stringify(open.body)).not.toContain(osPitId);
    const after = await api.call('POST', '/svc/_search', {
      query: joinQuery,
      size: 1,
      pit: { id },
    });
    expect(after.status).toBe(404);
    expect(after.body.error.type).toBe('search_context_missing_exception');
    expect((await api.call('DELETE', '/svc/_pit', { id })).status).toBe(404);

    const short = await openPit(parents, '1s');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await api.call('POST', '/svc/_search', { size: 1, pit: { id: short } })).status).toBe(
      404
    );
  });

  it('refuses a second different request, slicing, indices in the path, bad keep_alive and too many PITs', async () => {
    const id = await openPit();
    await api.call('POST', '/svc/_search', {
      query: joinQuery,
      size: 10,
      sort: [{ id: 'asc' }],
      pit: { id },
    });
    const different = await api.call('POST', '/svc/_search', {
      query: { match_all: {} },
      size: 10,
      sort: [{ id: 'asc' }],
      pit: { id },
    });
    expect(different.status).toBe(400);
    expect(different.body.error.reason).toMatch(/differs from the first one in \[query\]/);
    const sliced = await api.call('POST', '/svc/_search', {
      query: joinQuery,
      pit: { id },
      slice: { id: 0, max: 2 },
    });
    expect(sliced.status).toBe(400);
    expect(sliced.body.error.reason).toMatch(/slic/);
    const withIndex = await api.call('POST', `/svc/${parents}/_search`, { pit: { id } });
    expect(withIndex.status).toBe(400);
    expect((await api.call('POST', `/svc/${parents}/_pit?keep_alive=forever`)).status).toBe(400);
    await api.call('DELETE', '/svc/_pit', { id });

    // The cap is cluster-wide: allow exactly one more than what is open right now (closes are
    // not refreshed: refreshed here so the count is exact).
    await openSearchClient().indices.refresh({ index: '.federation-pits' });
    const openNow = await openSearchClient().count({
      index: '.federation-pits',
      body: { query: { range: { expires_at: { gt: Date.now() } } } },
    });
    const capped = await startFederationApi({ maxOpenPits: openNow.body.count + 1 });
    try {
      const one = await capped.call('POST', `/svc/${parents}/_pit`);
      expect(one.status).toBe(200);
      const two = await capped.call('POST', `/svc/${parents}/_pit`);
      expect(two.status).toBe(429);
      expect(two.body.error.reason).toMatch(/maxOpenPits/);
      // A close frees its place at once, although lists do not see it yet.
      expect((await capped.call('DELETE', '/svc/_pit', { id: one.body.id })).status).toBe(200);
      const three = await capped.call('POST', `/svc/${parents}/_pit`);
      expect(three.status, three.text).toBe(200);
      await capped.call('DELETE', '/svc/_pit', { id: three.body.id });
    } finally {
      await capped.close();
    }
  });
});
