/**
 * Keyword keys across backends (OpenSearch `keyword` ↔ SQL string and UUID columns) and `project`
 * from a virtual child, in joins (both directions, and between virtual indices of one
 * datasource), PIT pages and graph relations, on PostgreSQL, MariaDB and SQLite. Every answer is
 * checked against a brute-force evaluation of the same rows.
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, openSearchClient, uniqueName, type Skippable } from '../bed/context';
import { runSql } from '../bed/run_sql';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../support/in_process_host';
import { joinRows, loadIndex, MAPPINGS, type Article, type Company } from './join_fixture';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

const rows = joinRows(600, 2_400, 50, 11);
/** A canonical (lowercase, hyphenated) UUID per company id, as PostgreSQL and MariaDB print it. */
const uuidOf = (id: number) => `0000a0b0-c0d0-4e00-8f00-${id.toString(16).padStart(12, '0')}`;
const companies = rows.companies.map((c) => ({ ...c, uuid: uuidOf(c.id) }));
const articles = rows.articles.map((a) => ({ ...a, company_uuid: uuidOf(a.company_id) }));
/** The virtual child holds a third of the articles, so it differs from the OpenSearch child. */
const sqlArticles = articles.filter((a) => a.id % 3 === 0);

const osCompanies = uniqueName('xk-companies');
const osArticles = uniqueName('xk-articles');
const KINDS = ['postgres', 'mysql', 'sqlite'] as const;
type Kind = (typeof KINDS)[number];

type KeyName = 'code' | 'uuid' | 'id';
const CHILD_FIELD: Record<KeyName, keyof (typeof articles)[number]> = {
  code: 'company_code',
  uuid: 'company_uuid',
  id: 'company_id',
};
const positive = (a: Article) => a.sentiment > 0;

/** Company ids whose `key` is among the children's keys: the semi-join, by brute force. */
function joined(
  parents: Array<Company & { uuid: string }>,
  children: typeof articles,
  key: KeyName
): number[] {
  const keys = new Set(children.map((a) => String(a[CHILD_FIELD[key]])));
  return parents
    .filter((c) => keys.has(String(c[key])))
    .map((c) => c.id)
    .sort((a, b) => a - b);
}
const hitIds = (hits: Array<{ _id: string }>) =>
  hits.map((h) => Number(h._id)).sort((a, b) => a - b);

