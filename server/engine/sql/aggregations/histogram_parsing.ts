/**
 * The bodies of histogram and date_histogram (their semantics: histogram_aggregations.ts), read
 * and checked as OpenSearch reads them.
 */
import { ownValue } from '../own_property';
import { badRequest } from '../../errors';
import { parseDateMath } from '../date_math';
import type { Bounds, DateHistogramAgg, HistogramAgg, SubAggregations } from './aggregation_types';
import { parseOrder } from './bucket_order';
import type { CalendarUnitName, RoundingSpec } from './date_rounding';
import { datePrinter } from './date_printer';
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
} from './body_parameters';
import { zoneRulesOf } from './zone_rules';
import { parseTimeValue } from '../../time_value';

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
  sub: SubAggregations
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
    topHits: sub.topHits,
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
  sub: SubAggregations
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
    topHits: sub.topHits,
  };
}
