/**
 * The `graph` suite of `npm run bench`: a 2-hop pattern with filters on both ends,
 * `(a:A WHERE "tier:gold")-[:OWNS]->(b:B)-[:POINTS_TO]->(c:C WHERE "status:open") WHERE
 * c.score >= 20`, over three entities of N documents each (bench/graph_data.ts): A and C in
 * OpenSearch, B in PostgreSQL behind a virtual index (integer keys on both edges).
 *
 * The engine (`POST /svc/_graph?detailed=true` on the standalone host in this process) is timed
 * against its baseline in the same run, interleaved: the semi-joins and fetches its plan needs,
 * done by hand (bench/graph_baseline.ts). Two cases: the whole query, and `LIMIT 1000` (time to
 * the first 1,000 rows; the baseline then reads B through a cursor and stops at 1,000 rows).
 * Also peak memory of the host during the whole query, and the plan with estimated vs actual
 * rows (bench/graph_report.ts). The engine must give exactly the baseline's rows: the suite
 * throws when it does not, after writing its report.
 *
 * Env: BENCH_GRAPH_DOCS (default 1000000), BENCH_GRAPH_ROUNDS (21), BENCH_GRAPH_WARMUP (2),
 * BENCH_GRAPH_MEMORY_REPS (5).
 */
import pg from 'pg';
import { expectOk, postgresJdbc, type BenchHost } from './bench_host';
import { A_END, Baseline, C_END, type BaselineRun } from './graph_baseline';
import { B_TABLE, ensureGraphIndices, ensureGraphTable, GRAPH_DOCS } from './graph_data';
import {
  engineQuery,
  FIRST_ROWS,
  MATCH_QUERY,
  QUERY,
  VIRTUAL_B,
  type EngineResponse,
  type EngineStep,
} from './graph_query';
import { writeGraphReport, type CaseResult, type TwinResult } from './graph_report';
import { osJson } from './join_data';
import { measurePeak, type MemoryPeak } from './memory';
import { stats, timePair } from './timing';

const ROUNDS = Number(process.env.BENCH_GRAPH_ROUNDS ?? 21);
const WARMUP = Number(process.env.BENCH_GRAPH_WARMUP ?? 2);
const MEMORY_REPS = Number(process.env.BENCH_GRAPH_MEMORY_REPS ?? 5);
const DATASOURCE = 'bench-graph-pg';

type Log = (line: string) => void;

