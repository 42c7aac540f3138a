/** PostgreSQL's jdbc.url, by pgjdbc's rules: `jdbc:postgresql://host[:port]/database?key=value&...`. */
import { credentials, parseHostUrl } from '../jdbc/host_url';
import type { HostSpec, TlsSpec } from '../jdbc/jdbc_config';
import { malformed, parseBoolean, type ParseContext } from '../jdbc/parse_context';
import { withoutUndefined } from '../jdbc/without_undefined';

export interface PostgresSpec extends HostSpec {
  kind: 'postgres';
  /** Absent: the driver's default, the user name. */
  database?: string;
  /** pgjdbc's `currentSchema`: the connection's search_path. */
  schema?: string;
}

export function parsePostgres(context: ParseContext): PostgresSpec {
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
