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
import { ownValue } from '../own_property';
import { FederationError, badRequest } from '../../errors';
import type { Row } from '../remote_types';
import { parseDateMath } from '../date_math';
import type {
  Bounds,
  DateHistogramAgg,
  HistogramAgg,
  MetricAgg,
  TermsAgg,
} from './aggregation_types';
import { bucketComparator, parseOrder } from './bucket_order';
import {
  firstInstantOf,
  nextKey,
  roundOnce,
  type CalendarUnitName,
  type RoundingSpec,
} from './date_rounding';
import { datePrinter } from './date_printer';
import {
  dateHistogramKeyColumn,
  instantRange,
  localStartMs,
  nativeLocalStartColumn,
  type DateKeyKind,
} from './date_sql';
import { metricSortValue, metricValue } from './metric_aggregations';
import {
  booleanParam,
  expectBody,
  fieldOf,
  numericFormatError,
  integerParam,
  isObject,
  numberParam,
  parsingError,
  stringParam,
  unsupportedFieldType,
  type ParseEnv,
} from './parse_support';
import { identityOf, toNumber } from './row_values';
import { bound, sql } from './sql_fragment';
import { columnOnce, comparable, epochOf, type StatementEnv } from './statement_env';
import { zoneRulesOf } from './zone_rules';
import { parseTimeValue } from '../../time_value';

/** OpenSearch's search.max_buckets default. */
export const MAX_BUCKETS = 65_535;

/**
 * OpenSearch's answer past `search.max_buckets` (its status, 503, and type), with what to do.
 * `count` is a lower bound when `more` (the statement stopped reading there).
 */
export function tooManyBuckets(count: number, max = MAX_BUCKETS, more = false): FederationError {
  return new FederationError(
    503,
    'too_many_buckets_exception',
    `Trying to create too many buckets. Must be less than or equal to: [${max}] but was [${count}${more ? '+' : ''}]. Ask for fewer buckets (a smaller size, a wider interval, narrower bounds); this limit is the setting maxBuckets (search.max_buckets).`,
    { max_buckets: max }
  );
}

const HISTOGRAM_PARAMETERS = [
  'field',
  'interval',
  'offset',
  'min_doc_count',
  'extended_bounds',
  'hard_bounds',
  'order',
  'keyed',
  'format',
  'value_type',
];

function rejectHardBounds(body: Record<string, unknown>, name: string): void {
  if (body.hard_bounds !== undefined) {
    throw badRequest(
      `[hard_bounds] of aggregation [${name}] is not supported on virtual indices; use [extended_bounds], or limit the buckets with a [range] query`
    );
  }
}

function minDocCountOf(body: Record<string, unknown>, name: string): number {
  const value = integerParam(body.min_doc_count, 'min_doc_count', name, 0);
  if (value < 0) {
    throw badRequest(
      `[min_doc_count] must be greater than or equal to 0. Found [${value}] in [${name}]`
    );
  }
  return value;
}

function boundsOf(
  value: unknown,
  name: string,
  parse: (bound: unknown, which: string) => number
): Bounds | null {
  if (value === undefined) return null;
  if (!isObject(value))
    throw parsingError(`[extended_bounds] of aggregation [${name}] must be an object`);
  const bounds: Bounds = {};
  for (const [key, v] of Object.entries(value)) {
    if (key !== 'min' && key !== 'max') {
      throw parsingError(`[extended_bounds] unknown field [${key}] in aggregation [${name}]`);
    }
    if (v !== null && v !== undefined) bounds[key] = parse(v, key);
  }
  if (bounds.min !== undefined && bounds.max !== undefined && bounds.min > bounds.max) {
    throw badRequest(
      `[extended_bounds.min][${bounds.min}] cannot be greater than [extended_bounds.max][${bounds.max}] for histogram aggregation [${name}]`
    );
  }
  return bounds;
}

export function parseHistogram(
  name: string,
  body: unknown,
  env: ParseEnv,
  sub: { metrics: MetricAgg[]; terms: TermsAgg[] }
): HistogramAgg {
  const b = expectBody('histogram', name, body, HISTOGRAM_PARAMETERS);
  rejectHardBounds(b, name);
  const field = fieldOf('histogram', name, b, env);
  const type = field.column?.type;
  if (type === 'keyword') throw unsupportedFieldType(field, 'histogram');
  if (b.interval === undefined)
    throw parsingError(`Missing required field [interval] for histogram aggregation [${name}]`);
  const interval = numberParam(b.interval, 'interval', name);
  if (interval <= 0) throw badRequest(`[interval] must be >0 for histogram aggregation [${name}]`);
  const format = stringParam(b.format, 'format', name);
  if (format !== undefined && type !== undefined && type !== 'date') {
    throw numericFormatError(name);
  }
  const print = type === 'date' ? datePrinter(format) : null;
  return {
    kind: 'bucket',
    type: 'histogram',
    name,
    field,
    interval,
    offset: b.offset === undefined ? 0 : numberParam(b.offset, 'offset', name),
    minDocCount: minDocCountOf(b, name),
    extendedBounds: boundsOf(b.extended_bounds, name, (v, which) =>
      numberParam(v, `extended_bounds.${which}`, name)
    ),
    order: parseOrder(b.order, name, sub.metrics, [{ by: 'key', asc: true }]).order,
    keyed: booleanParam(b.keyed, 'keyed', name),
    keyAsString:
      type === 'boolean'
        ? (key) => String(key !== 0)
        : print
          ? (key) => print(Math.trunc(key))
          : null,
    metrics: sub.metrics,
    terms: sub.terms,
  };
}

