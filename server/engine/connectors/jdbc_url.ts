/**
 * Turns a datasource's `jdbc` settings (spec §2.1) into the connection settings of one Node
 * driver (DESIGN §3 "Driver mapping"). The JDBC driver class and the URL prefix must agree;
 * anything else is a 400 that names the problem and lists what is supported.
 */
import { IANAZone } from 'luxon';
import { badRequest, type FederationError } from '../errors';
import type { ConnectorKind } from './connector';

export interface JdbcConfig {
  driver: string;
  url: string;
  username?: string;
  password?: string;
  timezone?: string;
}

/** TLS for PostgreSQL and MySQL; `verify` says how much of the server certificate is checked. */
export interface TlsSpec {
  verify: 'none' | 'ca' | 'full';
  /** Paths on the Federation host, as in the JDBC drivers' `sslrootcert`/`sslcert`/`sslkey`. */
  caFile?: string;
  certFile?: string;
  keyFile?: string;
}

interface SpecBase {
  /** The IANA zone wall-clock dates are stored in (`jdbc.timezone`); absent means UTC. */
  timezone?: string;
}

export interface PostgresSpec extends SpecBase {
  kind: 'postgres';
  host: string;
  port: number;
  /** Absent: the driver's default, the user name. */
  database?: string;
  user?: string;
  password?: string;
  ssl?: TlsSpec;
  /** pgjdbc's `currentSchema`: the connection's search_path. */
  schema?: string;
}

export interface MysqlSpec extends SpecBase {
  kind: 'mysql';
  host: string;
  port: number;
  database?: string;
  user?: string;
  password?: string;
  ssl?: TlsSpec;
}

export interface SqlServerSpec extends SpecBase {
  kind: 'sqlserver';
  host: string;
  /** Absent only when a named instance is given without a port (SQL Browser finds the port). */
  port?: number;
  instanceName?: string;
  database?: string;
  user?: string;
  password?: string;
  encrypt: boolean | 'strict';
  trustServerCertificate: boolean;
}

export interface SqliteSpec extends SpecBase {
  kind: 'sqlite';
  /** A path, or `:memory:`. */
  file: string;
}

export type ConnectionSpec = PostgresSpec | MysqlSpec | SqlServerSpec | SqliteSpec;

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

const SUPPORTED_TEXT = `supported jdbc.driver and jdbc.url pairs: ${SUPPORTED_JDBC_PAIRS.join('; ')}`;

/**
 * Keys (lower-cased) that carry the login in each driver's URL. `password1` is Connector/J's
 * name for the first factor; `uid`/`pwd` are SQL Server's synonyms.
 */
const LOGIN_KEYS = {
  postgres: { user: ['user'], password: ['password'] },
  mysql: { user: ['user'], password: ['password', 'password1'] },
  sqlserver: { user: ['user', 'username', 'uid'], password: ['password', 'pwd'] },
} as const;

/**
 * Credentials other than the login password that the JDBC drivers read from their URLs: key and
 * trust store passwords, client key passphrases, further authentication factors, cloud secrets.
 * The Node drivers can use none of them (no Java key stores, no multi-factor or Azure logins),
 * so such a property is refused, named but never quoted, rather than kept in a stored URL.
 */
const OTHER_SECRET_KEYS: Record<'postgres' | 'mysql' | 'sqlserver', readonly string[]> = {
  postgres: ['sslpassword'],
  mysql: [
    'password2',
    'password3',
    'clientcertificatekeystorepassword',
    'trustcertificatekeystorepassword',
    'keystorepassword',
    'truststorepassword',
    'keypassword',
  ],
  sqlserver: [
    'truststorepassword',
    'keystoresecret',
    'keystorepassword',
    'clientkeypassword',
    'aadsecureprincipalsecret',
    'keyvaultproviderclientkey',
    'accesstoken',
  ],
};

/** Any other property whose name says it holds a secret is treated as one, to be safe. */
const SECRET_NAME = /pass|pwd|secret|token/;
/** Names that match SECRET_NAME but hold no secret (a charset name, a class name). */
const NOT_SECRET_KEYS = new Set(['passwordcharacterencoding', 'sslpasswordcallback']);

/** One `key=value` of a URL query or of SQL Server's property list. */
export interface UrlProperty {
  /** Decoded, trimmed and lower-cased: the drivers match keys case-insensitively. */
  key: string;
  /** Decoded and trimmed, in the user's case: for messages. */
  name: string;
  value: string;
  /** 1-based, so that a message can point at a property without quoting its text. */
  position: number;
  /** The property as written, to rebuild a URL without some of its properties. */
  raw: string;
}

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

