/**
 * The probe: a tiny search (`size: 1` on a 10-document index) sent every 100 ms whether or not
 * earlier ones answered, so a host whose event loop is held shows as probes waiting, each one
 * measured. A probe unanswered after PROBE_GIVE_UP_MS counts as having waited that long. The same
 * search also goes straight to OpenSearch, not checked, only reported: when the host's probe
 * waits, it tells whether the host or OpenSearch kept it waiting.
 */
import { send } from '../fuzz/raw_client';
import { PROBE_EVERY_MS } from './adversarial_config';

const PROBE_GIVE_UP_MS = 5_000;

export interface ProbeReport {
  count: number;
  maxMs: number;
  p99Ms: number;
  /** Probes that did not answer 200, with why. */
  failures: string[];
  /** The same search sent to OpenSearch itself. */
  direct: { maxMs: number; p99Ms: number };
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
  private readonly failures: string[] = [];
  private readonly pending = new Set<Promise<void>>();
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
      },
      (error: Error) => {
        this.waits.push(Date.now() - started);
        this.failures.push(error.message);
      }
    );
    const direct = send(
      this.openSearchUrl,
      { method: 'POST', path: `/${this.index}/_search`, body: '{"size":1}' },
      PROBE_GIVE_UP_MS
    ).then(
      (answer) => void this.directWaits.push(answer.elapsedMs),
      () => void this.directWaits.push(Date.now() - started)
    );
    for (const pending of [probe, direct]) {
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
