import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequest } from '../support/bad_request';
import { databaseUrl, openSearchClient, uniqueName, type Skippable } from '../bed/context';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../support/in_process_host';
import { runSql } from '../bed/run_sql';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

type Kind = 'postgres' | 'mysql' | 'sqlite';

/**
 * One table per database holding a column of every row of the type table (docs/api/interface.md §2.3) and a few
 * types that must be skipped. `expected` is the mapped type, null for skipped columns.
 */
const TABLES: Record<
  Kind,
  {
    ddl: (t: string) => string;
    insert: (t: string) => string;
    expected: Record<string, string | null>;
  }
> = {
  postgres: {
    ddl: (
      t
    ) => `CREATE TABLE ${t} (id bigint PRIMARY KEY, name varchar(50), code char(3), note text, flag boolean,
      born date, seen timestamp, seen_tz timestamptz, small smallint, num integer, ratio real, score double precision,
      price numeric(10,2), meta json, raw bytea)`,
    insert: (
      t
    ) => `INSERT INTO ${t} VALUES (1, 'Ada', 'abc', 'long text', true, '2024-02-29', '2024-02-29 23:30:00',
      '2024-02-29 23:30:00+00', 7, 42, 0.5, 2.25, 10.50, '{"a":1}', '\\x01'), (2, 'Bob', null, null, false, null, null, null, null, null, null, null, null, null, null)`,
    expected: {
      id: 'long',
      name: 'keyword',
      code: 'keyword',
      note: 'keyword',
      flag: 'boolean',
      born: 'date',
      seen: 'date',
      seen_tz: 'date',
      small: 'long',
      num: 'long',
      ratio: 'double',
      score: 'double',
      price: 'double',
      meta: null,
      raw: null,
    },
  },
  mysql: {
    ddl: (
      t
    ) => `CREATE TABLE ${t} (id bigint PRIMARY KEY, name varchar(50), code char(3), note text, flag boolean,
      born date, seen datetime, small smallint, num int, ratio float, score double, price decimal(10,2), raw blob)`,
    insert: (
      t
    ) => `INSERT INTO ${t} VALUES (1, 'Ada', 'abc', 'long text', true, '2024-02-29', '2024-02-29 23:30:00',
      7, 42, 0.5, 2.25, 10.50, x'01'), (2, 'Bob', null, null, false, null, null, null, null, null, null, null, null)`,
    expected: {
      id: 'long',
      name: 'keyword',
      code: 'keyword',
      note: 'keyword',
      flag: 'boolean',
      born: 'date',
      seen: 'date',
      small: 'long',
      num: 'long',
      ratio: 'double',
      score: 'double',
      price: 'double',
      raw: null,
    },
  },
  sqlite: {
    ddl: (
      t
    ) => `CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name VARCHAR(50), code CHAR(3), note TEXT, flag BOOLEAN,
      born DATE, seen DATETIME, small SMALLINT, num INT, ratio REAL, score DOUBLE, price NUMERIC(10,2), raw BLOB)`,
    insert: (
      t
    ) => `INSERT INTO ${t} VALUES (1, 'Ada', 'abc', 'long text', 1, '2024-02-29', '2024-02-29 23:30:00',
      7, 42, 0.5, 2.25, 10.50, x'01'), (2, 'Bob', null, null, 0, null, null, null, null, null, null, null, null)`,
    expected: {
      id: 'long',
      name: 'keyword',
      code: 'keyword',
      note: 'keyword',
      flag: 'boolean',
      born: 'date',
      seen: 'date',
      small: 'long',
      num: 'long',
      ratio: 'double',
      score: 'double',
      price: 'double',
      raw: null,
    },
  },
};