function refuseOtherSecrets(context: ParseContext, properties: UrlProperty[]): void {
  if (context.kind === 'sqlite') return;
  const login = LOGIN_KEYS[context.kind];
  for (const p of properties) {
    if ((login.user as readonly string[]).includes(p.key)) continue;
    if ((login.password as readonly string[]).includes(p.key)) continue;
    const known = OTHER_SECRET_KEYS[context.kind].includes(p.key);
    if (known || (SECRET_NAME.test(p.key) && !NOT_SECRET_KEYS.has(p.key))) {
      throw malformed(
        context,
        `${context.kind === 'sqlserver' ? 'property' : 'parameter'} ${p.position} [${p.name}] ` +
          'holds a credential that the Node drivers cannot use (key and trust store passwords, ' +
          'client key passphrases, further authentication factors and tokens are not ' +
          'supported); remove it, and give certificates and keys as unencrypted files'
      );
    }
  }
}

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

/** Parses and checks a datasource's `jdbc` object; throws a 400 FederationError on any problem. */
export function parseDatasourceConfig(jdbc: JdbcConfig): ConnectionSpec {
  const { kind, prefix, url } = resolveDriver(jdbc);
  const timezone = checkTimezone(jdbc.timezone);
  const context: ParseContext = { url, rest: url.slice(prefix.length), jdbc, kind };
  const spec = parseByKind(kind, context);
  return timezone === undefined ? spec : { ...spec, timezone };
}

