/**
 * A stored password can be removed (issue 21, item 4): a MariaDB login without a password, given
 * a wrong one by mistake, is fixed by saving an empty password, which stores none (`password_set`
 * false) instead of an encrypted empty string that reads back as "set".
 */
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, uniqueName } from '../../../test/bed/context';
import {
  jdbcFor,
  startFederationApi,
  type FederationApi,
} from '../../../test/support/in_process_host';
import { DATASOURCES } from '../../../test/support/api_paths';

describe('removing a datasource’s stored password', () => {
  let api: FederationApi;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    api = await startFederationApi();
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api?.close();
  });

  it('on MariaDB: an empty password removes the wrong one, and the login without one works', async (ctx) => {
    const url = databaseUrl('mysql', ctx);
    const user = `fed_nopw_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await mysql.createConnection(url);
    cleanups.push(async () => {
      await admin.query(`DROP USER IF EXISTS '${user}'@'%', '${user}'@'localhost'`);
      await admin.end();
    });
    // A login that has no password, like the test bed's root.
    await admin.query(`CREATE USER '${user}'@'%', '${user}'@'localhost'`);
    await admin.query(`GRANT SELECT ON *.* TO '${user}'@'%', '${user}'@'localhost'`);
    const id = uniqueName('nopw-maria');
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${id}`));
    const jdbc = jdbcFor('mysql', url, { user });

    const wrong = await api.call('PUT', `${DATASOURCES}/${id}`, {
      jdbc: { ...jdbc, password: 'wrong-by-mistake' },
    });
    expect(wrong.status, wrong.text).toBe(201);
    expect((await api.call('POST', `${DATASOURCES}/${id}/_validate`)).status).toBe(502);

    const cleared = await api.call('PUT', `${DATASOURCES}/${id}`, {
      jdbc: { ...jdbc, password: '' },
    });
    expect(cleared.status, cleared.text).toBe(200);
    const read = await api.call('GET', `${DATASOURCES}/${id}`);
    expect(read.body._source.jdbc.password_set).toBe(false);
    const validated = await api.call('POST', `${DATASOURCES}/${id}/_validate`);
    expect(validated.status, validated.text).toBe(200);

    // Leaving the password out still keeps what is stored (here: nothing).
    const { password: _none, ...withoutPassword } = jdbc;
    await api.call('PUT', `${DATASOURCES}/${id}`, { jdbc: withoutPassword });
    expect((await api.call('GET', `${DATASOURCES}/${id}`)).body._source.jdbc.password_set).toBe(
      false
    );
  });
});
