/**
 * How the PostgreSQL connector configures pg: per-pool type parsers (dates as the server's text,
 * exact numbers), session settings at connect, TLS files and the pool's limits.
 */
import type { ConnectionOptions } from 'node:tls';
import { types as pgTypes, type CustomTypesConfig, type PoolConfig } from 'pg';
import type { ConnectorLimits } from '../connector_limits';
import type { TlsSpec } from '../jdbc/jdbc_config';
import { readTlsFile } from '../tls_files';
import type { PostgresSpec } from './postgres_url';

// ---------------------------------------------------------------------------------------------
// Type parsers

/** date, timestamp, timestamptz and their arrays. */
const RAW_TEXT_OIDS = [1082, 1114, 1184, 1182, 1115, 1185];
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const MONEY_OID = 790;

const rawText = (value: string) => value;

function parseInt8(value: string): number | string {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
}

/** With `lc_monetary=C` (set at connect) money reads `-$1,234.56`. */
function parseMoney(value: string): number {
  return Number(value.replace(/[^0-9.-]/g, ''));
}

const TEXT_PARSERS = new Map<number, (value: string) => unknown>([
  ...RAW_TEXT_OIDS.map((oid) => [oid, rawText] as const),
  [INT8_OID, parseInt8],
  [NUMERIC_OID, Number],
  [MONEY_OID, parseMoney],
]);

/**
 * Per-pool parsers (never pg's global ones, which other code in the process may rely on):
 * dates and timestamps stay the text the server sent, because building a JS Date would read a
 * wall-clock timestamp in this process's local zone.
 */
export const postgresTypeParsers: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    const parser = format === 'binary' ? undefined : TEXT_PARSERS.get(oid);
    return parser ?? pgTypes.getTypeParser(oid, format ?? 'text');
  }) as CustomTypesConfig['getTypeParser'],
};

// ---------------------------------------------------------------------------------------------
// Configuration

/** libpq `options` syntax: spaces separate settings, so they (and backslashes) are escaped. */
function escapeOption(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\s/g, (c) => `\\${c}`);
}

/**
 * Session settings at connect: timestamptz text in UTC (so it never depends on the server's
 * zone), ISO dates, and the C money format that the money parser understands.
 */
export function postgresStartupOptions(spec: PostgresSpec): string {
  const settings = ['TimeZone=UTC', 'DateStyle=ISO,MDY', 'lc_monetary=C'];
  if (spec.schema) settings.push(`search_path=${spec.schema}`);
  return settings.map((s) => `-c ${escapeOption(s)}`).join(' ');
}

function postgresSsl(tls: TlsSpec | undefined): false | ConnectionOptions {
  if (!tls) return false;
  const options: ConnectionOptions = { rejectUnauthorized: tls.verify !== 'none' };
  if (tls.caFile) options.ca = readTlsFile(tls.caFile, 'sslrootcert');
  if (tls.certFile) options.cert = readTlsFile(tls.certFile, 'sslcert');
  if (tls.keyFile) options.key = readTlsFile(tls.keyFile, 'sslkey');
  // verify-ca checks the chain but not the host name.
  if (tls.verify === 'ca') options.checkServerIdentity = () => undefined;
  return options;
}

export function postgresPoolConfig(spec: PostgresSpec, limits: ConnectorLimits): PoolConfig {
  return {
    host: spec.host,
    port: spec.port,
    database: spec.database,
    user: spec.user,
    password: spec.password,
    ssl: postgresSsl(spec.ssl),
    max: limits.poolSize,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    idleTimeoutMillis: limits.idleTimeoutMs,
    // Idle connections must not keep a process (a CLI, a test run) alive.
    allowExitOnIdle: true,
    keepAlive: true,
    application_name: 'federation',
    statement_timeout: limits.statementTimeoutMs > 0 ? limits.statementTimeoutMs : undefined,
    options: postgresStartupOptions(spec),
    types: postgresTypeParsers,
  };
}
