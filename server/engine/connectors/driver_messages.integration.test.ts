/**
 * A driver's error text reaches the user whole. Passwords were once removed from it by
 * substring replacement, which with a short password mangled every message ("Received
 * unex***ected message") and, by where the stars fell, told the password. The drivers never put
 * the password in their messages (pg hides it, mysql2 and tedious never format it, the servers
 * never echo it), so nothing is replaced any more.
 */
import mysql from 'mysql2/promise';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl } from '../../../test/bed/context';
import { FederationError } from '../errors';
import type { Connector } from './connector';
import { createConnector } from './create_connector';
import { parseDatasourceConfig } from './jdbc_url';
import { translateSqlServerError } from './sqlserver/sqlserver_errors';
import { DEFAULT_CONNECTOR_LIMITS } from './connector_limits';

/** One letter, present in nearly every message. */
const PASSWORD = 'e';
const LIMITS = { ...DEFAULT_CONNECTOR_LIMITS, poolSize: 1, connectTimeoutMs: 5_000 };

async function errorOf(run: () => Promise<unknown>): Promise<FederationError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(FederationError);
    return error as FederationError;
  }
  throw new Error('expected the statement to fail');
}

describe('driver error messages are not mangled by password scrubbing', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('PostgreSQL: a statement error keeps its text', async (ctx) => {
    const url = new URL(databaseUrl('postgres', ctx));
    // The test bed trusts local logins, so the password is sent nowhere but still configured.
    const connector: Connector = createConnector(
      parseDatasourceConfig({
        driver: 'org.postgresql.Driver',
        url: `jdbc:postgresql://${url.host}${url.pathname}`,
        username: decodeURIComponent(url.username),
        password: PASSWORD,
      }),
      LIMITS
    );
    cleanups.push(() => connector.close());
    const error = await errorOf(() =>
      connector.query('SELECT * FROM federation_missing_table', [])
    );
    expect(error.reason).toContain('relation "federation_missing_table" does not exist');
    expect(error.reason).not.toContain('***');
  });

  it('MariaDB: a statement error keeps its text', async (ctx) => {
    const adminUrl = databaseUrl('mysql', ctx);
    const url = new URL(adminUrl);
    const user = `fed_msg_${Math.random().toString(36).slice(2, 8)}`;
    const admin = await mysql.createConnection(adminUrl);
    await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${PASSWORD}'`);
    await admin.query(`CREATE USER '${user}'@'localhost' IDENTIFIED BY '${PASSWORD}'`);
    await admin.query(`GRANT SELECT ON *.* TO '${user}'@'%', '${user}'@'localhost'`);
    cleanups.push(async () => {
      await admin.query(`DROP USER IF EXISTS '${user}'@'%', '${user}'@'localhost'`);
      await admin.end();
    });
    const connector = createConnector(
      parseDatasourceConfig({
        driver: 'org.mariadb.jdbc.Driver',
        url: `jdbc:mariadb://${url.host}${url.pathname}`,
        username: user,
        password: PASSWORD,
      }),
      LIMITS
    );
    cleanups.push(() => connector.close());
    const error = await errorOf(() =>
      connector.query('SELECT * FROM federation_missing_table', [])
    );
    expect(error.reason).toMatch(/Table '.*federation_missing_table' doesn't exist/);
    expect(error.reason).not.toContain('***');
  });

  it('SQL Server: driver text keeps its text', () => {
    const spec = parseDatasourceConfig({
      driver: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
      url: 'jdbc:sqlserver://h;databaseName=d',
      username: 'u',
      password: PASSWORD,
    });
    if (spec.kind !== 'sqlserver') throw new Error('expected a SQL Server spec');
    const error = translateSqlServerError(new Error('Received unexpected message type'), {
      spec,
      limits: LIMITS,
      timeoutMs: 1_000,
    });
    expect(error.reason).toContain('Received unexpected message type');
  });
});
