/**
 * Issue 25's last question of the load suite: is a host a fair price over OpenSearch itself?
 * The plain-search and OpenSearch-child-join part of the mix is sent at the same concurrency
 * twice: through one host process, and straight to OpenSearch as an expert's script sends it (the
 * same search; for the join, composite pages of the children's keys, then the parents filtered
 * by `terms` chunks, as bench/joins.ts's expert does). Reported: each side's throughput and
 * latency percentiles, ours ÷ OpenSearch's throughput (target ≥ 0.8) and p99 (target ≤ 1.5).
 * Before timing, one request of each kind is answered by both sides and compared.
 */
import { hostCall } from '../test/support/host_call';
import { startHostProcess } from '../test/support/host_process';
import { Prng } from '../test/differential/prng';
import { compositeKeys } from './join_data';
import { KEY_PAGE, TERMS_CHUNK } from './joins';
import {
  CHILD_INDEX,
  childQuery,
  driveClients,
  joinQuery,
  PARENT_INDEX,
  type Call,
  type Kind,
  type RunResult,
} from './load_clients';

type Log = (line: string) => void;
type Side = Omit<RunResult, 'hosts' | 'peak_rss_mb'>;

export interface VersusOpenSearch {
  ours: Side;
  opensearch: Side;
  /** Ours ÷ OpenSearch's, in total and per kind. */
  throughput_ratio: number;
  p99_ratio: Record<string, number>;
}

const searchBody = (random: () => number) => ({
  size: 10,
  query: { term: { group: Math.floor(random() * 100) } },
  sort: [{ id: 'asc' }],
});

/**
 * The two kinds, through a host (`/svc`), or, given OpenSearch's address, as the expert's
 * requests to OpenSearch itself.
 */
function kinds(openSearchUrl?: string): Kind[] {
  const prefix = openSearchUrl === undefined ? '/svc' : '';
  return [
    {
      name: 'search',
      weight: 30,
      async run(call, random) {
        ok(await call('POST', `${prefix}/${PARENT_INDEX}/_search`, searchBody(random)));
      },
    },
    {
      name: 'join, OpenSearch child',
      weight: 15,
      async run(call, random) {
        if (openSearchUrl === undefined) {
          ok(
            await call('POST', `/svc/${PARENT_INDEX}/_search`, {
              size: 10,
              query: joinQuery(CHILD_INDEX, random),
            })
          );
          return;
        }
        const body = await expertJoinBody(openSearchUrl, random);
        ok(await call('POST', `/${PARENT_INDEX}/_search`, body));
      },
    },
  ];
}

/** The expert's join: the children's distinct keys, then the parents by `terms` chunks. */
async function expertJoinBody(openSearchUrl: string, random: () => number) {
  const keys = await compositeKeys(
    openSearchUrl,
    CHILD_INDEX,
    'parent_id',
    childQuery(random),
    KEY_PAGE
  );
  const should: unknown[] = [];
  for (let at = 0; at < keys.length; at += TERMS_CHUNK)
    should.push({ terms: { id: Array.from(keys.subarray(at, at + TERMS_CHUNK)) } });
  return {
    size: 10,
    query: {
      bool: {
        filter: [
          should.length === 0 ? { match_none: {} } : { bool: { should, minimum_should_match: 1 } },
        ],
      },
    },
  };
}

function ok(r: { status: number; body: unknown }) {
  if (r.status !== 200) throw new Error(`${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  return r as { status: number; body: { hits: { total: { value: number } } } };
}

export async function runVersusOpenSearch(
  url: string,
  encryptionKey: string,
  log: Log
): Promise<VersusOpenSearch> {
  const direct = hostCall(url);
  const host = await startHostProcess(url, { encryptionKey });
  try {
    await sameAnswers(host.call, direct, url);
    const ours = await driveClients(kinds(), [host.call], log);
    const opensearch = await driveClients(kinds(url), [direct], log);
    const p99_ratio: Record<string, number> = {};
    for (const k of ours.kinds)
      p99_ratio[k.kind] = k.p99_ms / opensearch.kinds.find((o) => o.kind === k.kind)!.p99_ms;
    return {
      ours,
      opensearch,
      throughput_ratio: ours.total_per_second / opensearch.total_per_second,
      p99_ratio,
    };
  } finally {
    await host.close();
  }
}

/** One request of each kind, both ways, must find the same documents. */
async function sameAnswers(ours: Call, direct: Call, url: string): Promise<void> {
  const [svc, os] = [kinds(), kinds(url)];
  for (let i = 0; i < svc.length; i++) {
    const totals: number[] = [];
    for (const [kind, call] of [
      [svc[i], ours],
      [os[i], direct],
    ] as const) {
      const prng = new Prng(7);
      let total = -1;
      await kind.run(
        async (method, urlPath, body) => {
          const r = await call(method, urlPath, body);
          total = ok(r).body.hits.total.value;
          return r;
        },
        () => prng.next()
      );
      totals.push(total);
    }
    if (totals[0] !== totals[1] || totals[0] <= 0)
      throw new Error(`${svc[i].name}: ${totals[0]} hits through the host, ${totals[1]} direct`);
  }
}

export function printVersus(v: VersusOpenSearch): void {
  const f = (x: number) => (Number.isNaN(x) ? '-' : x.toFixed(0));
  console.log(
    `\nVersus OpenSearch itself (${v.ours.clients} clients, ${v.ours.seconds} s each): ours ${v.ours.total_per_second.toFixed(1)} requests/s, OpenSearch ${v.opensearch.total_per_second.toFixed(1)}: ${v.throughput_ratio.toFixed(2)}× the throughput (target ≥ 0.8); errors ${v.ours.errors} / ${v.opensearch.errors}\n`
  );
  for (const k of v.ours.kinds) {
    const o = v.opensearch.kinds.find((x) => x.kind === k.kind)!;
    console.log(
      `${k.kind.padEnd(24)} ours p50 ${f(k.p50_ms)} p99 ${f(k.p99_ms)} ms; OpenSearch p50 ${f(o.p50_ms)} p99 ${f(o.p99_ms)} ms; p99 ${v.p99_ratio[k.kind].toFixed(2)}× (target ≤ 1.5)`
    );
  }
}
