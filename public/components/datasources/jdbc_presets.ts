/**
 * The databases the server connects to, as the JDBC driver class and URL pairs it accepts
 * (server/engine/connectors/jdbc_url.ts, docs/api/semantics.md "Driver mapping"). A preset fills the driver
 * and a URL template the user completes; jdbc_presets.test.ts checks every template against the
 * server's own parser, so the two cannot drift apart.
 */
import type { JdbcConfig } from '../../../common/catalog_types';

export type DatabaseKind = 'postgresql' | 'mysql' | 'mariadb' | 'sqlserver' | 'sqlite';

export interface JdbcPreset {
  kind: DatabaseKind;
  label: string;
  driver: string;
  /** A URL that parses as is; the parts to replace are named in `urlHelp`. */
  urlTemplate: string;
  /** The URL's form, as the server's error messages write it. */
  urlForm: string;
  /** SQLite has no login. */
  hasLogin: boolean;
}

export const JDBC_PRESETS: readonly JdbcPreset[] = [
  {
    kind: 'postgresql',
    label: 'PostgreSQL',
    driver: 'org.postgresql.Driver',
    urlTemplate: 'jdbc:postgresql://localhost:5432/database',
    urlForm: 'jdbc:postgresql://host[:port]/database',
    hasLogin: true,
  },
  {
    kind: 'mysql',
    label: 'MySQL',
    driver: 'com.mysql.cj.jdbc.Driver',
    urlTemplate: 'jdbc:mysql://localhost:3306/database',
    urlForm: 'jdbc:mysql://host[:port]/database',
    hasLogin: true,
  },
  {
    kind: 'mariadb',
    label: 'MariaDB',
    driver: 'org.mariadb.jdbc.Driver',
    urlTemplate: 'jdbc:mariadb://localhost:3306/database',
    urlForm: 'jdbc:mariadb://host[:port]/database',
    hasLogin: true,
  },
  {
    kind: 'sqlserver',
    label: 'SQL Server',
    driver: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
    urlTemplate: 'jdbc:sqlserver://localhost:1433;databaseName=database',
    urlForm: 'jdbc:sqlserver://host[\\instance][:port];databaseName=database',
    hasLogin: true,
  },
  {
    kind: 'sqlite',
    label: 'SQLite',
    driver: 'org.sqlite.JDBC',
    urlTemplate: 'jdbc:sqlite:/path/to/database.db',
    urlForm: 'jdbc:sqlite:path',
    hasLogin: false,
  },
];

/**
 * Every driver class the server accepts; the legacy MySQL class is accepted too, so a
 * datasource created through the REST API with it can still be edited here.
 */
export const SUPPORTED_DRIVERS: readonly string[] = [
  ...JDBC_PRESETS.map((p) => p.driver),
  'com.mysql.jdbc.Driver',
];

export function presetOf(kind: DatabaseKind): JdbcPreset {
  return JDBC_PRESETS.find((p) => p.kind === kind) ?? JDBC_PRESETS[0];
}

/**
 * Which database a datasource reaches. The URL decides between MySQL and MariaDB, since
 * either driver class may be paired with either URL scheme.
 */
export function databaseKindOf(jdbc: Pick<JdbcConfig, 'driver' | 'url'>): DatabaseKind | null {
  const url = jdbc.url.trim().toLowerCase();
  if (url.startsWith('jdbc:mariadb:')) return 'mariadb';
  if (url.startsWith('jdbc:mysql:')) return 'mysql';
  const byDriver = JDBC_PRESETS.find((p) => p.driver === jdbc.driver.trim());
  if (byDriver) return byDriver.kind;
  return jdbc.driver.trim() === 'com.mysql.jdbc.Driver' ? 'mysql' : null;
}
