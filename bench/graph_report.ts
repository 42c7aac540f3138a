/**
 * The graph suite's report: a table of engine vs baseline per case, the plan with estimated vs
 * actual rows beside the baseline phase doing the same work, peak memory, and
 * test-output/bench/graph.json with everything (debug requests abbreviated).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOCUMENT_PAGE, type Baseline } from './graph_baseline';
import { A_INDEX, B_TABLE, C_INDEX, GRAPH_DOCS } from './graph_data';
import {
  FIRST_ROWS,
  MODEL,
  QUERY,
  VIRTUAL_B,
  type EngineResponse,
  type EngineStep,
} from './graph_query';
import type { MemoryPeak } from './memory';
import { stats, type Stats } from './timing';

const OUTPUT = path.join('test-output', 'bench', 'graph.json');
const TARGET_RATIO = 1.1;

export interface CaseResult {
  name: string;
  query: string;
  rows: { engine: number | null; baseline: number };
  engine_ms: Stats | null;
  engine_took_ms: Stats | null;
  /** From the query's start to its first step: parsing, model checks, mappings, push-down. */
  engine_before_steps_ms: Stats | null;
  /** took_in_millis minus the time some step was running: planning, gaps, shaping the response. */
  engine_outside_steps_ms: Stats | null;
  baseline_ms: Stats;
  ratio: number | null;
  /** Median took_in_millis per engine step, in plan order. */
  engine_steps_ms: number[] | null;
  /** The engine's steps (a LIMIT's plan reads its first rows with steps of its own). */
  engine_step_patterns: string[];
  /** Median ms per baseline phase. */
  baseline_phases_ms: Record<string, number>;
  error?: string;
}

export interface GraphReport {
  rounds: number;
  warmup: number;
  memoryReps: number;
  results: CaseResult[];
  /** Null when the engine failed before it could be timed. */
  twin: TwinResult | null;
  memory: { engine: MemoryPeak[]; baseline: MemoryPeak[] };
  detailed: EngineResponse | undefined;
  plan: EngineResponse['plan'];
  debugSteps: EngineStep[] | undefined;
  baseline: Baseline;
  baselineKeys: number[];
  counts: { A: number; B: number; C: number };
  problems: string[];
  openSearchVersion: string;
  elapsedMs: number;
}

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

/** Long strings (bitmaps, key lists) cut, so the debug requests stay readable in the JSON. */
function abbreviate(value: unknown): unknown {
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value;
  if (Array.isArray(value)) {
    const shown = value.slice(0, 20).map(abbreviate);
    return value.length > 20 ? [...shown, `… ${value.length - 20} more`] : shown;
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, abbreviate(v)]));
  }
  return value;
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

function memoryMedians(reps: MemoryPeak[]) {
  return {
    heap_mb: Number(mb(stats(reps.map((r) => r.peak_heap - r.baseline_heap)).median)),
    old_mb: Number(mb(stats(reps.map((r) => r.peak_old - r.baseline_old)).median)),
    rss_mb: Number(mb(stats(reps.map((r) => r.peak_rss - r.baseline_rss)).median)),
  };
}

/** The MATCH … RETURN form timed against its SELECT twin. */
export interface TwinResult {
  query: string;
  match_ms: Stats;
  select_ms: Stats;
  ratio: number;
}

