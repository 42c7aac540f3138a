/** The mssql (tedious) pool options for one datasource: its limits, login and TLS settings. */
import type { config as MssqlConfig } from 'mssql';
import type { ConnectorLimits } from '../connector_limits';
import type { SqlServerSpec } from './sqlserver_url';

export function sqlServerPoolConfig(spec: SqlServerSpec, limits: ConnectorLimits): MssqlConfig {
  return {
    server: spec.host,
    // JDBC semantics: an explicit port wins over the instance name (mssql would drop the port).
    port: spec.port,
    database: spec.database,
    user: spec.user,
    password: spec.password,
    connectionTimeout: limits.connectTimeoutMs,
    // tedious's request timer runs from the request's start to its end, paused time included,
    // so a slow stream consumer would time out; the connector's own deadline covers only the
    // time spent waiting for the server, and cancels with an ATTENTION just like tedious.
    requestTimeout: 0,
    pool: {
      max: limits.poolSize,
      min: 0,
      idleTimeoutMillis: limits.idleTimeoutMs,
      acquireTimeoutMillis: limits.connectTimeoutMs,
    },
    options: {
      // tedious accepts 'strict' (TDS 8) besides booleans; its typings say boolean only.
      encrypt: spec.encrypt as boolean,
      trustServerCertificate: spec.trustServerCertificate,
      instanceName: spec.port === undefined ? spec.instanceName : undefined,
      // Wall-clock types are read as UTC fields, so the text we build is the stored value.
      useUTC: true,
      appName: 'federation',
      // An ATTENTION the server does not acknowledge in time (a server or network that stopped
      // answering) makes tedious close the connection, so the pool never gets it back.
      cancelTimeout: limits.connectTimeoutMs,
    },
  };
}
