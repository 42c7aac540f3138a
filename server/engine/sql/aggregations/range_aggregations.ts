/**
 * range and date_range: one 1/0 column per range (`from` inclusive, `to` exclusive) and a join
 * that repeats each row once per range it falls in (ranges may overlap), grouped by the range's
 * number. Ranges are sorted by from, then to, and unnamed ones keyed `from-to` as OpenSearch does
 * (Double.toString for numbers, the date format for dates). Dates compare as the query
 * translator compares them: the column against the bound written as the column stores it.
 */
import { badRequest } from '../../errors';
import type { Row } from '../remote_types';
import { parseDateMath } from '../date_math';
import { dateValue } from '../sql_values';
import type { RangeAgg, RangeSpec, SubAggregations } from './aggregation_types';
import { datePrinter, type DatePrinter } from './date_printer';
import { javaDoubleToString } from './java_double';
import {
  booleanParam,
  expectBody,
  fieldOf,
  numericFormatError,
  isObject,
  parsingError,
  stringParam,
  unsupportedFieldType,
  type ParseEnv,
} from './body_parameters';
import { toNumber } from './row_values';
import { bound, sql, type SqlFragment } from '../sql_fragment';
import { columnOnce, comparable, type StatementEnv } from './statement_env';
import { zoneRulesOf } from './zone_rules';

const RANGE_PARAMETERS = ['field', 'ranges', 'keyed', 'format', 'value_type'];
const DATE_RANGE_PARAMETERS = [...RANGE_PARAMETERS, 'time_zone'];

export function parseRange(
  type: 'range' | 'date_range',
  name: string,
  body: unknown,
  env: ParseEnv,
  sub: SubAggregations
): RangeAgg {
  const b = expectBody(
    type,
    name,
    body,
    type === 'range' ? RANGE_PARAMETERS : DATE_RANGE_PARAMETERS
  );
  const field = fieldOf(type, name, b, env);
  const fieldType = field.column?.type;
  const dates = type === 'date_range' || fieldType === 'date';
  if (fieldType === 'keyword' || fieldType === 'boolean') throw unsupportedFieldType(field, type);
  if (type === 'date_range' && fieldType !== undefined && fieldType !== 'date') {
    throw badRequest(
      `[date_range] aggregation [${name}] on the ${fieldType} field [${field.name}] is not supported on virtual indices; use a [range] aggregation for this field, or a date field`
    );
  }
  const format = stringParam(b.format, 'format', name);
  if (format !== undefined && !dates) {
    throw numericFormatError(name);
  }
  const timeZone = stringParam(b.time_zone, 'time_zone', name);
  const printer = dates ? datePrinter(format, zoneRulesOf(timeZone)) : null;
  const parseBound = (value: unknown, which: string): number => {
    if (typeof value === 'number') return value;
    if (typeof value !== 'string') {
      throw parsingError(
        `[${which}] of a range of aggregation [${name}] must be a number or a string`
      );
    }
    if (dates) return parseDateMath(value, { format, timeZone, now: env.now });
    const n = Number(value.trim());
    if (value.trim() === '' || Number.isNaN(n)) {
      throw badRequest(`For input string: "${value}" in [${which}] of aggregation [${name}]`);
    }
    return n;
  };
  if (!Array.isArray(b.ranges))
    throw parsingError(`[ranges] of aggregation [${name}] must be an array`);
  if (b.ranges.length === 0)
    throw badRequest(`No [ranges] specified for the [${name}] aggregation`);
  const ranges = b.ranges.map((range): RangeSpec => {
    if (!isObject(range)) throw parsingError(`[ranges] of aggregation [${name}] must hold objects`);
    for (const key of Object.keys(range)) {
      if (key !== 'from' && key !== 'to' && key !== 'key') {
        throw parsingError(`[range] unknown field [${key}] in aggregation [${name}]`);
      }
    }
    const from =
      range.from === undefined || range.from === null ? -Infinity : parseBound(range.from, 'from');
    const to = range.to === undefined || range.to === null ? Infinity : parseBound(range.to, 'to');
    const key =
      range.key === undefined || range.key === null
        ? generatedKey(from, to, printer)
        : String(range.key);
    return { key, from, to };
  });
  // A stable sort, as Arrays.sort on objects.
  ranges.sort((a, b) => (a.from !== b.from ? a.from - b.from : a.to - b.to));
  return {
    kind: 'bucket',
    type,
    name,
    field,
    ranges,
    keyed: booleanParam(b.keyed, 'keyed', name),
    printer,
    metrics: sub.metrics,
    terms: sub.terms,
    topHits: sub.topHits,
  };
}

