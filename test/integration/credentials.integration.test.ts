/**
 * The credentials audit: datasources are created with one distinctive password in every URL form
 * the drivers accept (and in the body), on the real PostgreSQL (a role that must log in with its
 * password) and MariaDB, and then every route that touches them is exercised: GET, the list,
 * validate (right and wrong password), _metadata, a virtual index search, and rejected URLs.
 * The password, its percent-encoded form and its parts must appear in no response body or
 * header, in no log line of the host, and in no stored catalog document, where it must be
 * ciphertext.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASOURCE_INDEX } from '../../common/catalog_types';
import { databaseUrl, openSearchClient, uniqueName } from '../bed/context';
import { ensurePasswordLogins, PASSWORD_LOGIN_ROLE } from '../bed/postgres_password_auth';
import { startFederationApi, type FederationApi } from '../support/in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

/** '@' and ';' need encoding or braces in URLs, so every form's escaping is exercised. */
const PASSWORD = 'Pz7Kq@Wv9X;Rm4Ty';
const WRONG = 'Hn3Jd@Lc8B;Tf2Gs';
const FORBIDDEN = [PASSWORD, WRONG].flatMap((secret) => [
  secret,
  encodeURIComponent(secret),
  ...secret.split(/[@;]/),
]);
const enc = encodeURIComponent;
const PG = 'org.postgresql.Driver';
const MARIADB = 'org.mariadb.jdbc.Driver';
const MYSQL = 'com.mysql.cj.jdbc.Driver';
const MSSQL = 'com.microsoft.sqlserver.jdbc.SQLServerDriver';

interface Exchange {
  what: string;
  status: number;
  text: string;
  headers: string;
}

