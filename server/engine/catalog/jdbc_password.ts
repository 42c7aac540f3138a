/**
 * JDBC URLs may carry the login: `user:password@` user-info, `?password=`, SQL Server's
 * `;password=`/`pwd=` (with braces, spaces, any case). The stored URL must not, since URLs are
 * returned by read operations and quoted in messages: the password moves to the encrypted
 * secret, the user name to `jdbc.username`, and the URL keeps everything else as written.
 * Finding them follows the drivers' own parsing (jdbc_url.ts), never a pattern over the text.
 */
import type { JdbcConfig } from '../connectors/jdbc/jdbc_config';
import { extractUrlCredentials, type UrlCredential } from '../connectors/jdbc_url';
import { badRequest } from '../errors';

/**
 * The settings with every credential out of the URL and into `username`/`password`. A value
 * given twice must agree; otherwise a 400 names where each came from, never the values.
 */
export function separateCredentials(jdbc: JdbcConfig): JdbcConfig {
  const found = extractUrlCredentials(jdbc);
  const username = single('user name', 'jdbc.username', jdbc.username, found.users);
  const password = single('password', 'jdbc.password', jdbc.password, found.passwords);
  const result: JdbcConfig = { ...jdbc, url: found.url };
  if (username === undefined) delete result.username;
  else result.username = username;
  if (password === undefined) delete result.password;
  else result.password = password;
  return result;
}

/**
 * The URL as it may be shown: without credentials. For datasources stored before URLs were
 * cleaned on save; `null` when the stored URL can no longer be read.
 */
export function displayUrl(jdbc: JdbcConfig): string | null {
  try {
    return extractUrlCredentials(jdbc).url;
  } catch {
    return null;
  }
}

function single(
  what: string,
  field: string,
  explicit: string | undefined,
  inUrl: UrlCredential[]
): string | undefined {
  const sources = explicit === undefined ? inUrl : [{ value: explicit, where: field }, ...inUrl];
  if (new Set(sources.map((s) => s.value)).size > 1) {
    const places = [...new Set(sources.map((s) => s.where))].join(', ');
    throw badRequest(
      `the ${what} is given more than once with different values (in ${places}); ` +
        `give it once, preferably in ${field}`
    );
  }
  return sources[0]?.value;
}
