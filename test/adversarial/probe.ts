/**
 * The probe: a tiny search (`size: 1` on a 10-document index) sent every 100 ms whether or not
 * earlier ones answered, so a host whose event loop is held shows as probes waiting, each one
 * measured. A probe unanswered after PROBE_GIVE_UP_MS counts as having waited that long. The same
 * search goes straight to OpenSearch at the same moment: what the host is held to is its own
 * share of each wait (the host's answer time less OpenSearch's for the same search sent with
 * it), since OpenSearch slowing under the load is not the host freezing.
 */
import { send } from '../fuzz/raw_client';
import { PROBE_EVERY_MS } from './adversarial_config';

const PROBE_GIVE_UP_MS = 5_000;

export interface ProbeReport {
  count: number;
  maxMs: number;
  p99Ms: number;
  /** Probes that answered other than 200, or whose connection failed, with why. */
  failures: string[];
  /** The same search sent to OpenSearch itself. */
  direct: { maxMs: number; p99Ms: number };
  /** Each probe's wait less OpenSearch's for the search sent with it: the host's own share. */
  host: { maxMs: number; p99Ms: number };
}

function percentiles(waits: number[]): { maxMs: number; p99Ms: number } {
  const sorted = [...waits].sort((a, b) => a - b);
  return sorted.length === 0
    ? { maxMs: 0, p99Ms: 0 }
    : { maxMs: sorted[sorted.length - 1], p99Ms: sorted[Math.ceil(sorted.length * 0.99) - 1] };
}

export class Probe {
  private readonly waits: number[] = [];
  private readonly directWaits: number[] = [];
  private readonly hostShares: number[] = [];
  private readonly failures: string[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly index: string,
    private readonly openSearchUrl: string
  ) {}

  start(): this {
    this.timer = setInterval(() => this.once(), PROBE_EVERY_MS);
    return this;
  }

  /** Stops sending and waits for the probes in flight (each bounded by PROBE_GIVE_UP_MS). */
  async stop(): Promise<ProbeReport> {
    clearInterval(this.timer);
    await Promise.all(this.pending);
    return {
      count: this.waits.length,
      ...percentiles(this.waits),
      failures: this.failures,
      direct: percentiles(this.directWaits),
      host: percentiles(this.hostShares),
    };
  }

  private once(): void {
    const started = Date.now();
    const probe = send(
      this.url,
      { method: 'POST', path: `/svc/${this.index}/_search`, body: '{"size":1}' },
      PROBE_GIVE_UP_MS
    ).then(
      (answer) => {
        this.waits.push(answer.elapsedMs);
        if (answer.status !== 200)
          this.failures.push(
            `a ${answer.status} after ${answer.elapsedMs} ms: ${answer.text.slice(0, 200)}`
          );
        return answer.elapsedMs;
      },
      (error: Error) => {
        this.waits.push(Date.now() - started);
        // A probe that timed out counts by its wait, like any other: as the host's failure
        // when OpenSearch answered the same search well within that time (the host's share).
        if (!error.message.startsWith('timed out')) this.failures.push(error.message);
        return Date.now() - started;
      }
    );
    const direct = send(
      this.openSearchUrl,
      { method: 'POST', path: `/${this.index}/_search`, body: '{"size":1}' },
      PROBE_GIVE_UP_MS
    ).then(
      (answer) => {
        this.directWaits.push(answer.elapsedMs);
        return answer.elapsedMs;
      },
      () => {
        this.directWaits.push(Date.now() - started);
        return Date.now() - started;
      }
    );
    const share = Promise.all([probe, direct]).then(([hostMs, directMs]) => {
      this.hostShares.push(Math.max(0, hostMs - directMs));
    });
    for (const pending of [probe, direct, share]) {
      this.pending.add(pending);
      void pending.finally(() => this.pending.delete(pending));
    }
  }
}

/** One probe, for "does the host still answer" (between phases and at the end). */
export async function probeOnce(url: string, index: string): Promise<string | null> {
  try {
    const answer = await send(
      url,
      { method: 'POST', path: `/svc/${index}/_search`, body: '{"size":1}' },
      PROBE_GIVE_UP_MS
    );
    return answer.status === 200 ? null : `a ${answer.status}: ${answer.text.slice(0, 200)}`;
  } catch (error) {
    return (error as Error).message;
  }
}
