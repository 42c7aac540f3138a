/**
 * The `pit` suite of `npm run bench` (issue 12, goal 2): paging a join through a point in time.
 * Data: bench/join_data.ts at P parents (default 400,000: 1,200,000 children, 40,000 matching
 * parents, 2 shards each), so 40 pages of 1,000 read every parent the join keeps.
 *
 * - engine: `POST /svc/<parent>/_pit`, then 40 × `POST /svc/_search` with the join, `sort` on
 *   the parent id, `size` 1,000, `pit.id` and `search_after` from the previous page, then
 *   `DELETE /svc/_pit`; on the standalone host in this process.
 * - expert: the child's keys once (composite aggregation pages), an OpenSearch point in time on
 *   the parent, 40 pages of the same sort with the keys as `terms` chunks and `search_after`,
 *   then the point in time closed; straight against OpenSearch.
 *
 * One round is the whole walk (open, 40 pages, close), both sides alternating. The suite checks
 * first that both walks return the same ids in the same order (and every matching parent once).
 * Also reported: the engine's later pages alone (median page time after the first), against the
 * expert's pages alone.
 *
 * Env: BENCH_PIT_PARENTS (400000), BENCH_PIT_ROUNDS (9), BENCH_PIT_WARMUP (2),
 * BENCH_PIT_PAGE (1000), BENCH_PIT_KEYS (`long,keyword`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { BenchHost } from './bench_host';
import {
  CHILD_QUERY,
  compositeKeys,
  compositeKeywords,
  ensureJoinData,
  joinDataSet,
  osJson,
  type JoinDataSet,
} from './join_data';
import {
  fields,
  joinQuery,
  KEY_PAGE,
  machine,
  parentFilters,
  table,
  type JoinCase,
  type KeyKind,
} from './joins';
import { stats, timePair, type Stats } from './timing';

const PARENTS = Number(process.env.BENCH_PIT_PARENTS ?? 400_000);
const ROUNDS = Number(process.env.BENCH_PIT_ROUNDS ?? 9);
const WARMUP = Number(process.env.BENCH_PIT_WARMUP ?? 2);
const PAGE = Number(process.env.BENCH_PIT_PAGE ?? 1000);
const KEYS = (process.env.BENCH_PIT_KEYS ?? 'long,keyword').split(',') as KeyKind[];
const KEEP_ALIVE = '2m';
const OUTPUT = path.join('test-output', 'bench', 'pit.json');

type Log = (line: string) => void;
type Hit = { _id: string; sort: unknown[] };
type Page = { pit_id?: string; hits: { hits: Hit[] } };

interface Walk {
  ids: string[];
  pages: number;
  /** Milliseconds of each page request (open and close not included). */
  pageMs: number[];
  /** The expert's key phase; the engine's is inside its first page. */
  keysMs: number;
  openMs: number;
  closeMs: number;
}

interface PitResult {
  name: string;
  key: KeyKind;
  parents: number;
  page_size: number;
  pages: number;
  check: {
    ok: boolean;
    engine_ids: number;
    expert_ids: number;
    same_order: boolean;
    problem?: string;
  };
  engine_ms: Stats | null;
  expert_ms: Stats;
  ratio: number | null;
  /** Page times after the first (the join is computed on the first), means per round. */
  engine_later_page_ms: Stats | null;
  /** The expert's page times (keys apart), means per round. */
  expert_page_ms: Stats;
  engine_first_page_ms: Stats | null;
  expert_keys_ms: Stats;
  engine_open_ms: Stats | null;
  expert_open_ms: Stats;
  engine_close_ms: Stats | null;
  expert_close_ms: Stats;
  error?: string;
}

export async function runPitBench(host: BenchHost, log: Log): Promise<void> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: host.postgresUrl });
  await client.connect();
  const set = joinDataSet(PARENTS);
  try {
    await ensureJoinData(host.openSearchUrl, client, set, log);
  } finally {
    await client.end();
  }
  const results: PitResult[] = [];
  for (const key of KEYS) results.push(await runCase(host, set, key, log));
  const version = await osJson<{ version: { number: string } }>(host.openSearchUrl, 'GET', '/');
  report(results, set, version.version.number, Date.now() - started);
}

const bodyOf = (c: JoinCase) => ({
  query: joinQuery(c),
  sort: [{ [fields(c.key).parent]: 'asc' }],
  size: PAGE,
});

