import { describe, expect, it } from 'vitest';
import { FederationError } from '../../errors';
import { DEFAULT_CONNECTOR_LIMITS, type ConnectorLimits } from '../connector_limits';
import type { SqlServerSpec } from './sqlserver_url';
import { parseDatasourceConfig } from '../jdbc_url';
import {
  SQLSERVER_CATALOGS_SQL,
  SQLSERVER_RESOURCES_SQL,
  SQLSERVER_SCHEMAS_SQL,
  SqlServerConnector,
  sqlServerDescribeStatement,
} from './sqlserver_connector';
import { sqlServerPoolConfig } from './sqlserver_driver_config';

const LIMITS: ConnectorLimits = {
  poolSize: 4,
  connectTimeoutMs: 1_500,
  statementTimeoutMs: 20_000,
  idleTimeoutMs: 5_000,
  batchSize: 250,
  keyListTableBytes: DEFAULT_CONNECTOR_LIMITS.keyListTableBytes,
};

function spec(url: string, extra: Partial<SqlServerSpec> = {}): SqlServerSpec {
  const parsed = parseDatasourceConfig({
    driver: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
    url,
    username: 'sa',
    password: 'Hunter2!',
  });
  if (parsed.kind !== 'sqlserver') throw new Error('not sqlserver');
  return { ...parsed, ...extra };
}

describe('SQL Server statement text', () => {
  it('describes a table of the current database with bound schema and name', () => {
    expect(sqlServerDescribeStatement()).toBe(
      `SELECT COLUMN_NAME AS name, DATA_TYPE AS type, IS_NULLABLE AS nullable
FROM INFORMATION_SCHEMA.COLUMNS
WHERE TABLE_SCHEMA = COALESCE(@p1, SCHEMA_NAME()) AND TABLE_NAME = @p2
ORDER BY ORDINAL_POSITION`
    );
  });

  it('quotes the catalog into a three-part name, doubling ]', () => {
    expect(sqlServerDescribeStatement('Sales')).toContain(
      'FROM [Sales].INFORMATION_SCHEMA.COLUMNS'
    );
    expect(sqlServerDescribeStatement('a]; DROP TABLE x; --')).toContain(
      'FROM [a]]; DROP TABLE x; --].INFORMATION_SCHEMA.COLUMNS'
    );
  });

  it('lists catalogs, schemas and tables without the system ones', () => {
    expect(SQLSERVER_CATALOGS_SQL).toContain('HAS_DBACCESS(name) = 1');
    expect(SQLSERVER_CATALOGS_SQL).toContain("NOT IN ('master', 'tempdb', 'model', 'msdb')");
    expect(SQLSERVER_SCHEMAS_SQL).toContain("NOT IN ('sys', 'INFORMATION_SCHEMA', 'guest')");
    expect(SQLSERVER_SCHEMAS_SQL).toContain("NOT LIKE 'db[_]%'");
    expect(SQLSERVER_RESOURCES_SQL).toContain('FROM INFORMATION_SCHEMA.TABLES');
    expect(SQLSERVER_RESOURCES_SQL).toContain("TABLE_SCHEMA NOT IN ('sys', 'INFORMATION_SCHEMA')");
  });
});

describe('sqlServerPoolConfig', () => {
  it('carries the limits, credentials and TLS settings', () => {
    const config = sqlServerPoolConfig(
      spec(
        'jdbc:sqlserver://sql.example.com:1444;databaseName=sales;encrypt=false;trustServerCertificate=true'
      ),
      LIMITS
    );
    expect(config).toMatchObject({
      server: 'sql.example.com',
      port: 1444,
      database: 'sales',
      user: 'sa',
      password: 'Hunter2!',
      connectionTimeout: 1_500,
      requestTimeout: 0,
      pool: { max: 4, min: 0, idleTimeoutMillis: 5_000, acquireTimeoutMillis: 1_500 },
      options: { encrypt: false, trustServerCertificate: true, useUTC: true },
    });
    expect(config.options?.instanceName).toBeUndefined();
  });

  it('uses the instance name only when no port is given', () => {
    const named = sqlServerPoolConfig(spec('jdbc:sqlserver://h\\SQLEXPRESS'), LIMITS);
    expect(named.port).toBeUndefined();
    expect(named.options?.instanceName).toBe('SQLEXPRESS');
    const both = sqlServerPoolConfig(spec('jdbc:sqlserver://h\\SQLEXPRESS:1500'), LIMITS);
    expect(both.port).toBe(1500);
    expect(both.options?.instanceName).toBeUndefined();
  });

  it('passes encrypt=strict through', () => {
    expect(
      sqlServerPoolConfig(spec('jdbc:sqlserver://h;encrypt=strict'), LIMITS).options?.encrypt
    ).toBe('strict');
  });
});

describe('SqlServerConnector without a server', () => {
  it('reports a refused connection as a 502 naming host:port, never the password', async () => {
    const connector = new SqlServerConnector(
      spec('jdbc:sqlserver://127.0.0.1:1;encrypt=false'),
      LIMITS
    );
    try {
      const error = await connector.validate().then(
        () => null,
        (err: unknown) => err
      );
      expect(error).toBeInstanceOf(FederationError);
      expect(error).toMatchObject({ status: 502, type: 'datasource_connection_exception' });
      expect((error as FederationError).reason).toContain('[127.0.0.1:1]');
      expect((error as FederationError).reason).not.toContain('Hunter2!');
    } finally {
      await connector.close();
    }
  });

  it('answers an already aborted request with a 499 without connecting', async () => {
    const connector = new SqlServerConnector(
      spec('jdbc:sqlserver://127.0.0.1:1'),
      DEFAULT_CONNECTOR_LIMITS
    );
    const controller = new AbortController();
    controller.abort();
    await expect(
      connector.query('SELECT 1', [], { signal: controller.signal })
    ).rejects.toMatchObject({
      status: 499,
      type: 'request_aborted_exception',
    });
    await connector.close();
  });
});
