/**
 * Which SQLite files the host may open. A SQLite datasource names a path on the host itself, so
 * without a limit anyone who may create a datasource could open any file the host can read, and
 * learn from the errors whether a path exists. Only files inside the configured directories are
 * opened, after resolving symlinks and `..` (realpath), and every refusal reads the same whether
 * the file is missing, unreadable or outside those directories.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { badRequest, type FederationError } from '../../errors';

const SETTING =
  'sqliteDirectories setting (federation.sqliteDirectories in opensearch_dashboards.yml, ' +
  'FEDERATION_SQLITE_DIRECTORIES for the standalone host)';

export class SqliteFileAccess {
  /**
   * @param directories absolute directories whose files may be opened; `null` allows any file,
   *   for a connector built directly by a test or a script rather than by the host.
   */
  constructor(private readonly directories: readonly string[] | null) {}

  /** The real path of `file`, or a 400 that says nothing about whether it exists. */
  async resolve(file: string): Promise<string> {
    if (file === ':memory:' || this.directories === null) return file;
    if (this.directories.length === 0) throw noDirectories(file);
    const real = await realpathOrNull(file);
    if (real !== null) {
      const allowed = await Promise.all(this.directories.map(realpathOrNull));
      if (allowed.some((dir) => dir !== null && isInside(real, dir))) return real;
    }
    throw notAllowed(file, this.directories);
  }
}

async function realpathOrNull(file: string): Promise<string | null> {
  try {
    return await realpath(file);
  } catch {
    return null;
  }
}

function isInside(file: string, directory: string): boolean {
  const relative = path.relative(directory, file);
  const escapes = relative === '..' || relative.startsWith(`..${path.sep}`);
  return relative !== '' && !escapes && !path.isAbsolute(relative);
}

function notAllowed(file: string, directories: readonly string[]): FederationError {
  return badRequest(
    `jdbc.url names the SQLite file [${file}], which is not an existing file inside the ` +
      `directories this host allows for SQLite databases [${directories.join(', ')}]; put the ` +
      `database file in one of them, or have an administrator add its directory to the ${SETTING}`
  );
}

function noDirectories(file: string): FederationError {
  return badRequest(
    `jdbc.url names the SQLite file [${file}], but this host allows no directory for SQLite ` +
      `databases; an administrator can allow one with the ${SETTING}`
  );
}
