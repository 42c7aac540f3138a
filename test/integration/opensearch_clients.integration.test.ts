import { Client } from '@opensearch-project/opensearch';
import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../bed/context';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';
import { sqliteJdbc, startFederationApi, type FederationApi } from '../support/in_process_host';

/**
 * OpenSearch's official JS client, unmodified, pointed at `/svc`: the calls script users make
 * first (count, helpers.search, scrolls, OpenSearch's point-in-time API, filter_path) on an
 * index, a virtual index and a join, each checked against the same call sent to OpenSearch.
 */
describe('the OpenSearch JS client against /svc', () => {
  let api: FederationApi;
  let ours: Client;
  const direct = openSearchClient();
  const companies = uniqueName('clients-companies');
  const orders = uniqueName('clients-orders');
  const cleanups: Array<() => Promise<unknown>> = [];

  /** Companies 1..40 in OpenSearch; orders of companies 1..10 (ids 3k+1..3k+3) in SQLite. */
  beforeAll(async () => {
    api = await startFederationApi();
    ours = new Client({ node: `${api.server.url}/svc`, headers: { 'osd-xsrf': 'true' } });
    await direct.indices.create({
      index: companies,
      body: { mappings: { properties: { id: { type: 'long' }, name: { type: 'keyword' } } } },
    });
    cleanups.push(() => direct.indices.delete({ index: companies }));
    await direct.bulk({
      refresh: true,
      body: Array.from({ length: 40 }, (_, i) => [
        { index: { _index: companies, _id: String(i + 1) } },
        { id: i + 1, name: `company ${i + 1}` },
      ]).flat(),
    });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'federation-clients-')), 'o.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, company_id INTEGER, amount INTEGER)');
    const insert = db.prepare('INSERT INTO orders VALUES (?, ?, ?)');
    for (let company = 1; company <= 10; company++) {
      for (let k = 1; k <= 3; k++) insert.run(company * 3 + k, company, company * 100 + k);
    }
    db.close();
    const datasource = uniqueName('clients-ds');
    expect(
      (await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc: sqliteJdbc(file) })).status
    ).toBe(201);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    const created = await api.call('PUT', `${VIRTUAL_INDICES}/${orders}`, {
      datasource,
      resource: 'orders',
      key: 'id',
    });
    expect(created.status).toBe(201);
    cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${orders}`));
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await ours?.close();
    await api?.close();
  });

  /**
   * Companies with an order over 500 (companies 5..10) through a join on the virtual index. The
   * client's request types know no `join` query (hence `never`); the calls are unchanged.
   */
  const joined: never = {
    join: {
      indices: [orders],
      on: ['id', 'company_id'],
      request: { query: { range: { amount: { gt: 500 } } } },
    },
  } as never;

  it('counts an index as OpenSearch does, a virtual index and a join the way they search', async () => {
    const query = { range: { id: { lte: 7 } } };
    const mine = await ours.count({ index: companies, body: { query } });
    const theirs = await direct.count({ index: companies, body: { query } });
    expect(mine.body).toEqual(theirs.body);
    expect((await ours.count({ index: orders })).body).toMatchObject({ count: 30 });
    expect(
      (await ours.count({ index: orders, body: { query: { term: { company_id: 2 } } } })).body
    ).toMatchObject({ count: 3 });
    expect((await ours.count({ index: companies, body: { query: joined } })).body).toMatchObject({
      count: 6,
    });
  });

  it('refuses a _count body option OpenSearch refuses, in its words', async () => {
    const error = await ours
      .count({ index: companies, body: { query: { match_all: {} }, size: 1 } as never })
      .catch((e: { meta: { statusCode: number; body: unknown } }) => e.meta);
    expect(error).toMatchObject({
      statusCode: 400,
      body: { error: { type: 'parsing_exception', reason: 'request does not support [size]' } },
    });
  });

  it('runs helpers.search (filter_path=hits.hits._source) on a virtual index and a join', async () => {
    const virtual = await ours.helpers.search({
      index: orders,
      body: { query: { term: { company_id: 4 } }, sort: [{ id: 'asc' }] },
    });
    expect(virtual).toEqual([
      { id: 13, company_id: 4, amount: 401 },
      { id: 14, company_id: 4, amount: 402 },
      { id: 15, company_id: 4, amount: 403 },
    ]);
    const parents = await ours.helpers.search({
      index: companies,
      body: { query: joined, sort: [{ id: 'asc' }], size: 100 },
    });
    expect(parents.map((p) => (p as { id: number }).id)).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('applies filter_path to every answer, excludes first, as OpenSearch does', async () => {
    const filterPath = 'hits.total.value,hits.hits._id,-hits.hits._index';
    const body = { query: { range: { id: { lte: 3 } } }, sort: [{ id: 'asc' }] } as never;
    const mine = await ours.search({ index: companies, body, filter_path: filterPath });
    const theirs = await direct.search({ index: companies, body, filter_path: filterPath });
    expect(mine.body).toEqual(theirs.body);
    expect(mine.body).toEqual({
      hits: { total: { value: 3 }, hits: [{ _id: '1' }, { _id: '2' }, { _id: '3' }] },
    });
    const virtual = await ours.search({
      index: orders,
      body: { query: { term: { company_id: 1 } }, sort: [{ id: 'asc' }] } as never,
      filter_path: 'hits.hits._source.amount',
    });
    expect(virtual.body).toEqual({
      hits: { hits: [101, 102, 103].map((amount) => ({ _source: { amount } })) },
    });
  });

  it('scrolls an index and a join with helpers.scrollSearch, keeping the first page key set', async () => {
    const pages: number[][] = [];
    for await (const page of ours.helpers.scrollSearch({
      index: companies,
      scroll: '30s',
      body: { query: joined, sort: [{ id: 'asc' }], size: 4 },
    })) {
      pages.push(page.documents.map((d) => (d as { id: number }).id));
    }
    expect(pages).toEqual([
      [5, 6, 7, 8],
      [9, 10],
    ]);
    let all = 0;
    for await (const page of ours.helpers.scrollSearch({
      index: companies,
      scroll: '30s',
      body: { size: 15 },
    })) {
      all += page.documents.length;
    }
    expect(all).toBe(40);
  });

  it('refuses a scroll on a virtual index, naming what to do instead', async () => {
    const error = await ours
      .search({ index: orders, scroll: '30s', body: { size: 2 } })
      .catch((e: { meta: { statusCode: number; body: { error: { reason: string } } } }) => e.meta);
    expect(error.statusCode).toBe(400);
    expect(error.body.error.reason).toMatch(
      /scrolling is not supported on virtual indices; page with search_after/
    );
  });

  it("pages a join with OpenSearch's point-in-time API: createPit, search, deletePit", async () => {
    const opened = await ours.createPit({ index: [companies], keep_alive: '1m' });
    const pitId = opened.body.pit_id;
    expect(Object.keys(opened.body).sort()).toEqual(['_shards', 'creation_time', 'pit_id']);
    const page = await ours.search({
      body: { pit: { id: pitId }, query: joined, sort: [{ id: 'asc' }], size: 3 } as never,
    });
    expect(page.body.hits.hits.map((h) => h._id)).toEqual(['5', '6', '7']);
    const closed = await ours.deletePit({ body: { pit_id: [pitId] } as never });
    expect(closed.body).toEqual({ pits: [{ successful: true, pit_id: pitId }] });
    const gone = await ours
      .search({ body: { pit: { id: pitId }, query: joined, size: 3 } as never })
      .catch((e: { meta: { statusCode: number } }) => e.meta);
    expect(gone.statusCode).toBe(404);
  });

  it('keeps the everyday reads working: get, mget, msearch, mappings, field caps', async () => {
    expect((await ours.get({ index: orders, id: '4' })).body).toMatchObject({
      _id: '4',
      found: true,
      _source: { id: 4, company_id: 1, amount: 101 },
    });
    const mget = await ours.mget({
      body: {
        docs: [
          { _index: companies, _id: '2' },
          { _index: orders, _id: '5' },
        ],
      },
    });
    expect(mget.body.docs.map((d) => 'found' in d && d.found)).toEqual([true, true]);
    const msearch = await ours.msearch({
      body: [{ index: companies }, { query: joined, size: 0 }, { index: orders }, { size: 0 }],
    });
    const totals = msearch.body.responses.map((r) => JSON.stringify((r as { hits?: object }).hits));
    expect(totals.map((t) => JSON.parse(t).total.value)).toEqual([6, 30]);
    const mapping = await ours.indices.getMapping({ index: orders });
    expect(mapping.body[orders].mappings.properties?.amount).toBeDefined();
    const caps = await ours.fieldCaps({ index: companies, fields: 'id' });
    expect(caps.body.fields.id.long.searchable).toBe(true);
  });
});
