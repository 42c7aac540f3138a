import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import mysql from 'mysql2/promise';
import { tmpdir } from 'os';
import path from 'path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, openSearchClient, uniqueName, type Skippable } from '../bed/context';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../support/in_process_host';
import { ids, joinRows, loadIndex, MAPPINGS, sortedUnique, type Article } from './join_fixture';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

const rows = joinRows(3_000, 8_000, 500);
const companies = uniqueName('j-companies');
const articles = uniqueName('j-articles');
const authors = uniqueName('j-authors');

/** Companies whose id is among the given child keys: the brute-force answer of a semi-join. */
const companiesWith = (keys: number[]) => {
  const set = new Set(keys);
  return rows.companies.filter((c) => set.has(c.id)).map((c) => c.id);
};
const positive = (a: Article) => a.sentiment > 0;

describe('joins', () => {
  let api: FederationApi;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    const client = openSearchClient();
    await loadIndex(client, companies, MAPPINGS.companies, rows.companies);
    await loadIndex(client, articles, MAPPINGS.articles, rows.articles);
    await loadIndex(client, authors, MAPPINGS.authors, rows.authors);
    api = await startFederationApi();
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api?.close();
  });

  const search = async (index: string, query: unknown, extra: Record<string, unknown> = {}) => {
    const response = await api.call('POST', `/svc/${index}/_search?debug=true`, {
      size: 10_000,
      query,
      ...extra,
    });
    expect(response.status, response.text.slice(0, 500)).toBe(200);
    return response.body;
  };
  const articleJoin = (
    on: [string, string],
    query: unknown = { range: { sentiment: { gt: 0 } } }
  ) => ({
    join: { indices: [articles], on, request: { query } },
  });

  it('semi-joins OpenSearch indices on long keys, with constant scores and debug output', async () => {
    const body = await search(companies, articleJoin(['id', 'company_id']));
    const expected = companiesWith(rows.articles.filter(positive).map((a) => a.company_id));
    expect(ids(body.hits.hits)).toEqual(expected);
    expect(body.hits.total.value).toBe(expected.length);
    expect(new Set(body.hits.hits.map((h: { _score: number }) => h._score))).toEqual(new Set([1]));
    expect(body.federation_debug.joins).toEqual([
      expect.objectContaining({
        on: ['id', 'company_id'],
        child_backend: 'opensearch',
        strategy: 'BROADCAST_JOIN',
        // Integer keys on a long field travel as one RoaringBitmap.
        filter: 'bitmap',
      }),
    ]);
    expect(body.federation_debug.joins[0].keys).toBe(
      sortedUnique(rows.articles.filter(positive).map((a) => a.company_id)).length
    );
  });

  it('semi-joins on keyword keys', async () => {
    const body = await search(
      companies,
      articleJoin(['code', 'company_code'], { range: { amount: { gte: 9_000 } } })
    );
    const codes = new Set(
      rows.articles.filter((a) => a.amount >= 9_000).map((a) => a.company_code)
    );
    expect(ids(body.hits.hits)).toEqual(
      rows.companies.filter((c) => codes.has(c.code)).map((c) => c.id)
    );
    expect(body.federation_debug.joins[0].filter).toBe('terms');
  });

  it('places joins in must, filter, should and must_not', async () => {
    const join = articleJoin(['id', 'company_id']);
    const joined = new Set(companiesWith(rows.articles.filter(positive).map((a) => a.company_id)));
    const fi = (id: number) => rows.companies[id - 1].country === 'FI';
    const all = rows.companies.map((c) => c.id);
    const cases: Array<[unknown, number[]]> = [
      [
        { bool: { must: [join, { term: { country: 'FI' } }] } },
        all.filter((id) => joined.has(id) && fi(id)),
      ],
      [
        { bool: { filter: [join], must_not: [{ term: { country: 'FI' } }] } },
        all.filter((id) => joined.has(id) && !fi(id)),
      ],
      [
        { bool: { should: [join, { term: { country: 'FI' } }], minimum_should_match: 1 } },
        all.filter((id) => joined.has(id) || fi(id)),
      ],
      [{ bool: { must_not: [join] } }, all.filter((id) => !joined.has(id))],
    ];
    for (const [query, expected] of cases) {
      expect(
        ids((await search(companies, query)).hits.hits),
        JSON.stringify(query).slice(0, 120)
      ).toEqual(expected);
    }
  });

  it('evaluates nested joins three deep, bottom-up', async () => {
    // Companies with a positive article by a senior author from NO, and that author also wrote
    // an article about a company of size > 900 (a third level).
    const bigCompanies = new Set(rows.companies.filter((c) => c.size > 900).map((c) => c.id));
    const authorsOfBig = new Set(
      rows.articles.filter((a) => bigCompanies.has(a.company_id)).map((a) => a.author_id)
    );
    const goodAuthors = new Set(
      rows.authors
        .filter((a) => a.senior && a.country === 'NO' && authorsOfBig.has(a.id))
        .map((a) => a.id)
    );
    const expected = companiesWith(
      rows.articles
        .filter((a) => positive(a) && goodAuthors.has(a.author_id))
        .map((a) => a.company_id)
    );
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
                    request: {
                      query: {
                        bool: {
                          filter: [
                            { term: { senior: true } },
                            { term: { country: 'NO' } },
                            {
                              join: {
                                indices: [articles],
                                on: ['id', 'author_id'],
                                request: {
                                  query: {
                                    join: {
                                      indices: [companies],
                                      on: ['company_id', 'id'],
                                      request: { query: { range: { size: { gt: 900 } } } },
                                    },
                                  },
                                },
                              },
                            },
                          ],
                        },
                      },
                    },
                  },
                },
              ],
            },
          },
        },
      },
    };
    const body = await search(companies, query);
    expect(ids(body.hits.hits)).toEqual(expected);
    expect(body.federation_debug.joins).toHaveLength(4);
  });

  it('plans the direction from counts, and lets type force a strategy', async () => {
    // 8,000 articles against 500 author keys: fetching the authors' keys first is cheaper.
    const join = (type?: string) => ({
      join: {
        indices: [articles],
        on: ['id', 'author_id'],
        request: { query: { range: { amount: { gte: 0 } } } },
        ...(type ? { type } : {}),
      },
    });
    const expected = sortedUnique(
      rows.articles.filter((a) => a.amount >= 0).map((a) => a.author_id)
    );
    // The child's first key page (10,000 keys by default) holds all 500 author ids: its read is
    // done, reversing could only add reads, and the parent is not counted.
    const whole = await search(authors, join());
    expect(ids(whole.hits.hits)).toEqual(expected);
    expect(whole.federation_debug.joins[0].strategy).toBe('BROADCAST_JOIN');
    expect(whole.federation_debug.joins[0].estimates.parent_keys).toBeUndefined();
    expect(whole.federation_debug.joins[0].estimates.child_docs).toBeGreaterThan(5_000);
    // With pages of 100 keys, the read has more to come: the planner counts the parent and
    // reverses.
    const paged = await startFederationApi({ joinKeyPageSize: 100 });
    try {
      const r = await paged.call('POST', `/svc/${authors}/_search?debug=true`, {
        size: 10_000,
        query: join(),
      });
      expect(r.status, r.text).toBe(200);
      expect(ids(r.body.hits.hits)).toEqual(expected);
      expect(r.body.federation_debug.joins[0]).toMatchObject({
        strategy: 'INDEX_JOIN',
        estimates: { parent_keys: 500 },
      });
      expect(r.body.federation_debug.joins[0].estimates.child_docs).toBeGreaterThan(5_000);
    } finally {
      await paged.close();
    }
    for (const type of ['BROADCAST_JOIN', 'HASH_JOIN', 'INDEX_JOIN']) {
      const forced = await search(authors, join(type));
      expect(ids(forced.hits.hits), type).toEqual(expected);
      expect(forced.federation_debug.joins[0].strategy).toBe(type);
      expect(forced.federation_debug.joins[0].estimates).toBeUndefined();
    }
    // The other way round (3,000 company keys, far fewer matching articles) broadcasts the child.
    const broadcast = await search(companies, articleJoin(['id', 'company_id']));
    expect(broadcast.federation_debug.joins[0].strategy).toBe('BROADCAST_JOIN');
  });

  it('splits key sets into terms chunks that respect max_terms_count', async () => {
    const small = await startFederationApi({
      joinTermsChunkSize: 50,
      joinKeyPageSize: 100,
      joinBitmapFilter: false,
    });
    try {
      const response = await small.call('POST', `/svc/${companies}/_search`, {
        size: 10_000,
        query: articleJoin(['id', 'company_id']),
      });
      expect(ids(response.body.hits.hits)).toEqual(
        companiesWith(rows.articles.filter(positive).map((a) => a.company_id))
      );
    } finally {
      await small.close();
    }
  });

  it('refuses a join past the key limit, naming the join and the setting', async () => {
    const tight = await startFederationApi({ maxJoinKeys: 10 });
    try {
      const response = await tight.call('POST', `/svc/${companies}/_search`, {
        query: articleJoin(['id', 'company_id']),
      });
      expect(response.status).toBe(400);
      expect(response.body.error.reason).toMatch(
        /\[id\]=\[company_id\].*more than 10 distinct keys.*maxJoinKeys/
      );
    } finally {
      await tight.close();
    }
  });

  it('refuses malformed joins with 400s naming the part', async () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ join: { indices: [], on: ['id', 'company_id'] } }, /indices/],
      [{ join: { indices: [articles], on: ['id'] } }, /\[query\.join\.on\]/],
      [{ join: { indices: [articles], on: ['id', 'company_id'], type: 'MERGE_JOIN' } }, /type/],
      [
        { join: { indices: [articles], on: ['id', 'company_id'], request: { size: 1 } } },
        /request\.size/,
      ],
      [
        { bool: { must: [{ join: { indices: [articles], on: ['id', 'company_id'], nope: 1 } }] } },
        /query\.bool\.must\[0\]\.join\.nope/,
      ],
    ];
    for (const [query, reason] of bad) {
      const response = await api.call('POST', `/svc/${companies}/_search`, { query });
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body.error.reason).toMatch(reason);
    }
  });

  it('projects 1:N child values into each parent hit, and sorts by them', async () => {
    const query = {
      join: {
        indices: [articles],
        on: ['id', 'company_id'],
        request: {
          query: { range: { sentiment: { gt: 0.5 } } },
          project: [{ field: { name: 'amount' } }],
        },
      },
    };
    const body = await search(companies, query, {
      sort: [{ amount: 'desc' }, { id: 'asc' }],
      _source: false,
    });
    const amounts = new Map<number, number[]>();
    for (const a of rows.articles.filter((a) => a.sentiment > 0.5)) {
      amounts.set(a.company_id, [...(amounts.get(a.company_id) ?? []), a.amount]);
    }
    const expected = rows.companies
      .filter((c) => amounts.has(c.id))
      .sort(
        (a, b) => Math.max(...amounts.get(b.id)!) - Math.max(...amounts.get(a.id)!) || a.id - b.id
      );
    const hits = body.hits.hits as Array<{
      _id: string;
      fields: { amount: number[]; id?: unknown };
    }>;
    expect(hits.map((h) => Number(h._id))).toEqual(expected.map((c) => c.id));
    for (const hit of hits) {
      expect([...hit.fields.amount].sort((a, b) => a - b)).toEqual(
        [...amounts.get(Number(hit._id))!].sort((a, b) => a - b)
      );
      // The parent key was read as a doc value for the projection only: not shown.
      expect(hit.fields.id).toBeUndefined();
    }
    expect(hits.some((h) => h.fields.amount.length > 1)).toBe(true);
  });

  it('carries a nested join’s projection up through the root join', async () => {
    const query = {
      join: {
        indices: [articles],
        on: ['id', 'company_id'],
        request: {
          project: [{ field: { name: 'country' } }],
          query: {
            bool: {
              filter: [
                { range: { sentiment: { gt: 0.8 } } },
                {
                  join: {
                    indices: [authors],
                    on: ['author_id', 'id'],
                    request: { project: [{ field: { name: 'country' } }] },
                  },
                },
              ],
            },
          },
        },
      },
    };
    const body = await search(companies, query, { _source: false });
    const countries = new Map<number, string[]>();
    for (const a of rows.articles.filter((a) => a.sentiment > 0.8)) {
      countries.set(a.company_id, [
        ...(countries.get(a.company_id) ?? []),
        rows.authors[a.author_id - 1].country,
      ]);
    }
    const hits = body.hits.hits as Array<{ _id: string; fields: { country: string[] } }>;
    expect(ids(hits)).toEqual(companiesWith([...countries.keys()]));
    for (const hit of hits)
      expect([...hit.fields.country].sort()).toEqual([...countries.get(Number(hit._id))!].sort());
  });

  it('bounds the joins of a search with joinTimeoutMs, answering 504', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    const view = `j_slow_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Every row of this view takes half a second to produce.
    await admin.query(
      `CREATE VIEW ${view} AS SELECT g::bigint AS id, (g + 0 * length(pg_sleep(0.5)::text))::bigint AS company_id FROM generate_series(1, 20) g`
    );
    const quick = await startFederationApi({ joinTimeoutMs: 300 });
    try {
      const datasource = uniqueName('j-slow');
      await quick.call('PUT', `${DATASOURCES}/${datasource}`, {
        jdbc: jdbcFor('postgres', url),
      });
      const name = uniqueName('j-slow');
      await quick.call('PUT', `${VIRTUAL_INDICES}/${name}`, {
        datasource,
        resource: view,
        key: 'id',
      });
      const started = Date.now();
      const response = await quick.call('POST', `/svc/${companies}/_search`, {
        query: { join: { indices: [name], on: ['id', 'company_id'] } },
      });
      expect(response.status).toBe(504);
      expect(response.body.error.reason).toMatch(/joinTimeoutMs/);
      expect(Date.now() - started).toBeLessThan(5_000);
      await quick.call('DELETE', `${VIRTUAL_INDICES}/${name}`);
      await quick.call('DELETE', `${DATASOURCES}/${datasource}`);
    } finally {
      await quick.close();
      await admin.query(`DROP VIEW IF EXISTS ${view}`);
      await admin.end();
    }
  });

  describe('with a virtual index child', () => {
    const kinds = ['postgres', 'mysql', 'sqlite'] as const;
    const childRows = rows.articles.filter((a) => a.id % 3 === 0);

    async function virtualArticles(kind: (typeof kinds)[number], ctx: Skippable): Promise<string> {
      const table = `j_articles_${Math.random().toString(36).slice(2, 8)}`;
      const ddl = `CREATE TABLE ${table} (id bigint PRIMARY KEY, company_id bigint, company_code varchar(20), sentiment double precision)`;
      const values = childRows.map((a) => [a.id, a.company_id, a.company_code, a.sentiment]);
      let jdbc: Record<string, string | undefined>;
      if (kind === 'sqlite') {
        const file = path.join(mkdtempSync(path.join(tmpdir(), 'federation-j-')), 'j.sqlite');
        const db = new Database(file);
        db.exec(ddl.replace('double precision', 'REAL'));
        const insert = db.prepare(`INSERT INTO ${table} VALUES (?, ?, ?, ?)`);
        db.transaction(() => values.forEach((v) => insert.run(...v)))();
        db.close();
        jdbc = sqliteJdbc(file);
      } else if (kind === 'postgres') {
        const url = databaseUrl('postgres', ctx);
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(ddl);
        await client.query(
          `INSERT INTO ${table} SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::float8[])`,
          [0, 1, 2, 3].map((i) => values.map((v) => v[i]))
        );
        cleanups.push(async () => {
          await client.query(`DROP TABLE IF EXISTS ${table}`);
          await client.end();
        });
        jdbc = jdbcFor('postgres', url);
      } else {
        const url = databaseUrl('mysql', ctx);
        const connection = await mysql.createConnection(url);
        await connection.query(ddl.replace('double precision', 'double'));
        await connection.query(`INSERT INTO ${table} VALUES ?`, [values]);
        cleanups.push(async () => {
          await connection.query(`DROP TABLE IF EXISTS ${table}`);
          await connection.end();
        });
        jdbc = jdbcFor('mysql', url);
      }
      const datasource = uniqueName(`j-${kind}`);
      await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc });
      const name = uniqueName(`j-vi-${kind}`);
      expect(
        (
          await api.call('PUT', `${VIRTUAL_INDICES}/${name}`, {
            datasource,
            resource: table,
            key: 'id',
          })
        ).status
      ).toBe(201);
      cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
      cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${name}`));
      return name;
    }

    for (const kind of kinds) {
      it(`${kind}: joins an OpenSearch parent with one SELECT DISTINCT on the child`, async (ctx) => {
        const vi = await virtualArticles(kind, ctx);
        const query = {
          join: {
            indices: [vi],
            on: ['id', 'company_id'],
            request: { query: { range: { sentiment: { gt: 0 } } } },
          },
        };
        const body = await search(companies, {
          bool: { must_not: [{ term: { country: 'IS' } }], filter: [query] },
        });
        const joined = new Set(companiesWith(childRows.filter(positive).map((a) => a.company_id)));
        expect(ids(body.hits.hits)).toEqual(
          rows.companies.filter((c) => joined.has(c.id) && c.country !== 'IS').map((c) => c.id)
        );
        expect(body.federation_debug.joins[0]).toMatchObject({ child_backend: 'virtual' });
        // Keyword keys and projections: test/joins/cross_backend_keys.integration.test.ts.
      });
    }
  });
});
