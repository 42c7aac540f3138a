/**
 * `top_hits` (OSD's "Top hit" metric, aggs/metrics/top_hit.ts): the first `from + size` rows of
 * the search (at the top level: one ordered, limited SELECT and a COUNT) or of each bucket of a
 * top-level bucket aggregation. For buckets, one statement: every matching row (under terms, of
 * the buckets it kept) is ranked once in the aggregation's `sort` (ROW_NUMBER over the table, so
 * ties break on the key as a search page's do), then numbered within its bucket by that rank, and
 * only the wanted numbers leave the database. The bucket is the same grouping column the
 * bucket's own statement groups by, so a row lands in the bucket that counted it; `hits.total`
 * is the bucket's `doc_count`. Hits are written by the search layer (top_hits_fetch.ts).
 *
 * Deeper (inside a nested terms aggregation) it is refused: the bucket would be a path of
 * several grouping columns. Options OpenSearch takes that change hits in ways virtual indices do
 * not reproduce (`highlight`, `script_fields`, `explain`, …) are refused, each by name.
 */
import { badRequest } from '../../errors';
import type { TopHitsAgg } from './aggregation_types';
import { integerParam, isObject, parsingError, type ParseEnv } from './body_parameters';
import { bound, joinSql, sql, type SqlFragment } from '../sql_fragment';
import type { Row } from '../remote_types';
import { setOwn } from '../own_property';
import { identityOf, toNumber, toText } from './row_values';
import type { StatementEnv } from './statement_env';
import { countRows, selectList, selectRows } from '../statements';
import type { TranslationContext } from '../translation_context';

/** OpenSearch's default `index.max_inner_result_window`: most `from + size` of top_hits. */
export const MAX_INNER_RESULT_WINDOW = 100;

/** Options read here (from, size) or by the search layer (the rest). */
const FETCH_KEYS = ['sort', '_source', 'docvalue_fields', 'stored_fields', 'version'];

/** Options refused, with why; `false` (their default) is accepted where OpenSearch has one. */
const REFUSED: Record<string, { defaultFalse: boolean; why: string }> = {
  highlight: {
    defaultFalse: false,
    why: 'highlighting is not supported in top_hits on virtual indices; leave it out (a search body’s own [highlight] is)',
  },
  script_fields: {
    defaultFalse: false,
    why: 'scripts do not run on virtual indices; list the columns in [_source] or [docvalue_fields]',
  },
  explain: {
    defaultFalse: true,
    why: 'virtual indices do not score, so there is nothing to explain',
  },
  track_scores: {
    defaultFalse: true,
    why: 'virtual indices do not score (every hit scores 1.0); leave it out',
  },
  seq_no_primary_term: {
    defaultFalse: true,
    why: 'rows of a virtual index have no sequence numbers; leave it out',
  },
  fields: {
    defaultFalse: false,
    why: 'virtual indices have only _source; list the columns in [_source] or [docvalue_fields]',
  },
};

export function parseTopHits(
  name: string,
  body: unknown,
  env: ParseEnv,
  depth: number
): TopHitsAgg {
  if (!isObject(body)) throw parsingError(`[top_hits] aggregation [${name}] must be an object`);
  if (depth > 1) {
    throw badRequest(
      `top_hits aggregation [${name}] inside a nested terms aggregation is not supported on virtual indices; put it at the top level of [aggs] or directly inside a top-level bucket aggregation`
    );
  }
  const fetchOptions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key === 'from' || key === 'size') continue;
    if (FETCH_KEYS.includes(key)) {
      setOwn(fetchOptions, key, value);
      continue;
    }
    const refused = Object.hasOwn(REFUSED, key) ? REFUSED[key] : undefined;
    if (refused) {
      if (refused.defaultFalse && (value === false || value === 'false')) continue;
      if (key === 'script_fields' && isObject(value) && Object.keys(value).length === 0) continue;
      throw badRequest(`[${key}] in top_hits aggregation [${name}]: ${refused.why}`);
    }
    throw parsingError(`[top_hits] unknown field [${key}] in aggregation [${name}]`);
  }
  const from = integerParam(body.from, 'from', name, 0);
  const size = integerParam(body.size, 'size', name, 3);
  if (from < 0)
    throw parsingError(`[from] must be greater than or equal to 0. Found [${from}] in [${name}]`);
  if (size < 0)
    throw parsingError(`[size] must be greater than or equal to 0. Found [${size}] in [${name}]`);
  if (from + size === 0) {
    // OpenSearch's collector needs a hit to collect (Lucene: "numHits must be > 0").
    throw badRequest(
      `[size] of top_hits aggregation [${name}] is 0: a top_hits aggregation must ask for at least one hit; the bucket's doc_count counts its documents`
    );
  }
  if (from + size > MAX_INNER_RESULT_WINDOW) {
    throw badRequest(
      `Top hits result window is too large, the top hits aggregator [${name}]'s from + size must be less than or equal to: [${MAX_INNER_RESULT_WINDOW}] but was [${from + size}]. This limit is OpenSearch's default [index.max_inner_result_window], which virtual indices keep`
    );
  }
  if (!env.topHits) {
    throw badRequest(`top_hits aggregation [${name}] is not supported here`);
  }
  return { kind: 'top_hits', name, from, size, fetch: env.topHits(name, fetchOptions) };
}

/** The grouping column of the bucket the hits belong to, as the bucket's statement has it. */
export interface HitsGroup {
  alias: string;
  /**
   * Keyword terms: a statement of the buckets' names, `gk` (the grouped value) and `rep0` (the
   * byte-wise smallest spelling of its rows, which names the bucket), to join each row to its
   * bucket's name. A join, not `MIN(...) OVER (PARTITION BY ...)`: over 100,000 rows in 7
   * groups, MariaDB 10.11 had not answered that window after 15 minutes (stopped), and answers
   * the join in 2 s.
   */
  names: SqlFragment | null;
}

