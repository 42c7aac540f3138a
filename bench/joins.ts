/**
 * The `joins` suite of `npm run bench`: a 1M-parent × 1M-child join with 100,000 matching keys
 * (bench/join_data.ts), with the child (a) in OpenSearch and (b) in PostgreSQL behind a virtual
 * index. Each case times the engine's join search (`POST /svc/<parent>/_search` on the
 * standalone host in this process) against its lower bound done directly in the same run: the
 * child's distinct keys (composite aggregation pages against OpenSearch, or one
 * `SELECT DISTINCT ... ORDER BY 1` through `pg`) plus the parent search with those keys given to
 * OpenSearch as the same `terms` chunks. Reports median engine / median lower bound, and peak
 * memory per key of the engine during a join. Writes test-output/bench/joins.json. Timings are
 * reported, never asserted; totals are checked (the engine must find what the direct side finds).
 *
 * Env: BENCH_JOIN_ROUNDS (default 21), BENCH_JOIN_WARMUP (3), BENCH_JOIN_MEMORY_REPS (5).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseSettings } from '../server/engine/settings';
import { postgresJdbc, type BenchHost } from './bench_host';
import {
  CHILD_INDEX,
  CHILD_QUERY,
  CHILD_TABLE,
  CHILD_WHERE,
  compositeKeys,
  ensureJoinIndices,
  ensureJoinTable,
  EXPECTED_KEYS,
  JOIN_DOCS,
  osJson,
  PARENT_INDEX,
} from './join_data';
import { measurePeak, type MemoryPeak } from './memory';
import { quote } from './million_row_table';
import { stats, timePair, type Stats } from './timing';

const ROUNDS = Number(process.env.BENCH_JOIN_ROUNDS ?? 21);
const WARMUP = Number(process.env.BENCH_JOIN_WARMUP ?? 3);
const MEMORY_REPS = Number(process.env.BENCH_JOIN_MEMORY_REPS ?? 5);
const OUTPUT = path.join('test-output', 'bench', 'joins.json');

const DATASOURCE = 'bench-join-pg';
const VIRTUAL_CHILD = 'bench-join-children-pg';
/** The engine's defaults (the host runs with them): the direct side sends the same shapes. */
const DEFAULTS = parseSettings({});
const TERMS_CHUNK = DEFAULTS.joinTermsChunkSize;
const KEY_PAGE = DEFAULTS.joinKeyPageSize;

type Log = (line: string) => void;
type ChildKind = 'opensearch' | 'postgresql';

interface SearchResponse {
  hits: { total?: { value: number; relation: string }; hits: Array<{ _id: string }> };
  federation_debug?: { joins: Array<{ keys: number; took_in_millis: number }> };
}

interface CaseResult {
  name: string;
  child: ChildKind;
  size: number;
  request: { path: string; body: unknown };
  check: {
    ok: boolean;
    direct_keys: number;
    engine_keys: number | null;
    direct_total: number;
    engine_total: number | null;
    /** size > 0: whether the engine returned the same hit ids as the direct search. */
    same_hits: boolean | null;
    problem?: string;
  };
  engine_ms: Stats | null;
  /** The join's key phase as the engine reports it (`federation_debug.joins[0].took_in_millis`). */
  engine_keys_ms: Stats | null;
  /** The rest of each engine round: the parent search, rewriting, HTTP in and out. */
  engine_rest_ms: Stats | null;
  lower_bound_ms: Stats;
  direct_keys_ms: Stats;
  direct_parent_ms: Stats;
  ratio: number | null;
  error?: string;
}

interface MemoryResult {
  child: ChildKind;
  keys: number;
  reps: MemoryPeak[];
  /** Medians over the reps of (peak − baseline) / keys. */
  heap_bytes_per_key: number;
  /** The same without V8's new space (see bench/memory.ts). */
  old_bytes_per_key: number;
  rss_bytes_per_key: number;
  heap_peak_minus_baseline_mb: number;
  rss_peak_minus_baseline_mb: number;
}

