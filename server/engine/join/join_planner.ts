import type { CallOptions } from '../backends/backend';
import type { OpenSearchBackend } from '../backends/opensearch_backend';
import type { JoinStrategy } from './join_query';

/** How much larger the child must be than the parent's key count before the join reverses. */
const REVERSE_RATIO = 10;

export interface JoinPlan {
  strategy: JoinStrategy;
  /**
   * What the choice was made from; absent when `type` forced the strategy, and without
   * `parent_keys` when the child's first key page held every key (the parent was not counted).
   */
  estimates?: { child_docs: number; parent_keys?: number };
}

/** How many documents the child query matches, and whether its keys are already all read. */
export interface ChildCount {
  docs: number;
  /** The key read's first page was its last. */
  complete: boolean;
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
  /** The child's count: a `_count`, or the key read's own first page. */
  childCount: () => Promise<ChildCount>,
  parent: { backend: OpenSearchBackend; field: string },
  maxKeys: number,
  options: CallOptions = {}
): Promise<JoinPlan> {
  if (forced !== undefined) return { strategy: forced };
  const child = await childCount();
  // The child's keys are read while the planner counts. A read whose first page held every key
  // is done: reversing could only add reads, so the parent's keys are not counted (a cardinality
  // aggregation over the whole parent, which took OpenSearch's CPU from the key read beside it).
  if (child.complete) return { strategy: 'BROADCAST_JOIN', estimates: { child_docs: child.docs } };
  const parentKeys = await parent.backend.cardinality(parent.field, options);
  const estimates = { child_docs: child.docs, parent_keys: parentKeys };
  const reverse =
    estimates.parent_keys <= maxKeys &&
    estimates.child_docs > REVERSE_RATIO * estimates.parent_keys;
  return { strategy: reverse ? 'INDEX_JOIN' : 'BROADCAST_JOIN', estimates };
}
