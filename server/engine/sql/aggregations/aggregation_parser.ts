/**
 * The request's `aggs` to validated aggregations, or a 400 naming what is wrong or unsupported,
 * before any SQL runs. What may nest (docs/api/interface.md §4.6): metrics inside any bucket aggregation, and a
 * terms aggregation inside any bucket aggregation (including another terms); nothing inside a
 * metric.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { badRequest } from '../../errors';
import type {
  Aggregation,
  BucketAgg,
  MetricAgg,
  MetricType,
  SubAggregations,
  TermsAgg,
  TopHitsAgg,
} from './aggregation_types';
import { parseExtendedStats } from './extended_stats';
import { parseTopHits } from './top_hits';
import type { TopHitsFetcher } from './top_hits_fetch';
import { parseFilters } from './filters_aggregation';
import { parseDateHistogram, parseHistogram } from './histogram_parsing';
import { METRIC_TYPES, parseMetric } from './metric_aggregations';
import { isObject, parsingError, type ParseEnv } from './body_parameters';
import { parseRange } from './range_aggregations';
import { parseTerms } from './terms_aggregation';
import { ownValue } from '../own_property';

type Sub = SubAggregations;
type BucketParser = (
  name: string,
  body: unknown,
  env: ParseEnv,
  sub: Sub,
  nested: boolean
) => BucketAgg;

const BUCKET_PARSERS: Record<string, BucketParser> = {
  terms: parseTerms,
  histogram: (name, body, env, sub) => parseHistogram(name, body, env, sub),
  date_histogram: (name, body, env, sub) => parseDateHistogram(name, body, env, sub),
  range: (name, body, env, sub) => parseRange('range', name, body, env, sub),
  date_range: (name, body, env, sub) => parseRange('date_range', name, body, env, sub),
  filters: (name, body, env, sub) => parseFilters(name, body, env, sub),
};

/** OpenSearch aggregations that virtual indices do not answer: named in the 400. */
const UNSUPPORTED = new Set([
  'adjacency_matrix',
  'auto_date_histogram',
  'avg_bucket',
  'bucket_script',
  'bucket_selector',
  'bucket_sort',
  'children',
  'composite',
  'cumulative_sum',
  'derivative',
  'diversified_sampler',
  'extended_stats_bucket',
  'filter',
  'geo_bounds',
  'geo_centroid',
  'geo_distance',
  'geohash_grid',
  'geotile_grid',
  'global',
  'ip_range',
  'matrix_stats',
  'max_bucket',
  'median_absolute_deviation',
  'min_bucket',
  'missing',
  'moving_avg',
  'moving_fn',
  'multi_terms',
  'nested',
  'parent',
  'percentile_ranks',
  'percentiles',
  'percentiles_bucket',
  'rare_terms',
  'reverse_nested',
  'sampler',
  'scripted_metric',
  'serial_diff',
  'significant_terms',
  'significant_text',
  'stats',
  'stats_bucket',
  'sum_bucket',
  'value_count',
  'variable_width_histogram',
  'weighted_avg',
]);

/** What a refused aggregation may be rewritten with (stats, say, as min, max, avg and sum). */
const SUPPORTED_TEXT =
  `use the metric aggregations [${[...METRIC_TYPES, 'extended_stats', 'top_hits'].join(', ')}] or the bucket aggregations ` +
  `[${Object.keys(BUCKET_PARSERS).join(', ')}] instead`;

/** Metrics besides the single-value ones: no sub-aggregations either. */
const LEAVES = new Set(['extended_stats', 'top_hits']);

const MAX_DEPTH = 20;

export function parseAggregations(
  aggs: unknown,
  columns: ReadonlyMap<string, VirtualIndexColumn>,
  now: number,
  topHits?: TopHitsFetcher
): Aggregation[] {
  return parseLevel(aggs, { columns, now, topHits }, null, 0);
}