// ---------------------------------------------------------------------------------------------
// date_histogram parameters

const DATE_FIELD_UNITS: Record<string, CalendarUnitName> = {
  year: 'year',
  '1y': 'year',
  quarter: 'quarter',
  '1q': 'quarter',
  month: 'month',
  '1M': 'month',
  week: 'week',
  '1w': 'week',
  day: 'day',
  '1d': 'day',
  hour: 'hour',
  '1h': 'hour',
  minute: 'minute',
  '1m': 'minute',
  second: 'second',
  '1s': 'second',
};

const DATE_HISTOGRAM_PARAMETERS = [
  'field',
  'calendar_interval',
  'fixed_interval',
  'interval',
  'time_zone',
  'offset',
  'min_doc_count',
  'extended_bounds',
  'hard_bounds',
  'order',
  'keyed',
  'format',
  'value_type',
];

function intervalOf(
  b: Record<string, unknown>,
  name: string
): { unit?: CalendarUnitName; intervalMs?: number } {
  const given = ['calendar_interval', 'fixed_interval', 'interval'].filter(
    (k) => b[k] !== undefined
  );
  if (given.length > 1) {
    throw badRequest(
      `Cannot use [${given[0]}] with [${given[1]}] configuration option in [${name}].`
    );
  }
  const fixed = (ms: number) => {
    if (ms < 1) throw badRequest('Zero or negative time interval not supported');
    return { intervalMs: ms };
  };
  if (b.calendar_interval !== undefined) {
    const text = String(b.calendar_interval);
    const unit = ownValue(DATE_FIELD_UNITS, text);
    if (!unit) {
      throw badRequest(
        `The supplied interval [${text}] could not be parsed as a calendar interval.`
      );
    }
    return { unit };
  }
  if (b.fixed_interval !== undefined) {
    return fixed(parseTimeValue(String(b.fixed_interval), `${name}.fixedInterval`));
  }
  if (b.interval !== undefined) {
    // The deprecated `interval`: a number is milliseconds; text a calendar unit, else fixed.
    if (typeof b.interval === 'number') {
      if (!Number.isInteger(b.interval) || b.interval < 1) {
        throw badRequest(`[interval] must be 1 or greater for aggregation [date_histogram]`);
      }
      return fixed(b.interval);
    }
    const text = String(b.interval);
    const unit = ownValue(DATE_FIELD_UNITS, text);
    return unit ? { unit } : fixed(parseTimeValue(text, `${name}.interval`));
  }
  throw badRequest('Invalid interval specified, must be non-null and non-empty');
}

/** DateHistogramAggregationBuilder.parseStringOffset, or a number of milliseconds. */
function offsetOf(value: unknown, name: string): number {
  if (value === undefined) return 0;
  if (typeof value === 'number') return integerParam(value, 'offset', name, 0);
  const text = String(value);
  if (text.startsWith('-')) return -parseTimeValue(text.slice(1), `${name}.offset`);
  return parseTimeValue(text.startsWith('+') ? text.slice(1) : text, `${name}.offset`);
}

export function parseDateHistogram(
  name: string,
  body: unknown,
  env: ParseEnv,
  sub: { metrics: MetricAgg[]; terms: TermsAgg[] }
): DateHistogramAgg {
  const b = expectBody('date_histogram', name, body, DATE_HISTOGRAM_PARAMETERS);
  rejectHardBounds(b, name);
  const field = fieldOf('date_histogram', name, b, env);
  const type = field.column?.type;
  if (type !== undefined && type !== 'date' && type !== 'long') {
    throw unsupportedFieldType(field, 'date_histogram');
  }
  const timeZone = stringParam(b.time_zone, 'time_zone', name);
  if (type === 'long' && timeZone !== undefined) {
    throw badRequest(`Field [${field.name}] of type [long] does not support custom time zones`);
  }
  const zone = zoneRulesOf(timeZone);
  const rounding: RoundingSpec = {
    ...intervalOf(b, name),
    zone,
    offsetMs: offsetOf(b.offset, name),
  };
  const format = stringParam(b.format, 'format', name);
  const printer = type === 'long' && format === undefined ? null : datePrinter(format, zone);
  return {
    kind: 'bucket',
    type: 'date_histogram',
    name,
    field,
    rounding,
    minDocCount: minDocCountOf(b, name),
    extendedBounds: boundsOf(b.extended_bounds, name, (v) =>
      typeof v === 'number'
        ? Math.trunc(v)
        : parseDateMath(String(v), { format, timeZone, now: env.now })
    ),
    order: parseOrder(b.order, name, sub.metrics, [{ by: 'key', asc: true }]).order,
    keyed: booleanParam(b.keyed, 'keyed', name),
    printer,
    metrics: sub.metrics,
    terms: sub.terms,
  };
}

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
  const values = new Map<HistogramBucket, Map<MetricAgg, number>>();
  const sortValue = (bucket: HistogramBucket, metric: MetricAgg) => {
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