describe('keyword keys across backends and projection from virtual children', () => {
  let api: FederationApi;
  const cleanups: Array<() => Promise<unknown>> = [];
  const created = new Map<Kind, Promise<{ articles: string; companies: string }>>();

  beforeAll(async () => {
    const client = openSearchClient();
    await loadIndex(
      client,
      osCompanies,
      { ...MAPPINGS.companies, uuid: { type: 'keyword' } },
      companies
    );
    await loadIndex(
      client,
      osArticles,
      { ...MAPPINGS.articles, company_uuid: { type: 'keyword' } },
      articles
    );
    api = await startFederationApi();
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await openSearchClient()
      .indices.delete({ index: `${osCompanies},${osArticles}` }, { ignore: [404] })
      .catch(() => undefined);
    await api?.close();
  });

  /** The SQL tables of one kind (created once), as virtual indices keyed by `id`. */
  function virtualIndices(kind: Kind, ctx: Skippable) {
    const url = kind === 'sqlite' ? '' : databaseUrl(kind, ctx);
    if (!created.has(kind)) created.set(kind, createTables(kind, url));
    return created.get(kind)!;
  }

  async function createTables(kind: Kind, url: string) {
    const suffix = Math.random().toString(36).slice(2, 8);
    const articleTable = `xk_articles_${suffix}`;
    const companyTable = `xk_companies_${suffix}`;
    // The UUID columns have the database's own UUID type where it has one.
    const uuidType = kind === 'postgres' ? 'uuid' : kind === 'mysql' ? 'UUID' : 'TEXT';
    const doubleType =
      kind === 'sqlite' ? 'REAL' : kind === 'mysql' ? 'double' : 'double precision';
    const ddl = [
      `CREATE TABLE ${articleTable} (id bigint PRIMARY KEY, company_id bigint, company_code varchar(20), company_uuid ${uuidType}, sentiment ${doubleType}, amount bigint)`,
      `CREATE TABLE ${companyTable} (id bigint PRIMARY KEY, code varchar(20), uuid ${uuidType}, country varchar(2))`,
    ];
    const articleValues = sqlArticles.map((a) => [
      a.id,
      a.company_id,
      a.company_code,
      a.company_uuid,
      a.sentiment,
      a.amount,
    ]);
    const companyValues = companies.map((c) => [c.id, c.code, c.uuid, c.country]);
    let jdbc: Record<string, string | undefined>;
    if (kind === 'sqlite') {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'federation-xk-')), 'xk.sqlite');
      const db = new Database(file);
      for (const statement of ddl) db.exec(statement);
      const insertArticle = db.prepare(`INSERT INTO ${articleTable} VALUES (?, ?, ?, ?, ?, ?)`);
      const insertCompany = db.prepare(`INSERT INTO ${companyTable} VALUES (?, ?, ?, ?)`);
      db.transaction(() => {
        for (const v of articleValues) insertArticle.run(...v);
        for (const v of companyValues) insertCompany.run(...v);
      })();
      db.close();
      jdbc = sqliteJdbc(file);
    } else {
      const literal = (v: unknown) =>
        typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
      const values = (list: unknown[][]) =>
        list.map((r) => `(${r.map(literal).join(', ')})`).join(', ');
      await runSql(kind, url, [
        ...ddl,
        `INSERT INTO ${articleTable} VALUES ${values(articleValues)}`,
        `INSERT INTO ${companyTable} VALUES ${values(companyValues)}`,
      ]);
      cleanups.push(() =>
        runSql(kind, url, [
          `DROP TABLE IF EXISTS ${articleTable}`,
          `DROP TABLE IF EXISTS ${companyTable}`,
        ])
      );
      jdbc = jdbcFor(kind, url);
    }
    const datasource = uniqueName(`xk-${kind}`);
    const ds = await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc });
    expect(ds.status, ds.text).toBeLessThan(300);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    const names = { articles: uniqueName(`xk-a-${kind}`), companies: uniqueName(`xk-c-${kind}`) };
    for (const [name, resource] of [
      [names.articles, articleTable],
      [names.companies, companyTable],
    ]) {
      const vi = await api.call('PUT', `${VIRTUAL_INDICES}/${name}`, {
        datasource,
        resource,
        key: 'id',
      });
      expect(vi.status, vi.text).toBe(201);
      cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${name}`));
      cleanups.push(() => openSearchClient().indices.delete({ index: name }, { ignore: [404] }));
    }
    return names;
  }

  const search = async (index: string, body: Record<string, unknown>) => {
    const response = await api.call('POST', `/svc/${index}/_search?debug=true`, {
      size: 10_000,
      ...body,
    });
    expect(response.status, response.text.slice(0, 500)).toBe(200);
    return response.body;
  };
  const join = (indices: string, on: [string, string], extra: Record<string, unknown> = {}) => ({
    join: {
      indices: [indices],
      on,
      request: { query: { range: { sentiment: { gt: 0 } } }, ...extra },
    },
  });

  for (const kind of KINDS) {
    describe(kind, () => {
      it('joins an OpenSearch parent with a virtual child on string and UUID keys', async (ctx) => {
        const vi = await virtualIndices(kind, ctx);
        for (const key of ['code', 'uuid'] as const) {
          const body = await search(osCompanies, {
            query: join(vi.articles, [key, CHILD_FIELD[key]]),
          });
          const expected = joined(companies, sqlArticles.filter(positive), key);
          expect(expected.length).toBeGreaterThan(50);
          expect(hitIds(body.hits.hits), key).toEqual(expected);
          expect(body.federation_debug.joins[0]).toMatchObject({
            child_backend: 'virtual',
            keys: new Set(sqlArticles.filter(positive).map((a) => a[CHILD_FIELD[key]])).size,
          });
        }
      });

      it('joins a virtual parent with an OpenSearch child on string and UUID keys', async (ctx) => {
        const vi = await virtualIndices(kind, ctx);
        for (const key of ['code', 'uuid'] as const) {
          const body = await search(vi.companies, {
            query: {
              bool: {
                filter: [join(osArticles, [key, CHILD_FIELD[key]])],
                must_not: [{ term: { country: 'IS' } }],
              },
            },
          });
          const expected = joined(
            companies.filter((c) => c.country !== 'IS'),
            articles.filter(positive),
            key
          );
          expect(hitIds(body.hits.hits), key).toEqual(expected);
          expect(body.hits.total.value).toBe(expected.length);
        }
      });

      it('runs a keyword join between virtual indices of one datasource as one statement', async (ctx) => {
        const vi = await virtualIndices(kind, ctx);
        for (const key of ['code', 'uuid'] as const) {
          const body = await search(vi.companies, {
            query: join(vi.articles, [key, CHILD_FIELD[key]]),
          });
          expect(hitIds(body.hits.hits), key).toEqual(
            joined(companies, sqlArticles.filter(positive), key)
          );
          expect(body.federation_debug.joins[0].strategy).toBe('SQL_SEMI_JOIN');
        }
        // Keys of different kinds can never be equal: a clear 400, not an empty answer.
        const mixed = await api.call('POST', `/svc/${vi.companies}/_search`, {
          query: join(vi.articles, ['code', 'company_id']),
        });
        expect(mixed.status).toBe(400);
        expect(mixed.body.error.reason).toMatch(/\[keyword\] parent field with a \[long\] child/);
      });

      it('projects virtual child values into OpenSearch hits, sorts by them and keeps them in PIT pages', async (ctx) => {
        const vi = await virtualIndices(kind, ctx);
        const children = sqlArticles.filter(positive);
        for (const key of ['id', 'code'] as const) {
          const project = { project: [{ field: { name: 'amount' } }] };
          const body = await search(osCompanies, {
            query: join(vi.articles, [key, CHILD_FIELD[key]], project),
            sort: [{ amount: 'desc' }, { id: 'asc' }],
          });
          const amounts = new Map<number, number[]>();
          for (const c of companies) {
            const own = children.filter((a) => String(a[CHILD_FIELD[key]]) === String(c[key]));
            if (own.length > 0)
              amounts.set(
                c.id,
                own.map((a) => a.amount)
              );
          }
          const hits = body.hits.hits as Array<{ _id: string; fields?: { amount?: number[] } }>;
          expect(hits.length).toBe(amounts.size);
          for (const hit of hits) {
            expect(
              [...(hit.fields?.amount ?? [])].sort((a, b) => a - b),
              hit._id
            ).toEqual([...amounts.get(Number(hit._id))!].sort((a, b) => a - b));
          }
          // Descending: by each parent's largest projected value, then id.
          const expectedOrder = [...amounts]
            .sort(([a, x], [b, y]) => Math.max(...y) - Math.max(...x) || a - b)
            .map(([id]) => id);
          expect(
            hits.map((h) => Number(h._id)),
            key
          ).toEqual(expectedOrder);

          // The same through PIT pages of 50: same order, projected values on every page.
          const opened = await api.call('POST', `/svc/${osCompanies}/_pit?keep_alive=1m`);
          expect(opened.status, opened.text).toBe(200);
          let pitId = opened.body.id as string;
          const paged: number[] = [];
          let after: unknown[] | undefined;
          for (;;) {
            const page = await api.call('POST', '/svc/_search', {
              size: 50,
              pit: { id: pitId, keep_alive: '1m' },
              query: join(vi.articles, [key, CHILD_FIELD[key]], project),
              sort: [{ amount: 'desc' }, { id: 'asc' }],
              ...(after ? { search_after: after } : {}),
            });
            expect(page.status, page.text.slice(0, 300)).toBe(200);
            const pageHits = page.body.hits.hits as typeof hits & Array<{ sort: unknown[] }>;
            if (pageHits.length === 0) break;
            for (const hit of pageHits) {
              expect(hit.fields?.amount?.length).toBe(amounts.get(Number(hit._id))!.length);
            }
            paged.push(...pageHits.map((h) => Number(h._id)));
            after = pageHits[pageHits.length - 1].sort;
            pitId = page.body.pit_id;
          }
          expect(paged).toEqual(expectedOrder);
          await api.call('DELETE', '/svc/_pit', { id: pitId });
        }
        // Projected values cannot be put into a virtual index's hits.
        const intoVirtual = await api.call('POST', `/svc/${vi.companies}/_search`, {
          query: join(osArticles, ['id', 'company_id'], {
            project: [{ field: { name: 'amount' } }],
          }),
        });
        expect(intoVirtual.status).toBe(400);
        expect(intoVirtual.body.error.reason).toMatch(/cannot project fields into a virtual index/);
      });

      it('pages a PIT over an OpenSearch parent joined to a virtual child on UUID keys', async (ctx) => {
        const vi = await virtualIndices(kind, ctx);
        const opened = await api.call('POST', `/svc/${osCompanies}/_pit?keep_alive=1m`);
        expect(opened.status, opened.text).toBe(200);
        let pitId = opened.body.id as string;
        const seen: number[] = [];
        let after: unknown[] | undefined;
        for (;;) {
          const page = await api.call('POST', '/svc/_search', {
            size: 40,
            pit: { id: pitId, keep_alive: '1m' },
            query: join(vi.articles, ['uuid', 'company_uuid']),
            sort: [{ id: 'asc' }],
            ...(after ? { search_after: after } : {}),
          });
          expect(page.status, page.text.slice(0, 300)).toBe(200);
          const hits = page.body.hits.hits as Array<{ _id: string; sort: unknown[] }>;
          if (hits.length === 0) break;
          seen.push(...hits.map((h) => Number(h._id)));
          after = hits[hits.length - 1].sort;
          pitId = page.body.pit_id;
        }
        expect(seen).toEqual(joined(companies, sqlArticles.filter(positive), 'uuid'));
        await api.call('DELETE', '/svc/_pit', { id: pitId });
      });

      it('follows graph relations on string and UUID keys between OpenSearch and a virtual index', async (ctx) => {
        const vi = await virtualIndices(kind, ctx);
        const model = {
          label: 'xk',
          entities: [
            { label: 'Company', indices: [osCompanies], id: 'id' },
            { label: 'Article', indices: [vi.articles], id: 'id' },
          ],
          relations: [
            {
              label: 'aboutCode',
              from: { entity: 'Article', field: 'company_code' },
              to: { entity: 'Company', field: 'code' },
            },
            {
              label: 'aboutUuid',
              from: { entity: 'Article', field: 'company_uuid' },
              to: { entity: 'Company', field: 'uuid' },
            },
          ],
        };
        const graph = async (query: string) => {
          const response = await api.call('POST', '/svc/_graph', { model, query });
          expect(response.status, response.text.slice(0, 500)).toBe(200);
          expect(response.body.truncated ?? false).toBe(false);
          return (response.body.rows as Array<[number, number]>)
            .map(([a, c]) => `${a}:${c}`)
            .sort();
        };
        const byKey = new Map(companies.map((c) => [c.code, c]));
        for (const relation of ['aboutCode', 'aboutUuid']) {
          // From the virtual side, and from the OpenSearch side with a filter there.
          const forward = await graph(
            `SELECT a.id, c.id FROM "xk" MATCH (a:Article)-[:${relation}]->(c:Company) WHERE a.sentiment > 0`
          );
          const backward = await graph(
            `SELECT a.id, c.id FROM "xk" MATCH (c:Company WHERE "country:FI")<-[:${relation}]-(a:Article)`
          );
          const pairs = (keep: (a: Article, c: Company) => boolean) =>
            sqlArticles
              .flatMap((a) => {
                const c = byKey.get(a.company_code);
                return c && keep(a, c) ? [`${a.id}:${c.id}`] : [];
              })
              .sort();
          expect(forward, relation).toEqual(pairs((a) => a.sentiment > 0));
          expect(backward, relation).toEqual(pairs((_a, c) => c.country === 'FI'));
          expect(forward.length).toBeGreaterThan(50);
        }
      });
    });
  }
});
