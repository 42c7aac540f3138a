/**
 * Which JDBC driver class means which database, and the URL prefixes it accepts. The driver class
 * and the URL prefix must agree; anything else is a 400 that names the problem and lists what is
 * supported.
 */
import { badRequest } from '../../errors';
import type { ConnectorKind } from '../connector';
import type { JdbcConfig } from './jdbc_config';

interface DriverEntry {
  kind: ConnectorKind;
  prefixes: string[];
}

const MYSQL_ENTRY: DriverEntry = { kind: 'mysql', prefixes: ['jdbc:mysql://', 'jdbc:mariadb://'] };

const DRIVERS: Record<string, DriverEntry> = {
  'org.postgresql.Driver': { kind: 'postgres', prefixes: ['jdbc:postgresql://'] },
  'com.mysql.cj.jdbc.Driver': MYSQL_ENTRY,
  'com.mysql.jdbc.Driver': MYSQL_ENTRY,
  'org.mariadb.jdbc.Driver': MYSQL_ENTRY,
  'com.microsoft.sqlserver.jdbc.SQLServerDriver': {
    kind: 'sqlserver',
    prefixes: ['jdbc:sqlserver://'],
  },
  'org.sqlite.JDBC': { kind: 'sqlite', prefixes: ['jdbc:sqlite:'] },
};

export const SUPPORTED_JDBC_PAIRS: readonly string[] = [
  'org.postgresql.Driver with jdbc:postgresql://host[:port]/database',
  'com.mysql.cj.jdbc.Driver, com.mysql.jdbc.Driver or org.mariadb.jdbc.Driver with ' +
    'jdbc:mysql://host[:port]/database or jdbc:mariadb://host[:port]/database',
  'com.microsoft.sqlserver.jdbc.SQLServerDriver with ' +
    'jdbc:sqlserver://host[\\instance][:port];databaseName=database',
  'org.sqlite.JDBC with jdbc:sqlite:path (or jdbc:sqlite::memory:)',
];

export const SUPPORTED_TEXT = `supported jdbc.driver and jdbc.url pairs: ${SUPPORTED_JDBC_PAIRS.join('; ')}`;

/** The driver's kind and the URL prefix it matched; a 400 when they are unknown or disagree. */
export function resolveDriver(jdbc: JdbcConfig): {
  kind: ConnectorKind;
  prefix: string;
  url: string;
} {
  if (typeof jdbc?.driver !== 'string' || typeof jdbc.url !== 'string') {
    throw badRequest(`jdbc.driver and jdbc.url must both be strings; ${SUPPORTED_TEXT}`);
  }
  const driver = jdbc.driver.trim();
  const url = jdbc.url.trim();
  const entry = Object.prototype.hasOwnProperty.call(DRIVERS, driver) ? DRIVERS[driver] : null;
  if (!entry) {
    throw badRequest(`jdbc.driver [${driver}] is not supported; ${SUPPORTED_TEXT}`);
  }
  const prefix = entry.prefixes.find((p) => url.toLowerCase().startsWith(p));
  if (!prefix) {
    // Only the scheme is quoted: the rest of a URL may hold a password.
    const scheme = /^[A-Za-z][A-Za-z0-9+.-]*(?::[A-Za-z][A-Za-z0-9+.-]*)?:/.exec(url)?.[0];
    throw badRequest(
      `jdbc.url${scheme ? ` [${scheme}...]` : ''} does not match jdbc.driver [${driver}], which ` +
        `expects a URL starting with ${entry.prefixes.join(' or ')}; ${SUPPORTED_TEXT}`
    );
  }
  return { kind: entry.kind, prefix, url };
}
