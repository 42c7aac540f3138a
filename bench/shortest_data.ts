/**
 * The shortest-path benchmark's data (bench/shortest.ts), built once and reused across runs:
 * a tree of N = BENCH_SHORTEST_DOCS nodes (default 100,000, a multiple of 1,000; a million for
 * the issue's figure), node i's parent being floor(i / F), F = BENCH_SHORTEST_FANOUT (default
 * 10), twice over:
 *
 * - `bench-sp-nodes` (OpenSearch): `id` (long, also `_id`), `parent` (long), `role` (keyword),
 *   `name`; one shard, force-merged.
 * - `bench_sp_nodes` (PostgreSQL, generated server-side, behind the virtual index
 *   `bench-sp-virtual`): the same rows, `id` the primary key, `parent` and `role` indexed.
 *
 * The two node sets: `role:src` = the siblings s = F·k, s+1, s+2 and `role:dst` = three
 * descendants of s three levels down (F³·s, F³·s + F³/2, F³·s + F³ - 1), k = N / (2·F⁴). Along
 * the undirected parent relation, s is 3 hops from each end, its siblings 5 (via k): every pair
 * is connected within 5 hops (maxGraphHops), by exactly one shortest path (a tree), so the
 * engine's rows and the baseline's compare exactly. Each level of the search reads about F
 * times the documents of the one before (children, and the parent).
 */
import type pg from 'pg';
import { ensureBenchIndex, type BenchIndexSpec } from './graph_data';
import { markedTableHolds, quote } from './million_row_table';

export const SHORTEST_DOCS = shortestDocs(process.env.BENCH_SHORTEST_DOCS);
export const SP_INDEX = 'bench-sp-nodes';
export const SP_TABLE = 'bench_sp_nodes';
export const SP_VIRTUAL = 'bench-sp-virtual';

export const FANOUT = Number(process.env.BENCH_SHORTEST_FANOUT ?? 10);
const DATA_VERSION = 2;
const MARKER = `bench-shortest-data v${DATA_VERSION} (${SHORTEST_DOCS} docs, fan-out ${FANOUT})`;

type Log = (line: string) => void;

function shortestDocs(raw: string | undefined): number {
  const n = raw === undefined || raw === '' ? 100_000 : Number(raw);
  if (!Number.isInteger(n) || n < 10_000 || n % 1000 !== 0 || n > 50_000_000) {
    throw new Error(
      `BENCH_SHORTEST_DOCS must be a multiple of 1000 between 10000 and 50000000, not [${raw}]`
    );
  }
  return n;
}

const K = Math.floor(SHORTEST_DOCS / (2 * FANOUT ** 4));
if (!Number.isInteger(FANOUT) || FANOUT < 3 || K < 1) {
  throw new Error(
    `BENCH_SHORTEST_FANOUT must be an integer from 3 with 2·F⁴ <= BENCH_SHORTEST_DOCS`
  );
}
const SOURCE = FANOUT * K;
const CUBE = FANOUT ** 3;
export const SOURCES = [SOURCE, SOURCE + 1, SOURCE + 2];
export const DESTINATIONS = [CUBE * SOURCE, CUBE * SOURCE + CUBE / 2, CUBE * SOURCE + CUBE - 1].map(
  Math.floor
);

export function role(i: number): string {
  return SOURCES.includes(i) ? 'src' : DESTINATIONS.includes(i) ? 'dst' : 'none';
}

export function nodeDoc(i: number) {
  return { id: i, parent: Math.floor(i / FANOUT), role: role(i), name: `node-${i}` };
}

const SPEC: BenchIndexSpec = {
  name: SP_INDEX,
  docs: SHORTEST_DOCS,
  properties: {
    id: { type: 'long' },
    parent: { type: 'long' },
    role: { type: 'keyword' },
    name: { type: 'keyword' },
  },
  ndjson(from, to) {
    let out = '';
    for (let g = from; g < to; g++) {
      const d = nodeDoc(g + 1);
      out += `{"index":{"_id":"${d.id}"}}\n${JSON.stringify(d)}\n`;
    }
    return out;
  },
};

export async function ensureShortestIndex(openSearchUrl: string, log: Log): Promise<void> {
  await ensureBenchIndex(openSearchUrl, SPEC, MARKER, log);
}

export async function ensureShortestTable(client: pg.Client, log: Log): Promise<void> {
  const t = quote(SP_TABLE);
  if (await markedTableHolds(client, SP_TABLE, MARKER, SHORTEST_DOCS)) {
    log(`reusing ${SP_TABLE} (${SHORTEST_DOCS} rows)`);
    return;
  }
  log(`building ${SP_TABLE}: ${SHORTEST_DOCS} rows with generate_series`);
  await client.query(`DROP TABLE IF EXISTS ${t}`);
  await client.query(
    `CREATE TABLE ${t} (id bigint PRIMARY KEY, parent bigint NOT NULL, role text NOT NULL, name text NOT NULL)`
  );
  const src = SOURCES.join(', ');
  const dst = DESTINATIONS.join(', ');
  await client.query(
    `INSERT INTO ${t}
     SELECT i, i / ${FANOUT},
            CASE WHEN i IN (${src}) THEN 'src' WHEN i IN (${dst}) THEN 'dst' ELSE 'none' END,
            'node-' || i
     FROM generate_series(1::bigint, ${SHORTEST_DOCS}::bigint) AS i`
  );
  await client.query(`CREATE INDEX ${quote(`${SP_TABLE}_parent`)} ON ${t} (parent)`);
  await client.query(`CREATE INDEX ${quote(`${SP_TABLE}_role`)} ON ${t} (role)`);
  await client.query(`ANALYZE ${t}`);
  await client.query(`COMMENT ON TABLE ${t} IS '${MARKER}'`);
}
