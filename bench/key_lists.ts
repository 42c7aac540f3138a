/**
 * The `keylists` suite of `npm run bench`: key lists into SQL. For each database (PostgreSQL,
 * MariaDB, SQLite), over a 1,000,000-row table (bench/key_lists_data.ts) with an `integer` key,
 * a keyword key and (PostgreSQL, MariaDB) a uuid key, each indexed:
 *
 * - `terms` with 10, 4,000, 100,000 and 1,000,000 keys: the engine's
 *   `POST /svc/<vi>/_search {size: 0, track_total_hits: true, query: {terms: {<col>: [...]}}}`
 *   against the fastest of the hand-written counts for the same keys (bench/key_lists_direct.ts);
 * - `ids` with 4,000 ids (the integer key), the same way;
 * - `_mget` of 4,000 ids against the hand-written SELECT of those rows.
 *
 * The engine runs in this process (bench_host.ts), with `maxTermsCount` and `maxMgetDocs` at
 * 1,000,000. Request bodies are serialised once, outside the timing: building a client's JSON is
 * not the engine's work. Parsing it is, on both sides: the hand-written side parses the same JSON
 * before its statement, as a script serving the list would receive it. Each case first checks that the engine's total (or found documents)
 * equals the direct count, then times both sides alternately (timing.ts). SQLite's direct side
 * is better-sqlite3 in this process, while the engine runs SQLite in a worker process: the
 * ratio includes that boundary.
 *
 * `floor` is the engine's time for the same request with a list of one key: the fixed cost of an
 * HTTP search (routing, catalog, pool, response) that a 10-key list cannot amortise.
 *
 * Env: BENCH_KEYLIST_SIZES (default 10,4000,100000,1000000), BENCH_KEYLIST_DIALECTS
 * (postgres,mysql,sqlite), BENCH_KEYLIST_COLUMNS (pid,kw,u), BENCH_KEYLIST_ROUNDS (9; 3 for lists
 * of 100,000 or more: BENCH_KEYLIST_BIG_ROUNDS), BENCH_KEYLIST_WARMUP (1).
 * Writes test-output/bench/key_lists.json.
 */
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { expectOk, jdbcFor, sqliteJdbc, type BenchHost } from './bench_host';
import { captureSql } from './sql_capture';
import {
  ensureMariaTable,
  ensurePostgresTable,
  ensureSqliteFile,
  listPids,
  listValues,
  TABLE,
  type KeyColumn,
} from './key_lists_data';
import {
  mysqlDirect,
  mysqlMaxPacket,
  postgresDirect,
  sqliteDirect,
  type Dialect,
  type Direct,
  type Form,
} from './key_lists_direct';
import { stats, timeMs, timePair, type Stats } from './timing';

const SIZES = list(process.env.BENCH_KEYLIST_SIZES, ['10', '4000', '100000', '1000000']).map(
  Number
);
const DIALECTS = list(process.env.BENCH_KEYLIST_DIALECTS, [
  'postgres',
  'mysql',
  'sqlite',
]) as Dialect[];
const COLUMNS = list(process.env.BENCH_KEYLIST_COLUMNS, ['pid', 'kw', 'u']) as KeyColumn[];
const ROUNDS = Number(process.env.BENCH_KEYLIST_ROUNDS ?? 9);
const BIG_ROUNDS = Number(process.env.BENCH_KEYLIST_BIG_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_KEYLIST_WARMUP ?? 1);
const BIG = 100_000;
/** The `ids` and `_mget` cases' list length. */
const ID_COUNT = 4_000;
const OUTPUT = path.join('test-output', 'bench', 'key_lists.json');

type Log = (line: string) => void;

function list(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length > 0 ? items : fallback;
}

interface CaseResult {
  dialect: Dialect;
  name: string;
  keys: number;
  expected: number | null;
  engine_ms: Stats | null;
  /** Of each engine request, the time in the connector's `query` (driver, network, database). */
  engine_statement_ms?: Stats;
  /** The fastest hand-written form, and every form's brief timing (medians, ms). */
  direct: { form: string; sql: string; ms: Stats } | null;
  forms: Record<string, number | string>;
  ratio: number | null;
  floor_ms: number | null;
  engine_sql: string[];
  error?: string;
}

