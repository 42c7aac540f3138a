/**
 * The `search` suite of `npm run bench`: virtual-index search time as a ratio to the SQL a person
 * would write for the same answer (the bounded count for `hits.total` included), run directly on
 * the database in the same run, for six cases (bench/cases.ts) on PostgreSQL, MariaDB and SQLite
 * at two table sizes, so the growth of cost with the work shows. Before timing a case, the suite
 * checks the engine's answer equals the direct one (hit ids and total, buckets). Prints medians
 * and ratios and writes test-output/bench/virtual_search.json. Timings are reported, never
 * asserted.
 *
 * Direct sides: PostgreSQL and MariaDB run the statements one after another on one connection
 * (`direct`), and also at once on two connections (`direct ∥`, what a hand-written service with
 * a pool could do). SQLite runs them with better-sqlite3 in this process: no process boundary,
 * which the engine has (it runs SQLite in worker processes so that a statement never blocks its
 * event loop); `via worker` runs the same direct statements through the engine's SQLite
 * connector alone (its worker pool, no HTTP and no translation), which shows what that boundary
 * costs; `SELECT 1` through a worker and in this process is reported too. The row `no statement
 * (floor)` is a search that runs no statement (`size: 0`, no total): what every search pays for
 * HTTP, the catalog reads and the read check, which the direct side never does.
 *
 * A database the host cannot serve (no MariaDB, no allowed SQLite directory) is skipped with the
 * reason, in the log and in the JSON.
 *
 * Env: BENCH_ROWS (sizes, comma-separated; default 100000,1000000), BENCH_DIALECTS (default
 * postgres,mysql,sqlite), BENCH_CASES (name substrings; default all), BENCH_ROUNDS (15),
 * BENCH_WARMUP (3).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { SqliteConnector } from '../server/engine/connectors/sqlite/sqlite_connector';
import { expectOk, jdbcFor, sqliteJdbc, type BenchHost } from './bench_host';
import { captureSql } from './sql_capture';
import { benchCases, type BenchCase, type SearchResponse, type Statement } from './cases';
import {
  ensureMariaDbTable,
  ensurePostgresTable,
  ensureSqliteFile,
  searchTableName,
  type BenchDialect,
} from './search_tables';
import { timePair, type Stats } from './timing';
import { DEFAULT_CONNECTOR_LIMITS } from '../server/engine/connectors/connector_limits';

const SIZES = list(process.env.BENCH_ROWS, ['100000', '1000000']).map(Number);
const DIALECTS = list(process.env.BENCH_DIALECTS, [
  'postgres',
  'mysql',
  'sqlite',
]) as BenchDialect[];
const CASES = list(process.env.BENCH_CASES, []);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const OUTPUT = path.join('test-output', 'bench', 'virtual_search.json');
const FLOOR_CASE = 'no statement (floor)';
/** Databases the host could not serve, and why. */
const skipped: Array<{ dialect: BenchDialect; rows: number; reason: string }> = [];

/** The host refused the datasource or the virtual index of a database. */
class SetupError extends Error {}

/** Medians of `SELECT 1` through the engine's SQLite worker and in this process. */
const sqliteRoundTrips: Array<{ rows: number; worker_ms: number; in_process_ms: number }> = [];

function list(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}

type Row = Record<string, unknown>;

/** A way to run the hand-written statements. */
interface Direct {
  run(statement: Statement): Promise<Row[]>;
  /** The statements at once on separate connections; absent where the driver cannot. */
  runParallel?(statements: Statement[]): Promise<Row[][]>;
  /** The same statements through the engine's connector for this database (SQLite only). */
  viaConnector?(statement: Statement): Promise<Row[]>;
  close(): Promise<void>;
}

interface CaseResult {
  dialect: BenchDialect;
  rows: number;
  name: string;
  body: unknown;
  sql: string[];
  /** The statements the engine ran for the case, as captured during the check. */
  engine_sql: string[];
  virtual_ms: Stats | null;
  direct_ms: Stats | null;
  ratio: number | null;
  direct_parallel_ms?: Stats;
  ratio_parallel?: number;
  via_worker_ms?: Stats;
  error?: string;
}

