/**
 * The key-list benchmark's tables, one per database, built server-side and reused across runs
 * (a marker says the data is complete):
 *
 * - PostgreSQL `bench_keylists`: `id` bigint primary key 1..1,000,000; `pid` integer, a
 *   permutation of 1..1,000,000 ((id - 1) · 7919 mod 1,000,000 + 1); `kw` varchar(32)
 *   `kw-<pid, 7 digits>`; `u` uuid, md5(`u<pid>`) as a uuid. Each key column has a btree index.
 * - MariaDB `bench_keylists`: the same with INT, VARCHAR(32) (the database's default collation)
 *   and MariaDB's UUID type.
 * - SQLite (a file kept in the system's temporary folder, see `ensureSqliteFile`): `pid`
 *   INTEGER and `kw` TEXT, indexed.
 *
 * The lists (`listValues`) take `n` distinct pids from 1..1,100,000 in a scattered order, so
 * about 9% of any list matches no row; keyword and uuid lists are the same pids spelled as the
 * column spells them.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type mysql from 'mysql2/promise';
import type pg from 'pg';
import { markedTableHolds, quote } from './million_row_table';

export const TABLE = 'bench_keylists';
export const KEYLIST_ROWS = 1_000_000;
/** Bump when the generator changes: older data is then rebuilt. */
const DATA_VERSION = 2;
const MARKER = `bench-keylists v${DATA_VERSION} (${KEYLIST_ROWS} rows)`;
/** Lists draw from 1..SPAN; pids above KEYLIST_ROWS match nothing. */
const SPAN = 1_100_000;
/** A prime coprime with SPAN: i · STEP mod SPAN is a permutation of 0..SPAN-1. */
const STEP = 104_729;

export type KeyColumn = 'pid' | 'kw' | 'u';

type Log = (line: string) => void;

export function keywordOf(pid: number): string {
  return `kw-${String(pid).padStart(7, '0')}`;
}

/**
 * md5(`u<pid>`) as canonical (lowercase, hyphenated) uuid text, with version 4 and variant 8
 * written over two digits: MariaDB's UUID type refuses other versions.
 */