export async function runJoinBench(host: BenchHost, log: Log): Promise<void> {
  const started = Date.now();
  const osUrl = host.openSearchUrl;
  const client = new pg.Client({ connectionString: host.postgresUrl });
  await client.connect();
  try {
    await ensureJoinIndices(osUrl, log);
    await ensureJoinTable(client, log);
    await expectOk(host, 'PUT', `/_svc/connector/datasource/${DATASOURCE}`, {
      jdbc: postgresJdbc(host.postgresUrl),
    });
    await expectOk(host, 'PUT', `/_svc/connector/index/${VIRTUAL_CHILD}`, {
      datasource: DATASOURCE,
      resource: CHILD_TABLE,
      key: 'id',
    });
    const direct = new DirectSide(osUrl, client);
    const results: CaseResult[] = [];
    for (const child of ['opensearch', 'postgresql'] as const) {
      for (const size of [0, 100]) {
        results.push(await runCase(host, direct, child, size, log));
      }
    }
    const memory: MemoryResult[] = [];
    for (const child of ['opensearch', 'postgresql'] as const) {
      log(`memory, ${child} child: ${MEMORY_REPS} joins sampled every 2 ms`);
      try {
        memory.push(await measureMemory(host, child));
      } catch (err) {
        log(`  memory, ${child} child failed: ${(err as Error).message}`);
      }
    }
    const version = await osJson<{ version: { number: string } }>(osUrl, 'GET', '/');
    report(results, memory, version.version.number, Date.now() - started);
  } finally {
    await host.call('DELETE', `/_svc/connector/index/${VIRTUAL_CHILD}`).catch(() => undefined);
    await host.call('DELETE', `/_svc/connector/datasource/${DATASOURCE}`).catch(() => undefined);
    // Deleting a virtual index leaves its (empty) concrete index.
    await host.deleteIndex(VIRTUAL_CHILD).catch(() => undefined);
    await client.end();
  }
}

function joinBody(child: ChildKind, size: number) {
  return {
    size,
    track_total_hits: true,
    query: {
      join: {
        indices: [child === 'opensearch' ? CHILD_INDEX : VIRTUAL_CHILD],
        on: ['id', 'parent_id'],
        request: { query: CHILD_QUERY },
      },
    },
  };
}

const ENGINE_PATH = `/svc/${PARENT_INDEX}/_search?debug=true`;

async function engineSearch(host: BenchHost, child: ChildKind, size: number) {
  const r = await host.call('POST', ENGINE_PATH, joinBody(child, size));
  if (r.status !== 200) {
    throw new Error(`engine answered ${r.status}: ${JSON.stringify(r.body).slice(0, 500)}`);
  }
  return r.body as SearchResponse;
}

/** The lower bound: the same work done directly against OpenSearch and PostgreSQL. */
class DirectSide {
  constructor(
    private readonly osUrl: string,
    private readonly client: pg.Client
  ) {}

  keys(child: ChildKind): Promise<Float64Array> {
    return child === 'opensearch' ? this.openSearchKeys() : this.postgresKeys();
  }

  /** Composite aggregation pages of KEY_PAGE keys, as the engine reads an OpenSearch child. */
  private openSearchKeys(): Promise<Float64Array> {
    return compositeKeys(
      this.osUrl,
      CHILD_INDEX,
      'parent_id',
      CHILD_QUERY,
      KEY_PAGE,
      EXPECTED_KEYS
    );
  }

  private async postgresKeys(): Promise<Float64Array> {
    const r = await this.client.query<[string]>({
      text: `SELECT DISTINCT parent_id FROM ${quote(CHILD_TABLE)} WHERE ${CHILD_WHERE} ORDER BY 1`,
      rowMode: 'array',
    });
    const keys = new Float64Array(r.rows.length);
    for (let i = 0; i < r.rows.length; i++) keys[i] = Number(r.rows[i][0]);
    return keys;
  }

  /** The parent filtered by the keys, in the engine's shape: `terms` chunks in constant_score. */
  parentSearch(keys: Float64Array, size: number): Promise<SearchResponse> {
    const chunks: unknown[] = [];
    for (let start = 0; start < keys.length; start += TERMS_CHUNK) {
      chunks.push({ terms: { id: Array.from(keys.subarray(start, start + TERMS_CHUNK)) } });
    }
    const filter =
      chunks.length === 0
        ? { match_none: {} }
        : chunks.length === 1
          ? chunks[0]
          : { bool: { should: chunks, minimum_should_match: 1 } };
    return osJson<SearchResponse>(this.osUrl, 'POST', `/${PARENT_INDEX}/_search`, {
      size,
      track_total_hits: true,
      query: { constant_score: { filter } },
    });
  }
}

