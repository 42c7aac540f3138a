import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, uniqueName } from '../bed/context';
import { runSql } from '../bed/run_sql';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../support/in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

/** 40 rows: `amount` NOT NULL with repeats, `n` nullable with NULLs. */
const rows = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  amount: (i * 7) % 9,
  n: i % 4 === 0 ? null : (i * 5) % 11,
}));
const values = rows.map((r) => `(${r.id}, ${r.amount}, ${r.n ?? 'NULL'})`).join(', ');
const table = uniqueName('nn').replace(/-/g, '_');
const createTable = `CREATE TABLE ${table} (id BIGINT NOT NULL PRIMARY KEY, amount INT NOT NULL, n INT)`;

type Hit = { _id: string; sort: unknown[] };

/**
 * NOT NULL columns are recorded as such (`nullable: false`), and sorts on them skip the NULL
 * placement (so an index can serve them) while paging exactly as before: every row once, in
 * OpenSearch's order, with `search_after`, beside a nullable column.
 */
describe('sorting on NOT NULL columns of virtual indices', () => {
  let api: FederationApi;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    api = await startFederationApi();
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api?.close();
  });

  async function virtualIndex(jdbc: Record<string, unknown>): Promise<string> {
    const datasource = uniqueName('nn-ds');
    const index = uniqueName('nn-vi');
    expect((await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc })).status).toBe(201);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    const created = await api.call('PUT', `${VIRTUAL_INDICES}/${index}`, {
      datasource,
      resource: table,
      key: 'id',
    });
    expect(created.status, created.text).toBe(201);
    cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${index}`));
    return index;
  }

  /** Pages of 7 with search_after: the ids in the order the pages gave them. */
  async function walk(index: string, sort: unknown[]): Promise<number[]> {
    const seen: number[] = [];
    let after: unknown[] | undefined;
    for (;;) {
      const response = await api.call('POST', `/svc/${index}/_search`, {
        size: 7,
        sort,
        ...(after ? { search_after: after } : {}),
      });
      expect(response.status, response.text).toBe(200);
      const hits = response.body.hits.hits as Hit[];
      if (hits.length === 0) return seen;
      seen.push(...hits.map((h) => Number(h._id)));
      after = hits[hits.length - 1].sort;
    }
  }

  const byAmountDescId = [...rows]
    .sort((a, b) => b.amount - a.amount || a.id - b.id)
    .map((r) => r.id);
  // `n` ascending, missing last, then the key.
  const byNThenAmount = [...rows]
    .sort(
      (a, b) =>
        (a.n === null ? 1 : 0) - (b.n === null ? 1 : 0) ||
        (a.n ?? 0) - (b.n ?? 0) ||
        a.amount - b.amount ||
        a.id - b.id
    )
    .map((r) => r.id);

  async function check(index: string) {
    const view = await api.call('GET', `${VIRTUAL_INDICES}/${index}`);
    const columns = view.body._source.columns as Array<{ name: string; nullable?: boolean }>;
    expect(Object.fromEntries(columns.map((c) => [c.name, c.nullable ?? true]))).toEqual({
      id: false,
      amount: false,
      n: true,
    });
    expect(await walk(index, [{ amount: 'desc' }, { id: 'asc' }])).toEqual(byAmountDescId);
    expect(await walk(index, [{ n: 'asc' }, { amount: 'asc' }])).toEqual(byNThenAmount);
  }

  it('postgres', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    await runSql('postgres', url, [createTable, `INSERT INTO ${table} VALUES ${values}`]);
    cleanups.push(() => runSql('postgres', url, [`DROP TABLE ${table}`]));
    await check(await virtualIndex(jdbcFor('postgres', url)));
  });

  it('mysql', async (ctx) => {
    const url = databaseUrl('mysql', ctx);
    await runSql('mysql', url, [createTable, `INSERT INTO ${table} VALUES ${values}`]);
    cleanups.push(() => runSql('mysql', url, [`DROP TABLE ${table}`]));
    await check(await virtualIndex(jdbcFor('mysql', url)));
  });

  it('sqlite', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'federation-nn-')), 'data.sqlite');
    const db = new Database(file);
    db.exec(createTable);
    db.exec(`INSERT INTO ${table} VALUES ${values}`);
    db.close();
    await check(await virtualIndex(sqliteJdbc(file)));
  });
});
