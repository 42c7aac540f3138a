/**
 * The graph benchmark's data, built once and reused across runs (a marker written last says a
 * store is complete and which generator and size made it). N = BENCH_GRAPH_DOCS (default
 * 1,000,000; a multiple of 1,000, at least 10,000):
 *
 * - `bench-graph-a` (OpenSearch), entity A: N documents, `_id` = `a_id` = 1..N (long), `tier`
 *   (keyword) `gold` when a_id % 200 = 0 (N/200 documents), else `silver` or `bronze`; `name`.
 * - `bench_graph_b` (PostgreSQL, generated server-side, behind the virtual index
 *   `bench-graph-b`), entity B: N rows, `id` = 1..N (primary key), `a_id`, `c_id` (bigint,
 *   indexed, as foreign keys are), `amount`. Every 50th row (k = id / 50) is "linked": its
 *   a_id is a gold A (each gold A gets 4 of them) and, for even k, its c_id is an open C; the
 *   other rows point at scrambled A and C documents (a_id and c_id bijections of the id).
 * - `bench-graph-c` (OpenSearch), entity C: N documents, `c_id` = 1..N (long), `status`
 *   (keyword) `open` when c_id % 250 = 0 (N/250 documents), else `closed`; `score` =
 *   floor(c_id / 250) % 100 (80% of the open ones that linked rows reach have score ≥ 20); `title`.
 *
 * So `(a:A WHERE "tier:gold")-[:OWNS]->(b:B)-[:POINTS_TO]->(c:C WHERE "status:open") WHERE
 * c.score >= 20` selects a few thousand documents at each end and yields about 0.008·N rows
 * (8,000 for a million, within the default maxGraphRows of 10,000). Counts are never assumed by
 * the benchmark: the baseline script computes them, and the engine must agree.
 *
 * OpenSearch indices: one shard, no replicas, refresh off while loading through `_bulk`, then
 * refreshed and force-merged to one segment so every run sees the same layout.
 */
import type pg from 'pg';
import { osJson } from './join_data';
import { markedTableHolds, quote } from './million_row_table';

export const GRAPH_DOCS = graphDocs(process.env.BENCH_GRAPH_DOCS);
export const A_INDEX = 'bench-graph-a';
export const C_INDEX = 'bench-graph-c';
export const B_TABLE = 'bench_graph_b';

/** The end filters, as GQL node query strings and as the query DSL the baseline sends. */
export const A_QUERY_STRING = 'tier:gold';
export const C_QUERY_STRING = 'status:open';
export const C_MIN_SCORE = 20;

/** Bump when a generator changes: older data is then rebuilt. */
const DATA_VERSION = 1;
const MARKER = `bench-graph-data v${DATA_VERSION} (${GRAPH_DOCS} docs)`;
const DOCS_PER_BULK = 50_000; // about 3-4 MB of NDJSON, well under 10 MB
const BULKS_IN_FLIGHT = 2;

type Log = (line: string) => void;

function graphDocs(raw: string | undefined): number {
  const n = raw === undefined || raw === '' ? 1_000_000 : Number(raw);
  if (!Number.isInteger(n) || n < 10_000 || n % 1000 !== 0 || n > 50_000_000) {
    throw new Error(
      `BENCH_GRAPH_DOCS must be a multiple of 1000 between 10000 and 50000000, not [${raw}]`
    );
  }
  return n;
}

export function aDoc(i: number): { a_id: number; tier: string; name: string } {
  const tier = i % 200 === 0 ? 'gold' : i % 3 === 0 ? 'silver' : 'bronze';
  return { a_id: i, tier, name: `a-${i}` };
}

export function cDoc(i: number): { c_id: number; status: string; score: number; title: string } {
  return {
    c_id: i,
    status: i % 250 === 0 ? 'open' : 'closed',
    score: Math.floor(i / 250) % 100,
    title: `c-${i}`,
  };
}

export interface BenchIndexSpec {
  name: string;
  docs: number;
  properties: Record<string, { type: string }>;
  /** The NDJSON of documents [from, to) (action and source lines), 0-based. */
  ndjson(from: number, to: number): string;
}

function docsNdjson<T>(doc: (i: number) => T, id: (d: T) => number) {
  return (from: number, to: number) => {
    let out = '';
    for (let g = from; g < to; g++) {
      const d = doc(g + 1);
      out += `{"index":{"_id":"${id(d)}"}}\n${JSON.stringify(d)}\n`;
    }
    return out;
  };
}

const INDICES: BenchIndexSpec[] = [
  {
    name: A_INDEX,
    docs: GRAPH_DOCS,
    properties: { a_id: { type: 'long' }, tier: { type: 'keyword' }, name: { type: 'keyword' } },
    ndjson: docsNdjson(aDoc, (d) => d.a_id),
  },
  {
    name: C_INDEX,
    docs: GRAPH_DOCS,
    properties: {
      c_id: { type: 'long' },
      status: { type: 'keyword' },
      score: { type: 'long' },
      title: { type: 'keyword' },
    },
    ndjson: docsNdjson(cDoc, (d) => d.c_id),
  },
];

/** Creates (or reuses, when complete) both OpenSearch indices. */
export async function ensureGraphIndices(openSearchUrl: string, log: Log): Promise<void> {
  for (const spec of INDICES) await ensureBenchIndex(openSearchUrl, spec, MARKER, log);
}

