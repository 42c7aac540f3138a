/**
 * Turns a datasource's `jdbc` settings (docs/api/interface.md §2.1) into the connection settings of one Node
 * driver (docs/api/semantics.md "Driver mapping"): the driver table (jdbc/driver_table.ts) says which
 * database the driver class and URL prefix name, and that database's folder reads its URL
 * (postgres/postgres_url.ts, ...). Anything else is a 400 that names the problem and lists what
 * is supported.
 */
import { IANAZone } from 'luxon';
import { badRequest } from '../errors';
import type { ConnectionSpec } from './connection_spec';
import type { ConnectorKind } from './connector';
import { LOGIN_KEYS } from './jdbc/credential_policy';
import { resolveDriver } from './jdbc/driver_table';
import { parseUserInfo, splitHostUrl } from './jdbc/host_url';
import type { JdbcConfig } from './jdbc/jdbc_config';
import type { ParseContext, UrlProperty } from './jdbc/parse_context';
import { parseMysql } from './mysql/mysql_url';
import { parsePostgres } from './postgres/postgres_url';
import { parseSqlite } from './sqlite/sqlite_url';
import { parseSqlServer, splitSqlServerUrl } from './sqlserver/sqlserver_url';

/** Kept for importers of the old single file (public/components/datasources tests). */
export type { JdbcConfig };

/** A user name or password found in a URL, and where, in words fit for an error message. */
export interface UrlCredential {
  value: string;
  where: string;
}

export interface UrlCredentials {
  /** The URL without user-info and without any user or password property. */
  url: string;
  users: UrlCredential[];
  passwords: UrlCredential[];
}

/**
 * Finds every user name and password in `jdbc.url` by the driver's own rules (user-info,
 * percent-decoding, whitespace, SQL Server's braces, case-insensitive keys) and returns the URL
 * without them, rebuilt from the remaining properties as written. Throws the same 400s as
 * parseDatasourceConfig for a URL it cannot read, none of which quotes a credential.
 */
export function extractUrlCredentials(jdbc: JdbcConfig): UrlCredentials {
  const { kind, prefix, url } = resolveDriver(jdbc);
  if (kind === 'sqlite') return { url, users: [], passwords: [] };
  const context: ParseContext = { url, rest: url.slice(prefix.length), jdbc, kind };
  const keys = LOGIN_KEYS[kind];
  const users: UrlCredential[] = [];
  const passwords: UrlCredential[] = [];
  const keep = (p: UrlProperty): boolean => {
    const where = `jdbc.url ${kind === 'sqlserver' ? 'property' : 'parameter'} [${p.name}]`;
    if ((keys.user as readonly string[]).includes(p.key)) users.push({ value: p.value, where });
    else if ((keys.password as readonly string[]).includes(p.key))
      passwords.push({ value: p.value, where });
    else return true;
    return false;
  };
  const head = url.slice(0, prefix.length);
  if (kind === 'sqlserver') {
    const { server, properties } = splitSqlServerUrl(context);
    const kept = properties.filter(keep);
    return { url: head + server + kept.map((p) => `;${p.raw}`).join(''), users, passwords };
  }
  const parts = splitHostUrl(context);
  if (parts.userInfo !== null) {
    const info = parseUserInfo(context, parts.userInfo);
    const where = 'the user-info (user:password@) of jdbc.url';
    if (info.user) users.push({ value: info.user, where });
    if (info.password !== undefined) passwords.push({ value: info.password, where });
  }
  const kept = parts.properties.filter(keep);
  const query = kept.length > 0 ? `?${kept.map((p) => p.raw).join('&')}` : '';
  return { url: head + parts.location + query, users, passwords };
}

/** Parses and checks a datasource's `jdbc` object; throws a 400 FederationError on any problem. */
export function parseDatasourceConfig(jdbc: JdbcConfig): ConnectionSpec {
  const { kind, prefix, url } = resolveDriver(jdbc);
  const timezone = checkTimezone(jdbc.timezone);
  const context: ParseContext = { url, rest: url.slice(prefix.length), jdbc, kind };
  const spec = parseByKind(kind, context);
  return timezone === undefined ? spec : { ...spec, timezone };
}

function parseByKind(kind: ConnectorKind, context: ParseContext): ConnectionSpec {
  switch (kind) {
    case 'postgres':
      return parsePostgres(context);
    case 'mysql':
      return parseMysql(context);
    case 'sqlserver':
      return parseSqlServer(context);
    case 'sqlite':
      return parseSqlite(context);
  }
}

function checkTimezone(timezone: string | undefined): string | undefined {
  if (timezone === undefined || timezone === null) return undefined;
  if (typeof timezone !== 'string' || !IANAZone.isValidZone(timezone)) {
    throw badRequest(
      `jdbc.timezone [${String(timezone)}] is not a valid IANA time zone name ` +
        '(for example UTC, Europe/Paris or America/New_York)'
    );
  }
  return timezone;
}
