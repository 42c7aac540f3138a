/**
 * The `shortest` suite of `npm run bench` (issue 24, item 4): a shortest path between two node
 * sets, `MATCH p = ANY SHORTEST (a:N WHERE "role:src")-[:PARENT]-{1,5}(b:N WHERE "role:dst")
 * RETURN a.id, b.id, length(p), [n IN nodes(p) | n.id]`, over an entity of N documents
 * (bench/shortest_data.ts), once on an OpenSearch index and once on a PostgreSQL table behind a
 * virtual index, each timed in the same run, interleaved, against a bidirectional
 * breadth-first search written by hand over the same index or table
 * (bench/shortest_baseline.ts). The engine must give exactly the baseline's rows.
 *
 * Env: BENCH_SHORTEST_DOCS (default 100000; 1000000 for the figure),
 * BENCH_SHORTEST_ROUNDS (15), BENCH_SHORTEST_WARMUP (2).
 */
import pg from 'pg';
import { expectOk, postgresJdbc, type BenchHost } from './bench_host';
import {
  ensureShortestIndex,
  ensureShortestTable,
  SHORTEST_DOCS,
  SP_INDEX,
  SP_TABLE,
  SP_VIRTUAL,
} from './shortest_data';
import {
  bidirectionalShortest,
  openSearchStore,
  postgresStore,
  type NodeStore,
  type PathRow,
} from './shortest_baseline';
import { timePair } from './timing';

const ROUNDS = Number(process.env.BENCH_SHORTEST_ROUNDS ?? 15);
const WARMUP = Number(process.env.BENCH_SHORTEST_WARMUP ?? 2);
const DATASOURCE = 'bench-sp-pg';

const MODEL = {
  label: 'bench-shortest',
  entities: [
    { label: 'N', indices: [SP_INDEX], id: 'id' },
    { label: 'V', indices: [SP_VIRTUAL], id: 'id' },
  ],
  relations: [
    { label: 'PARENT', from: { entity: 'N', field: 'parent' }, to: { entity: 'N', field: 'id' } },
    { label: 'VPARENT', from: { entity: 'V', field: 'parent' }, to: { entity: 'V', field: 'id' } },
  ],
};

const query = (label: string, relation: string) =>
  `MATCH p = ANY SHORTEST (a:${label} WHERE "role:src")-[:${relation}]-{1,5}(b:${label} WHERE "role:dst") ` +
  'RETURN a.id, b.id, length(p), [n IN nodes(p) | n.id]';

type Log = (line: string) => void;

export async function runShortestBench(host: BenchHost, log: Log): Promise<void> {
  const client = new pg.Client({ connectionString: host.postgresUrl });
  await client.connect();
  const problems: string[] = [];
  try {
    await ensureShortestIndex(host.openSearchUrl, log);
    await ensureShortestTable(client, log);
    await expectOk(host, 'PUT', `/_svc/connector/datasource/${DATASOURCE}`, {
      jdbc: postgresJdbc(host.postgresUrl),
    });
    await expectOk(host, 'PUT', `/_svc/connector/index/${SP_VIRTUAL}`, {
      datasource: DATASOURCE,
      resource: SP_TABLE,
      key: 'id',
    });
    const cases: Array<{ name: string; gql: string; store: NodeStore }> = [
      {
        name: `OpenSearch index (${SHORTEST_DOCS} docs)`,
        gql: query('N', 'PARENT'),
        store: openSearchStore(host.openSearchUrl, SP_INDEX),
      },
      {
        name: `virtual index on PostgreSQL (${SHORTEST_DOCS} rows)`,
        gql: query('V', 'VPARENT'),
        store: postgresStore(client, SP_TABLE),
      },
    ];
    for (const c of cases) {
      const engine = async () => {
        const r = await host.call('POST', '/svc/_graph', { model: MODEL, query: c.gql });
        if (r.status !== 200)
          throw new Error(`${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
        return (r.body as { rows: PathRow[] }).rows;
      };
      const expected = await bidirectionalShortest(c.store);
      const got = [...(await engine())].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        problems.push(
          `${c.name}: the engine gave ${JSON.stringify(got)}, the baseline ${JSON.stringify(expected)}`
        );
        continue;
      }
      log(`${c.name}: ${expected.length} pairs, hops ${expected.map((r) => r[2]).join(', ')}`);
      const [e, b] = await timePair(engine, () => bidirectionalShortest(c.store), WARMUP, ROUNDS);
      log(
        `  engine median ${e.median.toFixed(1)} ms (min ${e.min.toFixed(1)}), baseline median ${b.median.toFixed(1)} ms (min ${b.min.toFixed(1)}): ratio ${(e.median / b.median).toFixed(2)} (target <= 1.3)`
      );
    }
  } finally {
    await host.call('DELETE', `/_svc/connector/index/${SP_VIRTUAL}`).catch(() => undefined);
    await host.call('DELETE', `/_svc/connector/datasource/${DATASOURCE}`).catch(() => undefined);
    await host.deleteIndex(SP_VIRTUAL).catch(() => undefined);
    await client.end();
  }
  for (const p of problems) log(`  CHECK FAILED: ${p}`);
  if (problems.length > 0) throw new Error(`shortest bench: ${problems.join('; ')}`);
}
