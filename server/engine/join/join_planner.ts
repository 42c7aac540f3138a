import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import type { JoinStrategy } from './join_spec';

/** How much larger the child must be than the parent's key count before the join reverses. */
const REVERSE_RATIO = 10;

export interface JoinPlan {
  strategy: JoinStrategy;
  /** What the choice was made from; absent when `type` forced the strategy. */
  estimates?: { child_docs: number; parent_keys: number };
}

/**
 * Chooses the direction of an OpenSearch ↔ OpenSearch join from counts. Fetching keys from the
 * large side and sending them to the small side is the slow direction (spec §8.2.7): when the
 * child query matches far more documents than the parent has distinct join keys, the parent's
 * keys are fetched first and sent into the child query (INDEX_JOIN); otherwise the child's keys
 * are fetched and broadcast to the parent (BROADCAST_JOIN). `type` forces either.
 */
export async function planJoin(
  openSearch: OpenSearchGateway,
  forced: JoinStrategy | undefined,
  child: { indices: string[]; query: unknown },
  parent: { indices: string[]; field: string },
  maxKeys: number
): Promise<JoinPlan> {
  if (forced !== undefined) return { strategy: forced };
  const [count, cardinality] = await Promise.all([
    openSearch.request<{ count: number }>({
      method: 'POST',
      path: opensearchPath(child.indices.join(','), '_count'),
      body: { query: child.query as Record<string, unknown> },
    }),
    openSearch.request<{ aggregations?: { keys?: { value: number } } }>({
      method: 'POST',
      path: opensearchPath(parent.indices.join(','), '_search'),
      body: {
        size: 0,
        track_total_hits: false,
        aggs: { keys: { cardinality: { field: parent.field } } },
      },
    }),
  ]);
  const estimates = {
    child_docs: count.count,
    parent_keys: cardinality.aggregations?.keys?.value ?? 0,
  };
  const reverse =
    estimates.parent_keys <= maxKeys &&
    estimates.child_docs > REVERSE_RATIO * estimates.parent_keys;
  return { strategy: reverse ? 'INDEX_JOIN' : 'BROADCAST_JOIN', estimates };
}
