/**
 * `GET /_svc/connector/datasource/<id>/_metadata?catalog=&schema=` without `resource` lists only
 * what lies in that catalog and schema (issue 20, item 13: `schema` was ignored and `public`
 * listed), on the real PostgreSQL (a second schema) and MariaDB (databases are its catalogs).
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, uniqueName } from '../../../test/bed/context';
import {
  jdbcFor,
  startFederationApi,
  type FederationApi,
} from '../../../test/support/in_process_host';
import { DATASOURCES } from '../../../test/support/api_paths';

interface Metadata {
  catalogs: string[];
  schemas: Array<{ catalog?: string; name: string }>;
  resources: Array<{ catalog?: string; schema?: string; name: string }>;
}

describe('datasource _metadata filtered by catalog and schema', () => {
  let api: FederationApi;
  const datasources: string[] = [];
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    api = await startFederationApi();
  });

  afterAll(async () => {
    for (const id of datasources) await api.call('DELETE', `${DATASOURCES}/${id}`);
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await api?.close();
  });

  async function metadata(id: string, query: string): Promise<Metadata> {
    const response = await api.call('GET', `${DATASOURCES}/${id}/_metadata${query}`);
    expect(response.status, response.text).toBe(200);
    return response.body as Metadata;
  }

  it('on PostgreSQL: lists the named schema’s tables, not public’s', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    const schema = uniqueName('meta_schema').replace(/-/g, '_');
    const table = 'only_here';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    });
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.query(`CREATE TABLE "${schema}"."${table}" (id integer PRIMARY KEY)`);
    const database = new URL(url).pathname.slice(1);
    const id = uniqueName('meta-pg');
    datasources.push(id);
    expect(
      (await api.call('PUT', `${DATASOURCES}/${id}`, { jdbc: jdbcFor('postgres', url) })).status
    ).toBe(201);

    const all = await metadata(id, '');
    expect(all.resources.some((r) => r.schema === 'public')).toBe(true);
    expect(all.resources).toContainEqual(expect.objectContaining({ schema, name: table }));

    const inSchema = await metadata(id, `?schema=${schema}`);
    expect(inSchema.resources).toEqual([{ catalog: database, schema, name: table, kind: 'table' }]);
    expect(inSchema.schemas).toEqual([{ catalog: database, name: schema }]);

    const both = await metadata(id, `?catalog=${database}&schema=${schema}`);
    expect(both.resources).toEqual(inSchema.resources);
    expect(both.catalogs).toEqual([database]);

    const publicOnly = await metadata(id, '?schema=public');
    expect(publicOnly.resources.length).toBeGreaterThan(0);
    expect(publicOnly.resources.every((r) => r.schema === 'public')).toBe(true);

    const elsewhere = await metadata(id, `?catalog=not_${database}&schema=${schema}`);
    expect(elsewhere).toMatchObject({ catalogs: [], schemas: [], resources: [] });
  });

  it('on PostgreSQL: lists only the connection’s own database as a catalog (issue 21, item 16)', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    // Another database on the same server: a PostgreSQL connection cannot read it, so the
    // catalog picker must not offer it.
    const other = uniqueName('meta_other_db').replace(/-/g, '_');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${other}"`);
      await admin.end();
    });
    await admin.query(`CREATE DATABASE "${other}"`);
    const database = new URL(url).pathname.slice(1);
    const id = uniqueName('meta-pg-own');
    datasources.push(id);
    expect(
      (await api.call('PUT', `${DATASOURCES}/${id}`, { jdbc: jdbcFor('postgres', url) })).status
    ).toBe(201);

    const all = await metadata(id, '');
    expect(all.catalogs).toEqual([database]);
    expect(all.resources.every((r) => r.catalog === database)).toBe(true);
  });

  it('on MariaDB: lists the named database’s tables; it has no schemas', async (ctx) => {
    const url = databaseUrl('mysql', ctx);
    const database = uniqueName('meta_db').replace(/-/g, '_');
    const admin = await mysql.createConnection(url);
    const other = `${database}_other`;
    cleanups.push(async () => {
      for (const name of [database, other])
        await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await admin.end();
    });
    for (const name of [database, other]) {
      await admin.query(`CREATE DATABASE \`${name}\``);
      await admin.query(`CREATE TABLE \`${name}\`.only_here (id int PRIMARY KEY)`);
    }
    const id = uniqueName('meta-maria');
    datasources.push(id);
    expect(
      (await api.call('PUT', `${DATASOURCES}/${id}`, { jdbc: jdbcFor('mysql', url) })).status
    ).toBe(201);

    const all = await metadata(id, '');
    expect(all.catalogs).toContain(database);
    expect(all.resources).toContainEqual(expect.objectContaining({ catalog: other }));

    const inDatabase = await metadata(id, `?catalog=${database}`);
    expect(inDatabase).toEqual({
      _id: id,
      catalogs: [database],
      schemas: [],
      resources: [{ catalog: database, name: 'only_here', kind: 'table' }],
    });
    // A schema filter: MariaDB's tables carry none, so none is in it.
    expect((await metadata(id, `?schema=${database}`)).resources).toEqual([]);
  });
});
