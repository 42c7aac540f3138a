/**
 * The join benchmarks' data (bench/joins.ts, bench/pit.ts), built once per size and reused
 * across runs. The shape is issue 12's: P parents, 3P children, 3 children per parent, 10 % of
 * the parents matched by the child query; every index has 2 shards.
 *
 * - `bench-join-parents-<P>` (OpenSearch): P documents, `_id` = `id` = 1..P (long), `id_kw` =
 *   keyword(id) (the same key as a keyword), `group` = id % 1000 (long; the parent filter
 *   `group < 500` keeps about half).
 * - `bench-join-children-<P>` (OpenSearch) and `bench_join_children_<P>` (PostgreSQL, generated
 *   server-side, behind a virtual index in the benches): 3P children. Child g (0-based) belongs
 *   to slot s = g % P, so every slot has three children (g = s, s + P, s + 2P: spread over the
 *   index); slot s points at parent (s · 7919 mod P) + 1, a bijection, so every parent has three
 *   children, their ids scattered over the whole id range. `parent_kw` = keyword(parent_id).
 *   `score` = (s % 10) · 1000 + (g · 37) % 1000, so `score < 1000` holds exactly for the slots
 *   with s % 10 = 0, all three of their children: 0.3P children, P/10 distinct parents.
 * - `bench-join-keys-<N>` (OpenSearch, for the memory cases): N documents, each with a distinct
 *   `k` (long, scattered over 1..2N) and `kw` = keyword(k): a child with N distinct keys.
 *
 * Loading: refresh off while loading through `_bulk` (a few MB per request), then refreshed and
 * force-merged to one segment per shard so every run sees the same layout. A `_meta` marker
 * written last (and a table comment in PostgreSQL) says the data is complete.
 */
import http from 'node:http';
import type pg from 'pg';
import { markedTableHolds, quote } from './million_row_table';

/** The child query of every case, and its SQL form for the direct side. */
export const CHILD_QUERY = { range: { score: { lt: 1000 } } };
export const CHILD_WHERE = 'score < 1000';
/** The parent filter of the cases "with a parent filter" (a join inside a `bool`). */
export const PARENT_FILTER = { range: { group: { lt: 500 } } };
export const SHARDS = 2;
const CHILDREN_PER_PARENT = 3;
/** Slots with s % MATCH_EVERY = 0 match the child query. */
const MATCH_EVERY = 10;

/** The key of id `n` as a keyword: fixed width, so its order is the numbers' order. */
export function keyword(n: number): string {
  return `p${String(n).padStart(8, '0')}`;
}

/** The same as SQL, for PostgreSQL's generated columns. */
const KEYWORD_SQL = (expr: string) => `'p' || lpad((${expr})::text, 8, '0')`;

export interface JoinDataSet {
  parents: number;
  children: number;
  parentIndex: string;
  childIndex: string;
  childTable: string;
  /** Distinct parent ids the child query matches, ascending. */
  matchingParents: Float64Array;
  /** Of those, the ones the parent filter keeps, ascending. */
  filteredParents: Float64Array;
}

export function joinDataSet(parents: number): JoinDataSet {
  const matching: number[] = [];
  for (let s = 0; s < parents; s += MATCH_EVERY) matching.push(parentOfSlot(s, parents));
  matching.sort((a, b) => a - b);
  return {
    parents,
    children: CHILDREN_PER_PARENT * parents,
    parentIndex: `bench-join-parents-${parents}`,
    childIndex: `bench-join-children-${parents}`,
    childTable: `bench_join_children_${parents}`,
    matchingParents: Float64Array.from(matching),
    filteredParents: Float64Array.from(matching.filter((id) => id % 1000 < 500)),
  };
}

function parentOfSlot(s: number, parents: number): number {
  return ((s * 7919) % parents) + 1;
}

export function childOf(g: number, parents: number) {
  const s = g % parents;
  const parent_id = parentOfSlot(s, parents);
  return {
    parent_id,
    parent_kw: keyword(parent_id),
    score: (s % MATCH_EVERY) * 1000 + ((g * 37) % 1000),
  };
}

/** Bump when a generator changes: older data is then rebuilt. */
const DATA_VERSION = 2;

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * A lean JSON client for OpenSearch itself, for the direct side (it must not go through the
 * engine): node:http with keep-alive and no `accept-encoding`, so responses are not gzipped
 * (fetch asks for gzip, which costs both ends CPU and made the "lower bound" slower than the
 * engine, whose client does not).
 */
