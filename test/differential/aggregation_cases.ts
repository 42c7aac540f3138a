/**
 * Hand-written aggregation cases: every aggregation of docs/api/interface.md §4.6 and its options, metrics inside
 * buckets, and a terms aggregation inside each kind of bucket aggregation.
 */
import { DATASET_DATE } from './dataset';
import type { Case } from './query_cases';

function agg(name: string, aggs: unknown, query?: unknown, extra: Partial<Case> = {}): Case {
  return { name, body: { size: 0, ...(query ? { query } : {}), aggs }, ...extra };
}

/** A month of data around the European spring DST change, for fine-grained histograms. */
const MARCH_2024 = { range: { t: { gte: '2024-03-01', lt: '2024-04-01' } } };
/** DATASET_DATE in the `yyyy-MM-dd` format some cases declare. */
const DAY = DATASET_DATE.slice(0, 10);
const METRICS = {
  avg_n: { avg: { field: 'n' } },
  sum_d: { sum: { field: 'd' } },
  max_t: { max: { field: 't' } },
};

export function aggregationCases(): Case[] {
  const anchor = DATASET_DATE;
  return [
    agg('avg', { a: { avg: { field: 'n' } }, b: { avg: { field: 'd' } } }),
    agg('sum', { a: { sum: { field: 'n' } }, b: { sum: { field: 'd' } } }),
    agg('min and max on numbers', {
      a: { min: { field: 'n' } },
      b: { max: { field: 'n' } },
      c: { min: { field: 'd' } },
      e: { max: { field: 'd' } },
    }),
    agg('min and max on dates', { a: { min: { field: 't' } }, b: { max: { field: 't' } } }),
    agg('cardinality', {
      k: { cardinality: { field: 'k' } },
      k2: { cardinality: { field: 'k2' } },
      n: { cardinality: { field: 'n' } },
      b: { cardinality: { field: 'b' } },
      t: { cardinality: { field: 't' } },
    }),
    agg('metrics under a query', METRICS, { term: { k2: 'alpha' } }),
    agg(
      'metrics over no documents',
      { ...METRICS, c: { cardinality: { field: 'k' } }, m: { min: { field: 'n' } } },
      { term: { k2: 'no-such' } }
    ),
    agg('metrics on an unknown field', {
      a: { avg: { field: 'nope' } },
      c: { cardinality: { field: 'nope' } },
    }),
    agg('date_histogram month', {
      h: { date_histogram: { field: 't', calendar_interval: 'month' } },
    }),
    agg('date_histogram 1M with min_doc_count 1', {
      h: { date_histogram: { field: 't', calendar_interval: '1M', min_doc_count: 1 } },
    }),
    agg('date_histogram quarter in New York', {
      h: {
        date_histogram: { field: 't', calendar_interval: 'quarter', time_zone: 'America/New_York' },
      },
    }),
    agg('date_histogram year', {
      h: { date_histogram: { field: 't', calendar_interval: 'year' } },
    }),
    agg(
      'date_histogram week',
      { h: { date_histogram: { field: 't', calendar_interval: 'week' } } },
      { range: { t: { gte: '2024-01-01' } } }
    ),
    agg(
      'date_histogram day in Helsinki across DST',
      {
        h: {
          date_histogram: { field: 't', calendar_interval: 'day', time_zone: 'Europe/Helsinki' },
        },
      },
      MARCH_2024
    ),
    agg(
      'date_histogram hour across DST',
      {
        h: {
          date_histogram: {
            field: 't',
            calendar_interval: 'hour',
            time_zone: 'Europe/Helsinki',
            min_doc_count: 1,
          },
        },
      },
      { range: { t: { gte: '2024-03-30T20:00:00Z', lt: '2024-03-31T06:00:00Z' } } }
    ),
    agg(
      'date_histogram fixed 90m with offset zone',
      { h: { date_histogram: { field: 't', fixed_interval: '90m', time_zone: '+05:30' } } },
      { range: { t: { gte: '2024-11-02T12:00:00Z', lt: '2024-11-04T00:00:00Z' } } }
    ),
    agg(
      'date_histogram fixed 12h in New York across DST',
      {
        h: { date_histogram: { field: 't', fixed_interval: '12h', time_zone: 'America/New_York' } },
      },
      { range: { t: { gte: '2024-11-01', lt: '2024-11-06' } } }
    ),
    agg('date_histogram fixed 30d min_doc_count 5', {
      h: { date_histogram: { field: 't', fixed_interval: '30d', min_doc_count: 5 } },
    }),
    agg(
      'date_histogram extended_bounds',
      {
        h: {
          date_histogram: {
            field: 't',
            calendar_interval: 'month',
            min_doc_count: 0,
            extended_bounds: { min: '2024-01-01', max: '2024-12-31' },
          },
        },
      },
      { range: { t: { gte: '2024-03-01', lt: '2024-06-01' } } }
    ),
    agg(
      'date_histogram extended_bounds with format and date math',
      {
        h: {
          date_histogram: {
            field: 't',
            calendar_interval: 'week',
            format: 'yyyy-MM-dd',
            // With a format, date math anchors must be written in it too.
            extended_bounds: { min: `${DAY}||-2M/M`, max: `${DAY}||+1M/M` },
          },
        },
      },
      { range: { t: { gte: '2024-05-01', lt: '2024-06-01' } } }
    ),
    agg('date_histogram with format', {
      h: { date_histogram: { field: 't', calendar_interval: 'quarter', format: 'yyyy-MM' } },
    }),
    agg(
      'histogram on long',
      { h: { histogram: { field: 'n', interval: 100 } } },
      { range: { n: { gte: -1000, lte: 1000 } } }
    ),
    agg('histogram min_doc_count 1 on wide longs', {
      h: { histogram: { field: 'n', interval: 1e12, min_doc_count: 1 } },
    }),
    agg('histogram on double', { h: { histogram: { field: 'd', interval: 10000 } } }),
    agg(
      'histogram fractional interval with extended_bounds',
      { h: { histogram: { field: 'd', interval: 0.25, extended_bounds: { min: -1, max: 1 } } } },
      { range: { d: { gte: -0.5, lte: 0.5 } } }
    ),
    agg('range on long', {
      r: { range: { field: 'n', ranges: [{ to: 0 }, { from: 0, to: 100 }, { from: 100 }] } },
    }),
    agg('range on double with keys and overlaps', {
      r: {
        range: {
          field: 'd',
          ranges: [
            { key: 'neg', to: 0 },
            { key: 'small', from: -10, to: 10 },
            { key: 'big', from: 1000 },
          ],
        },
      },
    }),
    agg('date_range', {
      r: {
        date_range: {
          field: 't',
          ranges: [
            { to: '2024-01-01' },
            { from: '2024-01-01', to: '2024-07-01' },
            { from: '2024-07-01' },
          ],
        },
      },
    }),
    agg('date_range with date math, format and time_zone', {
      r: {
        date_range: {
          field: 't',
          format: 'yyyy-MM-dd',
          time_zone: 'Europe/Helsinki',
          ranges: [
            { key: 'before', to: `${DAY}||-1M/M` },
            { from: `2024-03-01`, to: '2024-04-01' },
            // Rounded: a bucket shows its bounds, and the two sides evaluate `now` moments apart.
            { from: 'now-50y/y', to: 'now/d' },
          ],
        },
      },
    }),
    agg('terms default', { t: { terms: { field: 'k2' } } }),
    agg('terms size 3', { t: { terms: { field: 'k2', size: 3 } } }),
    agg('terms order _key asc', { t: { terms: { field: 'k2', order: { _key: 'asc' } } } }),
    agg('terms order _key desc', {
      t: { terms: { field: 'k2', order: { _key: 'desc' }, size: 4 } },
    }),
    agg('terms order _count asc', { t: { terms: { field: 'k2', order: { _count: 'asc' } } } }),
    agg(
      'terms min_doc_count 0 shows absent terms',
      { t: { terms: { field: 'k2', min_doc_count: 0 } } },
      {
        term: { b: true },
      }
    ),
    agg('terms min_doc_count 300', { t: { terms: { field: 'k2', min_doc_count: 300 } } }),
    agg('terms on a high-cardinality keyword', { t: { terms: { field: 'k', size: 25 } } }),
    agg('terms on hostile keywords by key', {
      t: { terms: { field: 'k', size: 40, order: { _key: 'asc' } } },
    }),
    agg('terms on long', { t: { terms: { field: 'n', size: 10 } } }),
    agg('terms on boolean', { t: { terms: { field: 'b' } } }),
    agg('terms on double', { t: { terms: { field: 'd', size: 5 } } }),
    agg('terms on date', { t: { terms: { field: 't', size: 5 } } }),
    agg('terms ordered by a metric', {
      t: { terms: { field: 'k2', order: { m: 'desc' } }, aggs: { m: { avg: { field: 'd' } } } },
    }),
    agg('terms on an unknown field', { t: { terms: { field: 'nope' } } }),
    agg('filters named', {
      f: {
        filters: {
          filters: {
            alpha: { term: { k2: 'alpha' } },
            wild: { wildcard: { k: '*%*' } },
            recent: { range: { t: { gte: `${anchor}||-1M` } } },
          },
        },
      },
    }),
    agg('filters anonymous', {
      f: {
        filters: {
          filters: [{ term: { b: true } }, { range: { n: { lt: 0 } } }, { match_all: {} }],
        },
      },
    }),
    agg('filters with other bucket', {
      f: {
        filters: {
          filters: { t: { term: { b: true } }, f: { term: { b: false } } },
          other_bucket_key: 'neither',
        },
      },
    }),
    agg('metrics inside date_histogram', {
      h: { date_histogram: { field: 't', calendar_interval: 'quarter' }, aggs: METRICS },
    }),
    agg('metrics inside terms', {
      t: {
        terms: { field: 'k2' },
        aggs: { ...METRICS, mn: { min: { field: 'n' } }, c: { cardinality: { field: 'k' } } },
      },
    }),
    agg('metrics inside range, histogram, date_range and filters', {
      r: { range: { field: 'n', ranges: [{ to: 0 }, { from: 0 }] }, aggs: METRICS },
      h: {
        histogram: { field: 'd', interval: 50000 },
        aggs: { c: { cardinality: { field: 'k2' } } },
      },
      dr: {
        date_range: { field: 't', ranges: [{ to: '2024-06-01' }, { from: '2024-06-01' }] },
        aggs: METRICS,
      },
      f: { filters: { filters: { a: { term: { k2: 'alpha' } } } }, aggs: METRICS },
    }),
    agg('terms inside date_histogram', {
      h: {
        date_histogram: { field: 't', calendar_interval: 'quarter' },
        aggs: { t: { terms: { field: 'k2', size: 3 } } },
      },
    }),
    agg('terms inside range, histogram, date_range, filters and terms', {
      r: {
        range: { field: 'n', ranges: [{ to: 0 }, { from: 0 }] },
        aggs: { t: { terms: { field: 'k2' } } },
      },
      h: { histogram: { field: 'd', interval: 50000 }, aggs: { t: { terms: { field: 'b' } } } },
      dr: {
        date_range: { field: 't', ranges: [{ to: '2024-06-01' }, { from: '2024-06-01' }] },
        aggs: { t: { terms: { field: 'k2', size: 2 } } },
      },
      f: {
        filters: { filters: { a: { term: { b: true } } } },
        aggs: { t: { terms: { field: 'k2' } } },
      },
      tt: { terms: { field: 'k2' }, aggs: { t: { terms: { field: 'b' } } } },
    }),
    agg('metrics inside a nested terms', {
      h: {
        date_histogram: { field: 't', calendar_interval: 'year' },
        aggs: { t: { terms: { field: 'k2', size: 2 }, aggs: { a: { avg: { field: 'n' } } } } },
      },
    }),
  ];
}