export async function runGraphBench(host: BenchHost, log: Log): Promise<void> {
  const started = Date.now();
  const osUrl = host.openSearchUrl;
  const client = new pg.Client({ connectionString: host.postgresUrl });
  await client.connect();
  const problems: string[] = [];
  try {
    await ensureGraphIndices(osUrl, log);
    await ensureGraphTable(client, log);
    await expectOk(host, 'PUT', `/_svc/connector/datasource/${DATASOURCE}`, {
      jdbc: postgresJdbc(host.postgresUrl),
    });
    await expectOk(host, 'PUT', `/_svc/connector/index/${VIRTUAL_B}`, {
      datasource: DATASOURCE,
      resource: B_TABLE,
      key: 'id',
    });

    // The plan starts from the end with fewer matching documents; so does the baseline.
    const [countA, countC] = await Promise.all(
      [A_END, C_END].map(async (end) => {
        const r = await osJson<{ count: number }>(osUrl, 'POST', `/${end.index}/_count`, {
          query: end.query,
        });
        return r.count;
      })
    );
    const [first, last] = countA <= countC ? [A_END, C_END] : [C_END, A_END];
    log(
      `A matches ${countA}, C matches ${countC}, B has ${GRAPH_DOCS} rows: start from ${first.label}`
    );
    const baseline = new Baseline(osUrl, client, first, last);

    const full = await baseline.run();
    const firstRows = await baseline.run(FIRST_ROWS);
    log(`baseline: ${full.rows.length} rows; keys per reduction ${full.keys.join(', ')}`);
    if (firstRows.rows.length !== Math.min(FIRST_ROWS, full.rows.length)) {
      problems.push(`the LIMIT baseline gave ${firstRows.rows.length} rows`);
    }
    const expected = new Set(full.rows.map((r) => JSON.stringify(r)));

    // The correctness guard and the plan, once.
    let engineError: string | undefined;
    let plan: EngineResponse['plan'];
    let detailed: EngineResponse | undefined;
    let debugSteps: EngineStep[] | undefined;
    try {
      detailed = await engineQuery(host, QUERY);
      problems.push(...compareRows('whole query', detailed, expected, full.rows.length));
      const limited = await engineQuery(host, `${QUERY} LIMIT ${FIRST_ROWS}`);
      problems.push(
        ...compareRows(
          `LIMIT ${FIRST_ROWS}`,
          limited,
          expected,
          Math.min(FIRST_ROWS, expected.size)
        )
      );
      plan = (await engineQuery(host, `EXPLAIN ${QUERY}`).catch(() => undefined))?.plan;
      debugSteps = (await engineQuery(host, QUERY, 'debug=true')).query_plan_execution.steps;
    } catch (err) {
      engineError = (err as Error).message;
      problems.push(engineError);
      log(`  engine failed: ${engineError}`);
    }
    for (const p of problems) log(`  CHECK FAILED: ${p}`);

    const results: CaseResult[] = [];
    for (const limit of [undefined, FIRST_ROWS]) {
      results.push(
        await timeCase(
          host,
          baseline,
          limit,
          engineError,
          limit === undefined ? full : firstRows,
          log
        )
      );
    }

    const twin = engineError === undefined ? await timeTwin(host, expected, problems, log) : null;

    const memory: { engine: MemoryPeak[]; baseline: MemoryPeak[] } = { engine: [], baseline: [] };
    if (engineError === undefined) {
      log(`memory: ${MEMORY_REPS} whole queries each way, sampled every 2 ms`);
      for (let i = 0; i < MEMORY_REPS; i++) {
        memory.engine.push(await measurePeak(() => engineQuery(host, QUERY, '')));
        memory.baseline.push(await measurePeak(() => baseline.run()));
      }
    }
    const version = await osJson<{ version: { number: string } }>(osUrl, 'GET', '/');
    writeGraphReport({
      rounds: ROUNDS,
      warmup: WARMUP,
      memoryReps: MEMORY_REPS,
      results,
      twin,
      memory,
      detailed,
      plan,
      debugSteps,
      baseline,
      baselineKeys: full.keys,
      counts: { A: countA, C: countC, B: GRAPH_DOCS },
      problems,
      openSearchVersion: version.version.number,
      elapsedMs: Date.now() - started,
    });
  } finally {
    await host.call('DELETE', `/_svc/connector/index/${VIRTUAL_B}`).catch(() => undefined);
    await host.call('DELETE', `/_svc/connector/datasource/${DATASOURCE}`).catch(() => undefined);
    // Deleting a virtual index leaves its (empty) concrete index.
    await host.deleteIndex(VIRTUAL_B).catch(() => undefined);
    await client.end();
  }
  if (problems.length > 0) {
    throw new Error(`graph bench: the engine and the baseline disagree: ${problems.join('; ')}`);
  }
}

/** What differs between the engine's rows and the baseline's (`expected`, as JSON strings). */
function compareRows(
  name: string,
  response: EngineResponse,
  expected: Set<string>,
  wanted: number
): string[] {
  const problems: string[] = [];
  if (response.truncated) {
    problems.push(`${name}: the engine truncated its answer (maxGraphRows); the data is too large`);
  }
  if (response.rows.length !== wanted) {
    problems.push(`${name}: the engine gave ${response.rows.length} rows, the baseline ${wanted}`);
  }
  const seen = new Set<string>();
  for (const row of response.rows) {
    const text = JSON.stringify(row);
    if (!expected.has(text)) {
      problems.push(`${name}: the engine gave the row ${text}, which the baseline did not`);
      break;
    }
    if (seen.has(text)) {
      problems.push(`${name}: the engine gave the row ${text} twice`);
      break;
    }
    seen.add(text);
  }
  return problems;
}

