import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import mysql from 'mysql2/promise';
import { Client } from 'pg';
import { isRoot } from '../../scripts/opensearch/paths';
import { commandExists, runCommand } from '../../scripts/opensearch/run_command';

/** A database the tests can use, or why they must skip. */
export type Availability = { url: string } | { skipped: string };

export const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_MYSQL_URL = 'mysql://root@127.0.0.1:3306/test';

/** Short, so a machine without the server costs seconds, not minutes. */
const CONNECT_TIMEOUT_MS = 3_000;
/** How long a server we just launched gets to accept connections. */
const START_WAIT_MS = 30_000;

type ProbeResult = 'ok' | 'refused' | 'no-database' | { error: string };

interface Engine {
  name: string;
  probe(url: string): Promise<ProbeResult>;
  createDatabase(url: string): Promise<void>;
  /** Command lines that start the local server, or why it cannot be started here. */
  startCommands(): Promise<string[][] | string>;
}

const REFUSED = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET']);

function errorCode(err: unknown): string | undefined {
  return (err as { code?: string }).code;
}

function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Identifiers in CREATE DATABASE cannot be bound parameters; accept only plain names. */
function checkedName(name: string): string {
  if (!/^\w+$/.test(name))
    throw new Error(`Refusing to create database named ${JSON.stringify(name)}`);
  return name;
}

const postgres: Engine = {
  name: 'PostgreSQL',
  async probe(url) {
    const client = new Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return 'ok';
    } catch (err) {
      const code = errorCode(err);
      if (code && REFUSED.has(code)) return 'refused';
      if (code === '3D000') return 'no-database'; // invalid_catalog_name
      return { error: (err as Error).message };
    } finally {
      await client.end().catch(() => undefined);
    }
  },
  async createDatabase(url) {
    const client = new Client({ connectionString: withDatabase(url, 'postgres') });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${checkedName(databaseName(url))}`);
    } finally {
      await client.end();
    }
  },
  async startCommands() {
    if (!(await commandExists('pg_ctlcluster')))
      return 'PostgreSQL is not installed (no pg_ctlcluster)';
    let versions: string[] = [];
    try {
      versions = fs
        .readdirSync('/etc/postgresql')
        .filter((v) => fs.existsSync(`/etc/postgresql/${v}/main`));
    } catch {
      // no clusters configured
    }
    if (!versions.length) return 'PostgreSQL has no cluster under /etc/postgresql/<version>/main';
    // --skip-systemctl-redirect: containers and CI runners often have no systemd.
    return versions.map((v) => ['pg_ctlcluster', '--skip-systemctl-redirect', v, 'main', 'start']);
  },
};

const mariadb: Engine = {
  name: 'MariaDB',
  async probe(url) {
    let conn: mysql.Connection | undefined;
    try {
      conn = await mysql.createConnection({ uri: url, connectTimeout: CONNECT_TIMEOUT_MS });
      await conn.query('SELECT 1');
      return 'ok';
    } catch (err) {
      const code = errorCode(err);
      if (code && REFUSED.has(code)) return 'refused';
      if (code === 'ER_BAD_DB_ERROR') return 'no-database';
      return { error: (err as Error).message };
    } finally {
      await conn?.end().catch(() => undefined);
    }
  },
  async createDatabase(url) {
    const conn = await mysql.createConnection({ uri: withDatabase(url, '') });
    try {
      await conn.query(`CREATE DATABASE IF NOT EXISTS ${checkedName(databaseName(url))}`);
    } finally {
      await conn.end();
    }
  },
  async startCommands() {
    if (!fs.existsSync('/usr/sbin/mariadbd'))
      return 'MariaDB is not installed (no /usr/sbin/mariadbd)';
    return [
      // /run is a tmpfs: after a reboot the socket directory is gone and mariadbd will not start.
      ['install', '-d', '-o', 'mysql', '-g', 'mysql', '/run/mysqld'],
      ['start-stop-daemon', '--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd'],
    ];
  },
};

function isLocal(url: string): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
}

async function waitUntilUp(engine: Engine, url: string, waitMs: number): Promise<ProbeResult> {
  const deadline = Date.now() + waitMs;
  let result = await engine.probe(url);
  while (result === 'refused' && Date.now() < deadline) {
    await sleep(500);
    result = await engine.probe(url);
  }
  return result;
}

/**
 * Probes with the real driver; if nothing listens on a local URL and we are
 * root, starts the installed server and probes again; creates the database if
 * only it is missing. Never throws: the caller decides whether a skip is fatal.
 */
async function ensure(engine: Engine, url: string): Promise<Availability> {
  try {
    let result = await engine.probe(url);
    if (result === 'refused') {
      const why = !isLocal(url)
        ? 'the server is not local'
        : !isRoot()
          ? 'starting it needs root'
          : await engine.startCommands();
      if (typeof why === 'string') {
        return { skipped: `${engine.name} does not answer at ${url} and was not started: ${why}` };
      }
      let startError = '';
      for (const command of why) {
        // "already running" exits non-zero too; the probe below is what counts.
        await runCommand(command).catch((err: Error) => (startError = err.message));
      }
      // A failed start (e.g. "already running") may still be a server coming up, briefly.
      result = await waitUntilUp(engine, url, startError ? 5_000 : START_WAIT_MS);
      if (result === 'refused') {
        const after = startError
          ? `starting it failed: ${startError}`
          : `no answer ${START_WAIT_MS / 1000}s after starting it`;
        return { skipped: `${engine.name} does not answer at ${url}; ${after}` };
      }
    }
    if (result === 'no-database') {
      await engine.createDatabase(url);
      result = await engine.probe(url);
    }
    if (result === 'ok') return { url };
    const detail = typeof result === 'string' ? result : result.error;
    return { skipped: `${engine.name} at ${url} is unusable: ${detail}` };
  } catch (err) {
    return { skipped: `${engine.name} at ${url} is unusable: ${(err as Error).message}` };
  }
}

/** PostgreSQL at env PG_URL or postgres://postgres@127.0.0.1:5432/test. */
export function ensurePostgres(): Promise<Availability> {
  return ensure(postgres, process.env.PG_URL || DEFAULT_POSTGRES_URL);
}

/** MariaDB (or MySQL) at env MYSQL_URL or mysql://root@127.0.0.1:3306/test. */
export function ensureMariaDb(): Promise<Availability> {
  return ensure(mariadb, process.env.MYSQL_URL || DEFAULT_MYSQL_URL);
}
