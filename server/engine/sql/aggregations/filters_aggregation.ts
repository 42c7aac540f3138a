/**
 * filters: one 1/0 column per filter (the query translator's condition, never NULL) and, with
 * `other_bucket`, one for rows matching none of them; rows are repeated once per bucket they
 * fall in and grouped by the bucket's number. Named filters answer an object sorted by name (as
 * OpenSearch sorts keyed filters), anonymous ones an array in request order; the other bucket
 * comes last.
 */
import { badRequest } from '../../errors';
import type { Row } from '../remote_types';
import { translateQuery } from '../query_translator';
import type { FiltersAgg, SubAggregations } from './aggregation_types';
import {
  booleanParam,
  expectBody,
  isObject,
  parsingError,
  stringParam,
  type ParseEnv,
} from './body_parameters';
import { toNumber } from './row_values';
import { joinSql, renderSql, sql, type SqlFragment } from '../sql_fragment';
import type { StatementEnv } from './statement_env';

export function parseFilters(
  name: string,
  body: unknown,
  _env: ParseEnv,
  sub: SubAggregations
): FiltersAgg {
  const b = expectBody('filters', name, body, ['filters', 'other_bucket', 'other_bucket_key']);
  const list = b.filters;
  let filters: FiltersAgg['filters'];
  let keyed: boolean;
  if (Array.isArray(list)) {
    filters = list.map((query) => ({ key: null, query }));
    keyed = false;
  } else if (isObject(list)) {
    filters = Object.entries(list)
      .map(([key, query]) => ({ key, query }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    keyed = true;
  } else {
    throw parsingError(`[filters] of aggregation [${name}] must be an object or an array`);
  }
  if (filters.length === 0) throw badRequest(`[filters] cannot be empty in aggregation [${name}]`);
  for (const filter of filters) {
    if (!isObject(filter.query)) {
      throw parsingError(`a filter of aggregation [${name}] must be a query object`);
    }
  }
  const otherKey = stringParam(b.other_bucket_key, 'other_bucket_key', name);
  const other = booleanParam(b.other_bucket, 'other_bucket', name) || otherKey !== undefined;
  return {
    kind: 'bucket',
    type: 'filters',
    name,
    filters,
    keyed,
    otherBucketKey: other ? (otherKey ?? '_other_') : null,
    metrics: sub.metrics,
    terms: sub.terms,
    topHits: sub.topHits,
  };
}

/** One 1/0 column per bucket: the filters in order, then the other bucket. */
export function filterFlags(env: StatementEnv, agg: FiltersAgg): string[] {
  const condition = (query: unknown): SqlFragment => sql`(${translateQuery(query, env.ctx)})`;
  const flags = agg.filters.map((filter) =>
    env.rows.add(sql`CASE WHEN ${condition(filter.query)} THEN 1 ELSE 0 END`)
  );
  if (agg.otherBucketKey !== null) {
    const any = joinSql(
      agg.filters.map((filter) => condition(filter.query)),
      ' OR '
    );
    flags.push(env.rows.add(sql`CASE WHEN ${any} THEN 0 ELSE 1 END`));
  }
  return flags;
}

/**
 * Translates (and renders) every filter once, so that a bad one, or one binding more values than
 * the database takes, is a 400 before any statement runs.
 */
export function checkFilterQueries(
  agg: FiltersAgg,
  newContext: () => Parameters<typeof translateQuery>[1]
): void {
  for (const filter of agg.filters) {
    const ctx = newContext();
    renderSql(translateQuery(filter.query, ctx), ctx.dialect);
  }
}

export interface FilterBucket {
  /** The filter's name, the other bucket's key, or null for anonymous filters. */
  key: string | null;
  docCount: number;
  row: Row | null;
  identity: string;
}

export function filterBuckets(agg: FiltersAgg, rows: readonly Row[]): FilterBucket[] {
  const byIndex = new Map(rows.map((row) => [toNumber(row.g0), row]));
  const keys = agg.filters.map((f) => f.key);
  if (agg.otherBucketKey !== null) keys.push(agg.keyed ? agg.otherBucketKey : null);
  return keys.map((key, i) => {
    const row = byIndex.get(i) ?? null;
    return { key, docCount: row ? toNumber(row.doc_count)! : 0, row, identity: String(i) };
  });
}
