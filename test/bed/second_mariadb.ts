/**
 * A second, throw-away MariaDB server for tests that need server settings the shared one must
 * not change (e.g. `sql_mode=NO_BACKSLASH_ESCAPES`): its own datadir under the system temp
 * folder, its own loopback port, started by the test that needs it and stopped (and its datadir
 * removed) after. Installing the datadir and starting take about a second together.
 *
 *   const db = await startSecondMariaDb({ sqlMode: 'NO_BACKSLASH_ESCAPES' });
 *   try { ... db.url ... } finally { await db.stop(); }
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import mysql from 'mysql2/promise';
import { isRoot } from '../../scripts/opensearch/paths';
import { runCommand } from '../../scripts/opensearch/run_command';

const MARIADBD = '/usr/sbin/mariadbd';
const START_WAIT_MS = 20_000;
/** Small InnoDB files: the default 96 MB redo log alone costs more to create than the rest. */
const SMALL_SERVER = ['--innodb-log-file-size=8M', '--innodb-buffer-pool-size=32M'];

export interface SecondMariaDb {
  /** `mysql://root@127.0.0.1:<port>/test`, the same shape as the shared bed's MYSQL_URL. */
  url: string;
  /** Stops the server and removes its datadir; safe to call twice. */
  stop(): Promise<void>;
}

export interface SecondMariaDbOptions {
  /** The server's global `sql_mode` (`--sql-mode`). */
  sqlMode?: string;
}

function installDbCommand(): string {
  for (const name of ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db']) {
    if (fs.existsSync(name)) return name;
  }
  throw new Error('MariaDB is not installed here (no mariadb-install-db)');
}

/** A loopback port nothing listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + START_WAIT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`mariadbd exited with ${child.exitCode}: ${readTail(logFile)}`);
    }
    try {
      const conn = await mysql.createConnection({ uri: url, connectTimeout: 1_000 });
      await conn.end();
      return;
    } catch (err) {
      if (Date.now() > deadline) {
        throw new Error(
          `mariadbd did not answer at ${url} within ${START_WAIT_MS / 1000}s: ` +
            `${(err as Error).message}; ${readTail(logFile)}`
        );
      }
      await sleep(100);
    }
  }
}

function readTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').slice(-2_000);
  } catch {
    return '(no server log)';
  }
}

/**
 * Installs a datadir, starts `mariadbd` on 127.0.0.1 and creates database `test`. Throws when
 * any of that fails: the caller decides whether that is a skip (a machine without MariaDB) or,
 * under CI, a failure.
 */
export async function startSecondMariaDb(
  options: SecondMariaDbOptions = {}
): Promise<SecondMariaDb> {
  if (!fs.existsSync(MARIADBD)) throw new Error(`MariaDB is not installed here (no ${MARIADBD})`);
  const installDb = installDbCommand();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-mariadb-'));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  // As root the server must be told to stay root (it refuses otherwise); as anyone else it runs
  // as that user, who owns the temp dir.
  const user = isRoot() ? ['--user=root'] : [];
  let child: ChildProcess | undefined;
  const stop = async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      // A clean shutdown takes well under a second; never let a stuck one hang the suite.
      if ((await Promise.race([exited, sleep(5_000, 'late')])) === 'late') child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await runCommand([
      installDb,
      '--no-defaults',
      `--datadir=${dataDir}`,
      ...user,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
      ...SMALL_SERVER,
    ]);
    const port = await freePort();
    child = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${dataDir}`,
        ...user,
        '--bind-address=127.0.0.1',
        `--port=${port}`,
        `--socket=${path.join(dir, 'mariadb.sock')}`,
        `--pid-file=${path.join(dir, 'mariadb.pid')}`,
        `--log-error=${logFile}`,
        '--skip-name-resolve',
        '--skip-log-bin',
        ...SMALL_SERVER,
        ...(options.sqlMode !== undefined ? [`--sql-mode=${options.sqlMode}`] : []),
      ],
      { stdio: 'ignore' }
    );
    const url = `mysql://root@127.0.0.1:${port}/test`;
    await waitUntilUp(`mysql://root@127.0.0.1:${port}/`, child, logFile);
    const conn = await mysql.createConnection({ uri: `mysql://root@127.0.0.1:${port}/` });
    try {
      await conn.query('CREATE DATABASE test');
    } finally {
      await conn.end();
    }
    return { url, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
