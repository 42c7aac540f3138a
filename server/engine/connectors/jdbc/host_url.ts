/** The URL grammar PostgreSQL, MySQL and MariaDB share: `[user-info@]host[:port]/database?key=value&...`. */
import { LOGIN_KEYS, firstParam, refuseOtherSecrets } from './credential_policy';
import { decode, malformed, type ParseContext, type UrlProperty } from './parse_context';
import { withoutUndefined } from './without_undefined';

export interface HostUrl {
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
export function splitHostUrl(context: ParseContext): HostUrlParts {
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

export function parseHostUrl(context: ParseContext, defaultPort: number): HostUrl {
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

export function parseUserInfo(context: ParseContext, text: string): HostUrl['userInfo'] {
  const colonAt = text.indexOf(':');
  if (colonAt < 0) return { user: decode(context, text, 'the user name of the user-info') };
  return {
    user: decode(context, text.slice(0, colonAt), 'the user name of the user-info'),
    password: decode(context, text.slice(colonAt + 1), 'the password of the user-info'),
  };
}

export const HOST_NAME = /^[A-Za-z0-9_]([A-Za-z0-9_.-]*[A-Za-z0-9_])?$/;

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

export const INVALID_HOST =
  "the host is not a valid host name (letters, digits, '-', '_' and '.') or IP address";

export function parsePort(context: ParseContext, text: string): number {
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

/** Explicit jdbc.username / jdbc.password win over URL parameters, which win over userinfo. */
export function credentials(
  context: ParseContext,
  url: HostUrl
): { user?: string; password?: string } {
  const keys = LOGIN_KEYS[context.kind === 'postgres' ? 'postgres' : 'mysql'];
  return withoutUndefined({
    user: context.jdbc.username ?? firstParam(url.params, keys.user) ?? url.userInfo.user,
    password:
      context.jdbc.password ?? firstParam(url.params, keys.password) ?? url.userInfo.password,
  });
}
