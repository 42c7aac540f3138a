/**
 * `extended_stats` and `top_hits` (docs/api/osd_apps_on_virtual_indices.md), as OpenSearch
 * Dashboards' standard deviation and top hit metrics send them
 * (src/plugins/data/common/search/aggs/metrics/std_deviation.ts and top_hit.ts `write`) and in
 * the other shapes OpenSearch takes.
 *
 * extended_stats: the virtual index computes count, sum and the sum of squares in SQL and the
 * variance from them with OpenSearch's own formula, so the answers differ only by the rounding of
 * the sums, which each engine adds in its own order (OpenSearch with Kahan summation): the
 * suite's double tolerance (tolerances.ts, 1e-9 relative) holds because the data keep the
 * variance far from cancellation (no bucket holds several equal huge values).
 *
 * top_hits: every sort ends in a field whose top is unique in each bucket or in the key `id`,
 * because OpenSearch breaks ties by Lucene's document order and a virtual index by its key.
 */
import type { Case } from './query_cases';

function agg(name: string, aggs: unknown, query?: unknown, extra: Partial<Case> = {}): Case {
  return { name, body: { size: 0, ...(query ? { query } : {}), aggs }, ...extra };
}

/**
 * The hits of every top_hits result in an answer's aggregations, so a top_hits case cannot
 * pass by both sides answering no hits at all (unless the case is `empty`).
 */
export function topHitsHitCount(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + topHitsHitCount(v), 0);
  if (typeof value !== 'object' || value === null) return 0;
  let count = 0;
  for (const [member, v] of Object.entries(value)) {
    const hits = member === 'hits' ? (v as { hits?: unknown })?.hits : undefined;
    count += Array.isArray(hits) ? hits.length : topHitsHitCount(v);
  }
  return count;
}

/** std_deviation.ts: `{extended_stats: {field}}`, shown as the deviation and its bounds. */
const STD = (field: string, sigma?: number) => ({
  extended_stats: { field, ...(sigma === undefined ? {} : { sigma }) },
});

/** top_hit.ts: a field's `_source` and its docvalue, the time field's sort, size 1. */
function osdTopHit(field: string, date = false) {
  return {
    top_hits: {
      docvalue_fields: [{ field, ...(date ? { format: 'date_time' } : {}) }],
      _source: field,
      size: 1,
      sort: [{ t: { order: 'desc' } }],
    },
  };
}