describe('no datasource credential in any response, log line or stored document', () => {
  let api: FederationApi;
  const exchanges: Exchange[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  const datasources: string[] = [];

  /** Like api.call, but keeps the headers too, and every exchange for the final check. */
  async function call(
    method: string,
    path: string,
    body?: unknown
  ): Promise<Exchange & { body: any }> {
    const response = await fetch(`${api.server.url}${path}`, {
      method,
      headers: { 'osd-xsrf': 'true', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const headers = JSON.stringify([...response.headers.entries()]);
    const exchange = { what: `${method} ${path}`, status: response.status, text, headers };
    exchanges.push(exchange);
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { ...exchange, body: parsed };
  }

  async function putDatasource(jdbc: object): Promise<string> {
    const id = uniqueName('cred-ds');
    datasources.push(id);
    const put = await call('PUT', `${DATASOURCES}/${id}`, { jdbc });
    expect(put.status, put.text).toBe(201);
    return id;
  }

  beforeAll(async () => {
    api = await startFederationApi();
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    for (const id of datasources) await api?.call('DELETE', `${DATASOURCES}/${id}`);
    await api?.close();
  });

  /** Creates datasources in every form, and checks each one reads back and works. */
  async function exercise(
    forms: { jdbc: object; username: string }[],
    table: string,
    expectedServer: RegExp
  ): Promise<void> {
    for (const { jdbc, username } of forms) {
      const id = await putDatasource(jdbc);
      const got = await call('GET', `${DATASOURCES}/${id}`);
      expect(got.status).toBe(200);
      expect(got.body._source.jdbc).toMatchObject({ password_set: true, username });
      const validate = await call('POST', `${DATASOURCES}/${id}/_validate`);
      expect(validate.status, `${JSON.stringify(jdbc)}: ${validate.text}`).toBe(200);
      expect(validate.body.server).toMatch(expectedServer);
      const metadata = await call('GET', `${DATASOURCES}/${id}/_metadata?resource=${table}`);
      expect(metadata.status, metadata.text).toBe(200);
      const vi = uniqueName('cred-vi');
      const created = await call('PUT', `${VIRTUAL_INDICES}/${vi}`, {
        datasource: id,
        resource: table,
        key: 'id',
      });
      expect(created.status, created.text).toBeLessThan(300);
      cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${vi}`));
      const search = await call('POST', `/svc/${vi}/_search`, { query: { match_all: {} } });
      expect(search.status, search.text).toBe(200);
      expect(search.body.hits.total.value).toBe(1);
    }
  }

  it('PostgreSQL, a role that must give its password', async (ctx) => {
    const adminUrl = databaseUrl('postgres', ctx);
    const why = await ensurePasswordLogins(adminUrl);
    if (why !== null) ctx.skip(why);
    const user = `fed_cred_${Math.random().toString(36).slice(2, 8)}`;
    const table = `cred_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    cleanups.push(async () => {
      await admin.query(`DROP TABLE IF EXISTS ${table}`);
      await admin.query(`DROP ROLE IF EXISTS ${user}`);
      await admin.end();
    });
    await admin.query(
      `CREATE ROLE ${user} LOGIN PASSWORD '${PASSWORD}' IN ROLE ${PASSWORD_LOGIN_ROLE}`
    );
    await admin.query(`CREATE TABLE ${table} (id bigint PRIMARY KEY, name text)`);
    await admin.query(`INSERT INTO ${table} VALUES (1, 'one')`);
    await admin.query(`GRANT SELECT ON ${table} TO ${user}`);
    const url = new URL(adminUrl);
    const base = `jdbc:postgresql://${url.host}${url.pathname}`;
    const host = `${url.host}${url.pathname}`;
    await exercise(
      [
        { jdbc: { driver: PG, url: base, username: user, password: PASSWORD }, username: user },
        {
          jdbc: { driver: PG, url: `jdbc:postgresql://${user}:${enc(PASSWORD)}@${host}` },
          username: user,
        },
        {
          jdbc: { driver: PG, url: `${base}?user=${user}&password=${enc(PASSWORD)}` },
          username: user,
        },
        {
          jdbc: { driver: PG, url: `${base}?user=${user}&p%61ssword=${enc(PASSWORD)}` },
          username: user,
        },
        {
          jdbc: {
            driver: PG,
            url: `${base}?ApplicationName=x& PassWord =${enc(PASSWORD)}`,
            username: user,
          },
          username: user,
        },
      ],
      table,
      /\d+\.\d+/
    );
    const wrong = await putDatasource({
      driver: PG,
      url: `jdbc:postgresql://${user}:${enc(WRONG)}@${host}`,
    });
    const refused = await call('POST', `${DATASOURCES}/${wrong}/_validate?error_trace=true`);
    expect(refused.status).toBe(502);
    expect(refused.body.error.type).toBe('datasource_authentication_exception');
  });

  it('MariaDB', async (ctx) => {
    const adminUrl = databaseUrl('mysql', ctx);
    const user = `fed_cred_${Math.random().toString(36).slice(2, 8)}`;
    const table = `cred_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await mysql.createConnection(adminUrl);
    cleanups.push(async () => {
      await admin.query(`DROP TABLE IF EXISTS ${table}`);
      await admin.query(`DROP USER IF EXISTS '${user}'@'%', '${user}'@'localhost'`);
      await admin.end();
    });
    await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${PASSWORD}'`);
    await admin.query(`CREATE USER '${user}'@'localhost' IDENTIFIED BY '${PASSWORD}'`);
    await admin.query(`GRANT SELECT ON *.* TO '${user}'@'%', '${user}'@'localhost'`);
    await admin.query(`CREATE TABLE ${table} (id bigint PRIMARY KEY, name text)`);
    await admin.query(`INSERT INTO ${table} VALUES (1, 'one')`);
    const url = new URL(adminUrl);
    const host = `${url.host}${url.pathname}`;
    await exercise(
      [
        {
          jdbc: {
            driver: MARIADB,
            url: `jdbc:mariadb://${host}`,
            username: user,
            password: PASSWORD,
          },
          username: user,
        },
        {
          jdbc: { driver: MARIADB, url: `jdbc:mariadb://${user}:${enc(PASSWORD)}@${host}` },
          username: user,
        },
        {
          jdbc: {
            driver: MYSQL,
            url: `jdbc:mysql://${host}?user=${user}&password=${enc(PASSWORD)}`,
          },
          username: user,
        },
        {
          jdbc: {
            driver: MYSQL,
            url: `jdbc:mysql://${host}?user=${user}&PASSWORD1=${enc(PASSWORD)}`,
          },
          username: user,
        },
      ],
      table,
      /\d+\.\d+/
    );
    const wrong = await putDatasource({
      driver: MARIADB,
      url: `jdbc:mariadb://${host}?user=${user}&password=${enc(WRONG)}`,
    });
    const refused = await call('POST', `${DATASOURCES}/${wrong}/_validate`);
    expect(refused.status).toBe(502);
    expect(refused.body.error.type).toBe('datasource_authentication_exception');
  });

  it('SQL Server URLs: stored without the password; a failed connection does not show it', async () => {
    // No SQL Server in the test bed: port 1 on the loopback refuses at once.
    for (const url of [
      `jdbc:sqlserver://127.0.0.1:1;databaseName=d; password = {${PASSWORD}} ;user=sa`,
      `jdbc:sqlserver://127.0.0.1:1;PWD={${PASSWORD}};UID=sa;encrypt=false`,
    ]) {
      const id = await putDatasource({ driver: MSSQL, url });
      const got = await call('GET', `${DATASOURCES}/${id}`);
      expect(got.body._source.jdbc).toMatchObject({ username: 'sa', password_set: true });
      const validate = await call('POST', `${DATASOURCES}/${id}/_validate`);
      expect(validate.status).toBe(502);
    }
  });

  it('rejected URLs and conflicting values are 400s that quote no credential', async () => {
    const bad: object[] = [
      { driver: PG, url: `jdbc:postgresql://h/db?p%61ssword=${enc(PASSWORD)}%ZZ` },
      { driver: PG, url: `jdbc:postgresql://u:${enc(PASSWORD)}@h:port/db` },
      { driver: PG, url: `jdbc:postgresql://h/db?password=${enc(PASSWORD)}`, password: WRONG },
      { driver: PG, url: `jdbc:postgresql://h/db?sslpassword=${enc(PASSWORD)}` },
      { driver: PG, url: `jdbc:postgres://u:${enc(PASSWORD)}@h/db` },
      { driver: MARIADB, url: `jdbc:mariadb://(host=h,password=${PASSWORD})/db` },
      { driver: MSSQL, url: `jdbc:sqlserver://h;password=${PASSWORD}` },
      { driver: MSSQL, url: `jdbc:sqlserver://h;password={${PASSWORD}` },
      { driver: MSSQL, url: `jdbc:sqlserver://h;password={${PASSWORD}}x;encrypt=maybe` },
    ];
    for (const jdbc of bad) {
      const id = uniqueName('cred-bad');
      for (const suffix of ['', '?error_trace=true']) {
        const put = await call('PUT', `${DATASOURCES}/${id}${suffix}`, { jdbc });
        if (put.status < 300) datasources.push(id);
        expect(put.status, `${JSON.stringify(jdbc)}: ${put.text}`).toBe(400);
        expect(put.body.error.type).toBe('illegal_argument_exception');
      }
    }
  });

  it('the list, the logs and the stored documents hold no credential', async () => {
    expect(datasources.length).toBeGreaterThan(0);
    const list = await call('GET', `${DATASOURCES}/_search`);
    expect(list.status).toBe(200);
    for (const exchange of exchanges) {
      for (const secret of FORBIDDEN) {
        expect(exchange.text, `${exchange.what} body`).not.toContain(secret);
        expect(exchange.headers, `${exchange.what} headers`).not.toContain(secret);
      }
    }
    for (const line of api.logLines) {
      for (const secret of FORBIDDEN) expect(line, 'log line').not.toContain(secret);
    }
    const client = openSearchClient();
    await client.indices.refresh({ index: DATASOURCE_INDEX });
    const stored = await client.search({
      index: DATASOURCE_INDEX,
      body: { size: 1000, query: { ids: { values: datasources } } },
    });
    const hits = stored.body.hits.hits as { _id: string; _source: { password_secret?: string } }[];
    expect(hits.map((h) => h._id).sort()).toEqual([...datasources].sort());
    for (const hit of hits) {
      const text = JSON.stringify(hit._source);
      for (const secret of FORBIDDEN) expect(text, `stored ${hit._id}`).not.toContain(secret);
      // AES-256-GCM: version, IV, tag and ciphertext, base64.
      expect(hit._source.password_secret).toMatch(
        /^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/
      );
    }
  });
});
