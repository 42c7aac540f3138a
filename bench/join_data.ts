/**
 * The join benchmark's data, built once and reused across runs:
 *
 * - `bench-join-parents` (OpenSearch): 1,000,000 documents, `_id` = `id` = 1..1,000,000 (long),
 *   `group` = id % 1000 (long).
 * - `bench-join-children` (OpenSearch) and `bench_join_children` (PostgreSQL, generated
 *   server-side): the same 1,000,000 children. Child g (0-based) belongs to slot
 *   p = g % 500,000, so every slot has exactly two children; slot p points at parent
 *   (p · 7919 mod 1,000,000) + 1, a bijection, so 500,000 parents have two children each,
 *   scattered over the whole id range, and the other 500,000 have none. `score` =
 *   (p % 5) · 1000 + (g · 37) % 1000, so `score < 1000` holds exactly for the slots with
 *   p % 5 = 0, both of their children: 200,000 children, 100,000 distinct parents.
 *
 * Indices: one shard, no replicas, refresh off while loading through `_bulk` (a few MB per
 * request), then refreshed and force-merged to one segment so every run sees the same layout.
 * A `_meta` marker written last (and a table comment in PostgreSQL) says the data is complete.
 */
import http from 'node:http';
import type pg from 'pg';
import { markedTableHolds, quote } from './million_row_table';

export const PARENT_INDEX = 'bench-join-parents';
export const CHILD_INDEX = 'bench-join-children';
export const CHILD_TABLE = 'bench_join_children';
export const JOIN_DOCS = 1_000_000;
/** The child query of every case, and its SQL form for the direct side. */
export const CHILD_QUERY = { range: { score: { lt: 1000 } } };
export const CHILD_WHERE = 'score < 1000';
/** Distinct parent ids matched by children passing CHILD_QUERY, by construction. */
export const EXPECTED_KEYS = 100_000;

/** Bump when the generator changes: older data is then rebuilt. */
const DATA_VERSION = 1;
const MARKER = `bench-join-data v${DATA_VERSION} (${JOIN_DOCS} docs)`;
const SLOTS = JOIN_DOCS / 2;
const DOCS_PER_BULK = 50_000; // about 2.5 MB of NDJSON, well under 10 MB
const BULKS_IN_FLIGHT = 2;

type Log = (line: string) => void;