export function statsAndHitsCases(): Case[] {
  return [
    agg('extended_stats on a long and a double', { n: STD('n'), d: STD('d', 3) }),
    agg('extended_stats under a query', { n: STD('n'), d: STD('d') }, { term: { k2: 'alpha' } }),
    agg(
      'extended_stats over no documents and on an unknown field',
      { n: STD('n'), nope: STD('nope') },
      { term: { k2: 'no-such' } }
    ),
    agg('extended_stats of one document each (sampling variance NaN)', {
      ids: { terms: { field: 'id', size: 4, order: { _key: 'asc' } }, aggs: { d: STD('d') } },
    }),
    agg('extended_stats inside terms, date_histogram and range (a data table)', {
      k2: { terms: { field: 'k2', size: 5 }, aggs: { '1': STD('d') } },
      h: { date_histogram: { field: 't', calendar_interval: 'quarter' }, aggs: { '1': STD('n') } },
      r: { range: { field: 'n', ranges: [{ to: 0 }, { from: 0 }] }, aggs: { s: STD('d', 0.5) } },
    }),
    agg('top_hits at the top level, sorted, _source includes', {
      top: {
        top_hits: {
          size: 5,
          sort: [{ t: { order: 'desc' } }, { id: 'asc' }],
          _source: { includes: ['k', 'n', 't'] },
        },
      },
    }),
    agg(
      'top_hits with from, without _source, under a query',
      {
        top: {
          top_hits: { from: 3, size: 4, sort: [{ n: 'asc' }, { id: 'asc' }], _source: false },
        },
      },
      { range: { d: { gt: 0 } } }
    ),
    // OpenSearch refuses it (Lucene's collector needs a hit); so does a virtual index.
    agg('top_hits of size 0 is a 400', { top: { top_hits: { size: 0 } } }),
    agg(
      'top_hits past the last hit: the count, no hits',
      { top: { top_hits: { from: 50, size: 5, sort: [{ id: 'asc' }] } } },
      { range: { n: { gt: 5e15 } } },
      { empty: true }
    ),
    agg('top_hits with version and docvalue_fields of every type', {
      top: {
        top_hits: {
          size: 3,
          version: true,
          sort: [{ d: { order: 'desc', missing: '_last' } }, { id: 'asc' }],
          docvalue_fields: ['k2', 'n', 'd', 'b', { field: 't', format: 'date_time' }],
          _source: ['id'],
        },
      },
    }),
    agg('OSD top hit in a pie split by terms', {
      '2': {
        terms: { field: 'k2', size: 5, order: { _count: 'desc' } },
        aggs: { '1': osdTopHit('t', true) },
      },
    }),
    agg('OSD top hit on a keyword per month', {
      '2': {
        date_histogram: { field: 't', calendar_interval: 'month', min_doc_count: 1 },
        aggs: { '1': osdTopHit('k') },
      },
    }),
    agg('top_hits inside range, filters and histogram (empty buckets too)', {
      r: {
        range: { field: 'n', ranges: [{ to: -2000000 }, { from: 0, to: 10 }, { from: 10 }] },
        aggs: { top: { top_hits: { size: 2, sort: [{ d: 'desc' }, { id: 'asc' }] } } },
      },
      f: {
        filters: { filters: { a: { term: { k2: 'alpha' } }, none: { term: { k2: 'no-such' } } } },
        aggs: { top: { top_hits: { size: 2, sort: [{ id: 'desc' }] } } },
      },
      h: {
        histogram: { field: 'd', interval: 25000, min_doc_count: 0 },
        aggs: {
          top: { top_hits: { size: 1, sort: [{ n: 'desc' }, { id: 'asc' }], _source: 'n' } },
        },
      },
    }),
    agg(
      'top_hits inside terms with min_doc_count 0 (rows that do not match are not hits)',
      {
        t: {
          terms: { field: 'k2', min_doc_count: 0, size: 10 },
          aggs: { top: { top_hits: { size: 2, sort: [{ id: 'asc' }], _source: ['k2', 'b'] } } },
        },
      },
      { term: { b: true } }
    ),
    agg('top_hits inside terms on a many-valued keyword, a date, a long and a boolean', {
      k: {
        terms: { field: 'k', size: 6, order: [{ _count: 'desc' }, { _key: 'asc' }] },
        aggs: { top: { top_hits: { size: 1, sort: [{ id: 'asc' }], _source: 'k' } } },
      },
      t: {
        terms: { field: 't', size: 3, order: { _key: 'desc' } },
        aggs: { top: { top_hits: { size: 1, sort: [{ id: 'asc' }], _source: 't' } } },
      },
      n: {
        terms: { field: 'n', size: 4 },
        aggs: { top: { top_hits: { size: 2, sort: [{ id: 'desc' }], _source: ['n', 'id'] } } },
      },
      b: {
        terms: { field: 'b' },
        aggs: { top: { top_hits: { size: 1, sort: [{ d: 'asc' }, { id: 'asc' }] } } },
      },
    }),
    agg('top_hits beside metrics and a nested terms', {
      t: {
        terms: { field: 'b' },
        aggs: {
          avg: { avg: { field: 'n' } },
          s: STD('d'),
          top: { top_hits: { size: 2, sort: [{ t: 'asc' }, { id: 'asc' }] } },
          inner: { terms: { field: 'k2', size: 2 } },
        },
      },
    }),
  ];
}
