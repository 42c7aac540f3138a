import type { CallOptions } from '../backends/backend';
import type { OpenSearchBackend } from '../backends/opensearch_backend';
import type { JoinStrategy } from './join_query';

/** How much larger the child must be than the parent's key count before the join reverses. */
const REVERSE_RATIO = 10;

export interface JoinPlan {
  strategy: JoinStrategy;
  /** What the choice was made from; absent when `type` forced the strategy. */
  estimates?: { child_docs: number; parent_keys: number };
}

/**
 * Chooses the direction of an OpenSearch ↔ OpenSearch join from counts. Fetching keys from the
 * large side and sending them to the small side is the slow direction (docs/api/interface.md §8.2.7): when the
 * child query matches far more documents than the parent has distinct join keys, the parent's
 * keys are fetched first and sent into the child query (INDEX_JOIN); otherwise the child's keys
 * are fetched and broadcast to the parent (BROADCAST_JOIN). `type` forces either.
 */
export async function planJoin(
  forced: JoinStrategy | undefined,
  /** How many documents the child query matches (a `_count`, or the key read's own count). */
  childCount: () => Promise<number>,
  parent: { backend: OpenSearchBackend; field: string },
  maxKeys: number,
  options: CallOptions = {}
): Promise<JoinPlan> {
  if (forced !== undefined) return { strategy: forced };
  const [childDocs, parentKeys] = await Promise.all([
    childCount(),
    parent.backend.cardinality(parent.field, options),
  ]);
  const estimates = { child_docs: childDocs, parent_keys: parentKeys };
  const reverse =
    estimates.parent_keys <= maxKeys &&
    estimates.child_docs > REVERSE_RATIO * estimates.parent_keys;
  return { strategy: reverse ? 'INDEX_JOIN' : 'BROADCAST_JOIN', estimates };
}