export function uuidOf(pid: number): string {
  const h = createHash('md5').update(`u${pid}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}

/** `uuidOf` in SQL, over the md5 text `m` (the same in PostgreSQL and MariaDB). */
const UUID_SQL = (m: string) =>
  `CONCAT(SUBSTR(${m}, 1, 8), '-', SUBSTR(${m}, 9, 4), '-4', SUBSTR(${m}, 14, 3), '-8', SUBSTR(${m}, 18, 3), '-', SUBSTR(${m}, 21))`;

/** The first `n` pids of the scattered order (distinct, about 9% beyond the table). */
export function listPids(n: number): number[] {
  const pids = new Array<number>(n);
  for (let i = 0; i < n; i++) pids[i] = ((i * STEP) % SPAN) + 1;
  return pids;
}

export function listValues(column: KeyColumn, n: number): Array<number | string> {
  const pids = listPids(n);
  if (column === 'pid') return pids;
  return pids.map(column === 'kw' ? keywordOf : uuidOf);
}

export async function ensurePostgresTable(client: pg.Client, log: Log): Promise<void> {
  if (await markedTableHolds(client, TABLE, MARKER, KEYLIST_ROWS)) {
    log(`PostgreSQL ${TABLE}: reused`);
    return;
  }
  const t = quote(TABLE);
  const started = Date.now();
  await client.query(`DROP TABLE IF EXISTS ${t}`);
  await client.query(`CREATE TABLE ${t} (
    id bigint PRIMARY KEY,
    pid integer NOT NULL,
    kw varchar(32) NOT NULL,
    u uuid NOT NULL
  )`);
  await client.query(
    `INSERT INTO ${t}
     SELECT g, p, 'kw-' || lpad(p::text, 7, '0'), CAST(${UUID_SQL('m')} AS uuid)
     FROM generate_series(1, $1::int) AS g,
          LATERAL (SELECT ((g - 1) * 7919::bigint % $1 + 1)::int AS p) AS x,
          LATERAL (SELECT md5('u' || p) AS m) AS y`,
    [KEYLIST_ROWS]
  );
  for (const column of ['pid', 'kw', 'u']) {
    await client.query(`CREATE INDEX ${quote(`${TABLE}_${column}`)} ON ${t} (${quote(column)})`);
  }
  await client.query(`VACUUM ANALYZE ${t}`);
  await client.query(`COMMENT ON TABLE ${t} IS '${MARKER}'`);
  log(`PostgreSQL ${TABLE}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function ensureMariaTable(conn: mysql.Connection, log: Log): Promise<void> {
  const [found] = await conn.query<mysql.RowDataPacket[]>(
    `SELECT TABLE_COMMENT AS c FROM information_schema.TABLES
     WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?`,
    [TABLE]
  );
  if (found[0]?.c === MARKER) {
    const [counted] = await conn.query<mysql.RowDataPacket[]>(
      `SELECT COUNT(*) AS n FROM \`${TABLE}\``
    );
    if (Number(counted[0].n) === KEYLIST_ROWS) {
      log(`MariaDB ${TABLE}: reused`);
      return;
    }
  }
  const started = Date.now();
  await conn.query(`DROP TABLE IF EXISTS \`${TABLE}\``);
  await conn.query(`CREATE TABLE \`${TABLE}\` (
    id BIGINT PRIMARY KEY,
    pid INT NOT NULL,
    kw VARCHAR(32) NOT NULL,
    u UUID NOT NULL
  ) ENGINE=InnoDB`);
  // The Sequence engine's seq_1_to_N table generates the rows on the server.
  await conn.query(
    `INSERT INTO \`${TABLE}\`
     SELECT seq, p, CONCAT('kw-', LPAD(p, 7, '0')),
            CAST(${UUID_SQL('m')} AS UUID)
     FROM (SELECT seq, p, MD5(CONCAT('u', p)) AS m
           FROM (SELECT seq, (seq - 1) * 7919 % ${KEYLIST_ROWS} + 1 AS p
                 FROM seq_1_to_${KEYLIST_ROWS}) AS s) AS x`
  );
  await conn.query(`ALTER TABLE \`${TABLE}\` ADD INDEX (pid), ADD INDEX (kw), ADD INDEX (u)`);
  await conn.query(`ANALYZE TABLE \`${TABLE}\``);
  await conn.query(`ALTER TABLE \`${TABLE}\` COMMENT = '${MARKER}'`);
  log(`MariaDB ${TABLE}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The SQLite file, kept in the system's temporary folder between runs (a marker table says it is
 * complete) and linked into `sqliteDir`, where the host is allowed to open it.
 */
export function ensureSqliteFile(sqliteDir: string, log: Log): string {
  const dir = path.join(os.tmpdir(), 'federation-bench-keylists');
  mkdirSync(dir, { recursive: true });
  const kept = path.join(dir, `${TABLE}.sqlite`);
  if (sqliteFileHolds(kept)) log(`SQLite ${TABLE}: reused`);
  else buildSqliteFile(kept, log);
  const file = path.join(sqliteDir, path.basename(kept));
  rmSync(file, { force: true });
  try {
    linkSync(kept, file);
  } catch {
    copyFileSync(kept, file);
  }
  return file;
}

function sqliteFileHolds(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare('SELECT marker FROM bench_marker').get() as
      { marker: string } | undefined;
    return row?.marker === MARKER;
  } catch {
    return false;
  } finally {
    db.close();
  }
}

function buildSqliteFile(file: string, log: Log): void {
  const started = Date.now();
  rmSync(file, { force: true });
  const db = new Database(file);
  try {
    db.exec(`CREATE TABLE ${TABLE} (id INTEGER PRIMARY KEY, pid INTEGER NOT NULL, kw TEXT NOT NULL);
      INSERT INTO ${TABLE}
      WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${KEYLIST_ROWS})
      SELECT n, p, 'kw-' || substr('0000000' || p, -7)
      FROM (SELECT n, (n - 1) * 7919 % ${KEYLIST_ROWS} + 1 AS p FROM g);
      CREATE INDEX ${TABLE}_pid ON ${TABLE} (pid);
      CREATE INDEX ${TABLE}_kw ON ${TABLE} (kw);
      ANALYZE;
      CREATE TABLE bench_marker (marker TEXT NOT NULL);`);
    db.prepare('INSERT INTO bench_marker VALUES (?)').run(MARKER);
  } finally {
    db.close();
  }
  log(`SQLite ${TABLE}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
