import { FederationError } from '../errors';

/** The `_shards` header of a search, count or scroll response. */
export interface ShardsHeader {
  total?: number;
  successful?: number;
  failed?: number;
  failures?: Array<{
    index?: string | null;
    shard?: number;
    node?: string | null;
    reason?: { type?: string; reason?: string };
  }>;
}

/**
 * Fails a response some shards did not answer. OpenSearch answers a search whose shards partly
 * failed (a node left, a PIT context lost with it) with a 200 and fewer hits; a join's key read,
 * a planner's count or a page of a PIT would then be silently short. The error names each
 * missing shard and why, as OpenSearch's own `search_phase_execution_exception` does.
 */
export function requireAllShards<T extends { _shards?: ShardsHeader }>(
  response: T,
  what: string,
  /** Replaces the advice to retry, when retrying cannot help. */
  advice = 'no copy of them answered (a node left or restarted); retry when the cluster has recovered them'
): T {
  const shards = response._shards;
  if (shards === undefined || !shards.failed) return response;
  const failures = shards.failures ?? [];
  const named = failures.map(
    (f) =>
      `[${f.index ?? '?'}][${f.shard ?? '?'}]${f.reason?.type ? ` (${f.reason.type}${f.reason.reason ? `: ${f.reason.reason}` : ''})` : ''}`
  );
  const list = [...new Set(named)].join(', ') || 'unnamed shards';
  throw new FederationError(
    503,
    'search_phase_execution_exception',
    `${what} is missing ${shards.failed} of ${shards.total ?? '?'} shards: ${list}; ${advice}`,
    { failed_shards: failures }
  );
}
