import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequest } from '../support/bad_request';
import { databaseUrl, openSearchClient, uniqueName } from '../bed/context';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../support/in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

/**
 * Index resolution and the search plumbing around virtual indices: several virtual indices in one
 * search, _msearch mixing virtual and normal targets, and the rejections of docs/api/interface.md §7. (Query and
 * aggregation semantics are covered by the differential suite under test/differential.)
 */
describe('search on virtual indices: resolution, merging, msearch', () => {
  let api: FederationApi;
  const cleanups: Array<() => Promise<unknown>> = [];
  const sqliteVi = uniqueName('vs-sqlite');
  const sqliteVi2 = uniqueName('vs-sqlite2');
  const sqliteVi3 = uniqueName('vs-sqlite3');
  const normal = uniqueName('vs-normal');

  beforeAll(async () => {
    api = await startFederationApi();
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'federation-vs-')), 'data.sqlite');
    const db = new Database(file);
    db.exec('CREATE TABLE a (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)');
    db.exec("INSERT INTO a VALUES (1, 'one', 10), (3, 'three', 30), (5, 'five', NULL)");
    db.exec('CREATE TABLE b (id INTEGER PRIMARY KEY, name TEXT, n INTEGER)');
    db.exec("INSERT INTO b VALUES (2, 'two', 20), (4, 'four', 40)");
    db.exec('CREATE TABLE c (id INTEGER PRIMARY KEY, a_id INTEGER, tag TEXT)');
    db.exec("INSERT INTO c VALUES (1, 1, 'x'), (2, 5, 'x'), (3, 5, 'y'), (4, 3, 'y')");
    db.close();
    const datasource = uniqueName('vs-ds');
    await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc: sqliteJdbc(file) });
    for (const [name, table] of [
      [sqliteVi, 'a'],
      [sqliteVi2, 'b'],
      [sqliteVi3, 'c'],
    ]) {
      expect(
        (
          await api.call('PUT', `${VIRTUAL_INDICES}/${name}`, {
            datasource,
            resource: table,
            key: 'id',
          })
        ).status
      ).toBe(201);
      cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${name}`));
    }
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    await openSearchClient().index({
      index: normal,
      id: 'x',
      body: { name: 'normal' },
      refresh: true,
    });
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api?.close();
  });

  it('answers a search on one virtual index in OpenSearch’s response shape', async () => {
    const response = await api.call('POST', `/svc/${sqliteVi}/_search`, {
      query: { term: { name: 'three' } },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: {
        total: { value: 1, relation: 'eq' },
        max_score: 1,
        hits: [{ _index: sqliteVi, _id: '3', _score: 1, _source: { id: 3, name: 'three', n: 30 } }],
      },
    });
  });

  it('merges several virtual indices in sort order, with from and size over the merged list', async () => {
    const response = await api.call('POST', `/svc/${sqliteVi},${sqliteVi2}/_search`, {
      sort: [{ n: { order: 'desc' } }],
      from: 1,
      size: 3,
    });
    expect(response.status).toBe(200);
    expect(response.body.hits.total).toEqual({ value: 5, relation: 'eq' });
    expect(
      response.body.hits.hits.map((h: { _id: string; sort: unknown[] }) => [h._id, h.sort[0]])
    ).toEqual([
      ['3', 30],
      ['2', 20],
      ['1', 10],
    ]);
    expect(response.body._shards.total).toBe(2);
  });

  it('merges virtual indices on different datasources', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    const table = `vs_pg_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE TABLE ${table} (id bigint PRIMARY KEY, name text, n bigint)`);
    await admin.query(`INSERT INTO ${table} VALUES (6, 'six', 25)`);
    cleanups.push(async () => {
      await admin.query(`DROP TABLE IF EXISTS ${table}`);
      await admin.end();
    });
    const datasource = uniqueName('vs-pg');
    await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc: jdbcFor('postgres', url) });
    const name = uniqueName('vs-pg');
    await api.call('PUT', `${VIRTUAL_INDICES}/${name}`, { datasource, resource: table, key: 'id' });
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${name}`));
    const response = await api.call('POST', `/svc/${sqliteVi},${name}/_search`, {
      sort: ['n'],
      size: 2,
    });
    expect(
      response.body.hits.hits.map((h: { _index: string; _id: string }) => [h._index, h._id])
    ).toEqual([
      [sqliteVi, '1'],
      [name, '6'],
    ]);
  });

  it('refuses mixing virtual and normal indices, and lets wildcards skip virtual ones', async () => {
    const mixed = await api.call('POST', `/svc/${sqliteVi},${normal}/_search`, {});
    expectBadRequest(mixed, 'cannot mix virtual indices');
    // The wildcard reaches OpenSearch, where the virtual index is only its empty concrete index.
    const wildcard = await api.call('POST', `/svc/${sqliteVi.slice(0, -4)}*/_search`, {});
    expect(wildcard.status).toBe(200);
    expect(wildcard.body.hits.total.value).toBe(0);
  });

  it('runs _msearch with virtual and normal targets in order, errors in their slot', async () => {
    const lines = [
      { index: sqliteVi },
      { query: { ids: { values: ['1'] } } },
      { index: normal },
      { query: { match_all: {} } },
      { index: sqliteVi2 },
      { query: { no_such_query: {} } },
      {},
      { query: { term: { name: 'two' } } },
    ];
    const response = await fetch(`${api.server.url}/svc/${sqliteVi2}/_msearch`, {
      method: 'POST',
      headers: { 'osd-xsrf': 'true', 'content-type': 'application/x-ndjson' },
      body: lines.map((l) => JSON.stringify(l)).join('\n') + '\n',
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      responses: Array<{
        status: number;
        hits?: { hits: Array<{ _id: string }> };
        error?: { reason: string };
      }>;
    };
    expect(body.responses.map((r) => r.status)).toEqual([200, 200, 400, 200]);
    expect(body.responses[0].hits!.hits.map((h) => h._id)).toEqual(['1']);
    expect(body.responses[1].hits!.hits.map((h) => h._id)).toEqual(['x']);
    expect(body.responses[2].error!.reason).toMatch(/no_such_query/);
    expect(body.responses[3].hits!.hits.map((h) => h._id)).toEqual(['2']);
  });

  it('runs a join between virtual indices of one datasource as one SQL statement', async () => {
    const response = await api.call('POST', `/svc/${sqliteVi}/_search?debug=true`, {
      query: {
        join: {
          indices: [sqliteVi3],
          on: ['id', 'a_id'],
          request: { query: { term: { tag: 'x' } } },
        },
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['1', '5']);
    expect(response.body.federation_debug.joins[0]).toMatchObject({ strategy: 'SQL_SEMI_JOIN' });
    const negated = await api.call('POST', `/svc/${sqliteVi}/_search`, {
      query: { bool: { must_not: [{ join: { indices: [sqliteVi3], on: ['id', 'a_id'] } }] } },
    });
    expect(negated.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual([]);
  });

  it('joins a virtual parent with an OpenSearch child (no pagination)', async () => {
    const child = uniqueName('vs-child');
    await openSearchClient().index({ index: child, id: '1', body: { a_id: 3 }, refresh: true });
    const response = await api.call('POST', `/svc/${sqliteVi}/_search?debug=true`, {
      query: { join: { indices: [child], on: ['id', 'a_id'] } },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['3']);
    expect(response.body.federation_debug.joins[0]).toMatchObject({
      strategy: 'BROADCAST_JOIN',
      keys: 1,
    });
  });

  it('refuses unsupported search features with a 400 that names them', async () => {
    // (highlight is answered now: docs/api/osd_apps_on_virtual_indices.md)
    const response = await api.call('POST', `/svc/${sqliteVi}/_search`, {
      collapse: { field: 'name' },
    });
    expect(response.status, response.text).toBe(400);
    expect(response.body.error.reason).toMatch(/collapse/);
    const aggs = await api.call('POST', `/svc/${sqliteVi},${sqliteVi2}/_search`, {
      aggs: { m: { max: { field: 'n' } } },
    });
    expect(aggs.status).toBe(400);
  });
});