/** The driver's kind and the URL prefix it matched; a 400 when they are unknown or disagree. */
function resolveDriver(jdbc: JdbcConfig): { kind: ConnectorKind; prefix: string; url: string } {
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

interface ParseContext {
  url: string;
  /** The URL after its `jdbc:<subprotocol>:` prefix. */
  rest: string;
  jdbc: JdbcConfig;
  kind: ConnectorKind;
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

/**
 * A 400 for a URL that cannot be read. It never quotes the URL, and `problem` quotes only parts
 * that cannot hold a credential (parameter names, values of non-secret parameters): in a
 * malformed URL a password may stand anywhere, so parts are named by role and position.
 */
function malformed(context: ParseContext, problem: string): FederationError {
  return badRequest(`jdbc.url is malformed: ${problem}; ${SUPPORTED_TEXT}`);
}

// ---------------------------------------------------------------------------------------------
// host[:port]/database?key=value&... (PostgreSQL, MySQL, MariaDB)

interface HostUrl {
  host: string;
  port: number;
  database?: string;
  params: Map<string, string>;
  userInfo: { user?: string; password?: string };
}

/** The parts of `[user-info@]host[:port][/database][?query]`, before any check of them. */
interface HostUrlParts {
  /** `user[:password]` without its `@`; null when absent. */
  userInfo: string | null;
  /** `host[:port][/database]`. */
  location: string;
  properties: UrlProperty[];
}

/** RFC 3986: the authority ends at the first `/` (or `?`), and its user-info at its last `@`. */
function splitHostUrl(context: ParseContext): HostUrlParts {
  const queryAt = context.rest.indexOf('?');
  const beforeQuery = queryAt < 0 ? context.rest : context.rest.slice(0, queryAt);
  const slashAt = beforeQuery.indexOf('/');
  const authorityEnd = slashAt < 0 ? beforeQuery.length : slashAt;
  const atAt = authorityEnd === 0 ? -1 : beforeQuery.lastIndexOf('@', authorityEnd - 1);
  const queryNames = queryAt < 0 ? '' : context.rest.slice(queryAt + 1).replace(/=[^&]*/g, '');
  // Also an '@' in a parameter name: `user:12?34@host` is a password holding an unencoded '?'.
  if (beforeQuery.indexOf('@', authorityEnd) >= 0 || queryNames.includes('@')) {
    // Most likely a password holding an unencoded '/': say how to write it, quoting nothing.
    throw malformed(
      context,
      "it has an '@' after the host; percent-encode '@', '/', '?' and ':' in a user name, " +
        'password or database name (%40, %2F, %3F, %3A)'
    );
  }
  const properties = queryAt < 0 ? [] : splitQuery(context, context.rest.slice(queryAt + 1));
  refuseOtherSecrets(context, properties);
  return {
    userInfo: atAt < 0 ? null : beforeQuery.slice(0, atAt),
    location: beforeQuery.slice(atAt + 1),
    properties,
  };
}

function parseHostUrl(context: ParseContext, defaultPort: number): HostUrl {
  const parts = splitHostUrl(context);
  const slashAt = parts.location.indexOf('/');
  const authority = slashAt < 0 ? parts.location : parts.location.slice(0, slashAt);
  const path = slashAt < 0 ? '' : parts.location.slice(slashAt + 1);
  if (path.includes('/')) throw malformed(context, "the database name contains a '/'");
  const userInfo = parts.userInfo === null ? {} : parseUserInfo(context, parts.userInfo);
  const { host, port } = parseHostPort(context, authority, defaultPort);
  const database = path ? decode(context, path, 'the database name') : undefined;
  // A repeated key: the last one wins, as in the drivers.
  const params = new Map(parts.properties.map((p) => [p.key, p.value]));
  return { host, port, database, params, userInfo };
}

function parseUserInfo(context: ParseContext, text: string): HostUrl['userInfo'] {
  const colonAt = text.indexOf(':');
  if (colonAt < 0) return { user: decode(context, text, 'the user name of the user-info') };
  return {
    user: decode(context, text.slice(0, colonAt), 'the user name of the user-info'),
    password: decode(context, text.slice(colonAt + 1), 'the password of the user-info'),
  };
}

const HOST_NAME = /^[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?$/;

// Host and port text is never quoted in errors: in a URL whose password holds an unencoded
// '/', '?' or ':', part of the password lands where the host or port is expected.
function parseHostPort(
  context: ParseContext,
  text: string,
  defaultPort: number | undefined
): { host: string; port: number } {
  if (text.includes('(') || text.includes('=')) {
    throw malformed(context, 'hosts in the key=value or address=(...) form are not supported');
  }
  if (text.includes(',')) {
    throw malformed(context, 'it names several hosts; only one host is supported');
  }
  let host: string;
  let portText: string | undefined;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) throw malformed(context, "the IPv6 address of the host has no closing ']'");
    host = text.slice(1, close);
    const after = text.slice(close + 1);
    if (after && !after.startsWith(':'))
      throw malformed(context, "unexpected text after the host's IPv6 address");
    portText = after ? after.slice(1) : undefined;
    if (!/^[0-9A-Fa-f:.]+$/.test(host))
      throw malformed(context, 'the host in brackets is not an IPv6 address');
  } else {
    const colonAt = text.indexOf(':');
    host = colonAt < 0 ? text : text.slice(0, colonAt);
    portText = colonAt < 0 ? undefined : text.slice(colonAt + 1);
    if (!host) throw malformed(context, 'it names no host');
    if (!HOST_NAME.test(host)) throw malformed(context, INVALID_HOST);
  }
  const port = portText === undefined ? defaultPort : parsePort(context, portText);
  if (port === undefined) throw malformed(context, 'it names no port');
  return { host, port };
}

const INVALID_HOST =
  "the host is not a valid host name (letters, digits, '-', '_' and '.') or IP address";

function parsePort(context: ParseContext, text: string): number {
  const port = /^\d{1,5}$/.test(text) ? Number(text) : NaN;
  if (!(port >= 1 && port <= 65535)) {
    throw malformed(context, 'the port is not a number between 1 and 65535');
  }
  return port;
}

/**
 * `key=value&...`, each part percent-decoded; keys are trimmed and lower-cased (the drivers
 * disagree on case, `useSSL` vs `useSsl`, and users more so; a key with stray spaces must still
 * be recognised as `password`). Errors name parameters by position, never quote a value.
 */
function splitQuery(context: ParseContext, query: string): UrlProperty[] {
  const properties: UrlProperty[] = [];
  for (const raw of query.split('&')) {
    if (!raw) continue;
    const position = properties.length + 1;
    const eqAt = raw.indexOf('=');
    const name = decode(
      context,
      eqAt < 0 ? raw : raw.slice(0, eqAt),
      `the name of parameter ${position}`
    ).trim();
    const value =
      eqAt < 0
        ? ''
        : decode(context, raw.slice(eqAt + 1), `the value of parameter ${position} [${name}]`);
    properties.push({ key: name.toLowerCase(), name, value, position, raw });
  }
  return properties;
}

function decode(context: ParseContext, text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Never echo the text: it may be the password.
    throw malformed(context, `${what} has an invalid percent-encoding`);
  }
}

