/**
 * The response's JSON of bucket aggregations, in OpenSearch's shape, from the rows their
 * statements returned and the buckets the nested terms selected (aggregation_planner.ts runs the
 * statements and fills the selections).
 */
import type { Row } from '../remote_types';
import { setOwn } from '../own_property';
import type {
  BucketAgg,
  DateHistogramAgg,
  HistogramAgg,
  TermsAgg,
  TopHitsAgg,
} from './aggregation_types';
import { toNumber } from './row_values';
import { topHitsResponse } from './top_hits';
import type { DateKeyKind } from './date_sql';
import { filterBuckets } from './filters_aggregation';
import {
  dateHistogramKeyOf,
  histogramBuckets,
  histogramKeyOf,
  type HistogramBucket,
} from './histogram_aggregations';
import { javaDoubleToString } from './java_double';
import { metricJson } from './metric_aggregations';
import { rangeBucketHead, rangeBuckets } from './range_aggregations';
import { EMPTY_TERMS, type TermsSelection } from './terms_aggregation';

export type Json = Record<string, unknown>;

export class BucketResponses {
  constructor(
    /** Selections of nested terms, by the path (`pathKey`) of their parent bucket. */
    private readonly selections: ReadonlyMap<TermsAgg, ReadonlyMap<string, TermsSelection>>,
    private readonly timezone: string,
    private readonly maxBuckets: number,
    /** Hits of the top_hits inside top-level buckets, by the bucket's identity. */
    private readonly hits: ReadonlyMap<TopHitsAgg, ReadonlyMap<string, Json[]>>
  ) {}

  root(root: BucketAgg, rows: Row[], dateKind: DateKeyKind): Json {
    const tz = this.timezone;
    switch (root.type) {
      case 'terms':
        return this.terms(root, EMPTY_TERMS, []);
      case 'histogram':
      case 'date_histogram': {
        const keyOf =
          root.type === 'histogram' ? histogramKeyOf(root) : dateHistogramKeyOf(root, dateKind);
        return this.histogramJson(root, histogramBuckets(root, rows, keyOf, tz, this.maxBuckets));
      }
      case 'range':
      case 'date_range':
        return this.bucketsJson(
          root,
          root.keyed,
          rangeBuckets(root, rows).map((b) => [
            b.range.key,
            { ...rangeBucketHead(root, b), ...this.subAggs(root, b.row, [b.identity]) },
          ])
        );
      case 'filters':
        return this.bucketsJson(
          root,
          root.keyed,
          filterBuckets(root, rows).map((b) => [
            b.key ?? '',
            { doc_count: b.docCount, ...this.subAggs(root, b.row, [b.identity]) },
          ])
        );
    }
  }

  private bucketsJson(agg: BucketAgg, keyed: boolean, buckets: Array<[string, Json]>): Json {
    return {
      ...(agg.meta ? { meta: agg.meta } : {}),
      buckets: keyed ? Object.fromEntries(buckets) : buckets.map(([, bucket]) => bucket),
    };
  }

  private histogramJson(agg: HistogramAgg | DateHistogramAgg, buckets: HistogramBucket[]): Json {
    const keyAsString =
      agg.type === 'histogram' ? agg.keyAsString : agg.printer ? agg.printer : null;
    const entries = buckets.map((b): [string, Json] => {
      const text = keyAsString ? keyAsString(b.key) : null;
      const name = text ?? (agg.type === 'histogram' ? javaDoubleToString(b.key) : String(b.key));
      const head: Json = text === null ? {} : { key_as_string: text };
      head.key = b.key;
      head.doc_count = b.docCount;
      return [
        name,
        { ...head, ...this.subAggs(agg, b.row, b.identity === null ? null : [b.identity]) },
      ];
    });
    return this.bucketsJson(agg, agg.keyed, entries);
  }

  terms(terms: TermsAgg, selection: TermsSelection, parentPath: string[]): Json {
    return {
      ...(terms.meta ? { meta: terms.meta } : {}),
      doc_count_error_upper_bound: selection.docCountError,
      sum_other_doc_count: selection.sumOtherDocCount,
      buckets: selection.buckets.map((b) => {
        const head: Json = { key: b.key };
        if (b.keyAsString !== undefined) head.key_as_string = b.keyAsString;
        head.doc_count = b.docCount;
        if (terms.showTermDocCountError) head.doc_count_error_upper_bound = selection.docCountError;
        return { ...head, ...this.subAggs(terms, b.row, [...parentPath, b.identity]) };
      }),
    };
  }

  /** Metrics of a bucket (from its row) and its nested terms (from their statements). */
  private subAggs(agg: BucketAgg, row: Row | null, path: string[] | null): Json {
    const out: Json = {};
    agg.metrics.forEach((metric, j) => {
      setOwn(out, metric.name, metricJson(metric, row, `m${j}`, this.timezone));
    });
    for (const top of agg.topHits) {
      // Only top-level buckets hold top_hits: their path is their own identity.
      const hits = path?.length === 1 ? this.hits.get(top)?.get(path[0]) : undefined;
      const docCount = row ? (toNumber(row.doc_count) ?? 0) : 0;
      setOwn(out, top.name, topHitsResponse(top, docCount, hits ?? []));
    }
    for (const terms of agg.terms) {
      const selection = path === null ? undefined : this.selections.get(terms)?.get(pathKey(path));
      setOwn(out, terms.name, this.terms(terms, selection ?? EMPTY_TERMS, path ?? []));
    }
    return out;
  }
}

/**
 * Buckets in the whole response, as OpenSearch's reduce counts them against search.max_buckets:
 * every bucket of every multi-bucket aggregation, nested ones included. Iterative.
 */
export function countBuckets(aggregations: Json): number {
  let count = 0;
  const stack: unknown[] = Object.values(aggregations);
  while (stack.length > 0) {
    const agg = stack.pop() as Json | undefined;
    if (typeof agg !== 'object' || agg === null) continue;
    const buckets = agg.buckets;
    if (typeof buckets !== 'object' || buckets === null) continue;
    for (const bucket of Object.values(buckets)) {
      count++;
      for (const [key, value] of Object.entries(bucket as Json)) {
        if (key !== 'key' && typeof value === 'object' && value !== null) stack.push(value);
      }
    }
  }
  return count;
}

/** The name of a bucket's path of identities, parent first. */
export function pathKey(identities: readonly string[]): string {
  return identities.join('\u0001');
}
