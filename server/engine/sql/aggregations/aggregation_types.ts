/**
 * Aggregations as parsed and validated from the request, before any SQL: what the families'
 * parsers produce and the planner consumes.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { RoundingSpec } from './date_rounding';
import type { DatePrinter } from './date_printer';
import type { TopHitsFetch } from './top_hits_fetch';

/** A `field` of the request; `column` is null when the index has no such field (unmapped). */
export interface FieldRef {
  name: string;
  column: VirtualIndexColumn | null;
}

export type MetricType = 'avg' | 'sum' | 'min' | 'max' | 'cardinality';

interface Named {
  name: string;
  /** The `meta` object, returned as is. */
  meta?: Record<string, unknown>;
}

/** A single-value metric: one `value` (what buckets may be ordered by). */
export interface ValueMetricAgg extends Named {
  kind: 'metric';
  type: MetricType;
  field: FieldRef;
  /** How `value_as_string` is printed (dates, booleans); null: no value_as_string. */
  valueAsString: ((value: number) => string) | null;
}

/** `extended_stats` on a numeric field: count, min, max, sum and sum of squares from SQL. */
export interface ExtendedStatsAgg extends Named {
  kind: 'metric';
  type: 'extended_stats';
  field: FieldRef;
  /** Standard deviations between the average and `std_deviation_bounds` (default 2). */
  sigma: number;
}

/** Metrics computed in the statement of the bucket (or top level) they belong to. */
export type MetricAgg = ValueMetricAgg | ExtendedStatsAgg;

/**
 * `top_hits`: the best rows of the bucket (or of the search), read by a statement of its own.
 * `fetch` is the search layer's reading of `sort`, `_source` and the fetch options.
 */
export interface TopHitsAgg extends Named {
  kind: 'top_hits';
  from: number;
  size: number;
  fetch: TopHitsFetch;
}

export type OrderElement =
  | { by: 'count'; asc: boolean }
  | { by: 'key'; asc: boolean }
  | { by: 'metric'; metric: ValueMetricAgg; asc: boolean };

/** Compound, ending with a key order that breaks every tie (as OpenSearch compounds orders). */
export type BucketOrder = OrderElement[];

interface BucketBase extends Named {
  kind: 'bucket';
  metrics: MetricAgg[];
  /** Only terms aggregations nest inside bucket aggregations (docs/api/interface.md §4.6). */
  terms: TermsAgg[];
  /** `top_hits` directly inside a top-level bucket aggregation. */
  topHits: TopHitsAgg[];
}

export interface TermsAgg extends BucketBase {
  type: 'terms';
  field: FieldRef;
  size: number;
  /** The shard-side queue size OpenSearch uses (what decides sum_other_doc_count). */
  shardSize: number;
  minDocCount: number;
  order: BucketOrder;
  /** Ordered by key first (InternalOrder.isKeyOrder): OpenSearch then keeps `size` per shard. */
  keyOrdered: boolean;
  /** `key_as_string` of date and boolean keys. */
  keyAsString: ((key: number) => string) | null;
  showTermDocCountError: boolean;
}

export interface Bounds {
  min?: number;
  max?: number;
}

export interface HistogramAgg extends BucketBase {
  type: 'histogram';
  field: FieldRef;
  interval: number;
  offset: number;
  minDocCount: number;
  extendedBounds: Bounds | null;
  order: BucketOrder;
  keyed: boolean;
  keyAsString: ((key: number) => string) | null;
}

export interface DateHistogramAgg extends BucketBase {
  type: 'date_histogram';
  field: FieldRef;
  rounding: RoundingSpec;
  minDocCount: number;
  /** Parsed epoch milliseconds, not yet rounded. */
  extendedBounds: Bounds | null;
  order: BucketOrder;
  keyed: boolean;
  /** Null when the field is a long: keys then print no `key_as_string`. */
  printer: DatePrinter | null;
}

export interface RangeSpec {
  key: string;
  /** -Infinity when open. */
  from: number;
  /** Infinity when open. */
  to: number;
}

export interface RangeAgg extends BucketBase {
  type: 'range' | 'date_range';
  field: FieldRef;
  /** Sorted by from, then to, as OpenSearch sorts them. */
  ranges: RangeSpec[];
  keyed: boolean;
  /** `from_as_string`/`to_as_string` printer; null for numbers. */
  printer: DatePrinter | null;
}

export interface FiltersAgg extends BucketBase {
  type: 'filters';
  filters: Array<{ key: string | null; query: unknown }>;
  /** Named filters answer an object keyed by name, anonymous ones an array. */
  keyed: boolean;
  otherBucketKey: string | null;
}

/** What a bucket aggregation holds, as parsed. */
export interface SubAggregations {
  metrics: MetricAgg[];
  terms: TermsAgg[];
  topHits: TopHitsAgg[];
}

export type BucketAgg = TermsAgg | HistogramAgg | DateHistogramAgg | RangeAgg | FiltersAgg;
export type Aggregation = MetricAgg | TopHitsAgg | BucketAgg;