describe('virtual indices', () => {
  let api: FederationApi;
  let sqliteFile: string;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    api = await startFederationApi();
    sqliteFile = path.join(mkdtempSync(path.join(tmpdir(), 'federation-vi-')), 'data.sqlite');
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api?.close();
  });

  /** Creates the type table on `kind`, a datasource for it (in `timezone`) and returns their names. */
  async function setUp(kind: Kind, ctx: Skippable, timezone?: string) {
    const table = `fed_types_${Math.random().toString(36).slice(2, 8)}`;
    const spec = TABLES[kind];
    let jdbc: Record<string, string | undefined>;
    if (kind === 'sqlite') {
      const db = new Database(sqliteFile);
      db.exec(spec.ddl(table));
      db.exec(spec.insert(table));
      db.close();
      jdbc = sqliteJdbc(sqliteFile);
    } else {
      const url = databaseUrl(kind, ctx);
      await runSql(kind, url, [spec.ddl(table), spec.insert(table)]);
      cleanups.push(() => runSql(kind, url, [`DROP TABLE IF EXISTS ${table}`]));
      jdbc = jdbcFor(kind, url);
    }
    const datasource = `test-ds-${kind}-${Math.random().toString(36).slice(2, 8)}`;
    const put = await api.call('PUT', `${DATASOURCES}/${datasource}`, {
      jdbc: { ...jdbc, timezone },
    });
    expect(put.status).toBe(201);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    return { table, datasource };
  }

  async function createVirtualIndex(name: string, body: Record<string, unknown>) {
    const response = await api.call('PUT', `${VIRTUAL_INDICES}/${name}`, body);
    cleanups.push(async () => {
      await api.call('DELETE', `${VIRTUAL_INDICES}/${name}`);
      await openSearchClient().indices.delete({ index: name }, { ignore: [404] });
    });
    return response;
  }

  for (const kind of ['postgres', 'mysql', 'sqlite'] as const) {
    it(`${kind}: maps every type of the type table, skips the rest, and reads documents by key`, async (ctx) => {
      const { table, datasource } = await setUp(kind, ctx, 'Europe/Helsinki');
      const name = uniqueName(`vi-${kind}`);
      const created = await createVirtualIndex(name, { datasource, resource: table, key: 'id' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ _id: name, result: 'created', index_created: true });

      const expectedProperties: Record<string, { type: string }> = Object.fromEntries(
        Object.entries(TABLES[kind].expected)
          .filter((entry): entry is [string, string] => entry[1] !== null)
          .map(([c, t]) => [c, { type: t }])
      );
      const mapping = await api.call('GET', `/svc/${name}/_mapping`);
      expect(mapping.status).toBe(200);
      expect(mapping.body).toEqual({ [name]: { mappings: { properties: expectedProperties } } });
      // The concrete index beside it has the same mapping and no documents.
      const concrete = await openSearchClient().indices.getMapping({ index: name });
      expect(concrete.body[name].mappings.properties).toEqual(expectedProperties);

      const doc = await api.call('GET', `/svc/${name}/_doc/1`);
      expect(doc.status).toBe(200);
      expect(doc.body).toMatchObject({ _index: name, _id: '1', found: true });
      const source = doc.body._source;
      expect(source).toMatchObject({
        id: 1,
        name: 'Ada',
        note: 'long text',
        flag: true,
        small: 7,
        num: 42,
        ratio: 0.5,
        score: 2.25,
        price: 10.5,
      });
      expect(source.code.trim()).toBe('abc');
      // Wall-clock values are read in the datasource zone (Helsinki, UTC+2 in February).
      expect(source.seen).toBe('2024-02-29T21:30:00.000Z');
      expect(source.born).toBe('2024-02-28T22:00:00.000Z');
      if (kind === 'postgres') expect(source.seen_tz).toBe('2024-02-29T23:30:00.000Z');
      expect(Object.keys(source)).toEqual(Object.keys(expectedProperties));

      const nulls = await api.call('GET', `/svc/${name}/_doc/2`);
      expect(nulls.body._source).toMatchObject({
        id: 2,
        name: 'Bob',
        flag: false,
        seen: null,
        price: null,
      });
      const missing = await api.call('GET', `/svc/${name}/_doc/99`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ _index: name, _id: '99', found: false });
      expect((await api.call('GET', `/svc/${name}/_doc/not-a-number`)).body.found).toBe(false);

      const caps = await api.call('GET', `/svc/${name}/_field_caps?fields=s*`);
      expect(caps.body).toEqual({
        indices: [name],
        fields: Object.fromEntries(
          Object.keys(expectedProperties)
            .filter((f) => f.startsWith('s'))
            .sort()
            .map((f) => [
              f,
              {
                [expectedProperties[f].type]: {
                  type: expectedProperties[f].type,
                  searchable: true,
                  aggregatable: true,
                },
              },
            ])
        ),
      });
    });
  }

  it('gets several documents with mget, mixing virtual and normal indices in order', async (ctx) => {
    const { table, datasource } = await setUp('sqlite', ctx);
    const name = uniqueName('vi-mget');
    await createVirtualIndex(name, { datasource, resource: table, key: 'id' });
    const normal = uniqueName('normal');
    await openSearchClient().index({ index: normal, id: 'a', body: { x: 1 }, refresh: true });
    cleanups.push(() => openSearchClient().indices.delete({ index: normal }, { ignore: [404] }));

    const mixed = await api.call('POST', '/svc/_mget', {
      docs: [
        { _index: name, _id: '2' },
        { _index: normal, _id: 'a' },
        { _index: name, _id: '1' },
        { _index: name, _id: '3' },
      ],
    });
    expect(mixed.status).toBe(200);
    expect(
      mixed.body.docs.map((d: { _index: string; _id: string; found: boolean }) => [
        d._index,
        d._id,
        d.found,
      ])
    ).toEqual([
      [name, '2', true],
      [normal, 'a', true],
      [name, '1', true],
      [name, '3', false],
    ]);
    expect(mixed.body.docs[1]._source).toEqual({ x: 1 });
    const byIds = await api.call('POST', `/svc/${name}/_mget`, { ids: ['1', 2] });
    expect(byIds.body.docs.map((d: { _source: { name: string } }) => d._source.name)).toEqual([
      'Ada',
      'Bob',
    ]);
    expect((await api.call('POST', `/svc/${name}/_mget`, {})).status).toBe(400);
  });

  it('answers get on a virtual index without a key with a 400 that says why', async (ctx) => {
    const { table, datasource } = await setUp('sqlite', ctx);
    const name = uniqueName('vi-nokey');
    expect((await createVirtualIndex(name, { datasource, resource: table })).status).toBe(201);
    const get = await api.call('GET', `/svc/${name}/_doc/1`);
    expectBadRequest(get, 'no key');
    // In _mget the error answers in that document's slot, as OpenSearch answers a failing one.
    const mget = await api.call('POST', '/svc/_mget', { docs: [{ _index: name, _id: '1' }] });
    expect(mget.status).toBe(200);
    expect(mget.body.docs[0].error.reason).toMatch(/no key/);
  });

  it('refuses invalid names, missing datasources, resources and key columns', async (ctx) => {
    const { table, datasource } = await setUp('sqlite', ctx);
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['Upper-Case', { datasource, resource: table }, /lowercase/],
      ['_hidden', { datasource, resource: table }, /must not start with/],
      [
        uniqueName('x'),
        { datasource: 'no-such-datasource', resource: table },
        /datasource \[no-such-datasource\] does not exist/,
      ],
      [uniqueName('x'), { datasource, resource: 'no_such_table' }, /no_such_table/],
      [
        uniqueName('x'),
        { datasource, resource: table, key: 'nope' },
        /key \[nope\] is not a column/,
      ],
      [uniqueName('x'), { datasource, resource: table, key: 'raw' }, /raw/],
      [uniqueName('x'), { datasource }, /resource/],
      [uniqueName('x'), { datasource, resource: table, extra: 1 }, /extra/],
    ];
    for (const [name, body, reason] of cases) {
      const response = await createVirtualIndex(encodeURIComponent(name), body);
      expect(response.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.error.reason).toMatch(reason);
    }
  });

  it('refuses the name of a non-empty index, accepts an empty one, and leaves the index on delete', async (ctx) => {
    const { table, datasource } = await setUp('sqlite', ctx);
    const full = uniqueName('full');
    await openSearchClient().index({ index: full, id: '1', body: { id: 1 }, refresh: true });
    cleanups.push(() => openSearchClient().indices.delete({ index: full }, { ignore: [404] }));
    const refused = await api.call('PUT', `${VIRTUAL_INDICES}/${full}`, {
      datasource,
      resource: table,
      key: 'id',
    });
    expect(expectBadRequest(refused).error.type).toBe('resource_already_exists_exception');

    const name = uniqueName('vi-del');
    expect(
      (await createVirtualIndex(name, { datasource, resource: table, key: 'id' })).status
    ).toBe(201);
    const updated = await api.call('PUT', `${VIRTUAL_INDICES}/${name}`, {
      datasource,
      resource: table,
      key: 'name',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ result: 'updated', index_created: false });
    expect((await api.call('GET', `${VIRTUAL_INDICES}/${name}`)).body._source).toMatchObject({
      datasource,
      resource: table,
      key: 'name',
    });
    expect(
      (await api.call('GET', `${VIRTUAL_INDICES}/_search`)).body.hits.hits.map(
        (h: { _id: string }) => h._id
      )
    ).toContain(name);
    // A datasource in use cannot be deleted.
    expect((await api.call('DELETE', `${DATASOURCES}/${datasource}`)).status).toBe(409);

    expect((await api.call('DELETE', `${VIRTUAL_INDICES}/${name}`)).body.result).toBe('deleted');
    expect((await api.call('GET', `${VIRTUAL_INDICES}/${name}`)).status).toBe(404);
    expect((await openSearchClient().indices.exists({ index: name })).body).toBe(true);
    // Now an ordinary (empty) index, it answers through OpenSearch.
    expect((await api.call('GET', `/svc/${name}/_doc/1`)).body.found).toBe(false);
  });

  it('refuses a request naming a virtual index together with a normal one', async (ctx) => {
    const { table, datasource } = await setUp('sqlite', ctx);
    const name = uniqueName('vi-mix');
    await createVirtualIndex(name, { datasource, resource: table, key: 'id' });
    const response = await api.call('GET', `/svc/${name},some-normal-index/_mapping`);
    expectBadRequest(response, 'cannot mix virtual indices');
  });
});
