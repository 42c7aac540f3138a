/**
 * Which URL properties hold the login in each driver's URL, and which hold other credentials the
 * Node drivers cannot use (refused, named but never quoted).
 */
import { malformed, type ParseContext, type UrlProperty } from './parse_context';

/**
 * Keys (lower-cased) that carry the login in each driver's URL. `password1` is Connector/J's
 * name for the first factor; `uid`/`pwd` are SQL Server's synonyms.
 */
export const LOGIN_KEYS = {
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

export function refuseOtherSecrets(context: ParseContext, properties: UrlProperty[]): void {
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

export function firstParam(
  params: Map<string, string>,
  keys: readonly string[]
): string | undefined {
  for (const key of keys) {
    const value = params.get(key);
    if (value !== undefined) return value;
  }
  return undefined;
}