export function childOf(g: number): { parent_id: number; score: number } {
  const p = g % SLOTS;
  return { parent_id: ((p * 7919) % JOIN_DOCS) + 1, score: (p % 5) * 1000 + ((g * 37) % 1000) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

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
  let after: unknown;
  for (;;) {
    const r = await osJson<{
      aggregations: { keys: { after_key?: unknown; buckets: Array<{ key: { k: number } }> } };
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
    if (n + page.buckets.length > keys.length) {
      const grown = new Float64Array(Math.max(keys.length * 2, n + page.buckets.length));
      grown.set(keys.subarray(0, n));
      keys = grown;
    }
    for (const b of page.buckets) keys[n++] = b.key.k;
    if (page.buckets.length < pageSize || page.after_key === undefined) break;
    after = page.after_key;
  }
  return keys.slice(0, n);
}

interface IndexSpec {
  name: string;
  properties: Record<string, { type: string }>;
  /** The NDJSON of documents [from, to) (action and source lines). */
  ndjson(from: number, to: number): string;
}

const INDICES: IndexSpec[] = [
  {
    name: PARENT_INDEX,
    properties: { id: { type: 'long' }, group: { type: 'long' } },
    ndjson(from, to) {
      let out = '';
      for (let g = from; g < to; g++) {
        const id = g + 1;
        out += `{"index":{"_id":"${id}"}}\n{"id":${id},"group":${id % 1000}}\n`;
      }
      return out;
    },
  },
  {
    name: CHILD_INDEX,
    properties: { parent_id: { type: 'long' }, score: { type: 'long' } },
    ndjson(from, to) {
      let out = '';
      for (let g = from; g < to; g++) {
        const c = childOf(g);
        out += `{"index":{"_id":"${g + 1}"}}\n{"parent_id":${c.parent_id},"score":${c.score}}\n`;
      }
      return out;
    },
  },
];

/** Creates (or reuses, when complete) both OpenSearch indices. */
export async function ensureJoinIndices(openSearchUrl: string, log: Log): Promise<void> {
  for (const spec of INDICES) {
    if (await indexIsComplete(openSearchUrl, spec.name)) {
      log(`reusing ${spec.name} (${JOIN_DOCS} docs)`);
      continue;
    }
    await loadIndex(openSearchUrl, spec, log);
  }
}

async function indexIsComplete(url: string, index: string): Promise<boolean> {
  const exists = await fetch(`${url}/${index}`, { method: 'HEAD' });
  if (exists.status === 404) return false;
  const mapping = await osJson<Record<string, { mappings?: { _meta?: { bench?: string } } }>>(
    url,
    'GET',
    `/${index}/_mapping`
  );
  const meta = Object.values(mapping)[0]?.mappings?._meta?.bench;
  if (meta !== MARKER) return false;
  const { count } = await osJson<{ count: number }>(url, 'GET', `/${index}/_count`);
  return count === JOIN_DOCS;
}

async function loadIndex(url: string, spec: IndexSpec, log: Log): Promise<void> {
  const started = Date.now();
  log(`building ${spec.name}: ${JOIN_DOCS} docs through _bulk`);
  const existing = await fetch(`${url}/${spec.name}`, { method: 'DELETE' });
  await existing.text();
  await osJson(url, 'PUT', `/${spec.name}`, {
    settings: {
      index: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' },
    },
    mappings: { dynamic: 'strict', properties: spec.properties },
  });
  let next = 0;
  let done = 0;
  let lastLog = Date.now();
  const worker = async () => {
    while (next < JOIN_DOCS) {
      const from = next;
      const to = Math.min(JOIN_DOCS, from + DOCS_PER_BULK);
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
      if (Date.now() - lastLog > 10_000 || done === JOIN_DOCS) {
        lastLog = Date.now();
        log(`  ${spec.name}: ${done} / ${JOIN_DOCS} (${secondsSince(started)} s)`);
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
  if (count !== JOIN_DOCS) throw new Error(`${spec.name} has ${count} docs after loading`);
  await osJson(url, 'PUT', `/${spec.name}/_mapping`, { _meta: { bench: MARKER } });
  log(`built ${spec.name} in ${secondsSince(started)} s`);
}

/** Creates (or reuses, when complete) the PostgreSQL child table, generated server-side. */
export async function ensureJoinTable(client: pg.Client, log: Log): Promise<void> {
  const t = quote(CHILD_TABLE);
  if (await markedTableHolds(client, CHILD_TABLE, MARKER, JOIN_DOCS)) {
    log(`reusing ${CHILD_TABLE} (${JOIN_DOCS} rows)`);
    return;
  }
  const started = Date.now();
  log(`building ${CHILD_TABLE}: ${JOIN_DOCS} rows with generate_series`);
  await client.query(`DROP TABLE IF EXISTS ${t}`);
  await client.query(
    `CREATE TABLE ${t} (id bigint PRIMARY KEY, parent_id bigint NOT NULL, score bigint NOT NULL)`
  );
  // The same formulas as childOf(), with id = g + 1.
  await client.query(
    `INSERT INTO ${t}
     SELECT g + 1,
            ((g % ${SLOTS}) * 7919) % ${JOIN_DOCS} + 1,
            ((g % ${SLOTS}) % 5) * 1000 + (g * 37) % 1000
     FROM generate_series(0::bigint, ${JOIN_DOCS - 1}::bigint) AS g`
  );
  await client.query(`VACUUM ANALYZE ${t}`);
  await client.query(`COMMENT ON TABLE ${t} IS '${MARKER}'`);
  log(`built ${CHILD_TABLE} in ${secondsSince(started)} s`);
}

function secondsSince(start: number): string {
  return ((Date.now() - start) / 1000).toFixed(1);
}