export function writeGraphReport(input: GraphReport): void {
  const { results, memory, detailed, plan, debugSteps, baseline, problems } = input;
  const ROUNDS = input.rounds;
  const ms = (s: Stats | null) => (s === null ? '-' : s.median.toFixed(0));
  const total = results[0].rows.baseline;
  console.log(
    `\nGraph query, ${GRAPH_DOCS} docs per entity (A, C: OpenSearch; B: PostgreSQL virtual index), ${total} rows (medians of ${ROUNDS}, ms)\n`
  );
  console.log(`${QUERY}\n`);
  table(
    [
      'case',
      'engine',
      'engine took',
      'before steps',
      'outside steps',
      'baseline',
      'ratio',
      'target',
      'rows engine/baseline',
    ],
    results.map((r) => [
      r.name,
      ms(r.engine_ms),
      ms(r.engine_took_ms),
      ms(r.engine_before_steps_ms),
      ms(r.engine_outside_steps_ms),
      ms(r.baseline_ms),
      r.ratio === null ? `error: ${r.error?.slice(0, 60)}` : `${r.ratio.toFixed(2)}x`,
      `≤ ${TARGET_RATIO}x`,
      `${r.rows.engine ?? '-'}/${r.rows.baseline}${problems.length > 0 ? ' MISMATCH' : ''}`,
    ])
  );

  if (input.twin !== null) {
    console.log(
      `\nMATCH … RETURN form vs its SELECT twin: ${ms(input.twin.match_ms)} vs ${ms(input.twin.select_ms)} ms, ${input.twin.ratio.toFixed(2)}x (target ≤ 1.05x)\n`
    );
  }

  // The plan, its estimates and actual rows, beside the baseline phase doing the same work.
  const steps = detailed?.query_plan_execution.steps ?? [];
  const [whole, limited] = results;
  if (steps.length > 0) {
    const kinds = plan?.steps.map((s) => s.kind) ?? steps.map(() => '?');
    const names = baseline.phaseNames;
    let reduceIndex = 0;
    const counterpart = (kind: string, pattern: string) => {
      if (kind === 'reduce') {
        const i = reduceIndex++;
        return { name: names[i], keys: String(input.baselineKeys[i]) };
      }
      if (kind === 'fetch') {
        const label = /:(\w+)/.exec(pattern)?.[1] ?? '';
        return { name: `fetch ${label}`, keys: '' };
      }
      if (kind === 'assemble') return { name: 'hash join', keys: String(total) };
      return { name: '', keys: '' };
    };
    console.log(
      `\nPlan (?detailed=true; ms: medians per case; the rows are the whole query's)${plan ? `, starting at ${plan.start}: ${plan.reason}` : ''}\n`
    );
    table(
      [
        '#',
        'kind',
        'pattern',
        'estimated',
        'rows',
        'requests',
        'engine ms',
        `LIMIT ${FIRST_ROWS}`,
        'baseline phase',
        'its rows',
        'its ms',
        `LIMIT ${FIRST_ROWS}`,
      ],
      steps.map((s, i) => {
        const c = counterpart(kinds[i], s.pattern);
        return [
          String(i + 1),
          kinds[i],
          s.pattern,
          String(s.estimated_rows),
          String(s.rows),
          String(debugSteps?.[i]?.requests?.length ?? '-'),
          whole.engine_steps_ms ? whole.engine_steps_ms[i].toFixed(0) : '-',
          limited.engine_steps_ms ? limited.engine_steps_ms[i].toFixed(0) : '-',
          c.name,
          c.keys,
          c.name ? (whole.baseline_phases_ms[c.name]?.toFixed(0) ?? '-') : '',
          c.name ? (limited.baseline_phases_ms[c.name]?.toFixed(0) ?? '-') : '',
        ];
      })
    );
    // The LIMIT's plan reads its first rows with fetch steps of its own: named here, the
    // table's LIMIT column pairs them with the whole query's steps by position.
    const own = limited.engine_step_patterns;
    const from = own.findIndex((p, i) => p !== steps[i]?.pattern);
    if (limited.engine_steps_ms && from >= 0) {
      console.log(
        `LIMIT ${FIRST_ROWS}'s own steps from #${from + 1}: ` +
          own
            .slice(from)
            .map((p, i) => `${p} ${limited.engine_steps_ms![from + i].toFixed(0)} ms`)
            .join('; ')
      );
    }
    console.log(
      `baseline fetches in parallel: ${whole.baseline_phases_ms['fetch (all, in parallel)'].toFixed(0)} ms, ` +
        `LIMIT ${FIRST_ROWS}: ${limited.baseline_phases_ms['fetch (all, in parallel)'].toFixed(0)} ms (the engine's fetch steps overlap too)`
    );
  } else {
    console.log('\nBaseline phases (medians, ms)\n');
    table(
      ['phase', 'whole query', `LIMIT ${FIRST_ROWS}`],
      baseline.phaseNames.map((p) => [
        p,
        results[0].baseline_phases_ms[p].toFixed(0),
        results[1].baseline_phases_ms[p].toFixed(0),
      ])
    );
  }

  const memoryOut =
    memory.engine.length > 0
      ? { engine: memoryMedians(memory.engine), baseline: memoryMedians(memory.baseline) }
      : null;
  if (memoryOut) {
    console.log(
      `\nPeak memory growth of this process during one whole query (median of ${input.memoryReps}, MB; the host runs in-process)\n`
    );
    table(
      ['side', 'heap+arrayBuffers', 'without new space', 'rss'],
      (['engine', 'baseline'] as const).map((side) => [
        side,
        memoryOut[side].heap_mb.toFixed(1),
        memoryOut[side].old_mb.toFixed(1),
        memoryOut[side].rss_mb.toFixed(1),
      ])
    );
  }

  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  const out = {
    generated_at: new Date().toISOString(),
    elapsed_s: Math.round(input.elapsedMs / 1000),
    rounds: ROUNDS,
    warmup: input.warmup,
    data: {
      docs_per_entity: GRAPH_DOCS,
      A: `${A_INDEX} (OpenSearch, 1 shard, force-merged): a_id, tier, name`,
      B: `${B_TABLE} (PostgreSQL, virtual index ${VIRTUAL_B}, key id, indexed a_id and c_id): a_id, c_id, amount`,
      C: `${C_INDEX} (OpenSearch, 1 shard, force-merged): c_id, status, score, title`,
      matching: input.counts,
      rows: total,
    },
    model: MODEL,
    query: QUERY,
    opensearch: input.openSearchVersion,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memory_mb: Math.round(os.totalmem() / 2 ** 20),
      node: process.version,
    },
    note:
      'engine_ms: POST /svc/_graph?detailed=true through the standalone host in this process (client side, ' +
      'JSON parse included); engine_took_ms: its query_plan_execution.took_in_millis. baseline_ms: the same ' +
      'plan by hand: composite-aggregation keys (page = joinKeyPageSize), SELECT DISTINCT ... = ANY($1::bigint[]), ' +
      'RoaringBitmap terms filters, the four reductions in the engine order, then the three nodes fetched in ' +
      `parallel (PIT + search_after pages of ${DOCUMENT_PAGE}; one SELECT, or for LIMIT a cursor read ` +
      `${FIRST_ROWS} rows at a time) and hash-joined. ratio = median engine / median baseline, ` +
      'measured interleaved. engine_before_steps_ms: from the query start to its first step; ' +
      'engine_outside_steps_ms: took_in_millis minus the time at least one step ran. Memory: ' +
      'process.memoryUsage() sampled every 2 ms after a full GC, peak minus baseline.',
    problems,
    cases: results,
    match_form_vs_select_form: input.twin && {
      query: input.twin.query,
      match_ms: input.twin.match_ms.median,
      select_ms: input.twin.select_ms.median,
      ratio: input.twin.ratio,
      target: 1.05,
    },
    plan: plan ?? null,
    steps: steps.map((s, i) => ({
      ...s,
      requests: debugSteps?.[i]?.requests?.map(abbreviate),
    })),
    baseline_keys: input.baselineKeys,
    memory: memoryOut,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${OUTPUT}`);
}
