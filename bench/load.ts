/**
 * The `load` suite of `npm run bench`: 50 concurrent clients for a bounded time against
 * standalone hosts running in processes of their own (one host, then two behind a round-robin
 * client), mixing plain searches, joins with an OpenSearch and with a PostgreSQL child,
 * virtual-index aggregations, PIT paging over a join and graph queries. Reports throughput,
 * p50/p95/p99 latency per kind, errors (each one printed: there must be none) and each host's
 * peak RSS, sampled from /proc. Writes test-output/bench/load.json.
 *
 * Its data is its own and small (the point is concurrency, not size): 20,000 OpenSearch parents
 * (2 shards), 60,000 children in OpenSearch and in a PostgreSQL table, reused across runs.
 *
 * Env: BENCH_LOAD_CLIENTS (50), BENCH_LOAD_SECONDS (30 per configuration).
 */
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { HostCall } from '../test/support/host_call';
import { startHostProcess } from '../test/support/host_process';
import { expectOk as expectCreated, postgresJdbc, type BenchHost } from './bench_host';
import { markedTableHolds, quote } from './million_row_table';
import {
  CHILD_INDEX,
  CLIENTS,
  driveClients,
  joinQuery,
  PARENT_INDEX,
  SECONDS,
  type Kind,
  type RunResult,
} from './load_clients';
import { printVersus, runVersusOpenSearch, type VersusOpenSearch } from './load_versus_opensearch';

const OUTPUT = path.join('test-output', 'bench', 'load.json');
const ENCRYPTION_KEY = 'bench-encryption-key-0123456789abcdef';

const PARENTS = 20_000;
const CHILDREN = 3 * PARENTS;
const CHILD_TABLE = 'bench_load_children';
const DATASOURCE = 'bench-load-pg';
const VIRTUAL_CHILD = 'bench-load-children-pg';
const MARKER = `bench-load v1 (${CHILDREN} rows)`;

type Log = (line: string) => void;
/** A response body, read loosely: the bench checks only what it pages with. */
type Json = Awaited<ReturnType<HostCall>>['body'];

/** A join of the parents with one child index, under a random child filter. */
function joinKind(name: string, child: string): Kind {
  return {
    name,
    weight: 15,
    async run(call, random) {
      expectOk(
        await call('POST', `/svc/${PARENT_INDEX}/_search`, {
          size: 10,
          query: joinQuery(child, random),
        })
      );
    },
  };
}

const KINDS: Kind[] = [
  {
    name: 'search',
    weight: 30,
    async run(call, random) {
      expectOk(
        await call('POST', `/svc/${PARENT_INDEX}/_search`, {
          size: 10,
          query: { term: { group: Math.floor(random() * 100) } },
          sort: [{ id: 'asc' }],
        })
      );
    },
  },
  joinKind('join, OpenSearch child', CHILD_INDEX),
  joinKind('join, PostgreSQL child', VIRTUAL_CHILD),
  {
    name: 'virtual-index aggregation',
    weight: 15,
    async run(call, random) {
      expectOk(
        await call('POST', `/svc/${VIRTUAL_CHILD}/_search`, {
          size: 0,
          query: { range: { score: { gte: Math.floor(random() * 5_000) } } },
          aggs: {
            per_tag: {
              terms: { field: 'tag', size: 10 },
              aggs: { avg: { avg: { field: 'score' } } },
            },
          },
        })
      );
    },
  },
  {
    name: 'PIT, 3 pages over a join',
    weight: 10,
    async run(call, random) {
      const opened = expectOk(await call('POST', `/svc/${PARENT_INDEX}/_pit?keep_alive=1m`));
      let id: string = opened.body.id;
      try {
        let after: unknown[] | undefined;
        const query = joinQuery(CHILD_INDEX, random);
        for (let page = 0; page < 3; page++) {
          const r = expectOk(
            await call('POST', '/svc/_search', {
              size: 100,
              query,
              sort: [{ id: 'asc' }],
              pit: { id, keep_alive: '1m' },
              ...(after ? { search_after: after } : {}),
            })
          );
          id = r.body.pit_id;
          const hits = r.body.hits.hits as Array<{ sort: unknown[] }>;
          if (hits.length === 0) break;
          after = hits[hits.length - 1].sort;
        }
      } finally {
        await call('DELETE', '/svc/_pit', { id });
      }
    },
  },
  {
    name: 'graph query',
    weight: 15,
    async run(call, random) {
      const group = Math.floor(random() * 100);
      expectOk(
        await call('POST', '/svc/_graph', {
          model: GRAPH_MODEL,
          query: `SELECT p.id, c.score FROM "load" MATCH (p:Parent WHERE "group:${group}")<-[:CHILD_OF]-(c:Child) WHERE c.score < 2000`,
        })
      );
    },
  },
];

