import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequest } from '../support/bad_request';
import { DATASOURCE_INDEX } from '../../common/catalog_types';
import { databaseUrl, openSearchClient } from '../bed/context';
import { ensurePasswordLogins, PASSWORD_LOGIN_ROLE } from '../bed/postgres_password_auth';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../support/in_process_host';
import { DATASOURCES } from '../support/api_paths';

const SECRET = 'Sekr3t-pw-never-shown';

/** The datasource API against the real PostgreSQL, MariaDB and SQLite of the test bed. */
describe('datasources', () => {
  let api: FederationApi;
  let sqliteFile: string;
  const created: string[] = [];
  const id = (name: string) => {
    const value = `test-${name}-${Math.random().toString(36).slice(2, 8)}`;
    created.push(value);
    return value;
  };

  beforeAll(async () => {
    api = await startFederationApi();
    sqliteFile = path.join(mkdtempSync(path.join(tmpdir(), 'federation-ds-')), 'data.sqlite');
    new Database(sqliteFile).exec('CREATE TABLE t (id INTEGER PRIMARY KEY)').close();
  });

  afterAll(async () => {
    for (const name of created) await api.call('DELETE', `${DATASOURCES}/${name}`);
    await api?.close();
  });

  it('creates, reads, updates, lists and deletes a datasource in OpenSearch’s document shapes', async () => {
    const name = id('crud');
    const put = await api.call('PUT', `${DATASOURCES}/${name}`, { jdbc: sqliteJdbc(sqliteFile) });
    expect(put.status).toBe(201);
    expect(put.body).toMatchObject({
      _id: name,
      _index: DATASOURCE_INDEX,
      result: 'created',
      _version: 1,
    });

    const got = await api.call('GET', `${DATASOURCES}/${name}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      _id: name,
      found: true,
      _source: { jdbc: { ...sqliteJdbc(sqliteFile), password_set: false } },
    });

    const update = await api.call('PUT', `${DATASOURCES}/${name}`, {
      jdbc: { ...sqliteJdbc(sqliteFile), timezone: 'Europe/Helsinki' },
    });
    expect(update.status).toBe(200);
    expect(update.body).toMatchObject({ result: 'updated', _version: 2 });

    const list = await api.call('GET', `${DATASOURCES}/_search`);
    expect(list.status).toBe(200);
    const hit = list.body.hits.hits.find((h: { _id: string }) => h._id === name);
    expect(hit._source.jdbc.timezone).toBe('Europe/Helsinki');
    expect(list.body.hits.total.value).toBe(list.body.hits.hits.length);

    const validate = await api.call('POST', `${DATASOURCES}/${name}/_validate`);
    expect(validate.status).toBe(200);
    expect(validate.body).toMatchObject({ _id: name, valid: true });
    expect(validate.body.server).toMatch(/\d+\.\d+/);

    const deleted = await api.call('DELETE', `${DATASOURCES}/${name}`);
    expect(deleted.body).toMatchObject({ _id: name, result: 'deleted' });
    const gone = await api.call('GET', `${DATASOURCES}/${name}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatchObject({
      type: 'resource_not_found_exception',
      datasource: name,
    });
    expect((await api.call('DELETE', `${DATASOURCES}/${name}`)).status).toBe(404);
  });

  it('refuses bad input with 400s that name the problem', async () => {
    const unsupported = await api.call('PUT', `${DATASOURCES}/${id('bad')}`, {
      jdbc: { driver: 'com.ibm.db2.jcc.DB2Driver', url: 'jdbc:db2://h/x' },
    });
    expectBadRequest(unsupported, 'org.postgresql.Driver');
    const missingUrl = await api.call('PUT', `${DATASOURCES}/${id('bad')}`, {
      jdbc: { driver: 'org.sqlite.JDBC' },
    });
    expectBadRequest(missingUrl, 'jdbc.url');
    const noJdbc = await api.call('PUT', `${DATASOURCES}/${id('bad')}`, { url: 'x' });
    expect(noJdbc.status).toBe(400);
    const badZone = await api.call('PUT', `${DATASOURCES}/${id('bad')}`, {
      jdbc: { ...sqliteJdbc(sqliteFile), timezone: 'Mars/Olympus' },
    });
    expectBadRequest(badZone, 'Mars/Olympus');
    const badId = await api.call('PUT', `${DATASOURCES}/${encodeURIComponent('no spaces')}`, {
      jdbc: sqliteJdbc(sqliteFile),
    });
    expectBadRequest(badId, 'datasource id');
    const noBody = await api.call('PUT', `${DATASOURCES}/${id('bad')}`);
    expect(noBody.status).toBe(400);
    const badJson = await api.call('PUT', `${DATASOURCES}/${id('bad')}`, '{"jdbc":');
    expect(expectBadRequest(badJson).error.type).toBe('parse_exception');
    expect((await api.call('POST', `${DATASOURCES}/${id('missing')}/_validate`)).status).toBe(404);
  });

  describe('with a password (PostgreSQL and MariaDB users made for the test)', () => {
    for (const kind of ['postgres', 'mysql'] as const) {
      it(`${kind}: stores it encrypted, never returns or logs it, keeps it on update, and validates`, async (ctx) => {
        const url = databaseUrl(kind, ctx);
        if (kind === 'postgres') {
          const why = await ensurePasswordLogins(url);
          if (why !== null) ctx.skip(why);
        }
        const user = `fed_${kind}_${Math.random().toString(36).slice(2, 8)}`;
        const drop = await createUser(kind, url, user, SECRET);
        try {
          const name = id(`pw-${kind}`);
          const jdbc = jdbcFor(kind, url, { user, password: SECRET });
          const put = await api.call('PUT', `${DATASOURCES}/${name}`, { jdbc });
          expect(put.status).toBe(201);
          expect((await api.call('POST', `${DATASOURCES}/${name}/_validate`)).status).toBe(200);

          // An update without a password keeps the stored one.
          const { password: _omit, ...withoutPassword } = jdbc;
          expect(
            (await api.call('PUT', `${DATASOURCES}/${name}`, { jdbc: withoutPassword })).status
          ).toBe(200);
          const again = await api.call('POST', `${DATASOURCES}/${name}/_validate`);
          expect(again.status).toBe(200);

          const read = await api.call('GET', `${DATASOURCES}/${name}`);
          expect(read.body._source.jdbc.password_set).toBe(true);
          const list = await api.call('GET', `${DATASOURCES}/_search`);
          for (const text of [put.text, again.text, read.text, list.text])
            expect(text).not.toContain(SECRET);

          // A wrong password is a 502 naming the login, and still does not echo any password.
          await api.call('PUT', `${DATASOURCES}/${name}`, {
            jdbc: { ...jdbc, password: 'wrong-password-x' },
          });
          const refused = await api.call('POST', `${DATASOURCES}/${name}/_validate`);
          expect(refused.status).toBe(502);
          expect(refused.body.error.reason).toMatch(new RegExp(user));
          expect(refused.text).not.toContain('wrong-password-x');

          const stored = await openSearchClient().get({ index: DATASOURCE_INDEX, id: name });
          expect(JSON.stringify(stored.body)).not.toContain(SECRET);
          expect(JSON.stringify(stored.body)).not.toContain('wrong-password-x');
          expect(api.logLines.join('\n')).not.toContain(SECRET);
        } finally {
          await drop();
        }
      });
    }

    it('moves a password given in the JDBC URL out of the stored URL', async (ctx) => {
      const url = databaseUrl('postgres', ctx);
      const why = await ensurePasswordLogins(url);
      if (why !== null) ctx.skip(why);
      const user = `fed_url_${Math.random().toString(36).slice(2, 8)}`;
      const drop = await createUser('postgres', url, user, SECRET);
      try {
        const name = id('urlpw');
        const jdbc = jdbcFor('postgres', url, { user });
        await api.call('PUT', `${DATASOURCES}/${name}`, {
          jdbc: { ...jdbc, password: undefined, url: `${jdbc.url}?password=${SECRET}` },
        });
        const read = await api.call('GET', `${DATASOURCES}/${name}`);
        expect(read.text).not.toContain(SECRET);
        expect(read.body._source.jdbc.url).toBe(jdbc.url);
        expect((await api.call('POST', `${DATASOURCES}/${name}/_validate`)).status).toBe(200);
      } finally {
        await drop();
      }
    });
  });

  it('reports an unreachable host and an unknown database as 502s naming them', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    const jdbc = jdbcFor('postgres', url);
    const host = id('nohost');
    await api.call('PUT', `${DATASOURCES}/${host}`, {
      jdbc: { ...jdbc, url: 'jdbc:postgresql://127.0.0.1:1/test' },
    });
    const unreachable = await api.call('POST', `${DATASOURCES}/${host}/_validate`);
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.error.reason).toMatch(/127\.0\.0\.1:1/);

    const db = id('nodb');
    await api.call('PUT', `${DATASOURCES}/${db}`, {
      jdbc: { ...jdbc, url: jdbc.url.replace(/\/[^/]+$/, '/no_such_database_x') },
    });
    const unknown = await api.call('POST', `${DATASOURCES}/${db}/_validate`);
    expect(unknown.status).toBe(502);
    expect(unknown.body.error.reason).toMatch(/no_such_database_x/);
  });

  it('reports a database that went away after the datasource was created', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    const database = `fed_gone_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${database}`);
      const name = id('gone');
      const jdbc = jdbcFor('postgres', url.replace(/\/[^/]+$/, `/${database}`));
      await api.call('PUT', `${DATASOURCES}/${name}`, { jdbc });
      expect((await api.call('POST', `${DATASOURCES}/${name}/_validate`)).status).toBe(200);
      await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      const after = await api.call('POST', `${DATASOURCES}/${name}/_validate`);
      expect(after.status).toBe(502);
      expect(after.body.error.reason).toMatch(new RegExp(database));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('lists remote catalogs, schemas, tables and a table’s columns', async () => {
    const name = id('meta');
    await api.call('PUT', `${DATASOURCES}/${name}`, { jdbc: sqliteJdbc(sqliteFile) });
    const meta = await api.call('GET', `${DATASOURCES}/${name}/_metadata`);
    expect(meta.status).toBe(200);
    expect(meta.body.resources.map((r: { name: string }) => r.name)).toContain('t');
    const columns = await api.call('GET', `${DATASOURCES}/${name}/_metadata?resource=t`);
    expect(columns.body.columns).toEqual([
      { name: 'id', remote_type: 'INTEGER', type: 'long', nullable: expect.any(Boolean) },
    ]);
    const missing = await api.call('GET', `${DATASOURCES}/${name}/_metadata?resource=nope`);
    expect(missing.status).toBe(404);
  });
});

/** Creates a database user with a password; returns a function that drops it. */
async function createUser(
  kind: 'postgres' | 'mysql',
  url: string,
  user: string,
  password: string
): Promise<() => Promise<void>> {
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Trust authentication would accept any password: members of this role must give theirs.
    await admin.query(
      `CREATE ROLE ${user} LOGIN PASSWORD '${password}' IN ROLE ${PASSWORD_LOGIN_ROLE}`
    );
    return async () => {
      await admin.query(`DROP ROLE IF EXISTS ${user}`);
      await admin.end();
    };
  }
  const admin = await mysql.createConnection(url);
  await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
  await admin.query(`CREATE USER '${user}'@'localhost' IDENTIFIED BY '${password}'`);
  await admin.query(`GRANT SELECT ON *.* TO '${user}'@'%', '${user}'@'localhost'`);
  return async () => {
    await admin.query(`DROP USER IF EXISTS '${user}'@'%', '${user}'@'localhost'`);
    await admin.end();
  };
}