function firstParam(params: Map<string, string>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = params.get(key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Explicit jdbc.username / jdbc.password win over URL parameters, which win over userinfo. */
function credentials(context: ParseContext, url: HostUrl): { user?: string; password?: string } {
  const keys = LOGIN_KEYS[context.kind === 'postgres' ? 'postgres' : 'mysql'];
  return withoutUndefined({
    user: context.jdbc.username ?? firstParam(url.params, keys.user) ?? url.userInfo.user,
    password:
      context.jdbc.password ?? firstParam(url.params, keys.password) ?? url.userInfo.password,
  });
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
function parseBoolean(context: ParseContext, key: string, value: string): boolean {
  const lower = value.trim().toLowerCase();
  if (lower === 'true' || lower === 'yes') return true;
  if (lower === 'false' || lower === 'no') return false;
  throw malformed(context, `parameter [${key}] must be true or false, got [${value}]`);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

function parsePostgres(context: ParseContext): PostgresSpec {
  const url = parseHostUrl(context, 5432);
  const ssl = postgresTls(context, url.params);
  const schema = url.params.get('currentschema') || undefined;
  return withoutUndefined({
    kind: 'postgres' as const,
    host: url.host,
    port: url.port,
    database: url.database,
    ...credentials(context, url),
    ssl,
    schema,
  });
}

/**
 * pgjdbc's rules: `sslmode` decides; `ssl=true` alone means verify-full; the legacy
 * NonValidatingFactory means no verification. `prefer`/`allow` cannot be expressed with the
 * Node driver (it either requires TLS or never tries it), so they connect without TLS.
 */
function postgresTls(context: ParseContext, params: Map<string, string>): TlsSpec | undefined {
  const mode = params.get('sslmode')?.toLowerCase();
  const sslParam = params.get('ssl');
  const ssl =
    sslParam === undefined ? false : sslParam === '' || parseBoolean(context, 'ssl', sslParam);
  const nonValidating = /NonValidatingFactory$/.test(params.get('sslfactory') ?? '');
  let verify: TlsSpec['verify'] | undefined;
  switch (mode) {
    case undefined:
      verify = ssl ? (nonValidating ? 'none' : 'full') : undefined;
      break;
    case 'disable':
    case 'allow':
    case 'prefer':
      verify = undefined;
      break;
    case 'require':
      verify = 'none';
      break;
    case 'verify-ca':
      verify = 'ca';
      break;
    case 'verify-full':
      verify = 'full';
      break;
    default:
      throw malformed(
        context,
        `sslmode [${mode}] is not one of disable, allow, prefer, require, verify-ca, verify-full`
      );
  }
  if (!verify) return undefined;
  return withoutUndefined({
    verify,
    caFile: params.get('sslrootcert') || undefined,
    certFile: params.get('sslcert') || undefined,
    keyFile: params.get('sslkey') || undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// MySQL and MariaDB

function parseMysql(context: ParseContext): MysqlSpec {
  const url = parseHostUrl(context, 3306);
  return withoutUndefined({
    kind: 'mysql' as const,
    host: url.host,
    port: url.port,
    database: url.database,
    ...credentials(context, url),
    ssl: mysqlTls(context, url.params),
  });
}

/**
 * Connector/J's `sslMode` (DISABLED ... VERIFY_IDENTITY) and MariaDB's (disable ... verify-full),
 * then the legacy `useSSL`/`useSsl` flags. PREFERRED connects without TLS, as for PostgreSQL.
 */
function mysqlTls(context: ParseContext, params: Map<string, string>): TlsSpec | undefined {
  const mode = params.get('sslmode')?.toLowerCase().replace(/_/g, '-');
  if (mode !== undefined) {
    const verify = (
      {
        disabled: null,
        disable: null,
        preferred: null,
        required: 'none',
        trust: 'none',
        'verify-ca': 'ca',
        'verify-identity': 'full',
        'verify-full': 'full',
      } as const
    )[mode];
    if (verify === undefined) {
      throw malformed(
        context,
        `sslMode [${params.get('sslmode')}] is not one of DISABLED, PREFERRED, REQUIRED, ` +
          'VERIFY_CA, VERIFY_IDENTITY (or disable, trust, verify-ca, verify-full)'
      );
    }
    return verify ? { verify } : undefined;
  }
  const useSsl = params.get('usessl');
  if (useSsl === undefined || !parseBoolean(context, 'useSSL', useSsl)) return undefined;
  const verifyCert = params.get('verifyservercertificate');
  const trustCert = params.get('trustservercertificate');
  const noVerify =
    (verifyCert !== undefined && !parseBoolean(context, 'verifyServerCertificate', verifyCert)) ||
    (trustCert !== undefined && parseBoolean(context, 'trustServerCertificate', trustCert));
  return { verify: noVerify ? 'none' : 'ca' };
}

// ---------------------------------------------------------------------------------------------
// SQL Server: jdbc:sqlserver://[host[\instance][:port]][;key=value[;key=value]...]

function parseSqlServer(context: ParseContext): SqlServerSpec {
  const { server: serverPart, properties } = splitSqlServerUrl(context);
  // A repeated key: the last one wins, as in Microsoft's driver.
  const props = new Map(properties.map((p) => [p.key, p.value]));
  const server = parseSqlServerServer(context, serverPart);
  const host = props.get('servername') ?? props.get('server') ?? server.host;
  if (!host) throw malformed(context, 'it names no host (put it after // or in serverName=)');
  if (!HOST_NAME.test(host) && !/^[0-9A-Fa-f:.]+$/.test(host)) {
    throw malformed(context, INVALID_HOST);
  }
  rejectUnsupportedSqlServerLogin(context, props);
  const instanceName = props.get('instancename') || server.instanceName;
  const portText = props.get('portnumber') ?? props.get('port');
  const explicitPort = portText !== undefined ? parsePort(context, portText) : server.port;
  // A named instance without a port is found through SQL Browser, so the port stays unset.
  const port = explicitPort ?? (instanceName ? undefined : 1433);
  const keys = LOGIN_KEYS.sqlserver;
  return withoutUndefined({
    kind: 'sqlserver' as const,
    host,
    port,
    instanceName,
    database: props.get('databasename') || props.get('database') || undefined,
    user: context.jdbc.username ?? firstParam(props, keys.user),
    password: context.jdbc.password ?? firstParam(props, keys.password),
    encrypt: sqlServerEncrypt(context, props.get('encrypt')),
    trustServerCertificate: optionalBoolean(context, props, 'trustServerCertificate'),
  });
}

/** `//host[\instance][:port]` and the `;key=value` properties after it. */
function splitSqlServerUrl(context: ParseContext): { server: string; properties: UrlProperty[] } {
  const semicolonAt = context.rest.indexOf(';');
  const server = semicolonAt < 0 ? context.rest : context.rest.slice(0, semicolonAt);
  const result = parseSqlServerPropertyText(
    semicolonAt < 0 ? '' : context.rest.slice(semicolonAt + 1)
  );
  if (typeof result === 'string') throw malformed(context, result);
  refuseOtherSecrets(context, result);
  return { server, properties: result };
}

function optionalBoolean(context: ParseContext, props: Map<string, string>, key: string): boolean {
  const value = props.get(key.toLowerCase());
  return value === undefined ? false : parseBoolean(context, key, value);
}

function parseSqlServerServer(
  context: ParseContext,
  text: string
): { host?: string; instanceName?: string; port?: number } {
  if (!text) return {};
  const bracketEnd = text.startsWith('[') ? text.indexOf(']') : -1;
  const colonAt = text.indexOf(':', bracketEnd + 1);
  const hostAndInstance = colonAt < 0 ? text : text.slice(0, colonAt);
  const port = colonAt < 0 ? undefined : parsePort(context, text.slice(colonAt + 1));
  const backslashAt = hostAndInstance.indexOf('\\');
  let host = backslashAt < 0 ? hostAndInstance : hostAndInstance.slice(0, backslashAt);
  const instanceName = backslashAt < 0 ? undefined : hostAndInstance.slice(backslashAt + 1);
  if (instanceName !== undefined && !/^[A-Za-z0-9_$#-]+$/.test(instanceName)) {
    throw malformed(
      context,
      "the instance name after '\\' is not valid (letters, digits, '_', '$', '#' and '-')"
    );
  }
  if (host.startsWith('[')) {
    if (!host.endsWith(']'))
      throw malformed(context, "the IPv6 address of the host has no closing ']'");
    host = host.slice(1, -1);
  }
  return { host: host || undefined, instanceName, port };
}

/**
 * `key=value` pairs separated by `;`, by Microsoft's JDBC rules: whitespace around keys and
 * values is dropped, a value may be wrapped in braces to hold `;` or `=`, with `}}` standing for
 * a literal `}` inside them, and keys are case-insensitive. Returns the properties, or what is
 * wrong, naming properties by position and key but never quoting a value (it may be a password).
 */
export function parseSqlServerPropertyText(text: string): UrlProperty[] | string {
  const properties: UrlProperty[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ';' || /\s/.test(text[i])) {
      i++;
      continue;
    }
    const position = properties.length + 1;
    const eqAt = text.indexOf('=', i);
    const semicolonAt = text.indexOf(';', i);
    if (eqAt < 0 || (semicolonAt >= 0 && semicolonAt < eqAt)) {
      return (
        `property ${position} has no '=value' (a value that holds ';' must be wrapped in ` +
        'braces: key={value})'
      );
    }
    const start = i;
    const name = text.slice(i, eqAt).trim();
    let j = eqAt + 1;
    while (j < text.length && /\s/.test(text[j])) j++;
    let value: string;
    if (text[j] === '{') {
      const braced = readBraced(text, j);
      if (!braced) return `the value of property ${position} [${name}] has an unclosed '{'`;
      value = braced.value;
      j = braced.end;
      while (j < text.length && /\s/.test(text[j])) j++;
      if (j < text.length && text[j] !== ';') {
        return `unexpected text after the braced value of property ${position} [${name}]`;
      }
    } else {
      const end = text.indexOf(';', j);
      value = text.slice(j, end < 0 ? undefined : end).trim();
      j = end < 0 ? text.length : end;
    }
    const raw = text.slice(start, j).trim();
    properties.push({ key: name.toLowerCase(), name, value, position, raw });
    i = j;
  }
  return properties;
}

function readBraced(text: string, open: number): { value: string; end: number } | null {
  let value = '';
  let i = open + 1;
  while (i < text.length) {
    if (text[i] === '}') {
      if (text[i + 1] === '}') {
        value += '}';
        i += 2;
        continue;
      }
      return { value, end: i + 1 };
    }
    value += text[i];
    i++;
  }
  return null;
}

function rejectUnsupportedSqlServerLogin(context: ParseContext, props: Map<string, string>): void {
  const integrated = props.get('integratedsecurity');
  if (integrated !== undefined && parseBoolean(context, 'integratedSecurity', integrated)) {
    throw malformed(
      context,
      'integratedSecurity is not supported; log in with jdbc.username and jdbc.password'
    );
  }
  const authentication = props.get('authentication')?.toLowerCase();
  if (authentication && authentication !== 'sqlpassword' && authentication !== 'notspecified') {
    throw malformed(
      context,
      `authentication [${props.get('authentication')}] is not supported; only SqlPassword ` +
        '(jdbc.username and jdbc.password) is'
    );
  }
}

/** Driver 10.2+ semantics: encryption is on unless turned off; `strict` is TDS 8. */
function sqlServerEncrypt(context: ParseContext, value: string | undefined): boolean | 'strict' {
  if (value === undefined) return true;
  const lower = value.trim().toLowerCase();
  if (['true', 'yes', 'mandatory'].includes(lower)) return true;
  if (['false', 'no', 'optional'].includes(lower)) return false;
  if (lower === 'strict') return 'strict';
  throw malformed(context, `encrypt [${value}] is not one of true, false, strict`);
}

// ---------------------------------------------------------------------------------------------
// SQLite: jdbc:sqlite:<path>, jdbc:sqlite::memory:, jdbc:sqlite:file:<path>[?...]

function parseSqlite(context: ParseContext): SqliteSpec {
  let path = context.rest;
  // The Xerial driver reads pragmas from `?key=value` after the file name; they are not ours.
  const queryAt = path.indexOf('?');
  if (queryAt >= 0) path = path.slice(0, queryAt);
  if (path.toLowerCase().startsWith('file:')) {
    path = decode(context, path.slice('file:'.length), 'the file name');
    if (path.startsWith('//')) {
      const localPath = path.slice(2).replace(/^localhost(?=\/)/, '');
      if (!localPath.startsWith('/'))
        throw malformed(context, 'a file: URL must name a local path');
      path = localPath;
    }
  }
  if (path === '') throw malformed(context, 'it names no database file');
  if (path.startsWith(':') && path !== ':memory:') {
    throw malformed(context, `[${path}] is not supported; use a file path or :memory:`);
  }
  if (path.includes('\u0000')) throw malformed(context, 'the file name contains a NUL character');
  return { kind: 'sqlite', file: path };
}