const GRAPH_MODEL = {
  label: 'load',
  entities: [
    { label: 'Parent', indices: [PARENT_INDEX], id: 'id' },
    { label: 'Child', indices: [VIRTUAL_CHILD] },
  ],
  relations: [
    {
      label: 'CHILD_OF',
      from: { entity: 'Child', field: 'parent_id' },
      to: { entity: 'Parent', field: 'id' },
    },
  ],
};

class RequestError extends Error {}

function expectOk<T extends { status: number; body: Json }>(r: T): T {
  if (r.status !== 200)
    throw new RequestError(`${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r;
}

export async function runLoadBench(host: BenchHost, log: Log): Promise<void> {
  const client = new pg.Client({ connectionString: host.postgresUrl });
  await client.connect();
  try {
    await ensureData(host, client, log);
    await expectCreated(host, 'PUT', `/_svc/connector/datasource/${DATASOURCE}`, {
      jdbc: postgresJdbc(host.postgresUrl),
    });
    await expectCreated(host, 'PUT', `/_svc/connector/index/${VIRTUAL_CHILD}`, {
      datasource: DATASOURCE,
      resource: CHILD_TABLE,
      key: 'id',
    });
    const results: RunResult[] = [];
    for (const hostCount of [1, 2]) {
      log(`${CLIENTS} clients for ${SECONDS} s against ${hostCount} host process(es)`);
      results.push(await runMix(host.openSearchUrl, hostCount, log));
    }
    log(
      `${CLIENTS} clients for ${SECONDS} s: searches and joins through a host, then to OpenSearch`
    );
    const versus = await runVersusOpenSearch(host.openSearchUrl, ENCRYPTION_KEY, log);
    report(results, versus);
  } finally {
    await host.call('DELETE', `/_svc/connector/index/${VIRTUAL_CHILD}`).catch(() => undefined);
    await host.call('DELETE', `/_svc/connector/datasource/${DATASOURCE}`).catch(() => undefined);
    await host.deleteIndex(VIRTUAL_CHILD).catch(() => undefined);
    await client.end();
  }
}

async function runMix(openSearchUrl: string, hostCount: number, log: Log): Promise<RunResult> {
  const hosts = await Promise.all(
    Array.from({ length: hostCount }, () =>
      startHostProcess(openSearchUrl, { encryptionKey: ENCRYPTION_KEY })
    )
  );
  const peaks = hosts.map(() => 0);
  const sampler = setInterval(() => {
    hosts.forEach((h, i) => (peaks[i] = Math.max(peaks[i], rssBytes(h.pid))));
  }, 100);
  try {
    const drive = await driveClients(
      KINDS,
      hosts.map((h) => h.call),
      log
    );
    return { hosts: hostCount, ...drive, peak_rss_mb: peaks.map((b) => Math.round(b / 2 ** 20)) };
  } finally {
    clearInterval(sampler);
    await Promise.all(hosts.map((h) => h.close()));
  }
}

/** Resident set size of a process, from /proc (0 once it is gone). */
function rssBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? 0 : Number(kb) * 1024;
  } catch {
    return 0;
  }
}

async function ensureData(host: BenchHost, client: pg.Client, log: Log): Promise<void> {
  const os = host.openSearchUrl;
  const meta = await fetch(`${os}/${CHILD_INDEX}/_mapping`).then((r) => (r.ok ? r.json() : null));
  if ((meta as Json)?.[CHILD_INDEX]?.mappings?._meta?.bench !== MARKER) {
    log(`loading ${PARENTS} parents and ${CHILDREN} children into OpenSearch`);
    for (const index of [PARENT_INDEX, CHILD_INDEX])
      await fetch(`${os}/${index}`, { method: 'DELETE' });
    await createIndex(os, PARENT_INDEX, { id: { type: 'long' }, group: { type: 'long' } });
    await createIndex(os, CHILD_INDEX, {
      id: { type: 'long' },
      parent_id: { type: 'long' },
      score: { type: 'long' },
      tag: { type: 'keyword' },
    });
    await bulk(os, PARENT_INDEX, PARENTS, (i) => ({ id: i, group: i % 100 }));
    await bulk(os, CHILD_INDEX, CHILDREN, child);
    await fetch(`${os}/${CHILD_INDEX}/_mapping`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _meta: { bench: MARKER } }),
    });
  }
  if (!(await markedTableHolds(client, CHILD_TABLE, MARKER, CHILDREN))) {
    log(`creating ${CHILD_TABLE} with ${CHILDREN} rows`);
    const t = quote(CHILD_TABLE);
    await client.query(`DROP TABLE IF EXISTS ${t}`);
    await client.query(
      `CREATE TABLE ${t} (id bigint PRIMARY KEY, parent_id bigint NOT NULL, score bigint NOT NULL, tag text COLLATE "C" NOT NULL)`
    );
    // The same rows as the OpenSearch children (see child()).
    await client.query(
      `INSERT INTO ${t} SELECT g, (g % ${PARENTS}) + 1, (g * 7919) % 10000, 't' || (g % 17) FROM generate_series(1, ${CHILDREN}) g`
    );
    await client.query(`ANALYZE ${t}`);
    await client.query(`COMMENT ON TABLE ${t} IS '${MARKER}'`);
  }
}

function child(g: number) {
  return { id: g, parent_id: (g % PARENTS) + 1, score: (g * 7919) % 10000, tag: `t${g % 17}` };
}

async function createIndex(os: string, index: string, properties: Record<string, unknown>) {
  const r = await fetch(`${os}/${index}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      settings: { number_of_shards: 2, number_of_replicas: 0 },
      mappings: { dynamic: 'strict', properties },
    }),
  });
  if (!r.ok) throw new Error(`creating ${index}: ${r.status} ${await r.text()}`);
}

