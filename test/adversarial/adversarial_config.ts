/**
 * The adversarial run's seed, size and host settings, from the environment (like the fuzz suite's
 * FUZZ_SEED / FUZZ_CASES):
 *   ADVERSARIAL_SEED  seed of every choice of sizes and parameters (decimal or 0x-hex)
 *   ADVERSARIAL_SIZE  requests of each shape; the mixed phase sends this many of every shape
 * A failure prints both, so the run can be replayed exactly.
 */
import type { FederationSettings } from '../../server/engine/settings';
import { seedFromEnv } from '../differential/prng';

export const DEFAULT_ADVERSARIAL_SEED = 20260120;
export const DEFAULT_ADVERSARIAL_SIZE = 2;

export interface AdversarialConfig {
  seed: number;
  size: number;
}

export function adversarialConfig(): AdversarialConfig {
  const raw = process.env.ADVERSARIAL_SIZE;
  const size = raw === undefined || raw.trim() === '' ? DEFAULT_ADVERSARIAL_SIZE : Number(raw);
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`ADVERSARIAL_SIZE=${raw} must be an integer >= 1`);
  return { seed: seedFromEnv('ADVERSARIAL_SEED', DEFAULT_ADVERSARIAL_SEED), size };
}

/** The line that reruns this exact run. */
export function replayLine({ seed, size }: AdversarialConfig): string {
  return `replay: ADVERSARIAL_SEED=${seed} ADVERSARIAL_SIZE=${size} npx vitest run --project integration test/adversarial/adversarial.integration.test.ts`;
}

/**
 * Short deadlines, so a runaway request ends in seconds. The graph and statement deadlines stay
 * well above the few seconds an abandoned request gets to go quiet: a host that ignored its
 * caller leaving would still be busy then, and only stopping on the abort passes.
 */
export const ADVERSARIAL_HOST_SETTINGS = {
  connectorConnectTimeoutMs: 3_000,
  connectorStatementTimeoutMs: 6_000,
  joinTimeoutMs: 6_000,
  graphTimeoutMs: 6_000,
  // Small, so a flood of 100 opens is far past both.
  maxOpenPits: 20,
  maxOpenPitsPerUser: 10,
} satisfies Partial<FederationSettings>;

/** The host's heap: small, so a request whose memory the input decides ends it quickly. */
export const HOST_HEAP_MB = 256;

/**
 * The longest an adversarial request may take: its largest deadline, a connection's, and slack
 * for two busy cores running several such requests at once.
 */
export const REQUEST_LIMIT_MS =
  Math.max(
    ADVERSARIAL_HOST_SETTINGS.graphTimeoutMs,
    ADVERSARIAL_HOST_SETTINGS.joinTimeoutMs,
    ADVERSARIAL_HOST_SETTINGS.connectorStatementTimeoutMs
  ) +
  ADVERSARIAL_HOST_SETTINGS.connectorConnectTimeoutMs +
  5_000;

/** The bound: no small search waits longer than this while the shapes run. */
export const PROBE_LIMIT_MS = 1_000;
export const PROBE_EVERY_MS = 100;

/**
 * After its caller left, an abandoned request must be quiet (CPU, database statements) within
 * this long: well before its own deadline (graphTimeoutMs / connectorStatementTimeoutMs after it
 * was sent), so only stopping on the abort passes.
 */
export const QUIET_WITHIN_MS = 3_000;
/**
 * Busy, as the share of samples that find the host's main thread runnable: a request that runs
 * keeps it runnable nearly all the time however loaded the shared cores are (its CPU time is
 * not), and at least this much more often than the idle host serving the probe. Quiet is nearer
 * the idle share than the busy one.
 */
export const BUSY_RUNNABLE_SHARE = 0.7;
export const BUSY_RUNNABLE_MARGIN = 0.3;