const COLUMN_TYPES: Record<Dialect, Partial<Record<KeyColumn, string>>> = {
  postgres: { pid: 'integer', kw: 'varchar(32)', u: 'uuid' },
  mysql: { pid: 'INT', kw: 'VARCHAR(32) utf8mb4_general_ci', u: 'UUID' },
  sqlite: { pid: 'INTEGER', kw: 'TEXT' },
};

export async function runKeyListBench(host: BenchHost, log: Log): Promise<void> {
  const started = Date.now();
  const engine = await engineClient(host);
  const results: CaseResult[] = [];
  try {
    for (const dialect of DIALECTS) {
      if (dialect === 'mysql' && host.mysqlUrl === null) {
        log('mysql: skipped (no MariaDB here)');
        continue;
      }
      const setup = await setUp(host, dialect, log);
      try {
        results.push(...(await runDialect(host, engine, dialect, setup, log)));
      } finally {
        await setup.direct.close();
        await tearDown(host, setup.index);
      }
    }
  } finally {
    engine.close();
  }
  report(results, Date.now() - started);
}

interface Setup {
  index: string;
  direct: Direct;
  /** The largest statement the server takes (MariaDB's max_allowed_packet), if any. */
  maxPacket: number | null;
}

async function setUp(host: BenchHost, dialect: Dialect, log: Log): Promise<Setup> {
  const index = `bench-keylists-${dialect}`;
  const datasource = `${index}-ds`;
  let jdbc: Record<string, unknown>;
  let direct: Direct;
  let maxPacket: number | null = null;
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: host.postgresUrl });
    await client.connect();
    try {
      await ensurePostgresTable(client, log);
    } finally {
      await client.end();
    }
    jdbc = jdbcFor('postgres', host.postgresUrl);
    direct = await postgresDirect(host.postgresUrl);
  } else if (dialect === 'mysql') {
    const conn = await mysql.createConnection(host.mysqlUrl!);
    try {
      await ensureMariaTable(conn, log);
    } finally {
      await conn.end();
    }
    jdbc = jdbcFor('mysql', host.mysqlUrl!);
    direct = await mysqlDirect(host.mysqlUrl!);
    maxPacket = await mysqlMaxPacket(host.mysqlUrl!);
  } else {
    const file = ensureSqliteFile(host.sqliteDir, log);
    jdbc = sqliteJdbc(file);
    direct = sqliteDirect(file);
  }
  await tearDown(host, index);
  await expectOk(host, 'PUT', `/_svc/connector/datasource/${datasource}`, { jdbc });
  await expectOk(host, 'PUT', `/_svc/connector/index/${index}`, {
    datasource,
    resource: TABLE,
    key: 'pid',
  });
  return { index, direct, maxPacket };
}

async function tearDown(host: BenchHost, index: string): Promise<void> {
  await host.call('DELETE', `/_svc/connector/index/${index}`).catch(() => undefined);
  await host.call('DELETE', `/_svc/connector/datasource/${index}-ds`).catch(() => undefined);
  // Deleting a virtual index leaves its concrete index (docs/api/interface.md §8.2.12).
  await host.deleteIndex(index).catch(() => undefined);
}

async function runDialect(
  host: BenchHost,
  engine: EngineClient,
  dialect: Dialect,
  setup: Setup,
  log: Log
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  const searchPath = `/svc/${setup.index}/_search`;
  for (const column of COLUMNS) {
    if (COLUMN_TYPES[dialect][column] === undefined) continue;
    const floorBody = searchBody({ terms: { [column]: listValues(column, 1) } });
    for (const size of SIZES) {
      const values = listValues(column, size);
      const body = searchBody({ terms: { [column]: values } });
      const name = `terms ${column} (${COLUMN_TYPES[dialect][column]})`;
      const result = await runCase(dialect, name, size, log, {
        tooLarge: tooLargeFor(setup, values),
        body,
        engine: async () => total(await engine.post(searchPath, body)),
        floor: async () => total(await engine.post(searchPath, floorBody)),
        forms: setup.direct.countForms(column, values),
      });
      results.push(result);
    }
  }
  if (SIZES.includes(ID_COUNT) || process.env.BENCH_KEYLIST_SIZES === undefined) {
    const pids = listPids(ID_COUNT);
    const ids = pids.map(String);
    const idsBody = searchBody({ ids: { values: ids } });
    results.push(
      await runCase(dialect, 'ids (pid)', ID_COUNT, log, {
        tooLarge: null,
        body: idsBody,
        engine: async () => total(await engine.post(searchPath, idsBody)),
        floor: async () =>
          total(await engine.post(searchPath, searchBody({ ids: { values: ids.slice(0, 1) } }))),
        forms: setup.direct.countForms('pid', pids),
      })
    );
    const mgetPath = `/svc/${setup.index}/_mget`;
    const mgetBody = JSON.stringify({ ids });
    results.push(
      await runCase(dialect, '_mget (pid)', ID_COUNT, log, {
        tooLarge: null,
        body: mgetBody,
        engine: async () => found(await engine.post(mgetPath, mgetBody)),
        floor: async () =>
          found(await engine.post(mgetPath, JSON.stringify({ ids: ids.slice(0, 1) }))),
        forms: setup.direct.rowForms(pids),
      })
    );
  }
  return results;
}