/** The engine's walk: our PIT over the join, page by page to the end. */
async function engineWalk(host: BenchHost, c: JoinCase): Promise<Walk> {
  const t0 = performance.now();
  const opened = await host.call('POST', `/svc/${c.set.parentIndex}/_pit?keep_alive=${KEEP_ALIVE}`);
  if (opened.status !== 200)
    throw new Error(`open: ${opened.status} ${JSON.stringify(opened.body)}`);
  let id = (opened.body as { id: string }).id;
  const openMs = performance.now() - t0;
  const walk: Walk = { ids: [], pages: 0, pageMs: [], keysMs: 0, openMs, closeMs: 0 };
  try {
    let after: unknown[] | undefined;
    for (;;) {
      const t0 = performance.now();
      const r = await host.call('POST', '/svc/_search', {
        ...bodyOf(c),
        pit: { id, keep_alive: KEEP_ALIVE },
        ...(after ? { search_after: after } : {}),
      });
      walk.pageMs.push(performance.now() - t0);
      if (r.status !== 200)
        throw new Error(`page ${walk.pages}: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
      const page = r.body as Page;
      if (typeof page.pit_id === 'string') id = page.pit_id;
      walk.pages++;
      for (const hit of page.hits.hits) walk.ids.push(hit._id);
      if (page.hits.hits.length < PAGE) break;
      after = page.hits.hits[page.hits.hits.length - 1].sort;
    }
  } finally {
    const t1 = performance.now();
    await host.call('DELETE', '/svc/_pit', { id });
    walk.closeMs = performance.now() - t1;
  }
  return walk;
}

/** The expert's walk: keys once, then OpenSearch's own PIT with the keys as `terms` chunks. */
async function expertWalk(url: string, c: JoinCase): Promise<Walk> {
  const { child } = fields(c.key);
  const t0 = performance.now();
  const keys =
    c.key === 'long'
      ? await compositeKeys(url, c.set.childIndex, child, CHILD_QUERY, KEY_PAGE)
      : await compositeKeywords(url, c.set.childIndex, child, CHILD_QUERY, KEY_PAGE);
  // The filter is built once, as a script would; only the paging fields change per page.
  const query = { bool: { filter: parentFilters(c, keys) } };
  const t1 = performance.now();
  const opened = await osJson<{ pit_id: string }>(
    url,
    'POST',
    `/${c.set.parentIndex}/_search/point_in_time?keep_alive=${KEEP_ALIVE}`
  );
  let id = opened.pit_id;
  const keysMs = t1 - t0;
  const openMs = performance.now() - t1;
  const walk: Walk = { ids: [], pages: 0, pageMs: [], keysMs, openMs, closeMs: 0 };
  try {
    let after: unknown[] | undefined;
    for (;;) {
      const t0 = performance.now();
      const page = await osJson<Page>(url, 'POST', '/_search', {
        query,
        sort: [{ [fields(c.key).parent]: 'asc' }],
        size: PAGE,
        pit: { id, keep_alive: KEEP_ALIVE },
        ...(after ? { search_after: after } : {}),
      });
      walk.pageMs.push(performance.now() - t0);
      if (typeof page.pit_id === 'string') id = page.pit_id;
      walk.pages++;
      for (const hit of page.hits.hits) walk.ids.push(hit._id);
      if (page.hits.hits.length < PAGE) break;
      after = page.hits.hits[page.hits.hits.length - 1].sort;
    }
  } finally {
    const t2 = performance.now();
    await osJson(url, 'DELETE', '/_search/point_in_time', { pit_id: [id] }).catch(() => undefined);
    walk.closeMs = performance.now() - t2;
  }
  return walk;
}

async function runCase(
  host: BenchHost,
  set: JoinDataSet,
  key: KeyKind,
  log: Log
): Promise<PitResult> {
  const c: JoinCase = { set, child: 'opensearch', key, filtered: false };
  const expectedPages = Math.floor(set.matchingParents.length / PAGE) + 1;
  const name = `PIT over the join, ${key} keys, ${set.parents} parents, pages of ${PAGE}`;
  log(`${name}: check, then ${WARMUP} warm-up + ${ROUNDS} rounds`);
  const expert = await expertWalk(host.openSearchUrl, c);
  const expectedIds = Array.from(set.matchingParents, String);
  const check: PitResult['check'] = {
    ok: true,
    engine_ids: 0,
    expert_ids: expert.ids.length,
    same_order: false,
  };
  const problems: string[] = [];
  if (expert.ids.join() !== expectedIds.join())
    problems.push(
      `the expert walk did not return the ${expectedIds.length} matching parents in id order`
    );
  let engineError: string | undefined;
  try {
    const engine = await engineWalk(host, c);
    check.engine_ids = engine.ids.length;
    check.same_order = engine.ids.join() === expert.ids.join();
    if (!check.same_order)
      problems.push('the engine and the expert returned different ids or order');
  } catch (err) {
    engineError = (err as Error).message;
    problems.push(engineError);
  }
  if (problems.length > 0) {
    check.ok = false;
    check.problem = problems.join('; ');
    log(`  CHECK FAILED: ${check.problem}`);
  }
  const engineWalks: Walk[] = [];
  const expertWalks: Walk[] = [];
  const engineSide = async () => engineWalks.push(await engineWalk(host, c));
  const expertSide = async () => expertWalks.push(await expertWalk(host.openSearchUrl, c));
  const works = engineError === undefined;
  const [e, x] = await timePair(works ? engineSide : async () => null, expertSide, WARMUP, ROUNDS);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(xs.length, 1);
  const of = (walks: Walk[], f: (w: Walk) => number) => stats(walks.slice(-ROUNDS).map(f));
  const result: PitResult = {
    name,
    key,
    parents: set.parents,
    page_size: PAGE,
    pages: expectedPages,
    check,
    engine_ms: works ? e : null,
    expert_ms: x,
    ratio: works ? e.median / x.median : null,
    engine_later_page_ms: works ? of(engineWalks, (w) => mean(w.pageMs.slice(1))) : null,
    expert_page_ms: of(expertWalks, (w) => mean(w.pageMs)),
    engine_first_page_ms: works ? of(engineWalks, (w) => w.pageMs[0]) : null,
    expert_keys_ms: of(expertWalks, (w) => w.keysMs),
    engine_open_ms: works ? of(engineWalks, (w) => w.openMs) : null,
    expert_open_ms: of(expertWalks, (w) => w.openMs),
    engine_close_ms: works ? of(engineWalks, (w) => w.closeMs) : null,
    expert_close_ms: of(expertWalks, (w) => w.closeMs),
    ...(engineError ? { error: engineError } : {}),
  };
  log(
    works
      ? `  engine ${e.median.toFixed(0)} ms, expert ${x.median.toFixed(0)} ms, ratio ${result.ratio!.toFixed(2)}x; later pages ${result.engine_later_page_ms!.median.toFixed(1)} ms vs expert pages ${result.expert_page_ms.median.toFixed(1)} ms (means)`
      : `  expert ${x.median.toFixed(0)} ms; engine failed: ${engineError}`
  );
  return result;
}

function report(
  results: PitResult[],
  set: JoinDataSet,
  openSearchVersion: string,
  elapsedMs: number
) {
  const ms = (s: Stats | null) => (s === null ? '-' : s.median.toFixed(1));
  console.log(
    `\nPIT pages over a join: ${set.parents} parents × ${set.children} children, ${set.matchingParents.length} matching, pages of ${PAGE} (medians of ${ROUNDS}, ms)\n`
  );
  table(
    [
      'case',
      'engine walk',
      'expert walk',
      'ratio',
      'open e/x',
      'engine 1st page',
      'expert keys',
      'later page e/x (mean)',
      'close e/x',
      'ids',
    ],
    results.map((r) => [
      r.name,
      ms(r.engine_ms),
      ms(r.expert_ms),
      r.ratio === null ? 'error' : `${r.ratio.toFixed(2)}x`,
      `${ms(r.engine_open_ms)}/${ms(r.expert_open_ms)}`,
      ms(r.engine_first_page_ms),
      ms(r.expert_keys_ms),
      `${ms(r.engine_later_page_ms)}/${ms(r.expert_page_ms)}`,
      `${ms(r.engine_close_ms)}/${ms(r.expert_close_ms)}`,
      `${r.check.engine_ids}/${r.check.expert_ids}${r.check.ok ? '' : ' MISMATCH'}`,
    ])
  );
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  const out = {
    generated_at: new Date().toISOString(),
    elapsed_s: Math.round(elapsedMs / 1000),
    rounds: ROUNDS,
    warmup: WARMUP,
    data: {
      parents: `${set.parentIndex}: ${set.parents} docs, 2 shards`,
      children: `${set.childIndex}: ${set.children} docs, 2 shards`,
      child_query: CHILD_QUERY,
      matching_parents: set.matchingParents.length,
    },
    opensearch: openSearchVersion,
    machine: machine(),
    note:
      'One round = open, every page, close. engine: /svc/<parent>/_pit, /svc/_search with the join and pit, ' +
      '/svc/_pit; expert: composite keys once, OpenSearch PIT, terms chunks + search_after; ratio = median ' +
      'engine walk / median expert walk (alternating). Page times exclude open and close.',
    cases: results,
  };
  writeFileSync(OUTPUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nwrote ${OUTPUT}`);
}
