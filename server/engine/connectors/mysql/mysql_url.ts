/** MySQL's and MariaDB's jdbc.url: `jdbc:mysql://` or `jdbc:mariadb://host[:port]/database?...`. */
import { credentials, parseHostUrl } from '../jdbc/host_url';
import type { HostSpec, TlsSpec } from '../jdbc/jdbc_config';
import { malformed, parseBoolean, type ParseContext } from '../jdbc/parse_context';
import { withoutUndefined } from '../jdbc/without_undefined';

export interface MysqlSpec extends HostSpec {
  kind: 'mysql';
}

export function parseMysql(context: ParseContext): MysqlSpec {
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
