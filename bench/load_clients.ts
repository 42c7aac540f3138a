/**
 * What both halves of the `load` suite share (bench/load.ts, bench/load_versus_opensearch.ts):
 * its indices, the join's queries, and the clients that drive a mix of kinds of request.
 */
import type { HostCall } from '../test/support/host_call';
import { Prng } from '../test/differential/prng';
import { stats } from './timing';

export const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 50);
export const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);

export const PARENT_INDEX = 'bench-load-parents';
export const CHILD_INDEX = 'bench-load-children';

type Log = (line: string) => void;
export type Call = HostCall;

/** One kind of request of the mix: its weight, and the work (one or more calls) it does. */
export interface Kind {
  name: string;
  weight: number;
  run(call: Call, random: () => number): Promise<void>;
}

export const childQuery = (random: () => number) => ({
  range: { score: { lt: 500 + Math.floor(random() * 1_500) } },
});

export const joinQuery = (child: string, random: () => number) => ({
  join: { indices: [child], on: ['id', 'parent_id'], request: { query: childQuery(random) } },
});

export interface KindResult {
  kind: string;
  count: number;
  errors: number;
  per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
}

export interface RunResult {
  hosts: number;
  clients: number;
  seconds: number;
  total_per_second: number;
  errors: number;
  first_errors: string[];
  kinds: KindResult[];
  peak_rss_mb: number[];
}

/**
 * CLIENTS async loops for SECONDS, each picking a kind by weight with its own seeded generator
 * and calling the `calls` round robin, as a load balancer without affinity would.
 */
export async function driveClients(
  kinds: Kind[],
  calls: Call[],
  log: Log
): Promise<Omit<RunResult, 'hosts' | 'peak_rss_mb'>> {
  const latencies = new Map(kinds.map((k) => [k.name, [] as number[]]));
  const errors = new Map(kinds.map((k) => [k.name, 0]));
  const firstErrors: string[] = [];
  let next = 0;
  const totalWeight = kinds.reduce((n, k) => n + k.weight, 0);
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, clientIndex) => {
      const random = seeded(clientIndex + 1);
      while (Date.now() < until) {
        let pick = random() * totalWeight;
        const kind = kinds.find((k) => (pick -= k.weight) < 0) ?? kinds[0];
        const call = calls[next++ % calls.length];
        const started = performance.now();
        try {
          await kind.run(call, random);
          latencies.get(kind.name)!.push(performance.now() - started);
        } catch (err) {
          errors.set(kind.name, errors.get(kind.name)! + 1);
          if (firstErrors.length < 10) firstErrors.push(`${kind.name}: ${(err as Error).message}`);
        }
      }
    })
  );
  for (const e of firstErrors) log(`  ERROR ${e}`);
  const results = kinds.map((k): KindResult => {
    const xs = latencies.get(k.name)!;
    const sorted = [...xs].sort((a, b) => a - b);
    const at = (q: number) =>
      sorted.length === 0
        ? NaN
        : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return {
      kind: k.name,
      count: xs.length,
      errors: errors.get(k.name)!,
      per_second: xs.length / SECONDS,
      p50_ms: xs.length ? stats(xs).median : NaN,
      p95_ms: at(0.95),
      p99_ms: at(0.99),
    };
  });
  return {
    clients: CLIENTS,
    seconds: SECONDS,
    total_per_second: results.reduce((n, k) => n + k.per_second, 0),
    errors: results.reduce((n, k) => n + k.errors, 0),
    first_errors: firstErrors,
    kinds: results,
  };
}

/** A seeded generator per client (the differential suite's), so runs are comparable. */
function seeded(seed: number): () => number {
  const prng = new Prng(seed);
  return () => prng.next();
}
