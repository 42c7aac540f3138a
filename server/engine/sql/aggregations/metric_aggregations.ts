/**
 * avg, sum, min, max and cardinality: one aggregate expression (two for avg) in the statement of
 * the bucket they belong to, or of the top level. Semantics follow OpenSearch: numbers as doubles
 * (sums of longs are exact in SQL and rounded once), booleans as 0/1, dates as epoch
 * milliseconds with `value_as_string`; no documents give `null` for avg, min and max and `0` for
 * sum. `cardinality` is an exact COUNT(DISTINCT): OpenSearch's HyperLogLog++ is exact below its
 * precision threshold (3000 by default), so the two agree on small sets and differ, slightly,
 * beyond it.
 */
import type { MetricAgg, MetricType, ValueMetricAgg } from './aggregation_types';
import { extendedStatsResponse, extendedStatsSelect } from './extended_stats';
import { datePrinter } from './date_printer';
import {
  booleanParam,
  expectBody,
  fieldOf,
  numericFormatError,
  stringParam,
  unsupportedFieldType,
  type ParseEnv,
} from './body_parameters';
import { dateToEpochMs, toNumber } from './row_values';
import { sql, type SqlFragment } from '../sql_fragment';
import { columnOnce, comparable, epochOf, matchingOnly, type StatementEnv } from './statement_env';
import type { Row } from '../remote_types';

export const METRIC_TYPES: readonly MetricType[] = ['avg', 'sum', 'min', 'max', 'cardinality'];

const PARAMETERS: Record<MetricType, readonly string[]> = {
  avg: ['field', 'format', 'value_type'],
  sum: ['field', 'format', 'value_type'],
  min: ['field', 'format', 'value_type'],
  max: ['field', 'format', 'value_type'],
  cardinality: ['field', 'format', 'value_type', 'precision_threshold', 'rehash', 'execution_hint'],
};

export function parseMetric(
  type: MetricType,
  name: string,
  body: unknown,
  env: ParseEnv
): ValueMetricAgg {
  const b = expectBody(type, name, body, PARAMETERS[type]);
  const field = fieldOf(type, name, b, env);
  const format = stringParam(b.format, 'format', name);
  if (b.rehash !== undefined) booleanParam(b.rehash, 'rehash', name);
  const fieldType = field.column?.type;
  if (fieldType === 'keyword' && type !== 'cardinality') throw unsupportedFieldType(field, type);
  if (format !== undefined && fieldType !== 'date' && fieldType !== undefined) {
    throw numericFormatError(name);
  }
  let valueAsString: ValueMetricAgg['valueAsString'] = null;
  if (type !== 'cardinality') {
    if (fieldType === 'date') {
      const print = datePrinter(format);
      // DocValueFormat.DateTime prints the value cut to a long.
      valueAsString = (value) => print(Math.trunc(value));
    } else if (fieldType === 'boolean') {
      valueAsString = (value) => String(value !== 0);
    }
  }
  return { kind: 'metric', name, type, field, valueAsString };
}

// ---------------------------------------------------------------------------------------------
// SQL

/** The input the aggregate reads, added to the rows; null for an unmapped field. */
function inputOf(env: StatementEnv, metric: MetricAgg): string | null {
  const column = metric.field.column;
  if (!column) return null;
  const name = metric.field.name;
  const additive = metric.type === 'avg' || metric.type === 'sum';
  let alias: string;
  switch (column.type) {
    case 'date':
      alias = additive
        ? epochOf(env, column, name)
        : columnOnce(env, `value:${name}`, () => env.rows.add(comparable(env, column)));
      break;
    case 'boolean':
      alias = columnOnce(env, `bool:${name}`, () =>
        env.rows.add(env.agg.booleanAsInt(comparable(env, column)))
      );
      break;
    case 'double':
      // Cardinality counts the stored values; arithmetic happens in doubles, as Java's.
      alias =
        metric.type === 'cardinality'
          ? columnOnce(env, `value:${name}`, () => env.rows.add(comparable(env, column)))
          : columnOnce(env, `double:${name}`, () =>
              env.rows.add(env.agg.toDouble(comparable(env, column)))
            );
      break;
    default:
      alias = columnOnce(env, `value:${name}`, () => env.rows.add(comparable(env, column)));
  }
  return matchingOnly(env, alias);
}