/** RangeAggregator.Range.generateKey */
function generatedKey(from: number, to: number, printer: DatePrinter | null): string {
  const format = (value: number) =>
    printer ? printer(Math.trunc(value)) : javaDoubleToString(value);
  return `${Number.isFinite(from) ? format(from) : '*'}-${Number.isFinite(to) ? format(to) : '*'}`;
}

// ---------------------------------------------------------------------------------------------
// SQL

/** One 1/0 column per range, in the order of `agg.ranges`. */
export function rangeFlags(env: StatementEnv, agg: RangeAgg): string[] {
  const column = agg.field.column!;
  const name = agg.field.name;
  let value: string;
  let boundOf: (n: number) => SqlFragment;
  if (column.type === 'date') {
    value = columnOnce(env, `value:${name}`, () => env.rows.add(comparable(env, column)));
    // Whole milliseconds: `value >= 1.5` is `value >= 2` for the integer values of a date.
    boundOf = (n) =>
      bound(dateValue(Math.ceil(n), column, env.ctx), (placeholder) =>
        env.ctx.dialect.comparableParameter(placeholder, column)
      );
  } else {
    value = columnOnce(env, `double:${name}`, () =>
      env.rows.add(env.agg.toDouble(comparable(env, column)))
    );
    boundOf = (n) => env.agg.toDouble(bound(n));
  }
  const x = env.rows.ref(value);
  return agg.ranges.map((range) => {
    const conditions: SqlFragment[] = [];
    if (Number.isFinite(range.from)) conditions.push(sql`${x} >= ${boundOf(range.from)}`);
    if (Number.isFinite(range.to)) conditions.push(sql`${x} < ${boundOf(range.to)}`);
    if (conditions.length === 0) conditions.push(`${x} IS NOT NULL`);
    const test =
      conditions.length === 2 ? sql`${conditions[0]} AND ${conditions[1]}` : conditions[0];
    return env.rows.add(sql`CASE WHEN ${test} THEN 1 ELSE 0 END`, [value]);
  });
}

// ---------------------------------------------------------------------------------------------
// Buckets

export interface RangeBucket {
  range: RangeSpec;
  docCount: number;
  row: Row | null;
  identity: string;
}

export function rangeBuckets(agg: RangeAgg, rows: readonly Row[]): RangeBucket[] {
  const byIndex = new Map(rows.map((row) => [toNumber(row.g0), row]));
  return agg.ranges.map((range, i) => {
    const row = byIndex.get(i) ?? null;
    return { range, docCount: row ? toNumber(row.doc_count)! : 0, row, identity: String(i) };
  });
}

/** The bucket's own members, before its sub-aggregations. */
export function rangeBucketHead(agg: RangeAgg, bucket: RangeBucket): Record<string, unknown> {
  const out: Record<string, unknown> = agg.keyed ? {} : { key: bucket.range.key };
  const { from, to } = bucket.range;
  if (Number.isFinite(from)) {
    out.from = from;
    if (agg.printer) out.from_as_string = agg.printer(Math.trunc(from));
  }
  if (Number.isFinite(to)) {
    out.to = to;
    if (agg.printer) out.to_as_string = agg.printer(Math.trunc(to));
  }
  out.doc_count = bucket.docCount;
  return out;
}
