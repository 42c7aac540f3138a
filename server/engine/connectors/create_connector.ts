/** The one place that turns connection settings into a connector for the right database. */
import type { Connector } from './connector';
import { DEFAULT_CONNECTOR_LIMITS, type ConnectorLimits } from './connector_limits';
import type { ConnectionSpec } from './connection_spec';
import { MysqlConnector } from './mysql/mysql_connector';
import { PostgresConnector } from './postgres/postgres_connector';
import { SqlServerConnector } from './sqlserver/sqlserver_connector';
import { SqliteConnector, type SqliteHost } from './sqlite/sqlite_connector';

export { DEFAULT_CONNECTOR_LIMITS, type ConnectorLimits };

/**
 * Builds the connector; no connection is opened until the first call (so a datasource whose
 * server is down can still be created, and `validate()` reports why).
 */
export function createConnector(
  spec: ConnectionSpec,
  limits: ConnectorLimits = DEFAULT_CONNECTOR_LIMITS,
  /** The host's SQLite workers and allowed files; without it a SQLite connector has its own. */
  sqlite?: SqliteHost
): Connector {
  switch (spec.kind) {
    case 'postgres':
      return new PostgresConnector(spec, limits);
    case 'mysql':
      return new MysqlConnector(spec, limits);
    case 'sqlserver':
      return new SqlServerConnector(spec, limits);
    case 'sqlite':
      return new SqliteConnector(spec, limits, sqlite);
  }
}