/** Aggregate columns of a metric, selected as `<prefix>_<suffix>` from rows aliased `r`. */
export function metricSelect(
  env: StatementEnv,
  metric: MetricAgg,
  prefix: string,
  forOrdering: boolean
): SqlFragment[] {
  const input = inputOf(env, metric);
  if (input === null) return [];
  const x = `r.${env.rows.ref(input)}`;
  const as = (suffix: string) => env.ctx.dialect.quoteIdentifier(`${prefix}_${suffix}`);
  if (metric.type === 'extended_stats') return extendedStatsSelect(env, metric, x, as);
  const sum = () =>
    metric.field.column!.type === 'long' || metric.field.column!.type === 'date'
      ? env.agg.sumLong(x)
      : `SUM(${x})`;
  switch (metric.type) {
    case 'avg': {
      const out: SqlFragment[] = [`${sum()} AS ${as('sum')}`, `COUNT(${x}) AS ${as('count')}`];
      if (forOrdering) out.push(sql`AVG(${env.agg.toDouble(x)}) AS ${as('avg')}`);
      return out;
    }
    case 'sum':
      return [`${sum()} AS ${as('sum')}`];
    case 'min':
      return [`MIN(${x}) AS ${as('value')}`];
    case 'max':
      return [`MAX(${x}) AS ${as('value')}`];
    case 'cardinality':
      return [`COUNT(DISTINCT ${x}) AS ${as('count')}`];
  }
}

/** ORDER BY terms ranking buckets by this metric as OpenSearch compares its values. */
export function metricOrderSql(
  env: StatementEnv,
  metric: ValueMetricAgg,
  prefix: string,
  asc: boolean,
  table: string
): string[] {
  if (!metric.field.column) return []; // the same value in every bucket
  const col = (suffix: string) =>
    `${table}.${env.ctx.dialect.quoteIdentifier(`${prefix}_${suffix}`)}`;
  const dir = asc ? 'ASC' : 'DESC';
  // Empty min is +Infinity (above every value), empty max -Infinity; an empty avg is NaN, which
  // OpenSearch sorts last in either direction (Comparators.compareDiscardNaN).
  const nullsHigh = (c: string) => [
    `CASE WHEN ${c} IS NULL THEN 1 ELSE 0 END ${dir}`,
    `${c} ${dir}`,
  ];
  switch (metric.type) {
    case 'avg':
      return [`CASE WHEN ${col('avg')} IS NULL THEN 1 ELSE 0 END`, `${col('avg')} ${dir}`];
    case 'min':
      return nullsHigh(col('value'));
    case 'max':
      return [
        `CASE WHEN ${col('value')} IS NULL THEN 0 ELSE 1 END ${dir}`,
        `${col('value')} ${dir}`,
      ];
    case 'sum':
      return [`COALESCE(${col('sum')}, 0) ${dir}`];
    case 'cardinality':
      return [`${col('count')} ${dir}`];
  }
}

// ---------------------------------------------------------------------------------------------
// Values and responses

/** The metric's value in a row (null: no value), as a double. */
export function metricValue(
  metric: ValueMetricAgg,
  row: Row | null,
  prefix: string,
  timezone: string
): number | null {
  const get = (suffix: string) => (row ? row[`${prefix}_${suffix}`] : null);
  const column = metric.field.column;
  switch (metric.type) {
    case 'avg': {
      const count = column ? toNumber(get('count')) : 0;
      return count ? toNumber(get('sum'))! / count : null;
    }
    case 'sum':
      return (column && toNumber(get('sum'))) || 0;
    case 'min':
    case 'max': {
      if (!column) return null;
      const value = get('value');
      return column.type === 'date' ? dateToEpochMs(value, column, timezone) : toNumber(value);
    }
    case 'cardinality':
      return (column && toNumber(get('count'))) || 0;
  }
}

/** The value buckets are ordered by: NaN for an empty avg, ±Infinity for empty min/max. */
export function metricSortValue(metric: ValueMetricAgg, value: number | null): number {
  if (value !== null) return value;
  return metric.type === 'avg'
    ? NaN
    : metric.type === 'min'
      ? Infinity
      : metric.type === 'max'
        ? -Infinity
        : 0;
}

/** A metric's response from its statement's row (null: a bucket without documents). */
export function metricJson(
  metric: MetricAgg,
  row: Row | null,
  prefix: string,
  timezone: string
): Record<string, unknown> {
  if (metric.type === 'extended_stats') return extendedStatsResponse(metric, row, prefix);
  return metricResponse(metric, metricValue(metric, row, prefix, timezone));
}

function metricResponse(metric: ValueMetricAgg, value: number | null): Record<string, unknown> {
  const out: Record<string, unknown> = metric.meta ? { meta: metric.meta } : {};
  out.value = value;
  if (value !== null && metric.valueAsString) out.value_as_string = metric.valueAsString(value);
  return out;
}

/** The metric of a bucket without documents. */
export function emptyMetricResponse(metric: MetricAgg): Record<string, unknown> {
  return metricJson(metric, null, '', 'UTC');
}
