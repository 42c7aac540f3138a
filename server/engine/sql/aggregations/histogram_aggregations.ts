/**
 * histogram and date_histogram: GROUP BY a bucket number computed in SQL, then, in TypeScript,
 * what OpenSearch's reduce does: keys from the numbers, `min_doc_count`, empty buckets between
 * the first and last bucket and out to `extended_bounds` (min_doc_count 0, the default), order,
 * `keyed`.
 *
 * histogram: FLOOR((value - offset) / interval) in SQL doubles, key = n * interval + offset in
 * JavaScript doubles: the arithmetic and rounding of Java's. date_histogram: see date_sql.ts for
 * the SQL and date_rounding.ts for keys, empty buckets and bounds.
 */
import { badRequest } from '../../errors';
import type { Row } from '../remote_types';
import type { DateHistogramAgg, HistogramAgg, ValueMetricAgg } from './aggregation_types';
import { bucketComparator } from './bucket_order';
import { firstInstantOf, nextKey, roundOnce } from './date_rounding';
import {
  dateHistogramKeyColumn,
  instantRange,
  localStartMs,
  nativeLocalStartColumn,
  type DateKeyKind,
} from './date_sql';
import { metricSortValue, metricValue } from './metric_aggregations';
import { identityOf, toNumber } from './row_values';
import { bound, sql } from '../sql_fragment';
import { columnOnce, comparable, epochOf, type StatementEnv } from './statement_env';
import { MAX_BUCKETS, tooManyBuckets } from './bucket_limit';

// ---------------------------------------------------------------------------------------------
// SQL

export function histogramKeyColumn(env: StatementEnv, agg: HistogramAgg): string {
  const column = agg.field.column!;
  const name = agg.field.name;
  const value =
    column.type === 'date'
      ? epochOf(env, column, name)
      : column.type === 'boolean'
        ? columnOnce(env, `bool:${name}`, () =>
            env.rows.add(env.agg.booleanAsInt(comparable(env, column)))
          )
        : columnOnce(env, `value:${name}`, () => env.rows.add(comparable(env, column)));
  const x = env.agg.toDouble(env.rows.ref(value));
  const interval = env.agg.toDouble(bound(agg.interval));
  // x - 0.0 is x for every double (-0.0 and NaN included): no subtraction per row without offset.
  if (agg.offset === 0) return env.rows.add(sql`FLOOR(${x} / ${interval})`, [value]);
  const offset = env.agg.toDouble(bound(agg.offset));
  return env.rows.add(sql`FLOOR((${x} - ${offset}) / ${interval})`, [value]);
}

export function dateHistogramKey(
  env: StatementEnv,
  agg: DateHistogramAgg
): { alias: string; kind: DateKeyKind } {
  const column = agg.field.column!;
  const name = agg.field.name;
  if (column.type === 'long') {
    // A long field read as epoch milliseconds, as OpenSearch does.
    const value = columnOnce(env, `value:${name}`, () => env.rows.add(comparable(env, column)));
    return dateHistogramKeyColumn(
      env.rows,
      env.dates,
      value,
      agg.rounding,
      env.dates.ranges.get(name) ?? null
    );
  }
  const native = nativeLocalStartColumn(env.rows, env.dates, column, agg.rounding);
  if (native) return { alias: native, kind: 'local' };
  const epoch = epochOf(env, column, name);
  return dateHistogramKeyColumn(
    env.rows,
    env.dates,
    epoch,
    agg.rounding,
    instantRange(env.dates, column, name)
  );
}

// ---------------------------------------------------------------------------------------------
// Buckets

export interface HistogramBucket {
  key: number;
  docCount: number;
  /** The statement's row (metrics); null for an empty bucket. */
  row: Row | null;
  /** The grouped value, naming the bucket for nested statements; null for empty buckets. */
  identity: string | null;
}

function checkCount(count: number, max: number): void {
  if (count > max) throw tooManyBuckets(count, max);
}