function parseLevel(
  aggs: unknown,
  env: ParseEnv,
  parent: string | null,
  depth: number
): Aggregation[] {
  if (!isObject(aggs)) {
    throw parsingError(
      parent
        ? `[aggs] of aggregation [${parent}] must be an object`
        : 'Expected [START_OBJECT] under [aggs]'
    );
  }
  if (depth > MAX_DEPTH)
    throw badRequest(
      `aggregations are nested more than ${MAX_DEPTH} levels deep under [${parent}]; nest fewer sub-aggregations`
    );
  return Object.entries(aggs).map(([name, definition]) =>
    parseOne(name, definition, env, parent, depth)
  );
}

function parseOne(
  name: string,
  definition: unknown,
  env: ParseEnv,
  parent: string | null,
  depth: number
): Aggregation {
  if (name === '' || /[[\]>]/.test(name)) {
    throw parsingError(
      `Invalid aggregation name [${name}]. Aggregation names can contain any character except '[', ']', and '>'`
    );
  }
  if (!isObject(definition))
    throw parsingError(
      `Aggregation definition for [${name}] starts with a [non-object], expected a [START_OBJECT].`
    );
  let type: string | null = null;
  let body: unknown;
  let subAggs: unknown;
  let meta: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(definition)) {
    if (key === 'aggs' || key === 'aggregations') {
      if (subAggs !== undefined)
        throw parsingError(`Found two sub aggregation definitions under [${name}]`);
      subAggs = value;
    } else if (key === 'meta') {
      if (!isObject(value)) throw parsingError(`[meta] of aggregation [${name}] must be an object`);
      meta = value;
    } else if (type !== null) {
      throw parsingError(
        `Found two aggregation type definitions in [${name}]: [${type}] and [${key}]`
      );
    } else {
      type = key;
      body = value;
    }
  }
  if (type === null) throw parsingError(`Missing definition for aggregation [${name}]`);
  if (type === 'percentiles' || type === 'percentile_ranks') {
    // OpenSearch answers these from a t-digest, not exactly: over [1, 2, 3, 4] its median is 3.0
    // where SQL's PERCENTILE_CONT says 2.5 (docs/api/osd_apps_on_virtual_indices.md).
    throw badRequest(
      `aggregation [${name}] of type [${type}] is not supported on virtual indices: OpenSearch estimates percentiles with a t-digest, which SQL cannot reproduce, and an exact percentile would differ from it; ${SUPPORTED_TEXT}`
    );
  }
  if (UNSUPPORTED.has(type)) {
    throw badRequest(
      `aggregation [${name}] of type [${type}] is not supported on virtual indices; ${SUPPORTED_TEXT}`
    );
  }
  const leaf = METRIC_TYPES.includes(type as MetricType) || LEAVES.has(type);
  if (leaf && subAggs !== undefined && isObject(subAggs) && Object.keys(subAggs).length > 0) {
    throw badRequest(`Aggregator [${name}] of type [${type}] cannot accept sub-aggregations`);
  }
  if (type === 'extended_stats') return withMeta(parseExtendedStats(name, body, env), meta);
  if (type === 'top_hits') return withMeta(parseTopHits(name, body, env, depth), meta);
  if (METRIC_TYPES.includes(type as MetricType)) {
    return withMeta(parseMetric(type as MetricType, name, body, env), meta);
  }
  const parse = ownValue(BUCKET_PARSERS, type);
  if (!parse) throw parsingError(`Unknown aggregation type [${type}] in [${name}]`);
  if (parent !== null && type !== 'terms') {
    throw badRequest(
      `[${type}] aggregation [${name}] inside the bucket aggregation [${parent}]: only a terms aggregation can be nested inside a bucket aggregation on virtual indices (besides metric aggregations); move [${name}] to the top level of [aggs]`
    );
  }
  const children = subAggs === undefined ? [] : parseLevel(subAggs, env, name, depth + 1);
  const sub: Sub = {
    metrics: children.filter((c): c is MetricAgg => c.kind === 'metric'),
    terms: children.filter((c): c is TermsAgg => c.kind === 'bucket' && c.type === 'terms'),
    topHits: children.filter((c): c is TopHitsAgg => c.kind === 'top_hits'),
  };
  return withMeta(parse(name, body, env, sub, parent !== null), meta);
}

function withMeta<T extends Aggregation>(agg: T, meta: Record<string, unknown> | undefined): T {
  return meta ? { ...agg, meta } : agg;
}
