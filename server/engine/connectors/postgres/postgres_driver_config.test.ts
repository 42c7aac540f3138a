/** Unit checks of how the PostgreSQL connector configures its driver. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTOR_LIMITS } from '../connector_limits';
import {
  postgresPoolConfig,
  postgresStartupOptions,
  postgresTypeParsers,
} from './postgres_driver_config';

describe('PostgreSQL driver configuration', () => {
  const spec = {
    kind: 'postgres' as const,
    host: 'h',
    port: 5432,
    database: 'db',
    user: 'u',
    password: 'p',
  };

  it('pins the session zone, date style and money format', () => {
    expect(postgresStartupOptions(spec)).toBe(
      '-c TimeZone=UTC -c DateStyle=ISO,MDY -c lc_monetary=C'
    );
  });

  it('sets currentSchema as the search_path, escaping spaces and backslashes', () => {
    expect(postgresStartupOptions({ ...spec, schema: 'my schema\\x' })).toContain(
      '-c search_path=my\\ schema\\\\x'
    );
  });

  it('pools with the limits and a default server-side statement timeout', () => {
    const config = postgresPoolConfig(spec, { ...DEFAULT_CONNECTOR_LIMITS, poolSize: 3 });
    expect(config).toMatchObject({
      host: 'h',
      port: 5432,
      database: 'db',
      user: 'u',
      max: 3,
      connectionTimeoutMillis: DEFAULT_CONNECTOR_LIMITS.connectTimeoutMs,
      idleTimeoutMillis: DEFAULT_CONNECTOR_LIMITS.idleTimeoutMs,
      statement_timeout: DEFAULT_CONNECTOR_LIMITS.statementTimeoutMs,
      ssl: false,
    });
    expect(config.types).toBe(postgresTypeParsers);
  });

  it('maps TLS verification levels', () => {
    expect(
      postgresPoolConfig({ ...spec, ssl: { verify: 'none' } }, DEFAULT_CONNECTOR_LIMITS).ssl
    ).toEqual({
      rejectUnauthorized: false,
    });
    const ca = postgresPoolConfig({ ...spec, ssl: { verify: 'ca' } }, DEFAULT_CONNECTOR_LIMITS).ssl;
    expect(ca).toMatchObject({ rejectUnauthorized: true });
    expect((ca as { checkServerIdentity?: unknown }).checkServerIdentity).toBeTypeOf('function');
    expect(() =>
      postgresPoolConfig(
        { ...spec, ssl: { verify: 'full', caFile: '/no/such/ca.pem' } },
        DEFAULT_CONNECTOR_LIMITS
      )
    ).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('keeps dates as server text and reads int8 and numeric as numbers when exact', () => {
    const parse = (oid: number, text: string) =>
      postgresTypeParsers.getTypeParser(oid, 'text')(text);
    expect(parse(1114, '2024-02-29 23:30:00')).toBe('2024-02-29 23:30:00');
    expect(parse(1184, '2024-02-29 23:30:00+00')).toBe('2024-02-29 23:30:00+00');
    expect(parse(1082, '2024-02-29')).toBe('2024-02-29');
    expect(parse(20, '42')).toBe(42);
    expect(parse(20, '9007199254740993')).toBe('9007199254740993');
    expect(parse(1700, '12.50')).toBe(12.5);
    expect(parse(790, '-$1,234.56')).toBe(-1234.56);
    expect(parse(23, '7')).toBe(7);
    expect(parse(16, 't')).toBe(true);
  });
});
