/**
 * Whether this Node can load better-sqlite3's native addon. The addon is compiled for one Node
 * ABI (NODE_MODULE_VERSION); a plugin zip built on another Node major than the OpenSearch
 * Dashboards it is installed into (or installed without its native build) cannot load it. Then
 * only SQLite datasources are refused, with a 503 naming the mismatch and the fix; the rest of the
 * plugin works as usual. The check runs once per host, on the first SQLite use.
 */
import { FederationError } from '../../errors';
import { errorMessage } from '../driver_errors';

/** Loads the driver and opens an in-memory database (the addon is loaded on first open). */
export type SqliteDriverLoader = () => void;

export const loadBetterSqlite3: SqliteDriverLoader = () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Database = require('better-sqlite3') as new (file: string) => { close(): void };
  new Database(':memory:').close();
};

export function sqliteUnavailable(cause: unknown): FederationError {
  return new FederationError(
    503,
    'sqlite_unavailable_exception',
    `SQLite datasources are disabled on this host: the better-sqlite3 native module cannot be ` +
      `loaded by Node ${process.version} (Node ABI, NODE_MODULE_VERSION ` +
      `${process.versions.modules}): ${errorMessage(cause)}. It was built for another Node ABI ` +
      `or not built at all; rebuild it with this Node (\`npm rebuild better-sqlite3\` in the ` +
      `plugin's folder) and restart. Other datasources are not affected.`,
    {},
    { cause }
  );
}

export class SqliteDriver {
  /** `undefined` until checked; then `null` (loaded) or the error every SQLite use answers. */
  private failure: FederationError | null | undefined;

  constructor(private readonly load: SqliteDriverLoader = loadBetterSqlite3) {}

  /** Throws the 503 above when the native module cannot be loaded here. */
  assertAvailable(): void {
    if (this.failure === undefined) {
      try {
        this.load();
        this.failure = null;
      } catch (err) {
        this.failure = sqliteUnavailable(err);
      }
    }
    if (this.failure) throw this.failure;
  }
}