/**
 * One benchmark index, reused when its `_meta.bench` marker and document count say a previous
 * run completed it, else rebuilt through `_bulk` and force-merged to one segment.
 */
export async function ensureBenchIndex(
  url: string,
  spec: BenchIndexSpec,
  marker: string,
  log: Log
): Promise<void> {
  if (await indexIsComplete(url, spec, marker)) {
    log(`reusing ${spec.name} (${spec.docs} docs)`);
    return;
  }
  const started = Date.now();
  log(`building ${spec.name}: ${spec.docs} docs through _bulk`);
  const existing = await fetch(`${url}/${spec.name}`, { method: 'DELETE' });
  await existing.text();
  await osJson(url, 'PUT', `/${spec.name}`, {
    settings: { index: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' } },
    mappings: { dynamic: 'strict', properties: spec.properties },
  });
  let next = 0;
  let done = 0;
  let lastLog = Date.now();
  const worker = async () => {
    while (next < spec.docs) {
      const from = next;
      const to = Math.min(spec.docs, from + DOCS_PER_BULK);
      next = to;
      const response = await fetch(`${url}/${spec.name}/_bulk`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson' },
        body: spec.ndjson(from, to),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`_bulk into ${spec.name}: ${response.status} ${text}`);
      // Only the head is parsed: the body lists every item.
      if (/"errors"\s*:\s*true/.test(text.slice(0, 100))) {
        throw new Error(`_bulk into ${spec.name} had item errors: ${text.slice(0, 500)}`);
      }
      done += to - from;
      if (Date.now() - lastLog > 10_000 || done === spec.docs) {
        lastLog = Date.now();
        log(`  ${spec.name}: ${done} / ${spec.docs} (${secondsSince(started)} s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: BULKS_IN_FLIGHT }, worker));
  await osJson(url, 'PUT', `/${spec.name}/_settings`, { index: { refresh_interval: null } });
  await osJson(url, 'POST', `/${spec.name}/_refresh`);
  log(`  ${spec.name}: force-merging to one segment`);
  await osJson(url, 'POST', `/${spec.name}/_forcemerge?max_num_segments=1`);
  await osJson(url, 'POST', `/${spec.name}/_refresh`);
  const { count } = await osJson<{ count: number }>(url, 'GET', `/${spec.name}/_count`);
  if (count !== spec.docs) throw new Error(`${spec.name} has ${count} docs after loading`);
  await osJson(url, 'PUT', `/${spec.name}/_mapping`, { _meta: { bench: marker } });
  log(`built ${spec.name} in ${secondsSince(started)} s`);
}

async function indexIsComplete(url: string, spec: BenchIndexSpec, marker: string) {
  const exists = await fetch(`${url}/${spec.name}`, { method: 'HEAD' });
  if (exists.status === 404) return false;
  const mapping = await osJson<Record<string, { mappings?: { _meta?: { bench?: string } } }>>(
    url,
    'GET',
    `/${spec.name}/_mapping`
  );
  if (Object.values(mapping)[0]?.mappings?._meta?.bench !== marker) return false;
  const { count } = await osJson<{ count: number }>(url, 'GET', `/${spec.name}/_count`);
  return count === spec.docs;
}

/** Creates (or reuses, when complete) the PostgreSQL table of entity B, generated server-side. */
export async function ensureGraphTable(client: pg.Client, log: Log): Promise<void> {
  const t = quote(B_TABLE);
  if (await markedTableHolds(client, B_TABLE, MARKER, GRAPH_DOCS)) {
    log(`reusing ${B_TABLE} (${GRAPH_DOCS} rows)`);
    return;
  }
  const started = Date.now();
  const n = GRAPH_DOCS;
  log(`building ${B_TABLE}: ${n} rows with generate_series`);
  await client.query(`DROP TABLE IF EXISTS ${t}`);
  await client.query(
    `CREATE TABLE ${t} (id bigint PRIMARY KEY, a_id bigint NOT NULL, c_id bigint NOT NULL, amount integer NOT NULL)`
  );
  // Linked rows (id % 50 = 0, k = id / 50): a gold A, ((k·7) mod N/200 + 1)·200, four rows per
  // gold A; for even k an open C, ((k·3) mod N/250 + 1)·250. Everything else is scrambled with
  // multipliers prime to N (7919, 104729), so every A and C is reached about once.
  await client.query(
    `INSERT INTO ${t}
     SELECT j,
            CASE WHEN j % 50 = 0 THEN (((j / 50) * 7) % ${n / 200} + 1) * 200
                 ELSE (j * 7919) % ${n} + 1 END,
            CASE WHEN j % 50 = 0 AND (j / 50) % 2 = 0 THEN (((j / 50) * 3) % ${n / 250} + 1) * 250
                 ELSE (j * 104729) % ${n} + 1 END,
            ((j * 13) % 1000)::int
     FROM generate_series(1::bigint, ${n}::bigint) AS j`
  );
  await client.query(`CREATE INDEX ${quote(`${B_TABLE}_a_id`)} ON ${t} (a_id)`);
  await client.query(`CREATE INDEX ${quote(`${B_TABLE}_c_id`)} ON ${t} (c_id)`);
  await client.query(`VACUUM ANALYZE ${t}`);
  await client.query(`COMMENT ON TABLE ${t} IS '${MARKER}'`);
  log(`built ${B_TABLE} in ${secondsSince(started)} s`);
}

function secondsSince(start: number): string {
  return ((Date.now() - start) / 1000).toFixed(1);
}
