import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, openSearchClient, uniqueName } from '../../../test/bed/context';
import {
  jdbcFor,
  startFederationApi,
  type FederationApi,
} from '../../../test/support/in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from '../../../test/support/api_paths';

/**
 * The concrete index beside a virtual index follows the virtual index's columns when the virtual
 * index is pointed at another resource: new columns are added, changed or dropped ones recreate
 * the (empty) index, and an index that holds documents is still refused.
 */
describe('concrete index mapping after a virtual index update', () => {
  let api: FederationApi;
  const suffix = Math.random().toString(36).slice(2, 8);
  const tables = {
    first: `fed_cm_a_${suffix}`,
    wider: `fed_cm_c_${suffix}`,
    retyped: `fed_cm_b_${suffix}`,
  };
  const datasource = `test-cm-${suffix}`;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    api = await startFederationApi();
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api?.close();
  });

  async function sql(url: string, statements: string[]) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  }

  async function mappingOf(name: string) {
    // A pattern goes to OpenSearch, so this is the concrete index's own mapping.
    const response = await api.call('GET', `/svc/${name}*/_mapping`);
    expect(response.status, response.text).toBe(200);
    return response.body[name].mappings.properties as Record<string, { type: string }>;
  }

  it('adds new columns, recreates on a changed or dropped column, refuses a non-empty index', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    await sql(url, [
      `CREATE TABLE ${tables.first} (id bigint PRIMARY KEY, label text)`,
      `CREATE TABLE ${tables.wider} (id bigint PRIMARY KEY, label text, score double precision)`,
      `CREATE TABLE ${tables.retyped} (id bigint PRIMARY KEY, label bigint)`,
    ]);
    cleanups.push(() =>
      sql(
        url,
        Object.values(tables).map((t) => `DROP TABLE IF EXISTS ${t}`)
      )
    );
    expect(
      (await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc: jdbcFor('postgres', url) }))
        .status
    ).toBe(201);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    const name = uniqueName('cm');
    cleanups.push(async () => {
      await api.call('DELETE', `${VIRTUAL_INDICES}/${name}`);
      await openSearchClient().indices.delete({ index: name }, { ignore: [404] });
    });

    const put = (resource: string) =>
      api.call('PUT', `${VIRTUAL_INDICES}/${name}`, { datasource, resource, key: 'id' });
    expect((await put(tables.first)).status).toBe(201);
    expect(await mappingOf(name)).toEqual({ id: { type: 'long' }, label: { type: 'keyword' } });

    expect((await put(tables.wider)).status).toBe(200);
    expect(await mappingOf(name)).toEqual({
      id: { type: 'long' },
      label: { type: 'keyword' },
      score: { type: 'double' },
    });

    expect((await put(tables.retyped)).status).toBe(200);
    expect(await mappingOf(name)).toEqual({ id: { type: 'long' }, label: { type: 'long' } });
    // The catalog and the concrete index agree.
    const virtual = await api.call('GET', `/svc/${name}/_mapping`);
    expect(virtual.body[name].mappings.properties).toEqual(await mappingOf(name));

    // A document in the concrete index: the index is not ours to recreate any more.
    await openSearchClient().index({
      index: name,
      id: '1',
      body: { id: 1, label: 5 },
      refresh: true,
    });
    const refused = await put(tables.first);
    expect(refused.status).toBe(400);
    expect(refused.body.error.type).toBe('resource_already_exists_exception');
    expect(await mappingOf(name)).toEqual({ id: { type: 'long' }, label: { type: 'long' } });
    expect((await openSearchClient().count({ index: name })).body.count).toBe(1);
  });
});
