/**
 * terms: GROUP BY the field, ranked in SQL by the requested order (ROW_NUMBER, partitioned by the
 * parent buckets' keys when nested) and cut at OpenSearch's shard-side queue size; TypeScript then
 * applies `min_doc_count` and `size` exactly as OpenSearch's reduce does, which decides
 * `sum_other_doc_count`: the total (a window SUM over the partition) minus the counts of the
 * shard-side top buckets, plus the buckets that passed min_doc_count but did not fit in `size`.
 * One shard: `doc_count_error_upper_bound` is always 0.
 *
 * Keyword keys are ordered by their bytes, as OpenSearch orders them, whatever the column's
 * collation. Grouping follows the collation (docs/api/interface.md §8.2.10): under a case-insensitive one `A`
 * and `a` are one bucket, and the bucket's key is its byte-wise smallest spelling, computed the
 * same way in every statement so nested buckets find their parents.
 */
import { badRequest } from '../../errors';
import type { Row } from '../remote_types';
import type {
  BucketAgg,
  BucketOrder,
  MetricAgg,
  SubAggregations,
  TermsAgg,
} from './aggregation_types';
import { parseOrder } from './bucket_order';
import { datePrinter } from './date_printer';
import { metricOrderSql, metricSelect } from './metric_aggregations';
import {
  booleanParam,
  expectBody,
  fieldOf,
  numericFormatError,
  integerParam,
  stringParam,
  type ParseEnv,
} from './body_parameters';
import { dateToEpochMs, identityOf, toNumber, toText } from './row_values';
import { bound, joinSql, sql, type SqlFragment } from '../sql_fragment';
import { columnOnce, comparable, countExpr, type StatementEnv } from './statement_env';

const PARAMETERS = [
  'field',
  'size',
  'shard_size',
  'min_doc_count',
  'shard_min_doc_count',
  'order',
  'format',
  'show_term_doc_count_error',
  'execution_hint',
  'collect_mode',
  'value_type',
  'include',
  'exclude',
];

export function parseTerms(
  name: string,
  body: unknown,
  env: ParseEnv,
  sub: SubAggregations,
  nested: boolean
): TermsAgg {
  const b = expectBody('terms', name, body, PARAMETERS);
  for (const key of ['include', 'exclude']) {
    if (b[key] !== undefined) {
      throw badRequest(
        `[${key}] of terms aggregation [${name}] is not supported on virtual indices; leave it out and filter the values with the search's [query] (e.g. a [terms] or [prefix] query in a [bool] [filter])`
      );
    }
  }
  const field = fieldOf('terms', name, b, env);
  const size = integerParam(b.size, 'size', name, 10);
  if (size <= 0) throw badRequest(`[size] must be greater than 0. Found [${size}] in [${name}]`);
  const requestedShardSize = integerParam(b.shard_size, 'shard_size', name, -1);
  if (b.shard_size !== undefined && requestedShardSize <= 0) {
    throw badRequest(
      `[shard_size] must be greater than 0. Found [${requestedShardSize}] in [${name}]`
    );
  }
  const minDocCount = integerParam(b.min_doc_count, 'min_doc_count', name, 1);
  if (minDocCount < 0) {
    throw badRequest(
      `[min_doc_count] must be greater than or equal to 0. Found [${minDocCount}] in [${name}]`
    );
  }
  if (minDocCount === 0 && nested) {
    throw badRequest(
      `[min_doc_count] 0 of terms aggregation [${name}] is not supported inside another bucket aggregation on virtual indices; use [min_doc_count] 1 or more, or move [${name}] to the top level of [aggs]`
    );
  }
  if (integerParam(b.shard_min_doc_count, 'shard_min_doc_count', name, 0) !== 0) {
    throw badRequest(
      `[shard_min_doc_count] of terms aggregation [${name}] is not supported on virtual indices (they have no shards); leave it out and use [min_doc_count]`
    );
  }
  const format = stringParam(b.format, 'format', name);
  const fieldType = field.column?.type;
  if (format !== undefined && fieldType !== undefined && fieldType !== 'date') {
    throw numericFormatError(name);
  }
  const { order, keyFirst } = parseOrder(b.order, name, sub.metrics, [{ by: 'count', asc: false }]);
  // TermsAggregatorFactory: other orders read 1.5 * size + 10 terms per shard, key orders size.
  let shardSize =
    requestedShardSize > 0 ? requestedShardSize : keyFirst ? size : Math.floor(size * 1.5 + 10);
  if (shardSize < size) shardSize = size;
  // execution_hint and collect_mode tune OpenSearch's collection; the database plans its own.
  stringParam(b.execution_hint, 'execution_hint', name);
  stringParam(b.collect_mode, 'collect_mode', name);
  const print = fieldType === 'date' ? datePrinter(format) : null;
  return {
    kind: 'bucket',
    type: 'terms',
    name,
    field,
    size,
    shardSize,
    minDocCount,
    order,
    keyOrdered: keyFirst,
    keyAsString:
      fieldType === 'boolean' ? (key) => String(key !== 0) : print ? (key) => print(key) : null,
    showTermDocCountError: booleanParam(
      b.show_term_doc_count_error,
      'show_term_doc_count_error',
      name
    ),
    metrics: sub.metrics,
    terms: sub.terms,
    topHits: sub.topHits,
  };
}

