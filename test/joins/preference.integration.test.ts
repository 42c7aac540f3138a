/**
 * `preference` reaches the shard searches (issue 13): every search the engine makes for one
 * request (the parent search, the child key reads, the planner's counts, a reversed join's parent
 * keys, projections, graph node reads) goes to the shards the user's `preference` names.
 *
 * The observable: `preference=_shards:0` restricts an OpenSearch search to shard 0. The indices
 * have two shards; which documents live on shard 0 is read from OpenSearch itself, and each
 * answer is computed by brute force from those documents only. Each expectation is also checked
 * to differ from what a search that ignored `preference` in one place would return, so a leak
 * in the parent search or in a child read fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../bed/context';
import { startFederationApi, type FederationApi } from '../support/in_process_host';
import { ids, joinRows, loadIndex, MAPPINGS, type Article, type Company } from './join_fixture';

const rows = joinRows(300, 900, 40, 13);
const companies = uniqueName('pref-companies');
const articles = uniqueName('pref-articles');
const authors = uniqueName('pref-authors');
const SHARD_0 = 'preference=_shards:0';
const STRATEGIES = [undefined, 'BROADCAST_JOIN', 'HASH_JOIN', 'INDEX_JOIN'] as const;

/** The ids of the parents whose key is among the children's keys, sorted. */
function semiJoin<P extends { id: number }, C>(
  parents: P[],
  parentKey: (p: P) => number,
  children: C[],
  childKey: (c: C) => number
): number[] {
  const keys = new Set(children.map(childKey));
  return parents
    .filter((p) => keys.has(parentKey(p)))
    .map((p) => p.id)
    .sort((a, b) => a - b);
}

const positive = (a: Article) => a.sentiment > 0;
const big = (c: Company) => c.size > 500;

