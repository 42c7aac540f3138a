/**
 * Walking a point in time through the loss of a node. OpenSearch keeps a PIT's reader context on
 * one copy of each shard; when that copy's node leaves or restarts the context is gone, and pages
 * come back short (`_shards.failed`) or fail. Another copy holds the same documents, but numbers
 * them differently, so a `_shard_doc` position means nothing there. `_seq_no` does: the primary
 * assigns it, every copy keeps it, and no two live documents of a shard share one. Walks
 * therefore sort by `_seq_no` before `_shard_doc` (whose high 32 bits are the shard's place in
 * the PIT, the same in any PIT over the same indices), and a walk that loses a context opens a
 * new PIT and goes on after its last hit on the copies that are left.
 */
import { OpenSearchResponseError } from '../errors';
import { expecting } from './client_errors';
import { NodeLossError } from './node_loss';
import { type OpenSearchGateway, opensearchPath } from './opensearch_gateway';
import { requireAllShards, type ShardsHeader } from './shard_failures';
import type { TransportRequestParams } from './transport';

/** The request opening an OpenSearch PIT on `indices` (an index expression). */
export function openPitRequest(
  indices: string,
  keepAlive: string,
  preference: { preference?: string }
): TransportRequestParams {
  return {
    method: 'POST',
    path: opensearchPath(indices, '_search', 'point_in_time'),
    querystring: { keep_alive: keepAlive, ...preference },
  };
}

/**
 * Frees an OpenSearch PIT. Already expired (404) or failing to close is nobody's concern: the
 * walk that held it is over, and OpenSearch frees it at its keep-alive anyway.
 */
export async function closePit(openSearch: OpenSearchGateway, pitId: string): Promise<void> {
  await openSearch
    .request(
      { method: 'DELETE', path: '/_search/point_in_time', body: { pit_id: [pitId] } },
      expecting(404)
    )
    .catch(() => undefined);
}

/** The order appended to a walk's sort: the same on every copy of a shard. */
export const COPY_INDEPENDENT_ORDER: ReadonlyArray<Record<string, 'asc'>> = [
  { _seq_no: 'asc' },
  { _shard_doc: 'asc' },
];

const SHARD_SPAN = 2 ** 32;

/**
 * `search_after` for a hit whose sort ends in COPY_INDEPENDENT_ORDER, valid on any copy: past
 * every document number of the hit's shard, since only that hit has its `_seq_no` there.
 */
export function afterOnAnyCopy(after: readonly unknown[]): unknown[] {
  const shardDoc = after[after.length - 1];
  if (typeof shardDoc !== 'number' || !Number.isSafeInteger(shardDoc) || shardDoc < 0) {
    return [...after];
  }
  const shard = Math.floor(shardDoc / SHARD_SPAN);
  return [...after.slice(0, -1), shard * SHARD_SPAN + (SHARD_SPAN - 1)];
}

/** Errors of a PIT search that a new PIT on the remaining copies may get past. */
const LOST_CONTEXT_TYPES = new Set([
  'search_context_missing_exception',
  'search_phase_execution_exception',
  'no_shard_available_action_exception',
  'node_not_connected_exception',
  'node_disconnected_exception',
  'node_closed_exception',
]);

/** The PIT search failed as a whole because shards' contexts were lost (not the request's fault). */
export function lostContext(error: unknown): boolean {
  // A node that left took its contexts with it (client_errors.ts names it in a 503).
  if (error instanceof NodeLossError) return true;
  if (!(error instanceof OpenSearchResponseError)) return false;
  if (error.status !== 404 && error.status < 500) return false;
  const type = (error.body as { error?: { type?: unknown } } | null)?.error?.type;
  return typeof type === 'string' && LOST_CONTEXT_TYPES.has(type);
}

export interface ResumableSearch<T> {
  /** One search of the walk against the given OpenSearch PIT. */
  search: (pitId: string) => Promise<T>;
  /**
   * Opens a new PIT on the walk's indices (and frees the old one), or is absent when the walk's
   * order is not the same on every copy: a lost context is then the 503 naming the shards.
   */
  reopen?: () => Promise<string>;
  /**
   * The shards of the walk's indices with no started copy (cluster health), asked when the
   * search failed as a whole: OpenSearch's own error then says only "all shards failed".
   */
  shardsWithoutCopy: () => Promise<ShardsHeader | null>;
  /** What the error calls the read ("the page of point in time [x]"). */
  what: string;
  /** Added to the error when the walk cannot resume: why, and what would let it. */
  cannotResume?: string;
}

/**
 * One search of a PIT walk: every shard answers, or the walk moves once to a new PIT on the
 * copies left; shards with no copy left are a 503 naming them, never a short page.
 */
export async function searchAllShards<T extends { _shards?: ShardsHeader }>(
  pitId: string,
  walk: ResumableSearch<T>
): Promise<{ response: T; pitId: string }> {
  let response: T;
  try {
    response = await walk.search(pitId);
  } catch (error) {
    if (!lostContext(error)) throw error;
    if (walk.reopen === undefined) throw await namingShards(error, walk, walk.cannotResume);
    return resume(walk);
  }
  if (!response._shards?.failed) return { response, pitId };
  if (walk.reopen === undefined) {
    return { response: requireAllShards(response, walk.what, walk.cannotResume), pitId };
  }
  return resume(walk);
}

async function resume<T extends { _shards?: ShardsHeader }>(
  walk: ResumableSearch<T>
): Promise<{ response: T; pitId: string }> {
  try {
    const pitId = await walk.reopen!();
    const response = await walk.search(pitId);
    return { response: requireAllShards(response, walk.what), pitId };
  } catch (error) {
    throw lostContext(error) ? await namingShards(error, walk) : error;
  }
}

/** The 503 naming the shards without a copy, or `error` itself when health names none. */
async function namingShards(
  error: unknown,
  walk: ResumableSearch<unknown>,
  advice?: string
): Promise<unknown> {
  const missing = await walk.shardsWithoutCopy().catch(() => null);
  if (missing === null || !missing.failed) return error;
  try {
    requireAllShards({ _shards: missing }, walk.what, advice);
  } catch (named) {
    return named;
  }
  return error;
}

/** Cluster health by shard: which shards of `indices` have no started copy. */
export async function shardsWithoutCopy(
  openSearch: OpenSearchGateway,
  indices: string
): Promise<ShardsHeader | null> {
  const health = await openSearch.request<{
    indices?: Record<
      string,
      { number_of_shards?: number; shards?: Record<string, { active_shards?: number }> }
    >;
  }>({
    method: 'GET',
    path: opensearchPath('_cluster', 'health', indices),
    querystring: { level: 'shards', expand_wildcards: 'open,hidden' },
  });
  const failures: NonNullable<ShardsHeader['failures']> = [];
  let total = 0;
  for (const [index, state] of Object.entries(health.indices ?? {})) {
    total += state.number_of_shards ?? 0;
    for (const [shard, copies] of Object.entries(state.shards ?? {})) {
      if (!copies.active_shards) {
        failures.push({
          index,
          shard: Number(shard),
          reason: { type: 'no_shard_available_action_exception', reason: 'no copy is started' },
        });
      }
    }
  }
  return failures.length === 0 ? null : { total, failed: failures.length, failures };
}
