/**
 * A `terms` bucket over a PostgreSQL text column is named by its group's value when the column's
 * collation is deterministic (the catalog records `deterministic: true` when the virtual index is
 * created), and by the group's byte-wise smallest spelling under a nondeterministic ICU
 * collation, which groups `abc`, `Abc` and `ABC` together.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseSkip, uniqueName } from '../../../../test/bed/context';
import { runSql } from '../../../../test/bed/run_sql';
import {
  jdbcFor,
  startFederationApi,
  type FederationApi,
} from '../../../../test/support/in_process_host';

describe.skipIf(databaseSkip('postgres'))('terms over deterministic and ICU collations', () => {
  const pgUrl = () => inject('postgresUrl')!;
  const table = uniqueName('collation_terms').replace(/-/g, '_');
  const collation = `${table}_ci`;
  const datasource = uniqueName('collation-ds');
  const virtual = uniqueName('collation-terms');
  let api: FederationApi;

  beforeAll(async () => {
    await runSql('postgres', pgUrl(), [
      `DROP TABLE IF EXISTS ${table}`,
      `DROP COLLATION IF EXISTS ${collation}`,
      `CREATE COLLATION ${collation} (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`,
      `CREATE TABLE ${table} (id integer PRIMARY KEY, tag text, name text COLLATE ${collation})`,
      `INSERT INTO ${table} VALUES (1, 'abc', 'abc'), (2, 'Abc', 'Abc'), (3, 'ABC', 'ABC'), (4, 'xyz', 'xyz')`,
    ]);
    api = await startFederationApi();
    const ds = await api.call('PUT', `/_svc/connector/datasource/${datasource}`, {
      jdbc: jdbcFor('postgres', pgUrl()),
    });
    expect(ds.status, ds.text).toBeLessThan(300);
    const vi = await api.call('PUT', `/_svc/connector/index/${virtual}`, {
      datasource,
      resource: table,
      key: 'id',
    });
    expect(vi.status, vi.text).toBeLessThan(300);
  }, 60_000);

  afterAll(async () => {
    await api?.call('DELETE', `/_svc/connector/index/${virtual}`).catch(() => undefined);
    await api?.call('DELETE', `/_svc/connector/datasource/${datasource}`).catch(() => undefined);
    await api?.close();
    await runSql('postgres', pgUrl(), [
      `DROP TABLE IF EXISTS ${table}`,
      `DROP COLLATION IF EXISTS ${collation}`,
    ]);
  });

  it('records which text columns group byte for byte', async () => {
    const r = await api.call('GET', `/_svc/connector/index/${virtual}`);
    expect(r.status, r.text).toBe(200);
    const columns = (r.body._source as { columns: Array<{ name: string; deterministic?: true }> })
      .columns;
    const byName = new Map(columns.map((c) => [c.name, c]));
    expect(byName.get('tag')?.deterministic).toBe(true);
    expect(byName.get('name')?.deterministic).toBeUndefined();
  });

  it('names a deterministic column’s buckets by their values', async () => {
    const r = await api.call('POST', `/svc/${virtual}/_search`, {
      size: 0,
      aggs: { t: { terms: { field: 'tag', order: { _key: 'asc' } } } },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.aggregations.t.buckets).toEqual([
      { key: 'ABC', doc_count: 1 },
      { key: 'Abc', doc_count: 1 },
      { key: 'abc', doc_count: 1 },
      { key: 'xyz', doc_count: 1 },
    ]);
  });

  it('names a case-insensitive group by its byte-wise smallest spelling', async () => {
    const r = await api.call('POST', `/svc/${virtual}/_search`, {
      size: 0,
      aggs: { n: { terms: { field: 'name' } } },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.aggregations.n.buckets).toEqual([
      { key: 'ABC', doc_count: 3 },
      { key: 'xyz', doc_count: 1 },
    ]);
  });
});
