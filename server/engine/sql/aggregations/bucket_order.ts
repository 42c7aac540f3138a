/**
 * `order` of terms and histograms: `_count`, `_key` or a single-value metric sub-aggregation,
 * one or a list, compounded with `_key` ascending to break ties as OpenSearch does; and the
 * comparator OpenSearch applies to bucket values (Double.compare: NaN above everything).
 */
import { badRequest } from '../../errors';
import type { BucketOrder, MetricAgg, OrderElement, ValueMetricAgg } from './aggregation_types';
import { isObject, parsingError } from './body_parameters';

export function parseOrder(
  value: unknown,
  name: string,
  metrics: readonly MetricAgg[],
  fallback: OrderElement[]
): { order: BucketOrder; keyFirst: boolean } {
  if (value === undefined) return compound(fallback);
  const list = Array.isArray(value) ? value : [value];
  const elements = list.flatMap((item): OrderElement[] => {
    if (!isObject(item)) throw parsingError(`[order] of aggregation [${name}] must be an object`);
    return Object.entries(item).map(([path, direction]) => element(path, direction, name, metrics));
  });
  if (elements.length === 0) throw parsingError(`[order] of aggregation [${name}] is empty`);
  return compound(elements);
}

function element(
  path: string,
  direction: unknown,
  name: string,
  metrics: readonly MetricAgg[]
): OrderElement {
  const text = typeof direction === 'string' ? direction.toLowerCase() : '';
  if (text !== 'asc' && text !== 'desc') {
    throw parsingError(`Unknown order direction [${String(direction)}] in aggregation [${name}]`);
  }
  const asc = text === 'asc';
  if (path === '_count') return { by: 'count', asc };
  if (path === '_key') return { by: 'key', asc };
  const dot = path.indexOf('.');
  const stats = dot < 0 ? undefined : metrics.find((m) => m.name === path.slice(0, dot));
  if (stats?.type === 'extended_stats') {
    throw badRequest(
      `Invalid aggregator order path [${path}] of aggregation [${name}]: ordering buckets by a value of the extended_stats aggregation [${stats.name}] is not supported on virtual indices; add an [avg], [min], [max] or [sum] sub-aggregation on [${stats.field.name}] and order by it`
    );
  }
  const metricName = path.endsWith('.value') ? path.slice(0, -'.value'.length) : path;
  const metric = metrics.find((m) => m.name === metricName);
  if (metric?.type === 'extended_stats') {
    throw badRequest(
      `Invalid aggregator order path [${path}] of aggregation [${name}]: [${metricName}] is a multi-value extended_stats aggregation; ordering buckets by its values is not supported on virtual indices; add an [avg], [min], [max] or [sum] sub-aggregation on [${metric.field.name}] and order by it`
    );
  }
  if (!metric) {
    throw badRequest(
      `Invalid aggregator order path [${path}] of aggregation [${name}]: the aggregation [${metricName}] is not a metric sub-aggregation of it; order by [_key], [_count] or the name of one of its metric sub-aggregations`
    );
  }
  return { by: 'metric', metric, asc };
}

/**
 * Ends with `_key` ascending unless it already ends with a key order. `keyFirst` is
 * InternalOrder.isKeyOrder, which looks at the first element only.
 */
function compound(elements: OrderElement[]): { order: BucketOrder; keyFirst: boolean } {
  const last = elements[elements.length - 1];
  return {
    order: last.by === 'key' ? elements : [...elements, { by: 'key', asc: true }],
    keyFirst: elements[0].by === 'key',
  };
}

/** java.lang.Double.compare */
export function compareDoubles(a: number, b: number): number {
  if (a < b) return -1;
  if (a > b) return 1;
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  if (Number.isNaN(b)) return -1;
  return 0;
}

/** Comparators.compareDiscardNaN: metric values, NaN last whatever the direction. */
export function compareDiscardNaN(a: number, b: number, asc: boolean): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  if (Number.isNaN(b)) return -1;
  return asc ? compareDoubles(a, b) : compareDoubles(b, a);
}

export interface OrderedBucket {
  key: number;
  docCount: number;
  /** The value each metric sorts by (NaN, ±Infinity for empty avg, min, max). */
  sortValue(metric: ValueMetricAgg): number;
}

/** The comparator of a compound order over buckets with numeric keys (histograms). */
export function bucketComparator(order: BucketOrder) {
  return (a: OrderedBucket, b: OrderedBucket): number => {
    for (const e of order) {
      const c =
        e.by === 'metric'
          ? compareDiscardNaN(a.sortValue(e.metric), b.sortValue(e.metric), e.asc)
          : (e.asc ? 1 : -1) *
            (e.by === 'count' ? a.docCount - b.docCount : compareDoubles(a.key, b.key));
      if (c !== 0) return c;
    }
    return 0;
  };
}
