/**
 * OpenSearch aggregations on a virtual index (docs/api/interface.md §4.6), each pushed down to the datasource as
 * GROUP BY SQL and answered in OpenSearch's response shape. See aggregation_planner.ts for the
 * statements, the families' files for each aggregation's semantics.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { TranslationContext } from '../translation_context';
import type { Aggregation, BucketAgg } from './aggregation_types';
import { parseAggregations } from './aggregation_parser';
import { runPlanned, type AggregationInput } from './aggregation_planner';
import { checkFilterQueries } from './filters_aggregation';
import type { TopHitsFetcher } from './top_hits_fetch';

export type { AggregationInput };
export type { TopHitsFetch, TopHitsFetcher } from './top_hits_fetch';

/**
 * Throws a 400 for anything malformed or unsupported, before any SQL runs. Date math is checked
 * against the current time; the run uses the request's `now`. With `newContext`, the queries of
 * `filters` aggregations are translated too (a search runs its other statements beside the
 * aggregations, so a bad filter must be found before any of them starts).
 */
export function validateAggregations(
  aggs: unknown,
  columns: ReadonlyMap<string, VirtualIndexColumn>,
  newContext?: () => TranslationContext,
  topHits?: TopHitsFetcher
): void {
  const parsed = parseAggregations(aggs, columns, Date.now(), topHits);
  if (newContext) checkAllFilterQueries(parsed, newContext);
}

/** The response's `aggregations` object. */
export async function runAggregations(
  aggs: Record<string, unknown>,
  input: AggregationInput
): Promise<Record<string, unknown>> {
  const probe = input.newContext();
  const parsed = parseAggregations(aggs, probe.columns, probe.now, input.topHits);
  // Filter queries are translated before the first statement, so a bad one runs nothing.
  checkAllFilterQueries(parsed, input.newContext);
  return runPlanned(parsed, input);
}

function checkAllFilterQueries(
  aggs: readonly Aggregation[],
  newContext: () => TranslationContext
): void {
  forEachBucket(aggs, (agg) => {
    if (agg.type === 'filters') checkFilterQueries(agg, newContext);
  });
}

function forEachBucket(aggs: readonly Aggregation[], visit: (agg: BucketAgg) => void): void {
  for (const agg of aggs) {
    if (agg.kind !== 'bucket') continue;
    visit(agg);
    forEachBucket(agg.terms, visit);
  }
}
