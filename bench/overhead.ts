/**
 * The `overhead` suite of `npm run bench` (issue 25, goal 2): what a request through the host
 * costs over what it does, as the difference of medians (target ≤ 1 ms at p50), each pair timed
 * alternately in the same run:
 *
 * - a plain search of an OpenSearch index through `/svc` against the same search sent to
 *   OpenSearch (both read as JSON by the same client);
 * - a virtual-index page (PostgreSQL, 10 rows by the primary key, no total) against its one SQL
 *   statement on a pooled connection, its rows turned into hits.
 *
 * What is left in the difference is HTTP into the host, the catalog read (kept for
 * catalogCacheMs), the system-alias read (kept likewise), the caller's read check of a virtual
 * index, and our own code. Writes test-output/bench/overhead.json. Env: BENCH_OVERHEAD_ROUNDS
 * (300), BENCH_WARMUP (3).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { hostCall, type ApiResponse, type HostCall } from '../test/support/host_call';
import { expectOk, postgresJdbc, type BenchHost } from './bench_host';
import { markedTableHolds, quote } from './million_row_table';
import { timePair, type Stats } from './timing';

const ROUNDS = Number(process.env.BENCH_OVERHEAD_ROUNDS ?? 300);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3) * 10;
const OUTPUT = path.join('test-output', 'bench', 'overhead.json');

const ROWS = 10_000;
const INDEX = 'bench-overhead';
const TABLE = 'bench_overhead';
const DATASOURCE = 'bench-overhead-pg';
const VIRTUAL = 'bench-overhead-pg';
const MARKER = `bench-overhead v1 (${ROWS} rows)`;

interface Pair {
  work: string;
  ours: Stats;
  baseline: Stats;
}

export async function runOverheadBench(host: BenchHost, log: (line: string) => void) {
  const client = new pg.Client({ connectionString: host.postgresUrl });
  await client.connect();
  try {
    await ensureData(host, client, log);
    await expectOk(host, 'PUT', `/_svc/connector/datasource/${DATASOURCE}`, {
      jdbc: postgresJdbc(host.postgresUrl),
    });
    await expectOk(host, 'PUT', `/_svc/connector/index/${VIRTUAL}`, {
      datasource: DATASOURCE,
      resource: TABLE,
      key: 'id',
    });
    const direct = hostCall(host.openSearchUrl);
    const searchBody = { size: 10, query: { range: { n: { gte: 100, lt: 200 } } } };
    const pageBody = { size: 10, track_total_hits: false, sort: [{ id: 'asc' }] };
    const sql = `SELECT id, n, label FROM ${quote(TABLE)} ORDER BY id LIMIT 10`;
    await sameIds(await host.call('POST', `/svc/${INDEX}/_search`, searchBody), direct, searchBody);
    const pairs: Pair[] = [];
    const [svc, os] = await timePair(
      () => host.call('POST', `/svc/${INDEX}/_search`, searchBody),
      () => direct('POST', `/${INDEX}/_search`, searchBody),
      WARMUP,
      ROUNDS
    );
    pairs.push({ work: 'plain search: /svc vs OpenSearch', ours: svc, baseline: os });
    const [page, statement] = await timePair(
      () => host.call('POST', `/svc/${VIRTUAL}/_search`, pageBody),
      async () => {
        const r = await client.query<{ id: string; n: number; label: string }>(sql);
        return r.rows.map((row) => ({ _id: String(row.id), _source: row }));
      },
      WARMUP,
      ROUNDS
    );
    pairs.push({
      work: 'virtual-index page vs its SQL (PostgreSQL)',
      ours: page,
      baseline: statement,
    });
    report(pairs);
  } finally {
    await host.call('DELETE', `/_svc/connector/index/${VIRTUAL}`).catch(() => undefined);
    await host.call('DELETE', `/_svc/connector/datasource/${DATASOURCE}`).catch(() => undefined);
    await host.deleteIndex(VIRTUAL).catch(() => undefined);
    await client.end();
  }
}

type Hits = { hits?: { hits?: Array<{ _id: string }> } };

async function sameIds(ours: ApiResponse<Hits>, direct: HostCall, body: unknown): Promise<void> {
  const theirs: ApiResponse<Hits> = await direct('POST', `/${INDEX}/_search`, body);
  const ids = (r: ApiResponse<Hits>) => JSON.stringify(r.body?.hits?.hits?.map((h) => h._id));
  if (ours.status !== 200 || ids(ours) !== ids(theirs) || ids(ours) === '[]')
    throw new Error(`/svc answered ${ours.status} ${ids(ours)}, OpenSearch ${ids(theirs)}`);
}

async function ensureData(host: BenchHost, client: pg.Client, log: (line: string) => void) {
  const os = host.openSearchUrl;
  const meta = await fetch(`${os}/${INDEX}/_mapping`).then((r) => (r.ok ? r.json() : null));
  if (
    (meta as Record<string, { mappings?: { _meta?: { bench?: string } } }> | null)?.[INDEX]
      ?.mappings?._meta?.bench !== MARKER
  ) {
    log(`loading ${ROWS} documents into ${INDEX}`);
    await fetch(`${os}/${INDEX}`, { method: 'DELETE' });
    const created = await fetch(`${os}/${INDEX}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        settings: { number_of_shards: 1, number_of_replicas: 0 },
        mappings: {
          _meta: { bench: MARKER },
          properties: { n: { type: 'long' }, label: { type: 'keyword' } },
        },
      }),
    });
    if (!created.ok) throw new Error(`creating ${INDEX}: ${await created.text()}`);
    const lines: string[] = [];
    for (let i = 0; i < ROWS; i++)
      lines.push(
        JSON.stringify({ index: { _id: String(i) } }),
        JSON.stringify({ n: i, label: `l${i % 50}` })
      );
    const loaded = await fetch(`${os}/${INDEX}/_bulk?refresh=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-ndjson' },
      body: `${lines.join('\n')}\n`,
    });
    if (!loaded.ok) throw new Error(`loading ${INDEX}: ${loaded.status}`);
  }
  if (!(await markedTableHolds(client, TABLE, MARKER, ROWS))) {
    log(`creating ${TABLE} with ${ROWS} rows`);
    const t = quote(TABLE);
    await client.query(`DROP TABLE IF EXISTS ${t}`);
    await client.query(
      `CREATE TABLE ${t} (id bigint PRIMARY KEY, n bigint NOT NULL, label text NOT NULL)`
    );
    await client.query(
      `INSERT INTO ${t} SELECT g, g, 'l' || (g % 50) FROM generate_series(1, ${ROWS}) g`
    );
    await client.query(`ANALYZE ${t}`);
    await client.query(`COMMENT ON TABLE ${t} IS '${MARKER}'`);
  }
}

function report(pairs: Pair[]): void {
  console.log('\nPer-request cost (difference of medians; target ≤ 1 ms)\n');
  for (const p of pairs) {
    const over = p.ours.median - p.baseline.median;
    console.log(
      `${p.work.padEnd(44)} ours ${p.ours.median.toFixed(2)} ms, baseline ${p.baseline.median.toFixed(2)} ms: +${over.toFixed(2)} ms (${(p.ours.median / p.baseline.median).toFixed(2)}×)`
    );
  }
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  writeFileSync(
    OUTPUT,
    `${JSON.stringify(
      {
        generated_at: new Date().toISOString(),
        rounds: ROUNDS,
        pairs: pairs.map((p) => ({
          work: p.work,
          ours_p50_ms: p.ours.median,
          baseline_p50_ms: p.baseline.median,
          over_ms: p.ours.median - p.baseline.median,
        })),
      },
      null,
      2
    )}\n`
  );
  console.log(`\nwrote ${OUTPUT}`);
}