// ---------------------------------------------------------------------------------------------
// SQL

/**
 * The grouped value of a terms level in the rows, and its byte-ordered twin for keywords: the
 * alias itself when the column's collation is deterministic (a group's values are one text).
 */
export interface TermsKey {
  alias: string;
  byteOrdered: string | null;
}

/**
 * The bucket's name in a grouped statement: the byte-wise smallest spelling of the group, or,
 * when the group's values are one text (`byteOrdered` is the value), the value itself. A MIN over
 * the rows costs a comparison a row: on PostgreSQL 1M rows, 219 ms against 138 without it.
 */
export function bucketNameSql(key: TermsKey, ref: (alias: string) => string): string {
  return key.byteOrdered === key.alias ? ref(key.alias) : `MIN(${ref(key.byteOrdered!)})`;
}

/** The value a terms aggregation groups by, over the table's own columns. */
export function termsKeyExpression(env: StatementEnv, terms: TermsAgg): string {
  const column = terms.field.column!;
  return column.type === 'boolean'
    ? env.agg.booleanAsInt(comparable(env, column))
    : comparable(env, column);
}

export function termsKeyColumns(env: StatementEnv, terms: TermsAgg): TermsKey {
  const column = terms.field.column!;
  const name = terms.field.name;
  if (column.type === 'boolean') {
    return {
      alias: columnOnce(env, `bool:${name}`, () => env.rows.add(termsKeyExpression(env, terms))),
      byteOrdered: null,
    };
  }
  const alias = columnOnce(env, `value:${name}`, () =>
    env.rows.add(termsKeyExpression(env, terms))
  );
  if (column.type !== 'keyword') return { alias, byteOrdered: null };
  if (column.deterministic) return { alias, byteOrdered: alias };
  return {
    alias,
    byteOrdered: columnOnce(env, `bytes:${name}`, () =>
      env.rows.add(env.agg.byteOrdered(env.rows.ref(alias)), [alias])
    ),
  };
}

/** One grouping level of a terms statement: an ancestor bucket aggregation or the terms itself. */
export interface GroupLevel {
  /** Alias in the rows of the grouped value. */
  alias: string;
  /** For keyword terms levels: the byte-ordered value, whose MIN names the bucket. */
  byteOrdered: string | null;
  /** For terms ancestors: grouped values of the parent buckets to restrict the rows to. */
  restrictTo: unknown[] | null;
}

const g = (i: number) => `g${i}`;
const rep = (i: number) => `rep${i}`;
const prep = (i: number) => `prep${i}`;

/**
 * The statement of a terms level: `levels` are its ancestors (outermost first) followed by the
 * terms itself. Rows hold `g<i>` (grouped values), `rep<L>`/`prep<i>` (keyword names),
 * `doc_count`, the metrics as `m<j>_...`, `total` and `rn`, with `rn <= shardSize`.
 */