function searchBody(query: unknown): string {
  return JSON.stringify({ size: 0, track_total_hits: true, query });
}

/** Why no single statement can carry the list (MariaDB's max_allowed_packet), or null. */
function tooLargeFor(setup: Setup, values: Array<number | string>): string | null {
  if (setup.maxPacket === null) return null;
  const bytes = Buffer.byteLength(JSON.stringify(values));
  return bytes > setup.maxPacket
    ? `the list is ${bytes} bytes of JSON, more than MariaDB's max_allowed_packet (${setup.maxPacket}): no one statement carries it, hand-written or not`
    : null;
}

interface CaseSpec {
  tooLarge: string | null;
  /**
   * The request's JSON, as the engine receives it: the hand-written side parses it too before
   * its statement, since a script that serves a list receives it as JSON as well (issue 25).
   */
  body: string;
  engine: () => Promise<number>;
  floor: () => Promise<number>;
  forms: Form[];
}

async function runCase(
  dialect: Dialect,
  name: string,
  keys: number,
  log: Log,
  spec: CaseSpec
): Promise<CaseResult> {
  const rounds = keys >= BIG ? BIG_ROUNDS : ROUNDS;
  const result: CaseResult = {
    dialect,
    name,
    keys,
    expected: null,
    engine_ms: null,
    direct: null,
    forms: {},
    ratio: null,
    floor_ms: null,
    engine_sql: [],
  };
  log(`${dialect} ${name} × ${keys}`);
  if (spec.tooLarge !== null) {
    result.error = spec.tooLarge;
    log(`  skipped: ${spec.tooLarge}`);
    return result;
  }
  // Every hand-written form, briefly; the fastest is the baseline.
  let best: { form: Form; median: number } | null = null;
  for (const form of spec.forms) {
    try {
      const n = await form.run();
      if (result.expected === null) result.expected = n;
      else if (n !== result.expected) {
        throw new Error(`form [${form.name}] counts ${n}, another ${result.expected}`);
      }
      const samples: number[] = [];
      for (let i = 0; i < Math.min(rounds, 3); i++) samples.push(await timeMs(() => form.run()));
      const median = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
      result.forms[form.name] = Number(median.toFixed(2));
      if (best === null || median < best.median) best = { form, median };
    } catch (err) {
      result.forms[form.name] = `error: ${(err as Error).message.slice(0, 200)}`;
    }
  }
  if (best === null) {
    result.error = 'no hand-written form ran';
    return result;
  }
  const capture = captureSql();
  try {
    try {
      const value = await spec.engine();
      result.engine_sql = capture.statements.map((s) =>
        s.length > 400 ? `${s.slice(0, 400)}…` : s
      );
      if (value !== result.expected) {
        throw new Error(`the engine counts ${value}, the direct SQL ${result.expected}`);
      }
    } catch (err) {
      result.error = (err as Error).message.slice(0, 1000);
      log(`  ${result.error}`);
      return result;
    }
    const bestForm = best.form;
    capture.sqlMs.length = 0;
    const [engineMs, directMs] = await timePair(
      spec.engine,
      () => {
        JSON.parse(spec.body);
        return bestForm.run();
      },
      WARMUP,
      rounds
    );
    const sqlMs = stats(capture.sqlMs.slice(WARMUP));
    const [floorMs] = await timePair(spec.floor, async () => undefined, 0, Math.min(rounds, 5));
    Object.assign(result, {
      engine_ms: engineMs,
      engine_statement_ms: sqlMs,
      direct: { form: bestForm.name, sql: bestForm.sql.slice(0, 300), ms: directMs },
      ratio: engineMs.median / directMs.median,
      floor_ms: floorMs.median,
    });
    log(
      `  engine ${engineMs.median.toFixed(1)} ms (its statement ${sqlMs.median.toFixed(1)} ms), ${bestForm.name} ${directMs.median.toFixed(1)} ms: ${(engineMs.median / directMs.median).toFixed(2)}x`
    );
    return result;
  } finally {
    capture.restore();
  }
}

