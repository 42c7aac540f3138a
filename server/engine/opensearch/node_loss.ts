/**
 * A node leaving the cluster (stopped, restarted, cut off) while OpenSearch serves a request. The
 * request was fine and the data is still there on the copies left, so this is neither the
 * caller's mistake nor ours: a read is tried again once the cluster has moved on (its shards are
 * searched on the remaining copies), and what still fails is a 503 naming the node, never the
 * 500 OpenSearch answers with (its transport exceptions carry no REST status of their own).
 *
 * OpenSearch reports it as a whole-request error of one of NODE_LOSS_TYPES (e.g. a PIT whose
 * `update_context` phase lost its node), that type nested in `caused_by`, a
 * `search_phase_execution_exception` ("all shards failed") whose every shard failed so, or a 200
 * whose `_shards.failures` all say so.
 */
import { setTimeout as sleep } from 'timers/promises';
import { FederationError } from '../errors';
import type { ShardsHeader } from './shard_failures';

/** OpenSearch's exception types for a node that left or cannot be reached. */
export const NODE_LOSS_TYPES: ReadonlySet<string> = new Set([
  'node_disconnected_exception',
  'node_not_connected_exception',
  'node_closed_exception',
  'connect_transport_exception',
  'send_request_transport_exception',
]);

interface Cause {
  type?: unknown;
  reason?: unknown;
  caused_by?: unknown;
  failed_shards?: unknown;
}

interface ShardFailure {
  node?: unknown;
  reason?: unknown;
}

/** A request OpenSearch could not serve because a node left: a 503 naming the node(s). */
export class NodeLossError extends FederationError {
  constructor(
    /** The nodes as OpenSearch named them, e.g. `[federation-node-1][127.0.0.1:9312]`. */
    readonly nodes: readonly string[],
    type: string,
    why: string,
    /** OpenSearch's own error, kept as the cause in the answer. */
    causedBy: unknown
  ) {
    super(
      503,
      type,
      `OpenSearch lost ${nodes.length === 1 ? 'node' : 'nodes'} ${nodes.join(', ')} while serving the request (${why}); retry once the cluster has moved its shards to the copies left`,
      { caused_by: causedBy }
    );
    this.name = 'NodeLossError';
  }
}

/**
 * The NodeLossError an OpenSearch error body stands for, or null when the failure is anything
 * else: a search whose shards failed for other reasons too (a bad query on one of them) is
 * answered as OpenSearch answered it.
 */
export function nodeLossError(body: unknown): NodeLossError | null {
  const error = (body as { error?: unknown } | null)?.error;
  if (!isCause(error)) return null;
  const type = typeof error.type === 'string' ? error.type : 'node_disconnected_exception';
  const nodes = new Set<string>();
  const whys = new Set<string>();
  const own = lossInChain(error);
  if (own !== null) {
    nodes.add(nodeNamedBy(own) ?? 'a node');
    whys.add(describe(own));
  } else {
    const failures = Array.isArray(error.failed_shards) ? (error.failed_shards as unknown[]) : [];
    if (failures.length === 0) return null;
    for (const failure of failures) {
      const loss = shardLoss(failure);
      if (loss === null) return null;
      nodes.add(loss.node);
      whys.add(loss.why);
    }
  }
  return new NodeLossError([...nodes], type, [...whys].join('; '), error);
}

/** Whether every shard a response misses was lost with its node (a read worth repeating). */
export function shardsLostWithNode(shards: ShardsHeader | undefined): boolean {
  if (!shards?.failed) return false;
  const failures = shards.failures ?? [];
  return failures.length > 0 && failures.every((failure) => shardLoss(failure) !== null);
}

/** Pauses between tries of a read: the cluster notices a node left within about a second. */
const RETRY_PAUSES_MS = [100, 250, 500, 1_000, 2_000];

export interface RetryOptions {
  /** The caller's abort: a pause ends at once, with the signal's reason. */
  signal?: AbortSignal;
  /** Milliseconds the caller has left: no try is started that could not finish in time. */
  remainingMs?: () => number;
}

/**
 * Runs an idempotent read (search, count, field caps, a composite page, opening a PIT) and,
 * when a node left while it ran, runs it again after a pause, so OpenSearch serves it from the
 * copies left; up to about 4 s, within the caller's time. The last failure is thrown as it came
 * (a NodeLossError); a response still missing shards is returned for the caller to refuse
 * (`requireAllShards`). Never for reads bound to a PIT's contexts: those are resumed on a new
 * PIT instead (pit_resume.ts).
 */
export async function retryingNodeLoss<T>(
  read: () => Promise<T>,
  options: RetryOptions = {}
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const pause = RETRY_PAUSES_MS[attempt];
    let outcome: { response: T } | { error: unknown };
    try {
      outcome = { response: await read() };
    } catch (error) {
      outcome = { error };
    }
    const retryable =
      'error' in outcome
        ? outcome.error instanceof NodeLossError
        : shardsLostWithNode((outcome.response as { _shards?: ShardsHeader } | null)?._shards);
    const room = options.remainingMs?.() ?? Infinity;
    if (!retryable || pause === undefined || room <= pause) {
      if ('error' in outcome) throw outcome.error;
      return outcome.response;
    }
    // The caller left: its reason (the 499), not the node's loss, ends the read.
    options.signal?.throwIfAborted();
    await sleep(pause, undefined, { signal: options.signal }).catch(() => {
      throw options.signal?.reason;
    });
  }
}

function isCause(value: unknown): value is Cause {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first node-loss cause in an error's `caused_by` chain (the error itself included). */
function lossInChain(error: unknown): Cause | null {
  // Bounded: OpenSearch nests causes a few levels deep, never more than its own exceptions do.
  let cause: unknown = error;
  for (let depth = 0; depth < 32 && isCause(cause); depth++) {
    if (typeof cause.type === 'string' && NODE_LOSS_TYPES.has(cause.type)) return cause;
    cause = cause.caused_by;
  }
  return null;
}

/** A failed shard lost with its node: which node, and OpenSearch's words for it. */
function shardLoss(failure: unknown): { node: string; why: string } | null {
  if (!isCause(failure)) return null;
  const loss = lossInChain((failure as ShardFailure).reason);
  if (loss === null) return null;
  const id = (failure as ShardFailure).node;
  return {
    node: nodeNamedBy(loss) ?? (typeof id === 'string' && id !== '' ? `[${id}]` : 'a node'),
    why: describe(loss),
  };
}

/**
 * The node a transport exception names. Its reason starts `[name][address]` (disconnected, not
 * connected, connect and send failures); a closed node's reads `node closed {name}{id}...`.
 */
function nodeNamedBy(cause: Cause): string | null {
  const reason = typeof cause.reason === 'string' ? cause.reason : '';
  const transport = /^\[([^\]]+)\]\[([^\]]+)\]/.exec(reason);
  if (transport !== null) return `[${transport[1]}][${transport[2]}]`;
  const closed = /node closed \{([^}]+)\}(?:\{[^}]*\}){3}\{([^}]+)\}/.exec(reason);
  if (closed !== null) return `[${closed[1]}][${closed[2]}]`;
  const named = /node closed \{([^}]+)\}/.exec(reason);
  return named === null ? null : `[${named[1]}]`;
}

function describe(cause: Cause): string {
  const type = String(cause.type);
  return typeof cause.reason === 'string' && cause.reason !== ''
    ? `${type}: ${cause.reason}`
    : type;
}
