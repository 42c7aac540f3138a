import { commandExists, runCommand } from './run_command';
import { isRoot } from './paths';

/** OpenSearch refuses to run as root, so root runs it as this system user. */
export const RUNTIME_USER = 'opensearch';

async function userExists(name: string): Promise<boolean> {
  try {
    await runCommand(['id', '-u', name]);
    return true;
  } catch {
    return false;
  }
}

/**
 * The user the node runs as: undefined (the current user) unless we are root,
 * in which case the `opensearch` system user, created on first use.
 */
export async function ensureRuntimeUser(log: (line: string) => void): Promise<string | undefined> {
  if (!isRoot()) return undefined;
  if (await userExists(RUNTIME_USER)) return RUNTIME_USER;
  if (!(await commandExists('runuser'))) {
    throw new Error(
      'Running as root needs `runuser` (util-linux) to start OpenSearch as another user'
    );
  }
  log(`Creating system user ${RUNTIME_USER}`);
  try {
    await runCommand([
      'useradd',
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      RUNTIME_USER,
    ]);
  } catch (err) {
    // Another process may have created it in between.
    if (!(await userExists(RUNTIME_USER))) throw err;
  }
  return RUNTIME_USER;
}

/** Gives `user` ownership of a tree (the node writes its keystore under config/). */
export async function chownTree(dir: string, user: string): Promise<void> {
  await runCommand(['chown', '-R', `${user}:`, dir]);
}

/**
 * Fails early with a clear message when `user` cannot read `readable` or write
 * `writable` (e.g. FEDERATION_CACHE under a mode-700 directory such as /root).
 */
export async function checkAccess(
  user: string,
  readable: readonly string[],
  writable: readonly string[]
): Promise<void> {
  const checks: [string, string][] = [
    ...readable.map((p): [string, string] => ['-r', p]),
    ...writable.map((p): [string, string] => ['-w', p]),
  ];
  for (const [flag, p] of checks) {
    try {
      await runCommand(['runuser', '-u', user, '--', 'test', flag, p]);
    } catch {
      const what = flag === '-r' ? 'read' : 'write';
      throw new Error(
        `User ${user} cannot ${what} ${p}; every parent directory must be searchable by it ` +
          '(set FEDERATION_CACHE to a directory outside /root, e.g. /var/cache/federation)'
      );
    }
  }
}