/** The virtual-index search suite, on a host the caller started (and closes). */
export async function runSearchBench(host: BenchHost, log: (line: string) => void): Promise<void> {
  const results: CaseResult[] = [];
  for (const dialect of DIALECTS) {
    if (dialect === 'mysql' && host.mysqlUrl === null) {
      log('MariaDB is not available here: its cases are skipped');
      continue;
    }
    for (const rows of SIZES) {
      const setup = await openDialect(host, dialect, rows, log);
      try {
        results.push(...(await runCases(host, dialect, rows, setup, log)));
      } catch (err) {
        // A host that cannot serve a database (e.g. no allowed SQLite directory) skips it; the
        // other databases still run.
        if (!(err instanceof SetupError)) throw err;
        log(`${dialect} ${rows}: skipped: ${err.message}`);
        skipped.push({ dialect, rows, reason: err.message });
      } finally {
        await setup.close();
      }
    }
  }
  report(results);
}

interface DialectSetup {
  jdbc: Record<string, unknown>;
  direct: Direct;
  close(): Promise<void>;
}

async function openDialect(
  host: BenchHost,
  dialect: BenchDialect,
  rows: number,
  log: (line: string) => void
): Promise<DialectSetup> {
  const table = searchTableName(rows);
  let reused = false;
  let direct: Direct;
  let jdbc: Record<string, unknown>;
  const started = process.hrtime.bigint();
  if (dialect === 'postgres') {
    const connect = async () => {
      // Day starts stay text, as the engine reads them: no Date in this process's zone.
      const client = new pg.Client({
        connectionString: host.postgresUrl,
        types: {
          getTypeParser: (oid, format) =>
            oid === 1114 || oid === 1184 ? (v: string) => v : pg.types.getTypeParser(oid, format),
        } as pg.CustomTypesConfig,
      });
      await client.connect();
      return client;
    };
    const [a, b] = await Promise.all([connect(), connect()]);
    reused = await ensurePostgresTable(a, rows);
    const run = (c: pg.Client, s: Statement) =>
      c.query(s.text, s.params).then((r) => r.rows as Row[]);
    direct = {
      run: (s) => run(a, s),
      runParallel: (ss) => Promise.all(ss.map((s, i) => run(i % 2 === 0 ? a : b, s))),
      close: async () => {
        await Promise.all([a.end(), b.end()]);
      },
    };
    jdbc = jdbcFor('postgres', host.postgresUrl);
  } else if (dialect === 'mysql') {
    const connect = () =>
      mysql.createConnection({ uri: host.mysqlUrl!, dateStrings: true, supportBigNumbers: true });
    const [a, b] = await Promise.all([connect(), connect()]);
    reused = await ensureMariaDbTable(a, rows);
    // Prepared statements (kept per connection by mysql2), as the engine runs them.
    const run = (c: mysql.Connection, s: Statement) =>
      c.execute(s.text, s.params as Array<string | number | null>).then(([r]) => r as Row[]);
    direct = {
      run: (s) => run(a, s),
      runParallel: (ss) => Promise.all(ss.map((s, i) => run(i % 2 === 0 ? a : b, s))),
      close: async () => {
        await Promise.all([a.end(), b.end()]);
      },
    };
    jdbc = jdbcFor('mysql', host.mysqlUrl!);
  } else {
    const kept = ensureSqliteFile(rows, host.sqliteDir);
    reused = kept.reused;
    const db = new Database(kept.file, { readonly: true });
    // Statements prepared once, as an application keeps them.
    const prepared = new Map<string, Database.Statement>();
    const connector = new SqliteConnector(
      { kind: 'sqlite', file: kept.file } as ConstructorParameters<typeof SqliteConnector>[0],
      {
        poolSize: 2,
        connectTimeoutMs: 10_000,
        statementTimeoutMs: 60_000,
        idleTimeoutMs: 30_000,
        batchSize: 1_000,
        keyListTableBytes: DEFAULT_CONNECTOR_LIMITS.keyListTableBytes,
      }
    );
    direct = {
      run: async (s) => {
        let statement = prepared.get(s.text);
        if (!statement) prepared.set(s.text, (statement = db.prepare(s.text)));
        return statement.all(...s.params) as Row[];
      },
      viaConnector: (s) => connector.query(s.text, s.params),
      close: async () => {
        db.close();
        await connector.close();
      },
    };
    jdbc = sqliteJdbc(kept.file);
    // The process boundary alone: one trivial statement through a worker, and in this process.
    const one = { text: 'SELECT 1 AS one', params: [] };
    const [worker, inProcess] = await timePair(
      () => direct.viaConnector!(one),
      () => direct.run(one),
      20,
      200
    );
    sqliteRoundTrips.push({ rows, worker_ms: worker.median, in_process_ms: inProcess.median });
    log(
      `sqlite: SELECT 1 through a worker ${worker.median.toFixed(3)} ms, in this process ${inProcess.median.toFixed(3)} ms`
    );
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  log(
    `${dialect}: ${table} (${rows} rows) ${reused ? 'reused' : `created in ${(ms / 1000).toFixed(1)} s`}`
  );
  return { jdbc, direct, close: () => direct.close() };
}

async function runCases(
  host: BenchHost,
  dialect: BenchDialect,
  rows: number,
  setup: DialectSetup,
  log: (line: string) => void
): Promise<CaseResult[]> {
  const suffix = randomBytes(4).toString('hex');
  const datasource = `bench-ds-${suffix}`;
  const index = `bench-vi-${suffix}`;
  const table = searchTableName(rows);
  const results: CaseResult[] = [];
  try {
    try {
      await expectOk(host, 'PUT', `/_svc/connector/datasource/${datasource}`, {
        jdbc: setup.jdbc,
      });
      await expectOk(host, 'PUT', `/_svc/connector/index/${index}`, {
        datasource,
        resource: table,
        key: 'id',
      });
    } catch (err) {
      throw new SetupError((err as Error).message);
    }
    const { direct } = setup;
    // What every search pays before and after its statements (HTTP, the catalog reads, the
    // read check, JSON): a search that runs none.
    const floorBody = { size: 0, track_total_hits: false };
    const [floor] = await timePair(
      () => searchOnce(host, index, floorBody),
      async () => undefined,
      WARMUP,
      ROUNDS
    );
    results.push({
      dialect,
      rows,
      name: FLOOR_CASE,
      body: floorBody,
      sql: [],
      engine_sql: [],
      virtual_ms: floor,
      direct_ms: null,
      ratio: null,
    });
    for (const c of benchCases(dialect, table)) {
      if (CASES.length > 0 && !CASES.some((n) => c.name.includes(n))) continue;
      log(`${dialect} ${rows}: ${c.name}: ${WARMUP} warm-up + ${ROUNDS} rounds`);
      const sequential = async () => {
        const out: Row[][] = [];
        for (const s of c.sql) out.push(await direct.run(s));
        return out;
      };
      const virtual = async () => {
        const r = await searchOnce(host, index, c.body);
        if (r.status !== 200)
          throw new Error(`${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        return r.body as SearchResponse;
      };
      const result: CaseResult = {
        dialect,
        rows,
        name: c.name,
        body: c.body,
        sql: c.sql.map((s) => s.text),
        engine_sql: [],
        virtual_ms: null,
        direct_ms: null,
        ratio: null,
      };
      results.push(result);
      try {
        const { value: response, statements } = await capturingSql(virtual);
        result.engine_sql = statements;
        await checkSame(c, response, await sequential(), direct);
      } catch (err) {
        result.error = (err as Error).message;
        log(`  ${result.error.slice(0, 500)}`);
        // Still time the direct side, so the report shows what the engine has to beat.
        [result.direct_ms] = await timePair(sequential, async () => undefined, WARMUP, ROUNDS);
        continue;
      }
      const [v, d] = await timePair(virtual, sequential, WARMUP, ROUNDS);
      Object.assign(result, { virtual_ms: v, direct_ms: d, ratio: v.median / d.median });
      if (direct.runParallel) {
        const [, p] = await timePair(virtual, () => direct.runParallel!(c.sql), 1, ROUNDS);
        Object.assign(result, { direct_parallel_ms: p, ratio_parallel: v.median / p.median });
      }
      if (direct.viaConnector) {
        const viaWorker = async () => {
          for (const s of c.sql) await direct.viaConnector!(s);
        };
        const [w] = await timePair(viaWorker, async () => undefined, WARMUP, ROUNDS);
        result.via_worker_ms = w;
      }
    }
  } finally {
    await host.call('DELETE', `/_svc/connector/index/${index}`).catch(() => undefined);
    await host.call('DELETE', `/_svc/connector/datasource/${datasource}`).catch(() => undefined);
    // Deleting a virtual index leaves its concrete index (docs/api/interface.md §8.2.12).
    await host.deleteIndex(index).catch(() => undefined);
  }
  return results;
}

/**
 * One search. A keep-alive socket the host closed while a slow direct side ran (longer than its
 * keep-alive timeout) fails the next request at once with ECONNRESET, before the engine sees it:
 * that request is sent again on a new socket.
 */
async function searchOnce(host: BenchHost, index: string, body: unknown) {
  try {
    return await host.call('POST', `/svc/${index}/_search`, body);
  } catch (err) {
    const code = ((err as Error).cause as { code?: string } | undefined)?.code;
    if (code !== 'ECONNRESET') throw err;
    return host.call('POST', `/svc/${index}/_search`, body);
  }
}

/**
 * The engine's answer must be the direct one. A page without sort may be any rows in any order,
 * so there only the count of hits and the total are compared, and every hit must be a row.
 */
async function checkSame(
  c: BenchCase,
  response: SearchResponse,
  results: Row[][],
  direct: Direct
): Promise<void> {
  const expected = c.expected(results) as { ids?: string[] };
  const actual = c.actual(response) as { ids?: string[] };
  if (c.unordered && expected.ids && actual.ids) {
    const same = { ...expected, ids: expected.ids.length };
    const got = { ...actual, ids: actual.ids.length };
    if (!sameAnswer(same, got)) throw mismatch(same, got);
    if (new Set(actual.ids).size !== actual.ids.length) throw new Error('a hit came twice');
    for (const id of actual.ids) {
      const found = await direct.run(c.unordered.rowById(id));
      if (found.length !== 1) throw new Error(`hit ${id} is no row of the table`);
    }
    return;
  }
  if (!sameAnswer(expected, actual)) throw mismatch(expected, actual);
}

/**
 * Deep equality, but fractional numbers (averages) within 1e-4: the databases sum in different
 * orders, and MariaDB's AVG of an integer column is a DECIMAL with 4 decimals.
 */
function sameAnswer(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return Number.isInteger(a) && Number.isInteger(b) ? a === b : Math.abs(a - b) <= 1e-4;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameAnswer(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => sameAnswer((a as Row)[k], (b as Row)[k]));
  }
  return isDeepStrictEqual(a, b);
}

function mismatch(expected: unknown, actual: unknown): Error {
  return new Error(
    `the engine's answer differs from the direct SQL's:\n  direct: ${JSON.stringify(expected).slice(0, 400)}\n  engine: ${JSON.stringify(actual).slice(0, 400)}`
  );
}

/** Runs `work` while recording the statements the engine's connectors run (this process). */
async function capturingSql<T>(
  work: () => Promise<T>
): Promise<{ value: T; statements: string[] }> {
  const capture = captureSql();
  try {
    return { value: await work(), statements: capture.statements };
  } finally {
    capture.restore();
  }
}

function report(results: CaseResult[]): void {
  const fmt = (ms: number | undefined) => (ms === undefined ? '-' : ms.toFixed(1));
  const ratio = (r: number | undefined) => (r === undefined ? '-' : `${r.toFixed(2)}x`);
  const rows = results.map((r) => [
    r.dialect,
    String(r.rows),
    r.name,
    fmt(r.virtual_ms?.median),
    fmt(r.direct_ms?.median),
    r.name === FLOOR_CASE
      ? '-'
      : r.ratio === null
        ? `error: ${(r.error ?? '').split('\n')[0].slice(0, 60)}`
        : ratio(r.ratio),
    fmt(r.direct_parallel_ms?.median),
    ratio(r.ratio_parallel),
    fmt(r.via_worker_ms?.median),
  ]);
  const header = [
    'database',
    'rows',
    'case',
    'engine ms',
    'direct ms',
    'ratio',
    'direct ∥ ms',
    'ratio ∥',
    'via worker ms',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(
    `\nVirtual-index search vs. the same answer in hand-written SQL (medians of ${ROUNDS})\n`
  );
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  const out = {
    generated_at: new Date().toISOString(),
    sizes: SIZES,
    dialects: DIALECTS,
    rounds: ROUNDS,
    warmup: WARMUP,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memory_mb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
    },
    note: "virtual_ms: POST /svc/<vi>/_search through the standalone host in this process; direct_ms: the hand-written statements of each case one after another on one connection (SQLite: better-sqlite3 in this process, statements prepared once); direct_parallel_ms: the same statements at once on two connections; via_worker_ms: the SQLite statements through the engine's SQLite connector (worker processes) alone; ratio = median virtual / median direct; the 'no statement (floor)' case is a search that runs no statement.",
    skipped,
    sqlite_round_trip: sqliteRoundTrips,
    cases: results,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${OUTPUT}`);
}
