import type { ConnectorKind } from '../remote_types';
import type { SqlDialect } from '../dialect';
import { mysqlDialect } from './mysql';
import { postgresDialect } from './postgres';
import { sqlServerDialect } from './sqlserver';
import { sqliteDialect } from './sqlite';

export { mysqlDialect, postgresDialect, sqlServerDialect, sqliteDialect };

const DIALECTS: Record<ConnectorKind, SqlDialect> = {
  postgres: postgresDialect,
  mysql: mysqlDialect,
  sqlserver: sqlServerDialect,
  sqlite: sqliteDialect,
};

export function dialectFor(kind: ConnectorKind): SqlDialect {
  return DIALECTS[kind];
}
