/** SQL Server's jdbc.url: `jdbc:sqlserver://[host[\instance][:port]][;key=value[;key=value]...]`. */
import { LOGIN_KEYS, firstParam, refuseOtherSecrets } from '../jdbc/credential_policy';
import { HOST_NAME, INVALID_HOST, parsePort } from '../jdbc/host_url';
import type { SpecBase } from '../jdbc/jdbc_config';
import {
  malformed,
  parseBoolean,
  type ParseContext,
  type UrlProperty,
} from '../jdbc/parse_context';
import { withoutUndefined } from '../jdbc/without_undefined';

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

export function parseSqlServer(context: ParseContext): SqlServerSpec {
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
export function splitSqlServerUrl(context: ParseContext): {
  server: string;
  properties: UrlProperty[];
} {
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
