/**
 * `extended_stats` (OSD's standard deviation metric, aggs/metrics/std_deviation.ts): COUNT, MIN,
 * MAX, SUM and the sum of squares are computed by the database in the statement of the bucket the
 * aggregation belongs to; the rest is OpenSearch's own arithmetic on those five
 * (InternalExtendedStats): variance = (sum_of_squares - sum² / count) / count (over count - 1 for
 * the sampling variance, NaN for one value), clamped at 0; standard deviations are their square
 * roots, and the bounds avg ± sigma × deviation. So the two agree up to the rounding of the sums,
 * which each database adds in its own order (test/differential/tolerances.ts).
 *
 * Numeric fields only: on dates OpenSearch prints the variance and sum of squares as instants
 * hundreds of millennia away (past what any printer here can write), and on booleans it prints
 * `true`/`false` as values; both are refused with a 400 saying so.
 */
import type { ExtendedStatsAgg, FieldRef } from './aggregation_types';
import { badRequest } from '../../errors';
import {
  expectBody,
  fieldOf,
  numberParam,
  numericFormatError,
  parsingError,
  stringParam,
  unsupportedFieldType,
  type ParseEnv,
} from './body_parameters';
import { toNumber } from './row_values';
import { sql, type SqlFragment } from '../sql_fragment';
import type { StatementEnv } from './statement_env';
import type { Row } from '../remote_types';

const PARAMETERS = ['field', 'format', 'value_type', 'sigma'];

export function parseExtendedStats(name: string, body: unknown, env: ParseEnv): ExtendedStatsAgg {
  const b = expectBody('extended_stats', name, body, PARAMETERS);
  const field = fieldOf('extended_stats', name, b, env);
  const sigma = b.sigma === undefined ? 2 : numberParam(b.sigma, 'sigma', name);
  if (sigma < 0) {
    throw parsingError(
      `[sigma] must be greater than or equal to 0. Found [${javaDouble(sigma)}] in [${name}]`
    );
  }
  const format = stringParam(b.format, 'format', name);
  const type = field.column?.type;
  if (type === 'keyword') throw unsupportedFieldType(field, 'extended_stats');
  if (type === 'date' || type === 'boolean') throw notNumeric(field, name);
  if (format !== undefined && type !== undefined) throw numericFormatError(name);
  return { kind: 'metric', type: 'extended_stats', name, field, sigma };
}

function notNumeric(field: FieldRef, name: string) {
  return badRequest(
    `extended_stats aggregation [${name}] on the ${field.column!.type} field [${field.name}] is not supported on virtual indices: OpenSearch prints the variance of ${field.column!.type}s as ${field.column!.type} values, which virtual indices do not reproduce; use it on a long or double field, or use [min], [max] and [avg] here`
  );
}

/** 2 → `2.0`, as Java prints a double in the message. */
function javaDouble(n: number): string {
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

/** The five aggregates over the input column `x` (already a double for double fields). */
export function extendedStatsSelect(
  env: StatementEnv,
  agg: ExtendedStatsAgg,
  x: string,
  as: (suffix: string) => string
): SqlFragment[] {
  const sum = agg.field.column!.type === 'long' ? env.agg.sumLong(x) : `SUM(${x})`;
  const double = env.agg.toDouble(x);
  return [
    `COUNT(${x}) AS ${as('count')}`,
    `MIN(${x}) AS ${as('min')}`,
    `MAX(${x}) AS ${as('max')}`,
    `${sum} AS ${as('sum')}`,
    // Squares of doubles, as OpenSearch squares each value (a long's square may pass 2^63).
    sql`SUM(${double} * ${double}) AS ${as('sumsq')}`,
  ];
}

/** OpenSearch's response from the row's aggregates (`row` null: a bucket without documents). */
export function extendedStatsResponse(
  agg: ExtendedStatsAgg,
  row: Row | null,
  prefix: string
): Record<string, unknown> {
  const get = (suffix: string) =>
    row && agg.field.column ? toNumber(row[`${prefix}_${suffix}`]) : null;
  const count = get('count') ?? 0;
  const out: Record<string, unknown> = agg.meta ? { meta: agg.meta } : {};
  if (count === 0) {
    const bounds = Object.fromEntries(BOUNDS.map((b) => [b, null]));
    return Object.assign(out, {
      count: 0,
      min: null,
      max: null,
      avg: null,
      sum: 0,
      sum_of_squares: null,
      variance: null,
      variance_population: null,
      variance_sampling: null,
      std_deviation: null,
      std_deviation_population: null,
      std_deviation_sampling: null,
      std_deviation_bounds: bounds,
    });
  }
  const sum = get('sum')!;
  const sumOfSquares = get('sumsq')!;
  const avg = sum / count;
  const clamp = (v: number) => (v < 0 ? 0 : v);
  const population = clamp((sumOfSquares - (sum * sum) / count) / count);
  const sampling = clamp((sumOfSquares - (sum * sum) / count) / (count - 1));
  const deviation = Math.sqrt(population);
  const samplingDeviation = Math.sqrt(sampling);
  const { sigma } = agg;
  return Object.assign(out, {
    count,
    min: get('min'),
    max: get('max'),
    avg,
    sum,
    sum_of_squares: sumOfSquares,
    variance: population,
    variance_population: population,
    variance_sampling: json(sampling),
    std_deviation: deviation,
    std_deviation_population: deviation,
    std_deviation_sampling: json(samplingDeviation),
    std_deviation_bounds: {
      upper: avg + deviation * sigma,
      lower: avg - deviation * sigma,
      upper_population: avg + deviation * sigma,
      lower_population: avg - deviation * sigma,
      upper_sampling: json(avg + samplingDeviation * sigma),
      lower_sampling: json(avg - samplingDeviation * sigma),
    },
  });
}

const BOUNDS = [
  'upper',
  'lower',
  'upper_population',
  'lower_population',
  'upper_sampling',
  'lower_sampling',
];

/** NaN (the sampling variance of one value) as OpenSearch's JSON writes it: the string "NaN". */
function json(n: number): number | string {
  return Number.isNaN(n) ? 'NaN' : n;
}