export function osJson<T = unknown>(
  baseUrl: string,
  method: string,
  urlPath: string,
  body?: unknown
): Promise<T> {
  const payload =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return new Promise<T>((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${urlPath}`,
      {
        method,
        agent,
        headers:
          payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) {
            reject(new Error(`${method} ${urlPath}: ${status} ${text.slice(0, 500)}`));
            return;
          }
          try {
            resolve(JSON.parse(text) as T);
          } catch (err) {
            reject(err);
          }
        });
      }
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * The distinct integer values of `field` over the documents matching `query`, as an expert
 * reads them: composite aggregation pages of `pageSize` keys straight into a Float64Array.
 */
export async function compositeKeys(
  baseUrl: string,
  index: string,
  field: string,
  query: unknown,
  pageSize: number,
  expected = 1024
): Promise<Float64Array> {
  let keys = new Float64Array(Math.max(expected, 1));
  let n = 0;
  for await (const page of compositePages<number>(baseUrl, index, field, query, pageSize)) {
    if (n + page.length > keys.length) {
      const grown = new Float64Array(Math.max(keys.length * 2, n + page.length));
      grown.set(keys.subarray(0, n));
      keys = grown;
    }
    for (const k of page) keys[n++] = k;
  }
  return keys.slice(0, n);
}

/** The same for a keyword field: the distinct values, in the aggregation's (byte) order. */
export async function compositeKeywords(
  baseUrl: string,
  index: string,
  field: string,
  query: unknown,
  pageSize: number
): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of compositePages<string>(baseUrl, index, field, query, pageSize)) {
    for (const k of page) keys.push(k);
  }
  return keys;
}

async function* compositePages<K>(
  baseUrl: string,
  index: string,
  field: string,
  query: unknown,
  pageSize: number
): AsyncGenerator<K[]> {
  let after: unknown;
  for (;;) {
    const r = await osJson<{
      aggregations: { keys: { after_key?: unknown; buckets: Array<{ key: { k: K } }> } };
    }>(baseUrl, 'POST', `/${index}/_search`, {
      size: 0,
      track_total_hits: false,
      query,
      aggs: {
        keys: {
          composite: {
            size: pageSize,
            sources: [{ k: { terms: { field } } }],
            ...(after ? { after } : {}),
          },
        },
      },
    });
    const page = r.aggregations.keys;
    yield page.buckets.map((b) => b.key.k);
    if (page.buckets.length < pageSize || page.after_key === undefined) return;
    after = page.after_key;
  }
}

interface IndexSpec {
  name: string;
  docs: number;
  properties: Record<string, { type: string }>;
  /** The NDJSON of documents [from, to) (action and source lines). */
  ndjson(from: number, to: number): string;
}

function parentSpec(set: JoinDataSet): IndexSpec {
  return {
    name: set.parentIndex,
    docs: set.parents,
    properties: { id: { type: 'long' }, id_kw: { type: 'keyword' }, group: { type: 'long' } },
    ndjson(from, to) {
      let out = '';
      for (let g = from; g < to; g++) {
        const id = g + 1;
        out += `{"index":{"_id":"${id}"}}\n{"id":${id},"id_kw":"${keyword(id)}","group":${id % 1000}}\n`;
      }
      return out;
    },
  };
}

function childSpec(set: JoinDataSet): IndexSpec {
  return {
    name: set.childIndex,
    docs: set.children,
    properties: {
      parent_id: { type: 'long' },
      parent_kw: { type: 'keyword' },
      score: { type: 'long' },
    },
    ndjson(from, to) {
      let out = '';
      for (let g = from; g < to; g++) {
        const c = childOf(g, set.parents);
        out += `{"index":{"_id":"${g + 1}"}}\n{"parent_id":${c.parent_id},"parent_kw":"${c.parent_kw}","score":${c.score}}\n`;
      }
      return out;
    },
  };
}

/** Creates (or reuses, when complete) the parent and child indices and the child table. */
export async function ensureJoinData(
  openSearchUrl: string,
  client: pg.Client,
  set: JoinDataSet,
  log: Log
): Promise<void> {
  for (const spec of [parentSpec(set), childSpec(set)]) await ensureIndex(openSearchUrl, spec, log);
  await ensureChildTable(client, set, log);
}

/** The index of the memory cases: `keys` documents with distinct `k` (long) and `kw` (keyword). */
export function keyIndexName(keys: number): string {
  return `bench-join-keys-${keys}`;
}

/** The key of document g of the key index: a bijection of 0..N-1 onto odd-spaced 1..2N values. */
function keyOf(g: number, keys: number): number {
  // 2N and 7919 are coprime (N a multiple of 10 at most 10^8 keeps 7919 out of its factors).
  return ((g * 7919) % (2 * keys)) + 1;
}

export async function ensureKeyIndex(openSearchUrl: string, keys: number, log: Log) {
  await ensureIndex(
    openSearchUrl,
    {
      name: keyIndexName(keys),
      docs: keys,
      properties: { k: { type: 'long' }, kw: { type: 'keyword' } },
      ndjson(from, to) {
        let out = '';
        for (let g = from; g < to; g++) {
          const k = keyOf(g, keys);
          out += `{"index":{}}\n{"k":${k},"kw":"${keyword(k)}"}\n`;
        }
        return out;
      },
    },
    log
  );
}

type Log = (line: string) => void;

const DOCS_PER_BULK = 40_000; // a few MB of NDJSON, well under 10 MB
const BULKS_IN_FLIGHT = 2;

function markerOf(spec: { name: string; docs: number }): string {
  return `bench-join-data v${DATA_VERSION} (${spec.docs} docs, ${SHARDS} shards)`;
}

async function ensureIndex(url: string, spec: IndexSpec, log: Log): Promise<void> {
  if (await indexIsComplete(url, spec)) {
    log(`reusing ${spec.name} (${spec.docs} docs)`);
    return;
  }
  await loadIndex(url, spec, log);
}

async function indexIsComplete(url: string, spec: IndexSpec): Promise<boolean> {
  const exists = await fetch(`${url}/${spec.name}`, { method: 'HEAD' });
  if (exists.status === 404) return false;
  const mapping = await osJson<Record<string, { mappings?: { _meta?: { bench?: string } } }>>(
    url,
    'GET',
    `/${spec.name}/_mapping`
  );
  const meta = Object.values(mapping)[0]?.mappings?._meta?.bench;
  if (meta !== markerOf(spec)) return false;
  const { count } = await osJson<{ count: number }>(url, 'GET', `/${spec.name}/_count`);
  return count === spec.docs;
}

async function loadIndex(url: string, spec: IndexSpec, log: Log): Promise<void> {
  const started = Date.now();
  log(`building ${spec.name}: ${spec.docs} docs through _bulk`);
  const existing = await fetch(`${url}/${spec.name}`, { method: 'DELETE' });
  await existing.text();
  await osJson(url, 'PUT', `/${spec.name}`, {
    settings: {
      index: { number_of_shards: SHARDS, number_of_replicas: 0, refresh_interval: '-1' },
    },
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
      // Only parse what is needed to see item errors (the body lists every item).
      if (text.startsWith('{"took"') && /"errors"\s*:\s*true/.test(text.slice(0, 100))) {
        throw new Error(`_bulk into ${spec.name} had item errors: ${text.slice(0, 500)}`);
      }
      done += to - from;
      if (Date.now() - lastLog > 15_000 || done === spec.docs) {
        lastLog = Date.now();
        log(`  ${spec.name}: ${done} / ${spec.docs} (${secondsSince(started)} s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: BULKS_IN_FLIGHT }, worker));
  await osJson(url, 'PUT', `/${spec.name}/_settings`, { index: { refresh_interval: null } });
  await osJson(url, 'POST', `/${spec.name}/_refresh`);
  log(`  ${spec.name}: force-merging to one segment per shard`);
  await osJson(url, 'POST', `/${spec.name}/_forcemerge?max_num_segments=1`);
  await osJson(url, 'POST', `/${spec.name}/_refresh`);
  const { count } = await osJson<{ count: number }>(url, 'GET', `/${spec.name}/_count`);
  if (count !== spec.docs) throw new Error(`${spec.name} has ${count} docs after loading`);
  await osJson(url, 'PUT', `/${spec.name}/_mapping`, { _meta: { bench: markerOf(spec) } });
  log(`built ${spec.name} in ${secondsSince(started)} s`);
}

