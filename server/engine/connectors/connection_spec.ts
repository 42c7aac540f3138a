/** What a datasource's `jdbc` settings become: the connection settings of one database. */
import type { MysqlSpec } from './mysql/mysql_url';
import type { PostgresSpec } from './postgres/postgres_url';
import type { SqliteSpec } from './sqlite/sqlite_url';
import type { SqlServerSpec } from './sqlserver/sqlserver_url';

export type ConnectionSpec = PostgresSpec | MysqlSpec | SqlServerSpec | SqliteSpec;

/** Where a connector connects to, for error messages: `host:port`, `host\instance` or the file. */
export function connectionAddress(spec: ConnectionSpec): string {
  switch (spec.kind) {
    case 'sqlite':
      return spec.file;
    case 'sqlserver':
      if (spec.port === undefined) return `${spec.host}\\${spec.instanceName ?? ''}`;
      return `${spec.host}:${spec.port}`;
    default:
      return `${formatHost(spec.host)}:${spec.port}`;
  }
}

function formatHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
