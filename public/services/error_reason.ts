import type { HttpFetchError } from '../types';

/** What the app shows for a failed call: the server's own words, and the status when known. */
export interface ErrorDetails {
  /**
   * The deepest cause OpenSearch gives (a failed shard's reason, then its `caused_by` chain, as
   * Discover shows it), else `error.reason` (or OSD's `message`), else the error's message.
   */
  reason: string;
  /** That cause's `type`, e.g. `parse_exception`. */
  type?: string;
  status?: number;
  /**
   * The reasons above the deepest one, outermost first (`all shards failed`, `Failed to parse
   * query [...]`): what the call as a whole failed with. Empty when the error has no chain.
   */
  context: string[];
}

interface Cause {
  type?: unknown;
  reason?: unknown;
  caused_by?: unknown;
  failed_shards?: unknown;
}

const isCause = (value: unknown): value is Cause => typeof value === 'object' && value !== null;

/**
 * The chain of causes of an OpenSearch error, outermost first: the error itself, then the first
 * failed shard's reason (a `search_phase_execution_exception` says only "all shards failed"),
 * then each `caused_by`. Only entries with a reason count.
 */
function causeChain(error: Cause): Cause[] {
  const chain: Cause[] = [];
  let next: unknown = error;
  // Bounded: a chain is a few levels; a cyclic or hostile body must not loop.
  for (let depth = 0; isCause(next) && depth < 20; depth++) {
    if (typeof next.reason === 'string' && next.reason) chain.push(next);
    const shards = Array.isArray(next.failed_shards) ? next.failed_shards : [];
    const shardReason = shards
      .map((s: unknown) => (isCause(s) ? s.reason : undefined))
      .find(isCause);
    next = shardReason ?? next.caused_by;
  }
  return chain;
}

/**
 * A chain with the causes that add nothing dropped: Java wraps a cause as "prefix: " + its
 * message, so a reason that already holds the next one's first line says all of it (Lucene's
 * "Cannot parse 'title:(x': Encountered ..." over its bare "Encountered ..."). Each reason is
 * cut to its first line: what follows in OpenSearch's parse errors is the list of tokens the
 * parser expected, which Dev Tools shows in full.
 */
function telling(chain: Cause[]): string[] {
  const reasons = chain.map((c) => (c.reason as string).split('\n')[0].trim());
  return reasons.filter((reason, i) => i === 0 || !reasons[i - 1].includes(reason));
}

export function errorDetails(error: unknown): ErrorDetails {
  const fetchError = error as Partial<HttpFetchError> | null | undefined;
  const status = fetchError?.response?.status;
  const body = fetchError?.body;
  if (typeof body === 'object' && body !== null) {
    const { error: inner, message } = body as { error?: unknown; message?: unknown };
    if (isCause(inner)) {
      const chain = causeChain(inner);
      if (chain.length === 1) {
        const { reason, type } = chain[0];
        return {
          reason: reason as string,
          type: typeof type === 'string' ? type : undefined,
          status,
          context: [],
        };
      }
      if (chain.length > 1) {
        const reasons = telling(chain);
        // The type of the deepest cause kept: the first whose reason the last kept one is.
        const deepest = chain.find(
          (c) => (c.reason as string).split('\n')[0].trim() === reasons[reasons.length - 1]
        );
        return {
          reason: reasons[reasons.length - 1],
          type: typeof deepest?.type === 'string' ? deepest.type : undefined,
          status,
          context: reasons.slice(0, -1),
        };
      }
    }
    if (typeof message === 'string' && message) return { reason: message, status, context: [] };
  }
  if (error instanceof Error && error.message)
    return { reason: error.message, status, context: [] };
  return { reason: String(error), status, context: [] };
}