async function bulk(os: string, index: string, count: number, doc: (i: number) => object) {
  for (let start = 1; start <= count; start += 10_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(start + 10_000, count + 1); i++) {
      lines.push(JSON.stringify({ index: { _id: String(i) } }), JSON.stringify(doc(i)));
    }
    const r = await fetch(
      `${os}/${index}/_bulk?refresh=${start + 10_000 > count ? 'true' : 'false'}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson' },
        body: `${lines.join('\n')}\n`,
      }
    );
    const body = (await r.json()) as { errors?: boolean };
    if (!r.ok || body.errors) throw new Error(`bulk load of ${index} failed`);
  }
}

function report(results: RunResult[], versus: VersusOpenSearch): void {
  const f = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(0));
  for (const r of results) {
    console.log(
      `\nLoad: ${r.clients} clients, ${r.seconds} s, ${r.hosts} host process(es): ${r.total_per_second.toFixed(1)} requests/s, ${r.errors} errors, peak RSS ${r.peak_rss_mb.join(' / ')} MB\n`
    );
    const header = ['kind', 'count', 'per s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'];
    const rows = r.kinds.map((k) => [
      k.kind,
      String(k.count),
      k.per_second.toFixed(1),
      f(k.p50_ms),
      f(k.p95_ms),
      f(k.p99_ms),
      String(k.errors),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
    console.log(line(header));
    console.log(line(widths.map((w) => '-'.repeat(w))));
    for (const row of rows) console.log(line(row));
  }
  printVersus(versus);
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(
    OUTPUT,
    `${JSON.stringify(
      {
        generated_at: new Date().toISOString(),
        machine: {
          cpus: os.cpus().length,
          cpu: os.cpus()[0]?.model,
          memory_mb: Math.round(os.totalmem() / 2 ** 20),
          node: process.version,
        },
        note: 'Each host is a standalone host process; clients are async loops in the bench process, spread round robin over the hosts. Latency per kind covers all its calls (PIT: open, 3 pages, close).',
        runs: results,
        versus_opensearch: versus,
      },
      null,
      2
    )}\n`
  );
  console.log(`\nwrote ${OUTPUT}`);
}