function total(body: unknown): number {
  const hits = (body as { hits?: { total?: { value: number; relation: string } } }).hits;
  if (hits?.total?.relation !== 'eq') {
    throw new Error(`no exact total in ${JSON.stringify(body).slice(0, 300)}`);
  }
  return hits.total.value;
}

function found(body: unknown): number {
  const docs = (body as { docs?: Array<{ found: boolean }> }).docs;
  if (!Array.isArray(docs)) throw new Error(`no docs in ${JSON.stringify(body).slice(0, 300)}`);
  return docs.filter((d) => d.found).length;
}

// ---------------------------------------------------------------------------------------------
// The engine over HTTP

interface EngineClient {
  /** POSTs a body serialised beforehand; the parsed answer, or an error naming the status. */
  post(urlPath: string, body: string): Promise<unknown>;
  close(): void;
}

/**
 * A lean client for the host: node:http with keep-alive and the body already serialised.
 * BenchHost.call serialises its body on each call, which for a million keys is tens of
 * milliseconds of the client's work; its address is taken from the one request it makes here.
 */
async function engineClient(host: BenchHost): Promise<EngineClient> {
  const original = globalThis.fetch;
  let seen: string | undefined;
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    seen = String(input);
    return original(input, init);
  }) as typeof fetch;
  try {
    await host.call('GET', '/');
  } finally {
    globalThis.fetch = original;
  }
  if (seen === undefined) throw new Error('could not learn the host address');
  const origin = new URL(seen).origin;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = (urlPath: string, body: string) =>
    new Promise<unknown>((resolve, reject) => {
      const request = http.request(
        `${origin}${urlPath}`,
        {
          method: 'POST',
          agent,
          headers: {
            'osd-xsrf': 'true',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (response.statusCode !== 200) {
              reject(new Error(`engine answered ${response.statusCode}: ${text.slice(0, 500)}`));
              return;
            }
            resolve(JSON.parse(text));
          });
        }
      );
      request.on('error', reject);
      request.end(body);
    });
  return {
    async post(urlPath, body) {
      try {
        return await once(urlPath, body);
      } catch (err) {
        // A keep-alive socket the host closed while a slow direct side ran: send it again.
        if ((err as { code?: string }).code !== 'ECONNRESET') throw err;
        return once(urlPath, body);
      }
    },
    close: () => agent.destroy(),
  };
}

// ---------------------------------------------------------------------------------------------
// Report

function report(results: CaseResult[], tookMs: number): void {
  const fmt = (ms: number | null | undefined) => (ms == null ? '-' : ms.toFixed(1));
  const header = [
    'database',
    'case',
    'keys',
    'engine ms',
    'its SQL ms',
    'best direct ms',
    'direct form',
    'ratio',
    'floor ms',
  ];
  const rows = results.map((r) => [
    r.dialect,
    r.name,
    String(r.keys),
    fmt(r.engine_ms?.median),
    fmt(r.engine_statement_ms?.median),
    fmt(r.direct?.ms.median),
    r.direct?.form ?? '-',
    r.ratio === null ? `error: ${(r.error ?? '').slice(0, 70)}` : `${r.ratio.toFixed(2)}x`,
    fmt(r.floor_ms),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log('\nKey lists into SQL: engine vs. the fastest hand-written statement (medians)\n');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(
    OUTPUT,
    JSON.stringify(
      {
        generated_at: new Date().toISOString(),
        took_ms: tookMs,
        machine: { cpus: os.cpus().length, memory_gb: Math.round(os.totalmem() / 2 ** 30) },
        rounds: ROUNDS,
        big_rounds: BIG_ROUNDS,
        warmup: WARMUP,
        results,
      },
      null,
      2
    )
  );
  console.log(`\nWrote ${OUTPUT}`);
}