export function termsStatement(
  env: StatementEnv,
  terms: TermsAgg,
  levels: readonly GroupLevel[],
  rows: SqlFragment,
  /** search.max_buckets: a bucket list longer than this is refused, so never read more. */
  maxBuckets = Number.MAX_SAFE_INTEGER
): SqlFragment {
  const q = (name: string) => env.ctx.dialect.quoteIdentifier(name);
  const L = levels.length - 1;
  const r = (alias: string) => `r.${env.rows.ref(alias)}`;
  const ordered = new Set<MetricAgg>(
    terms.order.flatMap((e) => (e.by === 'metric' ? [e.metric] : []))
  );

  const select: SqlFragment[] = levels.map((level, i) => `${r(level.alias)} AS ${q(g(i))}`);
  levels.forEach((level, i) => {
    if (level.byteOrdered) select.push(`${bucketNameSql(level, r)} AS ${q(rep(i))}`);
  });
  select.push(`${countExpr(env)} AS ${q('doc_count')}`);
  terms.metrics.forEach((metric, j) =>
    select.push(...metricSelect(env, metric, `m${j}`, ordered.has(metric)))
  );
  const where: SqlFragment[] = [`${r(levels[0].alias)} IS NOT NULL`];
  levels.forEach((level) => {
    if (level.restrictTo && level.restrictTo.length > 0) {
      where.push(
        sql`${r(level.alias)} IN (${joinSql(
          level.restrictTo.map((v) => bound(v)),
          ', '
        )})`
      );
    }
  });
  const grouping = sql`SELECT ${joinSql(select, ', ')} FROM (${rows}) r WHERE ${joinSql(
    where,
    ' AND '
  )} GROUP BY ${levels.map((level) => r(level.alias)).join(', ')}`;

  const col = (name: string) => `g.${q(name)}`;
  const partition = levels.slice(0, L).map((_, i) => col(g(i)));
  const over = (orderBy?: string) => {
    const parts = [];
    if (partition.length) parts.push(`PARTITION BY ${partition.join(', ')}`);
    if (orderBy) parts.push(`ORDER BY ${orderBy}`);
    return `OVER (${parts.join(' ')})`;
  };
  const own = col(g(L));
  // Rows without the field (kept so that parents' names see all their rows) and, when every
  // row is read, groups without a matching row rank last and are dropped below.
  const absent = L > 0 ? `${own} IS NULL${env.weight ? ` OR ${col('doc_count')} = 0` : ''}` : null;
  const orderBy = [
    ...(absent ? [`CASE WHEN ${absent} THEN 1 ELSE 0 END`] : []),
    ...orderSql(env, terms.order, terms, L, col),
  ].join(', ');
  const windows = [
    ...levels
      .slice(0, L)
      .flatMap((level, i) =>
        level.byteOrdered
          ? [
              `MIN(${col(rep(i))}) OVER (PARTITION BY ${partition.slice(0, i + 1).join(', ')}) AS ${q(prep(i))}`,
            ]
          : []
      ),
    L > 0
      ? `SUM(CASE WHEN ${own} IS NULL THEN 0 ELSE ${col('doc_count')} END) ${over()} AS ${q('total')}`
      : `SUM(${col('doc_count')}) ${over()} AS ${q('total')}`,
    `ROW_NUMBER() ${over(orderBy)} AS ${q('rn')}`,
  ];
  const ranked = sql`SELECT g.*, ${windows.join(', ')} FROM (${grouping}) g`;
  const keep = [`w.${q('rn')} <= ${rowCap(terms, maxBuckets)}`];
  for (let i = 1; i <= L; i++) keep.push(`w.${q(g(i))} IS NOT NULL`);
  if (L > 0 && env.weight) keep.push(`w.${q('doc_count')} > 0`);
  return sql`SELECT * FROM (${ranked}) w WHERE ${keep.join(' AND ')}`;
}

/**
 * Rows read per parent bucket: the shard's queue (`shardSize`), but never more than one past
 * maxBuckets when `size` alone allows that many buckets; reaching that cap is then refused
 * (termsCapReached), so the database never returns an unbounded list.
 */
export function rowCap(terms: TermsAgg, maxBuckets: number): number {
  return terms.size > maxBuckets ? Math.min(terms.shardSize, maxBuckets + 1) : terms.shardSize;
}

/** True when some parent's rows reached the cap below its queue: too many buckets. */
export function termsCapReached(
  terms: TermsAgg,
  rows: readonly Row[],
  maxBuckets: number
): boolean {
  const cap = rowCap(terms, maxBuckets);
  return cap < terms.shardSize && rows.some((row) => toNumber(row.rn) === cap);
}