const q = (env: StatementEnv, name: string) => env.ctx.dialect.quoteIdentifier(name);

/**
 * The statement of a top_hits inside a top-level bucket aggregation: rows `h<i>` (the fetch's
 * columns), `rn` (the rank in the bucket, from 1), `g0` (and `rep0` for keywords) naming the
 * bucket. `rows` renders `env.rows` when the statement is rendered.
 */
export function topHitsStatement(
  env: StatementEnv,
  agg: TopHitsAgg,
  group: HitsGroup,
  rows: SqlFragment
): SqlFragment {
  const r = (alias: string) => `r.${env.rows.ref(alias)}`;
  const orderBy = agg.fetch.orderBy(env.ctx);
  // The rank over the whole table, where its columns are in reach: one ORDER BY for both the
  // order within buckets and the ties (a search page's own order, key last).
  const rank = env.rows.add(
    sql`ROW_NUMBER() OVER (${isEmpty(orderBy) ? env.ctx.dialect.arbitraryOrder : orderBy})`
  );
  const columns = agg.fetch.columns.map((column) =>
    env.rows.add(env.ctx.dialect.quoteIdentifier(column.name))
  );
  const select: SqlFragment[] = columns.map((alias, i) => `${r(alias)} AS ${q(env, `h${i}`)}`);
  // When the statement reads every row (terms with min_doc_count 0), non-matching rows rank
  // after the matching ones and are dropped below.
  const matchingFirst = env.weight ? `CASE WHEN ${r(env.weight)} = 1 THEN 0 ELSE 1 END, ` : '';
  select.push(
    `ROW_NUMBER() OVER (PARTITION BY ${r(group.alias)} ORDER BY ${matchingFirst}${r(rank)}) AS ${q(env, 'rn')}`,
    `${r(group.alias)} AS ${q(env, 'g0')}`
  );
  if (env.weight) select.push(`${r(env.weight)} AS ${q(env, 'w')}`);
  let from: SqlFragment = sql`(${rows}) r`;
  if (group.names) {
    select.push(`n.${q(env, 'rep0')} AS ${q(env, 'rep0')}`);
    from = sql`${from} JOIN (${group.names}) n ON n.${q(env, 'gk')} = ${r(group.alias)}`;
  }
  const ranked = sql`SELECT ${joinSql(select, ', ')} FROM ${from} WHERE ${r(group.alias)} IS NOT NULL`;
  const rn = `t.${q(env, 'rn')}`;
  const keep: SqlFragment[] = [
    sql`${rn} > ${bound(agg.from)}`,
    sql`${rn} <= ${bound(agg.from + agg.size)}`,
  ];
  if (env.weight) keep.push(`t.${q(env, 'w')} = 1`);
  return sql`SELECT * FROM (${ranked}) t WHERE ${joinSql(keep, ' AND ')}`;
}

/**
 * A top_hits at the top level: the search's page in the aggregation's order (the database may
 * keep only the best `from + size` rows as it sorts), and its count.
 */
export function topLevelHitsStatements(
  ctx: TranslationContext,
  agg: TopHitsAgg,
  resourceSql: string,
  where: (ctx: TranslationContext) => SqlFragment,
  countCtx: TranslationContext
): { page: SqlFragment; count: SqlFragment } {
  return {
    page: selectRows(
      ctx.dialect,
      selectList(ctx.dialect, agg.fetch.columns),
      resourceSql,
      where(ctx),
      agg.fetch.orderBy(ctx),
      { limit: agg.size, offset: agg.from }
    ),
    count: countRows(resourceSql, where(countCtx)),
  };
}

function isEmpty(fragment: SqlFragment): boolean {
  return fragment === '' || (Array.isArray(fragment) && fragment.length === 0);
}

/** The hits of each bucket (by the bucket's identity, as its own statement names it). */
export function hitsByBucket(
  agg: TopHitsAgg,
  rows: readonly Row[],
  keyword: boolean
): Map<string, Record<string, unknown>[]> {
  const out = new Map<string, Row[]>();
  for (const row of rows) {
    const identity = keyword ? toText(row.rep0) : identityOf(row.g0);
    const list = out.get(identity);
    if (list) list.push(row);
    else out.set(identity, [row]);
  }
  return new Map([...out].map(([identity, list]) => [identity, hitsOf(agg, list)]));
}

/** The rows' hits in rank order. */
export function hitsOf(agg: TopHitsAgg, rows: readonly Row[]): Record<string, unknown>[] {
  return [...rows]
    .sort((a, b) => toNumber(a.rn)! - toNumber(b.rn)!)
    .map((row) => {
      const values: Record<string, unknown> = {};
      agg.fetch.columns.forEach((column, i) => setOwn(values, column.name, row[`h${i}`]));
      return agg.fetch.hit(values, toNumber(row.rn)! - 1);
    });
}

/** OpenSearch's `top_hits` response: the bucket's count and its hits. */
export function topHitsResponse(
  agg: TopHitsAgg,
  total: number,
  hits: readonly Record<string, unknown>[]
): Record<string, unknown> {
  return {
    ...(agg.meta ? { meta: agg.meta } : {}),
    hits: {
      total: { value: total, relation: 'eq' },
      // Unsorted, every hit scores 1.0: the best score, of the bucket's documents, not the page's.
      max_score: agg.fetch.sorted || total === 0 ? null : 1.0,
      hits,
    },
  };
}