/** Creates (or reuses, when complete) the PostgreSQL child table, generated server-side. */
async function ensureChildTable(client: pg.Client, set: JoinDataSet, log: Log): Promise<void> {
  const t = quote(set.childTable);
  const marker = markerOf({ name: set.childTable, docs: set.children });
  if (await markedTableHolds(client, set.childTable, marker, set.children)) {
    log(`reusing ${set.childTable} (${set.children} rows)`);
    return;
  }
  const started = Date.now();
  log(`building ${set.childTable}: ${set.children} rows with generate_series`);
  await client.query(`DROP TABLE IF EXISTS ${t}`);
  await client.query(
    `CREATE TABLE ${t} (id bigint PRIMARY KEY, parent_id bigint NOT NULL, parent_kw text COLLATE "C" NOT NULL, score bigint NOT NULL)`
  );
  // The same formulas as childOf(), with id = g + 1.
  const P = set.parents;
  await client.query(
    `INSERT INTO ${t}
     SELECT g + 1, p, ${KEYWORD_SQL('p')}, ((g % ${P}) % ${MATCH_EVERY}) * 1000 + (g * 37) % 1000
     FROM (SELECT g, ((g % ${P}) * 7919) % ${P} + 1 AS p
           FROM generate_series(0::bigint, ${set.children - 1}::bigint) AS g) AS s`
  );
  await client.query(`VACUUM ANALYZE ${t}`);
  await client.query(`COMMENT ON TABLE ${t} IS '${marker}'`);
  log(`built ${set.childTable} in ${secondsSince(started)} s`);
}

function secondsSince(start: number): string {
  return ((Date.now() - start) / 1000).toFixed(1);
}