async function timeCase(
  host: BenchHost,
  baseline: Baseline,
  limit: number | undefined,
  engineError: string | undefined,
  check: BaselineRun,
  log: Log
): Promise<CaseResult> {
  const name = limit === undefined ? 'whole query' : `first ${limit} rows (LIMIT ${limit})`;
  const query = limit === undefined ? QUERY : `${QUERY} LIMIT ${limit}`;
  log(`${name}: ${WARMUP} warm-up + ${ROUNDS} rounds, interleaved`);
  const engineSteps: number[][] = [];
  let enginePatterns: string[] = [];
  const engineTook: number[] = [];
  const engineBefore: number[] = [];
  const engineOutside: number[] = [];
  const phases: Array<Record<string, number>> = [];
  let engineRows: number | null = null;
  const engine = async () => {
    const r = await engineQuery(host, query);
    engineRows = r.rows.length;
    const execution = r.query_plan_execution;
    engineTook.push(execution.took_in_millis);
    const firstStep = execution.steps?.[0];
    engineBefore.push(firstStep ? firstStep.start_in_millis - execution.start_in_millis : NaN);
    engineOutside.push(execution.took_in_millis - covered(execution.steps ?? []));
    engineSteps.push((r.query_plan_execution.steps ?? []).map((s) => s.took_in_millis));
    enginePatterns = (r.query_plan_execution.steps ?? []).map((s) => s.pattern);
  };
  const direct = async () => {
    const r = await baseline.run(limit);
    if (r.rows.length !== check.rows.length) {
      throw new Error(`the baseline gave ${r.rows.length} rows, then ${check.rows.length}`);
    }
    phases.push(r.phases);
  };
  const phaseMedians = () =>
    Object.fromEntries(
      baseline.phaseNames.map((p) => [p, stats(phases.slice(-ROUNDS).map((x) => x[p])).median])
    );
  if (engineError === undefined) {
    try {
      const [e, d] = await timePair(engine, direct, WARMUP, ROUNDS);
      const steps = engineSteps.slice(-ROUNDS);
      const result: CaseResult = {
        name,
        query,
        rows: { engine: engineRows, baseline: check.rows.length },
        engine_ms: e,
        engine_took_ms: stats(engineTook.slice(-ROUNDS)),
        engine_before_steps_ms: stats(engineBefore.slice(-ROUNDS)),
        engine_outside_steps_ms: stats(engineOutside.slice(-ROUNDS)),
        baseline_ms: d,
        ratio: e.median / d.median,
        engine_steps_ms: (steps[0] ?? []).map((_, i) => stats(steps.map((s) => s[i])).median),
        engine_step_patterns: enginePatterns,
        baseline_phases_ms: phaseMedians(),
      };
      log(
        `  engine ${e.median.toFixed(0)} ms, baseline ${d.median.toFixed(0)} ms, ratio ${result.ratio!.toFixed(2)}x`
      );
      return result;
    } catch (err) {
      engineError = (err as Error).message;
      log(`  engine failed while timing: ${engineError}`);
    }
  }
  // Still time the baseline, so the report shows what the engine has to match.
  phases.length = 0;
  const [d] = await timePair(direct, async () => undefined, WARMUP, ROUNDS);
  return {
    name,
    query,
    rows: { engine: null, baseline: check.rows.length },
    engine_ms: null,
    engine_took_ms: null,
    engine_before_steps_ms: null,
    engine_outside_steps_ms: null,
    baseline_ms: d,
    ratio: null,
    engine_steps_ms: null,
    engine_step_patterns: [],
    baseline_phases_ms: phaseMedians(),
    error: engineError,
  };
}

/**
 * The query in the MATCH … RETURN form against its SELECT-form twin (issue 24: ≤ 1.05×): both
 * compile to the one plan, so what differs is parsing and binding. Same rows checked first.
 */
async function timeTwin(
  host: BenchHost,
  expected: Set<string>,
  problems: string[],
  log: Log
): Promise<TwinResult> {
  problems.push(
    ...compareRows(
      'MATCH … RETURN form',
      await engineQuery(host, MATCH_QUERY),
      expected,
      expected.size
    )
  );
  log(`MATCH … RETURN form vs its SELECT twin: ${WARMUP} warm-up + ${ROUNDS} rounds, interleaved`);
  const [match, select] = await timePair(
    () => engineQuery(host, MATCH_QUERY, ''),
    () => engineQuery(host, QUERY, ''),
    WARMUP,
    ROUNDS
  );
  log(`  MATCH form ${match.median.toFixed(0)} ms, SELECT form ${select.median.toFixed(0)} ms`);
  return {
    query: MATCH_QUERY,
    match_ms: match,
    select_ms: select,
    ratio: match.median / select.median,
  };
}

/** Milliseconds during which at least one step ran (steps overlap: counts, fetches). */
function covered(steps: ReadonlyArray<{ start_in_millis: number; stop_in_millis: number }>) {
  const spans = steps
    .map((s) => [s.start_in_millis, s.stop_in_millis] as const)
    .sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [start, stop] of spans) {
    if (stop <= end) continue;
    total += stop - Math.max(start, end);
    end = stop;
  }
  return total;
}