/** Rows of the statement (`g0` grouped, `doc_count`) to buckets, filled, filtered and ordered. */
export function histogramBuckets(
  agg: HistogramAgg | DateHistogramAgg,
  rows: readonly Row[],
  keyOf: (grouped: unknown) => number,
  timezone: string,
  maxBuckets = MAX_BUCKETS
): HistogramBucket[] {
  let buckets: HistogramBucket[] = rows
    .map((row) => ({
      key: keyOf(row.g0),
      docCount: toNumber(row.doc_count)!,
      row,
      identity: identityOf(row.g0),
    }))
    .filter((bucket) => bucket.docCount >= agg.minDocCount)
    .sort((a, b) => a.key - b.key);
  if (agg.minDocCount === 0) {
    buckets =
      agg.type === 'histogram'
        ? fillHistogram(agg, buckets, maxBuckets)
        : fillDateHistogram(agg, buckets, maxBuckets);
  }
  checkCount(buckets.length, maxBuckets);
  const values = new Map<HistogramBucket, Map<ValueMetricAgg, number>>();
  const sortValue = (bucket: HistogramBucket, metric: ValueMetricAgg) => {
    let cache = values.get(bucket);
    if (!cache) values.set(bucket, (cache = new Map()));
    if (!cache.has(metric)) {
      const j = agg.metrics.indexOf(metric);
      cache.set(
        metric,
        metricSortValue(metric, metricValue(metric, bucket.row, `m${j}`, timezone))
      );
    }
    return cache.get(metric)!;
  };
  const compare = bucketComparator(agg.order);
  return buckets.sort((a, b) =>
    compare(
      { key: a.key, docCount: a.docCount, sortValue: (m) => sortValue(a, m) },
      { key: b.key, docCount: b.docCount, sortValue: (m) => sortValue(b, m) }
    )
  );
}

const empty = (key: number): HistogramBucket => ({ key, docCount: 0, row: null, identity: null });

/** InternalHistogram.addEmptyBuckets */
function fillHistogram(
  agg: HistogramAgg,
  buckets: HistogramBucket[],
  maxBuckets: number
): HistogramBucket[] {
  const { interval, offset } = agg;
  const round = (key: number) => Math.floor((key - offset) / interval) * interval + offset;
  const next = (key: number) => round(key + interval + interval / 2);
  const minBound = agg.extendedBounds?.min ?? Infinity;
  const maxBound = agg.extendedBounds?.max ?? -Infinity;
  const out: HistogramBucket[] = [];
  const push = (bucket: HistogramBucket) => {
    out.push(bucket);
    checkCount(out.length, maxBuckets);
  };
  if (buckets.length === 0) {
    for (let key = round(minBound); key <= maxBound; key = next(key)) push(empty(key));
    return out;
  }
  if (Number.isFinite(minBound)) {
    for (let key = round(minBound); key < buckets[0].key; key = next(key)) push(empty(key));
  }
  buckets.forEach((bucket, i) => {
    if (i > 0) {
      for (let key = next(buckets[i - 1].key); key < bucket.key; key = next(key)) push(empty(key));
    }
    push(bucket);
  });
  for (let key = next(buckets[buckets.length - 1].key); key <= maxBound; key = next(key)) {
    push(empty(key));
  }
  return out;
}

/** InternalDateHistogram.addEmptyBuckets, with extended bounds rounded as LongBounds.round. */
function fillDateHistogram(
  agg: DateHistogramAgg,
  buckets: HistogramBucket[],
  maxBuckets: number
): HistogramBucket[] {
  const spec = agg.rounding;
  const withoutOffset = { ...spec, offsetMs: 0 };
  const bound = (value: number | undefined) =>
    value === undefined ? undefined : roundOnce(withoutOffset, value) + spec.offsetMs;
  const min = bound(agg.extendedBounds?.min);
  const max = bound(agg.extendedBounds?.max);
  const out: HistogramBucket[] = [];
  const push = (bucket: HistogramBucket) => {
    out.push(bucket);
    checkCount(out.length, maxBuckets);
  };
  const advance = (key: number) => {
    const next = nextKey(spec, key);
    if (next <= key) throw badRequest(`Failed to advance date histogram bucket key [${key}]`);
    return next;
  };
  if (buckets.length === 0) {
    if (min !== undefined && max !== undefined) {
      for (let key = min; key <= max; key = advance(key)) {
        push(empty(key));
        if (key === max) break;
      }
    }
    return out;
  }
  if (min !== undefined) {
    for (let key = min; key < buckets[0].key; key = advance(key)) push(empty(key));
  }
  buckets.forEach((bucket, i) => {
    if (i > 0) {
      for (let key = advance(buckets[i - 1].key); key < bucket.key; key = advance(key)) {
        push(empty(key));
      }
    }
    push(bucket);
  });
  const last = buckets[buckets.length - 1].key;
  if (max !== undefined && max > last) {
    for (let key = advance(last); key <= max; key = advance(key)) {
      push(empty(key));
      if (key === max) break;
    }
  }
  return out;
}

/** The key of a date_histogram bucket from what its statement grouped. */
export function dateHistogramKeyOf(agg: DateHistogramAgg, kind: DateKeyKind) {
  return (grouped: unknown): number => {
    const instant =
      kind === 'instant'
        ? toNumber(grouped)!
        : firstInstantOf(localStartMs(grouped), agg.rounding.zone);
    return instant + agg.rounding.offsetMs;
  };
}

/** The key of a histogram bucket from its number (Java: roundKey * interval + offset). */
export function histogramKeyOf(agg: HistogramAgg) {
  return (grouped: unknown): number => toNumber(grouped)! * agg.interval + agg.offset;
}