async function runCase(
  host: BenchHost,
  direct: DirectSide,
  child: ChildKind,
  size: number,
  log: Log
): Promise<CaseResult> {
  const name = `${child === 'opensearch' ? '(a) OpenSearch' : '(b) PostgreSQL'} child, size ${size}`;
  log(`${name}: check, then ${WARMUP} warm-up + ${ROUNDS} rounds`);
  const request = { path: ENGINE_PATH, body: joinBody(child, size) };

  // The correctness guard: one join each way, compared.
  const directKeys = await direct.keys(child);
  const directResponse = await direct.parentSearch(directKeys, size);
  const directTotal = directResponse.hits.total?.value ?? -1;
  const check: CaseResult['check'] = {
    ok: true,
    direct_keys: directKeys.length,
    engine_keys: null,
    direct_total: directTotal,
    engine_total: null,
    same_hits: null,
  };
  const problems: string[] = [];
  if (directKeys.length !== EXPECTED_KEYS || directTotal !== EXPECTED_KEYS) {
    problems.push(
      `the data is off: the direct side found ${directKeys.length} keys and ${directTotal} parents, not ${EXPECTED_KEYS}`
    );
  }
  let engineError: string | undefined;
  try {
    const r = await engineSearch(host, child, size);
    check.engine_total = r.hits.total?.value ?? null;
    check.engine_keys = r.federation_debug?.joins[0]?.keys ?? null;
    if (r.hits.total?.relation !== 'eq' || check.engine_total !== directTotal) {
      problems.push(
        `hits.total: expected {value: ${directTotal}, relation: eq}, got ${JSON.stringify(r.hits.total)}`
      );
    }
    if (check.engine_keys !== directKeys.length) {
      problems.push(
        `join keys: expected ${directKeys.length}, engine reported ${check.engine_keys}`
      );
    }
    if (size > 0) {
      const ids = (h: SearchResponse) => h.hits.hits.map((hit) => hit._id).join(',');
      check.same_hits = ids(r) === ids(directResponse);
      if (r.hits.hits.length !== Math.min(size, directTotal)) {
        problems.push(`hits: expected ${Math.min(size, directTotal)}, got ${r.hits.hits.length}`);
      }
    }
  } catch (err) {
    engineError = (err as Error).message;
    problems.push(engineError);
  }
  if (problems.length > 0) {
    check.ok = false;
    check.problem = problems.join('; ');
    log(`  CHECK FAILED: POST ${ENGINE_PATH} ${JSON.stringify(request.body)}: ${check.problem}`);
  }

  const engineKeysMs: number[] = [];
  const engineRestMs: number[] = [];
  const directKeysMs: number[] = [];
  const directParentMs: number[] = [];
  const engine = async () => {
    const t0 = process.hrtime.bigint();
    const r = await engineSearch(host, child, size);
    const took = r.federation_debug?.joins[0]?.took_in_millis ?? NaN;
    engineKeysMs.push(took);
    engineRestMs.push(Number(process.hrtime.bigint() - t0) / 1e6 - took);
  };
  const lowerBound = async () => {
    const t0 = process.hrtime.bigint();
    const keys = await direct.keys(child);
    const t1 = process.hrtime.bigint();
    await direct.parentSearch(keys, size);
    const t2 = process.hrtime.bigint();
    directKeysMs.push(Number(t1 - t0) / 1e6);
    directParentMs.push(Number(t2 - t1) / 1e6);
  };
  const tail = (xs: number[]) => stats(xs.slice(-ROUNDS));
  if (engineError === undefined) {
    try {
      const [e, d] = await timePair(engine, lowerBound, WARMUP, ROUNDS);
      const result: CaseResult = {
        name,
        child,
        size,
        request,
        check,
        engine_ms: e,
        engine_keys_ms: tail(engineKeysMs),
        engine_rest_ms: tail(engineRestMs),
        lower_bound_ms: d,
        direct_keys_ms: tail(directKeysMs),
        direct_parent_ms: tail(directParentMs),
        ratio: e.median / d.median,
      };
      log(
        `  engine ${e.median.toFixed(0)} ms, lower bound ${d.median.toFixed(0)} ms, ratio ${result.ratio!.toFixed(2)}x`
      );
      return result;
    } catch (err) {
      engineError = (err as Error).message;
      log(`  engine failed while timing: ${engineError}`);
    }
  }
  // Still time the direct side, so the report shows what the engine has to beat.
  directKeysMs.length = 0;
  directParentMs.length = 0;
  const [d] = await timePair(lowerBound, async () => undefined, WARMUP, ROUNDS);
  return {
    name,
    child,
    size,
    request,
    check,
    engine_ms: null,
    engine_keys_ms: null,
    engine_rest_ms: null,
    lower_bound_ms: d,
    direct_keys_ms: tail(directKeysMs),
    direct_parent_ms: tail(directParentMs),
    ratio: null,
    error: engineError,
  };
}

