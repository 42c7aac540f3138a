/**
 * `npm run bench [-- <suite> ...]`: runs the benchmark suites against a real OpenSearch and
 * PostgreSQL (the test bed's, reused or started) and a standalone Federation host in this
 * process. With no suite named, runs them all.
 *
 * - `search`: virtual-index search vs. the same SQL run directly (bench/search.ts).
 * - `joins`: joins at two sizes vs. the expert's and a naive script, and peak memory per key
 *   (bench/joins.ts).
 * - `pit`: 40 PIT pages of 1,000 over a join vs. OpenSearch's own PIT with the keys given (bench/pit.ts).
 * - `graph`: a 2-hop graph query over 3 × 1M documents vs. its semi-joins by hand (bench/graph.ts).
 * - `shortest`: a shortest path between two node sets (GQL ANY SHORTEST) on an index and a virtual
 *   index vs. a bidirectional breadth-first search by hand (bench/shortest.ts).
 * - `keylists`: key lists into SQL (`terms`, `ids`, join keys, mget) at 10 to 1M values vs. the
 *   best hand-written SQL for each list, per dialect (bench/key_lists.ts).
 * - `overhead`: what a request through the host costs over what it does: a plain search vs
 *   OpenSearch, a virtual-index page vs its SQL (bench/overhead.ts).
 * - `load`: 50 concurrent clients mixing every kind of request against one, then two host
 *   processes: throughput, latency percentiles, errors, peak RSS (bench/load.ts).
 *
 * Env: the test bed's PG_URL / OPENSEARCH_URL / OPENSEARCH_PORT, plus each suite's own.
 */
import { startBenchHost, type BenchHost } from './bench_host';
import { runGraphBench } from './graph';
import { runJoinBench } from './joins';
import { runKeyListBench } from './key_lists';
import { runLoadBench } from './load';
import { runOverheadBench } from './overhead';
import { runPitBench } from './pit';
import { runSearchBench } from './search';
import { runShortestBench } from './shortest';

const SUITES: Record<string, (host: BenchHost, log: (line: string) => void) => Promise<void>> = {
  search: runSearchBench,
  joins: runJoinBench,
  pit: runPitBench,
  graph: runGraphBench,
  shortest: runShortestBench,
  keylists: runKeyListBench,
  load: runLoadBench,
  overhead: runOverheadBench,
};

const log = (line: string) => console.log(`[bench] ${line}`);

async function main(): Promise<void> {
  const asked = process.argv.slice(2).filter((a) => a !== '--');
  const unknown = asked.filter((a) => !(a in SUITES));
  if (unknown.length > 0) {
    throw new Error(
      `unknown bench suite(s) ${unknown.join(', ')}; choose from ${Object.keys(SUITES).join(', ')}`
    );
  }
  const names = asked.length > 0 ? asked : Object.keys(SUITES);
  const host = await startBenchHost(log);
  try {
    for (const name of names) {
      log(`suite ${name}`);
      await SUITES[name](host, log);
    }
  } finally {
    await host.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