describe('preference reaches the shard searches', () => {
  let api: FederationApi;
  /** What lives on shard 0 of each index, as OpenSearch itself answers `preference=_shards:0`. */
  const onShard0 = {
    companies: new Set<number>(),
    articles: new Set<number>(),
    authors: new Set<number>(),
  };
  const local = {
    companies: [] as Company[],
    articles: [] as Article[],
    authors: [] as (typeof rows.authors)[number][],
  };

  beforeAll(async () => {
    const client = openSearchClient();
    await loadIndex(client, companies, MAPPINGS.companies, rows.companies);
    await loadIndex(client, articles, MAPPINGS.articles, rows.articles);
    await loadIndex(client, authors, MAPPINGS.authors, rows.authors);
    for (const [key, index] of [
      ['companies', companies],
      ['articles', articles],
      ['authors', authors],
    ] as const) {
      const response = await client.search({
        index,
        preference: '_shards:0',
        body: { size: 10_000, _source: false },
      });
      expect(response.body._shards.total).toBe(1);
      for (const hit of response.body.hits.hits) onShard0[key].add(Number(hit._id));
    }
    local.companies = rows.companies.filter((c) => onShard0.companies.has(c.id));
    local.articles = rows.articles.filter((a) => onShard0.articles.has(a.id));
    local.authors = rows.authors.filter((a) => onShard0.authors.has(a.id));
    // Both shards hold documents of every index, or shard 0 would not tell anything apart.
    expect(local.companies.length).toBeGreaterThan(50);
    expect(local.companies.length).toBeLessThan(rows.companies.length - 50);
    expect(local.articles.length).toBeGreaterThan(150);
    expect(local.articles.length).toBeLessThan(rows.articles.length - 150);
    expect(local.authors.length).toBeGreaterThan(5);
    expect(local.authors.length).toBeLessThan(rows.authors.length - 5);
    // Key pages of 100: the planner counts the parent only when the child's first key page was
    // not its last (join_planner.ts); the articles' companies on shard 0 are more than that.
    expect(new Set(local.articles.filter(positive).map((a) => a.company_id)).size).toBeGreaterThan(
      100
    );
    api = await startFederationApi({ joinKeyPageSize: 100 });
  });

  afterAll(async () => {
    await api?.close();
  });

  const search = async (index: string, params: string, body: Record<string, unknown>) => {
    const response = await api.call('POST', `/svc/${index}/_search?${params}`, {
      size: 10_000,
      ...body,
    });
    expect(response.status, response.text.slice(0, 500)).toBe(200);
    return response.body;
  };

  /**
   * The shard-0 answer differs from the full one and from those of a search that read one side
   * on every shard: otherwise a test could pass while `preference` was dropped somewhere.
   */
  function expectTelling(expected: number[], leaks: Record<string, number[]>) {
    for (const [leak, answer] of Object.entries(leaks)) {
      expect(answer, `the data tells shard 0 from ${leak}`).not.toEqual(expected);
    }
  }

  /**
   * The semi-join of shard 0's parents and children (`local`), checked to differ from the answers
   * of a search that read either side, or both, on every shard (`all`).
   */
  function shardZeroSemiJoin<P extends { id: number }, C>(
    parents: { local: P[]; all: P[] },
    parentKey: (p: P) => number,
    children: { local: C[]; all: C[] },
    childKey: (c: C) => number
  ): number[] {
    const expected = semiJoin(parents.local, parentKey, children.local, childKey);
    expectTelling(expected, {
      'no preference': semiJoin(parents.all, parentKey, children.all, childKey),
      'a child read on every shard': semiJoin(parents.local, parentKey, children.all, childKey),
      'a parent search on every shard': semiJoin(parents.all, parentKey, children.local, childKey),
    });
    return expected;
  }

  it('restricts the parent search and the child key read to shard 0, in every strategy', async () => {
    const expected = shardZeroSemiJoin(
      { local: local.companies, all: rows.companies },
      (c) => c.id,
      { local: local.articles.filter(positive), all: rows.articles.filter(positive) },
      (a) => a.company_id
    );
    for (const type of STRATEGIES) {
      const join = {
        indices: [articles],
        on: ['id', 'company_id'],
        request: { query: { range: { sentiment: { gt: 0 } } } },
        ...(type ? { type } : {}),
      };
      const body = await search(companies, `debug=true&${SHARD_0}`, { query: { join } });
      expect(ids(body.hits.hits), type ?? 'planned').toEqual(expected);
      expect(body.hits.total.value).toBe(expected.length);
      expect(body._shards.total).toBe(1);
      const report = body.federation_debug.joins[0];
      if (type) expect(report.strategy).toBe(type);
      else {
        // The planner counted shard 0 too: its estimates are shard 0's numbers.
        expect(report.estimates).toEqual({
          child_docs: local.articles.filter(positive).length,
          parent_keys: local.companies.length,
        });
      }
      expect(report.keys, type ?? 'planned').toBe(
        type === 'INDEX_JOIN'
          ? // Reversed: the child's keys were narrowed by the parent's shard-0 keys first.
            expected.length
          : new Set(local.articles.filter(positive).map((a) => a.company_id)).size
      );
    }
    const everywhere = await search(companies, 'debug=true', {
      query: {
        join: {
          indices: [articles],
          on: ['id', 'company_id'],
          request: { query: { range: { sentiment: { gt: 0 } } } },
        },
      },
    });
    expect(ids(everywhere.hits.hits)).toEqual(
      semiJoin(
        rows.companies,
        (c) => c.id,
        rows.articles.filter(positive),
        (a) => a.company_id
      )
    );
  });

  it('restricts the other key direction (articles joined with companies) to shard 0', async () => {
    const expected = shardZeroSemiJoin(
      { local: local.articles, all: rows.articles },
      (a) => a.company_id,
      { local: local.companies.filter(big), all: rows.companies.filter(big) },
      (c) => c.id
    );
    for (const type of STRATEGIES) {
      const join = {
        indices: [companies],
        on: ['company_id', 'id'],
        request: { query: { range: { size: { gt: 500 } } } },
        ...(type ? { type } : {}),
      };
      const body = await search(articles, `debug=true&${SHARD_0}`, { query: { join } });
      expect(ids(body.hits.hits), type ?? 'planned').toEqual(expected);
      if (type) expect(body.federation_debug.joins[0].strategy).toBe(type);
      else {
        // Fewer than 100 big companies on shard 0: one key page, so the parent is not counted.
        expect(body.federation_debug.joins[0].estimates).toEqual({
          child_docs: local.companies.filter(big).length,
        });
      }
    }
  });

  it('restricts every level of nested joins to shard 0', async () => {
    // Companies with a positive article by a senior author.
    const seniorLocal = local.authors.filter((a) => a.senior);
    const articlesLocal = local.articles.filter(
      (a) => positive(a) && seniorLocal.some((s) => s.id === a.author_id)
    );
    const expected = semiJoin(
      local.companies,
      (c) => c.id,
      articlesLocal,
      (a) => a.company_id
    );
    const seniorAll = new Set(rows.authors.filter((a) => a.senior).map((a) => a.id));
    expectTelling(expected, {
      'an author read on every shard': semiJoin(
        local.companies,
        (c) => c.id,
        local.articles.filter((a) => positive(a) && seniorAll.has(a.author_id)),
        (a) => a.company_id
      ),
    });
    const query = {
      join: {
        indices: [articles],
        on: ['id', 'company_id'],
        request: {
          query: {
            bool: {
              filter: [
                { range: { sentiment: { gt: 0 } } },
                {
                  join: {
                    indices: [authors],
                    on: ['author_id', 'id'],
                    request: { query: { term: { senior: true } } },
                  },
                },
              ],
            },
          },
        },
      },
    };
    const body = await search(companies, `debug=true&${SHARD_0}`, { query });
    expect(ids(body.hits.hits)).toEqual(expected);
    expect(body.federation_debug.joins).toHaveLength(2);
  });

  // A projecting join reads its child through its own scroll (join/projection.ts).
  it('restricts a projecting join’s child read to shard 0', async () => {
    const amounts = new Map<number, number[]>();
    for (const a of local.articles.filter(positive)) {
      amounts.set(a.company_id, [...(amounts.get(a.company_id) ?? []), a.amount]);
    }
    const expected = local.companies.filter((c) => amounts.has(c.id)).map((c) => c.id);
    const body = await search(companies, SHARD_0, {
      _source: false,
      query: {
        join: {
          indices: [articles],
          on: ['id', 'company_id'],
          request: {
            query: { range: { sentiment: { gt: 0 } } },
            project: [{ field: { name: 'amount' } }],
          },
        },
      },
    });
    const hits = body.hits.hits as Array<{ _id: string; fields: { amount: number[] } }>;
    expect(ids(hits)).toEqual(expected);
    for (const hit of hits) {
      expect(
        [...hit.fields.amount].sort((a, b) => a - b),
        hit._id
      ).toEqual([...amounts.get(Number(hit._id))!].sort((a, b) => a - b));
    }
  });

  it('takes preference from an _msearch header, per search', async () => {
    const join = {
      join: {
        indices: [articles],
        on: ['id', 'company_id'],
        request: { query: { range: { sentiment: { gt: 0 } } } },
      },
    };
    const lines = [
      { index: companies, preference: '_shards:0' },
      { size: 10_000, query: join },
      { index: companies },
      { size: 10_000, query: join },
    ];
    const response = await fetch(`${api.server.url}/svc/_msearch`, {
      method: 'POST',
      headers: { 'osd-xsrf': 'true', 'content-type': 'application/x-ndjson' },
      body: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      responses: Array<{ status: number; hits: { hits: Array<{ _id: string }> } }>;
    };
    expect(body.responses.map((r) => r.status)).toEqual([200, 200]);
    expect(ids(body.responses[0].hits.hits)).toEqual(
      semiJoin(
        local.companies,
        (c) => c.id,
        local.articles.filter(positive),
        (a) => a.company_id
      )
    );
    expect(ids(body.responses[1].hits.hits)).toEqual(
      semiJoin(
        rows.companies,
        (c) => c.id,
        rows.articles.filter(positive),
        (a) => a.company_id
      )
    );
  });

  describe('point in time', () => {
    const joinQuery = {
      join: {
        indices: [articles],
        on: ['id', 'company_id'],
        request: { query: { range: { sentiment: { gt: 0 } } } },
      },
    };

    async function pageAll(pitId: string): Promise<number[]> {
      const seen: number[] = [];
      let after: unknown[] | undefined;
      for (;;) {
        const response = await api.call('POST', '/svc/_search', {
          query: joinQuery,
          size: 40,
          sort: [{ id: 'asc' }],
          pit: { id: pitId },
          ...(after ? { search_after: after } : {}),
        });
        expect(response.status, response.text.slice(0, 500)).toBe(200);
        const hits = response.body.hits.hits as Array<{ _id: string; sort: unknown[] }>;
        if (hits.length === 0) return seen;
        seen.push(...hits.map((h) => Number(h._id)));
        after = hits.at(-1)!.sort;
      }
    }

    // OpenSearch's point in time takes `preference` when it opens; the PIT's state carries it to
    // the page that computes the joins (the child keys) and to a reopening after a node's loss.
    it('takes preference when the point in time opens, for its pages and their joins', async () => {
      const opened = await api.call('POST', `/svc/${companies}/_pit?${SHARD_0}`);
      expect(opened.status, opened.text).toBe(200);
      const id = opened.body.id as string;
      try {
        // As OpenSearch's own point in time: opened on shard 0 only.
        expect(opened.body._shards.total).toBe(1);
        expect(await pageAll(id)).toEqual(
          semiJoin(
            local.companies,
            (c) => c.id,
            local.articles.filter(positive),
            (a) => a.company_id
          )
        );
      } finally {
        await api.call('DELETE', '/svc/_pit', { id });
      }
    });

    it('refuses preference on a page, as OpenSearch does, with a 400 naming it', async () => {
      const opened = await api.call('POST', `/svc/${companies}/_pit`);
      expect(opened.status, opened.text).toBe(200);
      const id = opened.body.id as string;
      try {
        const page = await api.call('POST', `/svc/_search?${SHARD_0}`, {
          query: joinQuery,
          size: 10,
          sort: [{ id: 'asc' }],
          pit: { id },
        });
        expect(page.status, page.text).toBe(400);
        expect(page.body.status).toBe(400);
        expect(page.body.error.reason).toMatch(/\[preference\] cannot be used with point in time/);
        // Without it the same point in time pages every shard.
        expect(await pageAll(id)).toEqual(
          semiJoin(
            rows.companies,
            (c) => c.id,
            rows.articles.filter(positive),
            (a) => a.company_id
          )
        );
      } finally {
        await api.call('DELETE', '/svc/_pit', { id });
      }
    });
  });

  describe('graph queries', () => {
    const MODEL = {
      label: 'preference_graph',
      entities: [
        { label: 'Company', indices: [companies], id: 'id' },
        { label: 'Article', indices: [articles], id: 'id' },
      ],
      relations: [
        {
          label: 'about',
          from: { entity: 'Article', field: 'company_id' },
          to: { entity: 'Company', field: 'id' },
        },
      ],
    };
    const graph = async (query: string, params = '') => {
      const response = await api.call('POST', `/svc/_graph${params}`, { model: MODEL, query });
      expect(response.status, response.text.slice(0, 500)).toBe(200);
      expect(response.body.truncated ?? false).toBe(false);
      return response.body.rows as unknown[][];
    };
    const sortedPairs = (pairs: Array<[number, number]>) => pairs.map((p) => p.join(':')).sort();

    it('reads only shard-0 nodes', async () => {
      const nodes = await graph(
        'SELECT c.id FROM "preference_graph" MATCH (c:Company)',
        `?${SHARD_0}`
      );
      expect(nodes.map((r) => Number(r[0])).sort((a, b) => a - b)).toEqual(
        local.companies.map((c) => c.id)
      );
      const all = await graph('SELECT c.id FROM "preference_graph" MATCH (c:Company)');
      expect(all).toHaveLength(rows.companies.length);
    });

    it('reads only shard-0 nodes on both ends of an edge, whichever end starts', async () => {
      const localCompanies = new Set(local.companies.map((c) => c.id));
      const cases: Array<[string, Article[], (c: Company) => boolean]> = [
        [
          'SELECT a.id, c.id FROM "preference_graph" MATCH (a:Article)-[:about]->(c:Company)',
          local.articles,
          () => true,
        ],
        // A selective end: the engine may start from either side.
        [
          'SELECT a.id, c.id FROM "preference_graph" MATCH (a:Article WHERE "amount:>=9500")-[:about]->(c:Company)',
          local.articles.filter((a) => a.amount >= 9_500),
          () => true,
        ],
        [
          'SELECT a.id, c.id FROM "preference_graph" MATCH (a:Article)-[:about]->(c:Company WHERE "size:>900")',
          local.articles,
          (c) => c.size > 900,
        ],
      ];
      for (const [query, localArticles, companyTest] of cases) {
        const expected = sortedPairs(
          localArticles
            .filter(
              (a) =>
                localCompanies.has(a.company_id) && companyTest(rows.companies[a.company_id - 1])
            )
            .map((a) => [a.id, a.company_id])
        );
        expect(expected.length, query).toBeGreaterThan(0);
        const got = await graph(query, `?${SHARD_0}`);
        expect(sortedPairs(got.map((r) => [Number(r[0]), Number(r[1])])), query).toEqual(expected);
        const everywhere = await graph(query);
        expect(everywhere.length, query).toBeGreaterThan(got.length);
      }
    });
  });

  describe('a bad preference', () => {
    const BAD = 'preference=_shards:abc';

    const expectOpenSearchError = (response: { status: number; body: any; text: string }) => {
      expect(response.status, response.text.slice(0, 500)).toBeGreaterThanOrEqual(400);
      expect(response.status, response.text.slice(0, 500)).toBeLessThan(500);
      expect(response.body.status).toBe(response.status);
      expect(typeof response.body.error.type, response.text).toBe('string');
      expect(typeof response.body.error.reason, response.text).toBe('string');
    };

    it('answers a 4xx in OpenSearch’s error format on a plain search, a join and a graph', async () => {
      const plain = await api.call('POST', `/svc/${companies}/_search?${BAD}`, {
        query: { match_all: {} },
      });
      expectOpenSearchError(plain);
      const join = await api.call('POST', `/svc/${companies}/_search?${BAD}`, {
        query: {
          join: { indices: [articles], on: ['id', 'company_id'] },
        },
      });
      expectOpenSearchError(join);
      expect(join.body.error.reason).toMatch(/abc/);
      const graph = await api.call('POST', `/svc/_graph?${BAD}`, {
        model: {
          label: 'g',
          entities: [{ label: 'Company', indices: [companies], id: 'id' }],
          relations: [],
        },
        query: 'SELECT c.id FROM "g" MATCH (c:Company)',
      });
      expectOpenSearchError(graph);
      expect(graph.body.error.reason).toMatch(/abc/);
    });

    it('answers a 4xx when a point in time opens with it', async () => {
      const opened = await api.call('POST', `/svc/${companies}/_pit?${BAD}`);
      if (opened.status === 200) await api.call('DELETE', '/svc/_pit', { id: opened.body.id });
      expectOpenSearchError(opened);
    });
  });
});