function orderSql(
  env: StatementEnv,
  order: BucketOrder,
  terms: TermsAgg,
  L: number,
  col: (name: string) => string
): string[] {
  const byteOrdered = terms.field.column!.type === 'keyword';
  return order.flatMap((e) => {
    const dir = e.asc ? 'ASC' : 'DESC';
    if (e.by === 'count') return [`${col('doc_count')} ${dir}`];
    if (e.by === 'key') {
      return [`${byteOrdered ? env.agg.byteOrdered(col(rep(L))) : col(g(L))} ${dir}`];
    }
    const j = terms.metrics.indexOf(e.metric);
    return metricOrderSql(env, e.metric, `m${j}`, e.asc, 'g');
  });
}

// ---------------------------------------------------------------------------------------------
// Rows to buckets

/** The name of the bucket of level `i` in a row of a statement of depth `depth`. */
export function levelIdentity(row: Row, i: number, depth: number, keyword: boolean): string {
  if (!keyword) return identityOf(row[g(i)]);
  return toText(i === depth ? row[rep(i)] : row[prep(i)]);
}

/** The value a parent is restricted by in deeper statements: what its rows grouped. */
export function levelValue(row: Row, i: number, depth: number, keyword: boolean): unknown {
  return keyword ? toText(i === depth ? row[rep(i)] : row[prep(i)]) : row[g(i)];
}

export interface TermsBucket {
  key: number | string;
  keyAsString?: string;
  docCount: number;
  row: Row;
  identity: string;
}

/**
 * OpenSearch's reduce over the shard's top `shardSize` rows (in rank order): buckets below
 * min_doc_count are dropped, the first `size` others kept, the rest counted as other docs.
 */
export function selectTermsBuckets(
  terms: TermsAgg,
  rows: readonly Row[],
  depth: number,
  timezone: string
): TermsSelection {
  const ranked = [...rows].sort((a, b) => toNumber(a.rn)! - toNumber(b.rn)!);
  const total = ranked.length ? toNumber(ranked[0].total)! : 0;
  let other = total - ranked.reduce((sum, row) => sum + toNumber(row.doc_count)!, 0);
  const buckets: TermsBucket[] = [];
  const column = terms.field.column!;
  for (const row of ranked) {
    const docCount = toNumber(row.doc_count)!;
    if (docCount < terms.minDocCount) continue;
    if (buckets.length >= terms.size) {
      other += docCount;
      continue;
    }
    const keyword = column.type === 'keyword';
    const identity = levelIdentity(row, depth, depth, keyword);
    let key: number | string;
    switch (column.type) {
      case 'keyword':
        key = identity;
        break;
      case 'date':
        key = dateToEpochMs(row[g(depth)], column, timezone)!;
        break;
      case 'long': {
        const n = toNumber(row[g(depth)])!;
        key = Number.isSafeInteger(n) ? n : String(row[g(depth)]);
        break;
      }
      default:
        key = toNumber(row[g(depth)])!;
    }
    const bucket: TermsBucket = { key, docCount, row, identity };
    if (terms.keyAsString && typeof key === 'number') bucket.keyAsString = terms.keyAsString(key);
    buckets.push(bucket);
  }
  return { buckets, sumOtherDocCount: other, docCountError: docCountError(terms, ranked.length) };
}

/**
 * InternalTerms.getDocCountError with one shard: 0, unless the shard filled its queue and the
 * order is neither by key nor by count descending, when the error is unbounded (-1).
 */
function docCountError(terms: TermsAgg, shardBuckets: number): number {
  const first = terms.order[0];
  const countDesc = first.by === 'count' && !first.asc;
  return shardBuckets >= terms.shardSize && !terms.keyOrdered && !countDesc ? -1 : 0;
}

export interface TermsSelection {
  buckets: TermsBucket[];
  sumOtherDocCount: number;
  docCountError: number;
}

export const EMPTY_TERMS: TermsSelection = { buckets: [], sumOtherDocCount: 0, docCountError: 0 };

/** A terms aggregation over a keyword column (its buckets are named by a representative text). */
export function isKeywordTerms(agg: BucketAgg): boolean {
  return agg.type === 'terms' && agg.field.column?.type === 'keyword';
}