async function measureMemory(host: BenchHost, child: ChildKind): Promise<MemoryResult> {
  await engineSearch(host, child, 0); // warm: pools, JIT, catalog caches
  const reps: MemoryPeak[] = [];
  let keys = 0;
  for (let i = 0; i < MEMORY_REPS; i++) {
    reps.push(
      await measurePeak(async () => {
        const r = await engineSearch(host, child, 0);
        keys = r.federation_debug?.joins[0]?.keys ?? EXPECTED_KEYS;
      })
    );
  }
  const heap = stats(reps.map((r) => r.peak_heap - r.baseline_heap)).median;
  const old = stats(reps.map((r) => r.peak_old - r.baseline_old)).median;
  const rss = stats(reps.map((r) => r.peak_rss - r.baseline_rss)).median;
  return {
    child,
    keys,
    reps,
    heap_bytes_per_key: heap / keys,
    old_bytes_per_key: old / keys,
    rss_bytes_per_key: rss / keys,
    heap_peak_minus_baseline_mb: heap / 2 ** 20,
    rss_peak_minus_baseline_mb: rss / 2 ** 20,
  };
}

async function expectOk(host: BenchHost, method: string, urlPath: string, body: unknown) {
  const r = await host.call(method, urlPath, body);
  if (r.status >= 300)
    throw new Error(`${method} ${urlPath}: ${r.status} ${JSON.stringify(r.body)}`);
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

function report(
  results: CaseResult[],
  memory: MemoryResult[],
  openSearchVersion: string,
  elapsedMs: number
): void {
  const ms = (s: Stats | null) => (s === null ? '-' : s.median.toFixed(0));
  console.log(
    `\nJoins, ${JOIN_DOCS} parents × ${JOIN_DOCS} children, ${EXPECTED_KEYS} matching keys (medians of ${ROUNDS}, ms)\n`
  );
  table(
    [
      'case',
      'engine',
      'lower bound',
      'ratio',
      'engine keys',
      'engine rest',
      'direct keys',
      'direct parent',
      'total engine/direct',
    ],
    results.map((r) => [
      r.name,
      ms(r.engine_ms),
      ms(r.lower_bound_ms),
      r.ratio === null ? `error: ${r.error?.slice(0, 50)}` : `${r.ratio.toFixed(2)}x`,
      ms(r.engine_keys_ms),
      ms(r.engine_rest_ms),
      ms(r.direct_keys_ms),
      ms(r.direct_parent_ms),
      `${r.check.engine_total ?? '-'}/${r.check.direct_total}${r.check.ok ? '' : ' MISMATCH'}`,
    ])
  );
  if (memory.length > 0) {
    console.log(
      `\nEngine memory during one join, size 0 (median of ${MEMORY_REPS}, peak − baseline)\n`
    );
    table(
      [
        'child',
        'keys',
        'heap+arrayBuffers MB',
        'bytes/key',
        'without new space, bytes/key',
        'rss MB',
        'rss bytes/key',
      ],
      memory.map((m) => [
        m.child,
        String(m.keys),
        m.heap_peak_minus_baseline_mb.toFixed(1),
        m.heap_bytes_per_key.toFixed(0),
        m.old_bytes_per_key.toFixed(0),
        m.rss_peak_minus_baseline_mb.toFixed(1),
        m.rss_bytes_per_key.toFixed(0),
      ])
    );
  }
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  const out = {
    generated_at: new Date().toISOString(),
    elapsed_s: Math.round(elapsedMs / 1000),
    rounds: ROUNDS,
    warmup: WARMUP,
    data: {
      parents: `${PARENT_INDEX}: ${JOIN_DOCS} docs (id, group), 1 shard, force-merged`,
      children: `${CHILD_INDEX} (OpenSearch) and ${CHILD_TABLE} (PostgreSQL, virtual index ${VIRTUAL_CHILD}): ${JOIN_DOCS} docs (parent_id, score)`,
      child_query: CHILD_QUERY,
      child_where: CHILD_WHERE,
      matching_children: 2 * EXPECTED_KEYS,
      matching_keys: EXPECTED_KEYS,
    },
    engine_settings: { joinTermsChunkSize: TERMS_CHUNK, joinKeyPageSize: KEY_PAGE },
    opensearch: openSearchVersion,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memory_mb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
    },
    note:
      'engine_ms: POST /svc/<parent>/_search?debug=true through the standalone host in this process; ' +
      'engine_keys_ms: the join phase it reports (federation_debug took_in_millis), engine_rest_ms: ' +
      'the rest of each round (parent search, rewrite, HTTP); lower_bound_ms: ' +
      'the child keys fetched directly (composite aggregation pages of joinKeyPageSize, or one pg ' +
      'SELECT DISTINCT) plus the parent search with those keys as terms chunks of joinTermsChunkSize, ' +
      'sent directly to OpenSearch; ratio = median engine / median lower bound. Memory: ' +
      'process.memoryUsage() sampled every 2 ms after a full GC; heap = heapUsed + arrayBuffers; ' +
      'old = the same minus V8 new-space usage (short-lived garbage).',
    cases: results,
    memory,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${OUTPUT}`);
}
