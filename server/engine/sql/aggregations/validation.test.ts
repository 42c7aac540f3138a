/**
 * validateAggregations: a 400 naming the problem for anything malformed or unsupported, before
 * any SQL; unmapped fields are not errors (OpenSearch answers them with empty results).
 */
import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../../../test/support/bad_request';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { validateAggregations } from './index';

const COLUMNS = new Map<string, VirtualIndexColumn>([
  ['k', { name: 'k', remote_type: 'text', type: 'keyword' }],
  ['n', { name: 'n', remote_type: 'bigint', type: 'long' }],
  ['d', { name: 'd', remote_type: 'float8', type: 'double' }],
  ['b', { name: 'b', remote_type: 'boolean', type: 'boolean' }],
  ['t', { name: 't', remote_type: 'timestamp', type: 'date' }],
]);

const rejection = (aggs: unknown) => badRequestThrownBy(() => validateAggregations(aggs, COLUMNS));

describe('validateAggregations refuses', () => {
  it.each([
    ['scripts', { a: { avg: { script: 'doc.n' } } }, '[script] in aggregation [a]'],
    ['scripts in a bucket', { a: { terms: { script: { source: 'x' } } } }, '[script]'],
    ['missing', { a: { terms: { field: 'k', missing: 'N/A' } } }, '[missing] in aggregation [a]'],
    ['missing on metrics', { a: { sum: { field: 'n', missing: 0 } } }, '[missing]'],
    [
      'percentiles (OpenSearch Dashboards median and percentiles)',
      { '1': { percentiles: { field: 'n', percents: [50] } } },
      'OpenSearch estimates percentiles with a t-digest',
    ],
    [
      'a histogram inside a bucket aggregation',
      { a: { terms: { field: 'k' }, aggs: { h: { histogram: { field: 'n', interval: 5 } } } } },
      'only a terms aggregation can be nested',
    ],
    [
      'filters inside terms',
      { a: { terms: { field: 'k' }, aggs: { f: { filters: { filters: [{ match_all: {} }] } } } } },
      '[filters] aggregation [f] inside the bucket aggregation [a]',
    ],
    [
      'sub-aggregations of a metric',
      { a: { avg: { field: 'n' }, aggs: { b: { max: { field: 'n' } } } } },
      'cannot accept sub-aggregations',
    ],
    ['unsupported aggregations', { a: { stats: { field: 'n' } } }, '[stats] is not supported'],
    ['unknown aggregations', { a: { frobnicate: {} } }, 'Unknown aggregation type [frobnicate]'],
    [
      'unknown parameters',
      { a: { terms: { field: 'k', colour: 'red' } } },
      'unknown field [colour]',
    ],
    [
      'metrics on keywords',
      { a: { avg: { field: 'k' } } },
      'Field [k] of type [keyword] is not supported for aggregation [avg]',
    ],
    [
      'histograms on keywords',
      { a: { histogram: { field: 'k', interval: 1 } } },
      'not supported for aggregation [histogram]',
    ],
    [
      'a histogram without interval',
      { a: { histogram: { field: 'n' } } },
      'Missing required field [interval]',
    ],
    ['a zero interval', { a: { histogram: { field: 'n', interval: 0 } } }, '[interval] must be >0'],
    [
      'a date_histogram without interval',
      { a: { date_histogram: { field: 't' } } },
      'Invalid interval',
    ],
    [
      'an unknown calendar interval',
      { a: { date_histogram: { field: 't', calendar_interval: '2d' } } },
      'could not be parsed as a calendar interval',
    ],
    [
      'a fractional fixed interval',
      { a: { date_histogram: { field: 't', fixed_interval: '1.5h' } } },
      'fractional time values',
    ],
    [
      'a fixed interval without unit',
      { a: { date_histogram: { field: 't', fixed_interval: '90' } } },
      'unit is missing or unrecognized',
    ],
    [
      'two kinds of interval',
      { a: { date_histogram: { field: 't', fixed_interval: '1h', calendar_interval: 'hour' } } },
      'Cannot use [calendar_interval] with [fixed_interval]',
    ],
    [
      'an unknown time zone',
      {
        a: { date_histogram: { field: 't', calendar_interval: 'day', time_zone: 'Mars/Olympus' } },
      },
      'Unknown time-zone ID: Mars/Olympus',
    ],
    [
      'a time zone on a long field',
      { a: { date_histogram: { field: 'n', calendar_interval: 'day', time_zone: 'UTC' } } },
      'does not support custom time zones',
    ],
    [
      'hard_bounds',
      { a: { histogram: { field: 'n', interval: 1, hard_bounds: { min: 0 } } } },
      '[hard_bounds]',
    ],
    [
      'inverted extended_bounds',
      { a: { histogram: { field: 'n', interval: 1, extended_bounds: { min: 5, max: 1 } } } },
      'cannot be greater than',
    ],
    [
      'an order by an unknown sub-aggregation',
      { a: { terms: { field: 'k', order: { nope: 'asc' } } } },
      'Invalid aggregator order path [nope]',
    ],
    [
      'an unknown order direction',
      { a: { terms: { field: 'k', order: { _count: 'up' } } } },
      'Unknown order direction [up]',
    ],
    ['size 0', { a: { terms: { field: 'k', size: 0 } } }, '[size] must be greater than 0'],
    ['include', { a: { terms: { field: 'k', include: 'a.*' } } }, '[include]'],
    [
      'min_doc_count 0 on a nested terms',
      { a: { terms: { field: 'k' }, aggs: { b: { terms: { field: 'n', min_doc_count: 0 } } } } },
      '[min_doc_count] 0',
    ],
    ['ranges without ranges', { a: { range: { field: 'n', ranges: [] } } }, 'No [ranges]'],
    [
      'a range on keywords',
      { a: { range: { field: 'k', ranges: [{ to: 1 }] } } },
      'not supported for aggregation [range]',
    ],
    [
      'date math that does not parse',
      { a: { date_range: { field: 't', ranges: [{ to: 'yesterday' }] } } },
      'failed to parse date field [yesterday]',
    ],
    ['empty filters', { a: { filters: { filters: {} } } }, '[filters] cannot be empty'],
    [
      'filters that are not queries',
      { a: { filters: { filters: ['x'] } } },
      'must be a query object',
    ],
    [
      'numeric formats',
      { a: { max: { field: 'n', format: '0.00' } } },
      'only date fields take a format',
    ],
    [
      'date format letters not ported',
      { a: { date_histogram: { field: 't', calendar_interval: 'day', format: 'GGGG' } } },
      '[GGGG]',
    ],
    ['names with brackets', { 'a[0]': { max: { field: 'n' } } }, 'Invalid aggregation name [a[0]]'],
    [
      'two types in one aggregation',
      { a: { max: { field: 'n' }, min: { field: 'n' } } },
      'Found two aggregation type definitions',
    ],
    ['a body that is not an object', { a: [] }, 'expected a [START_OBJECT]'],
    [
      'extended_stats on a keyword',
      { a: { extended_stats: { field: 'k' } } },
      'Field [k] of type [keyword] is not supported for aggregation [extended_stats]',
    ],
    [
      'a negative sigma',
      { a: { extended_stats: { field: 'n', sigma: -1 } } },
      '[sigma] must be greater than or equal to 0. Found [-1.0] in [a]',
    ],
    [
      'sub-aggregations of extended_stats',
      { a: { extended_stats: { field: 'n' }, aggs: { b: { max: { field: 'n' } } } } },
      'Aggregator [a] of type [extended_stats] cannot accept sub-aggregations',
    ],
    ['aggs that are not an object', [], 'Expected [START_OBJECT] under [aggs]'],
  ])('%s', (_name, aggs, reason) => {
    expect(rejection(aggs).reason).toContain(reason);
  });

  // A refusal names the input and says what to send instead.
  it.each([
    [
      'stats',
      { s: { stats: { field: 'n' } } },
      'aggregation [s] of type [stats] is not supported on virtual indices; use the metric aggregations [avg, sum, min, max, cardinality, extended_stats, top_hits] or the bucket aggregations [terms, histogram, date_histogram, range, date_range, filters] instead',
    ],
    [
      'hard_bounds',
      { a: { histogram: { field: 'n', interval: 1, hard_bounds: { min: 0 } } } },
      '[hard_bounds] of aggregation [a] is not supported on virtual indices; use [extended_bounds], or limit the buckets with a [range] query',
    ],
    [
      'a script',
      { a: { max: { script: 'doc.n' } } },
      '[script] in aggregation [a]: scripts are not supported on virtual indices; name a column with [field] instead',
    ],
    [
      'include on terms',
      { a: { terms: { field: 'k', include: 'x.*' } } },
      "[include] of terms aggregation [a] is not supported on virtual indices; leave it out and filter the values with the search's [query]",
    ],
    [
      'an order by an unknown sub-aggregation',
      { a: { terms: { field: 'k', order: { nope: 'asc' } } } },
      'order by [_key], [_count] or the name of one of its metric sub-aggregations',
    ],
    [
      'extended_stats on a date',
      { a: { extended_stats: { field: 't' } } },
      'extended_stats aggregation [a] on the date field [t] is not supported on virtual indices: OpenSearch prints the variance of dates as date values, which virtual indices do not reproduce; use it on a long or double field',
    ],
    [
      'an order by a value of extended_stats',
      {
        a: {
          terms: { field: 'k', order: { 's.avg': 'desc' } },
          aggs: { s: { extended_stats: { field: 'n' } } },
        },
      },
      'ordering buckets by a value of the extended_stats aggregation [s] is not supported on virtual indices; add an [avg], [min], [max] or [sum] sub-aggregation on [n] and order by it',
    ],
    [
      'top_hits where no search layer reads hits',
      { a: { top_hits: {} } },
      'top_hits aggregation [a] is not supported here',
    ],
    [
      'a date format letter not ported',
      { a: { date_histogram: { field: 't', calendar_interval: 'day', format: 'GGGG' } } },
      'uses [GGGG], which is not supported; build it from the letters [y, u, M, d, D, H, k, h, K, m, s, S, a, E, X, x, Z]',
    ],
  ])('%s with what to do instead', (_name, aggs, reason) => {
    expect(rejection(aggs).reason).toContain(reason);
  });
});

describe('validateAggregations accepts', () => {
  it.each([
    ['unmapped fields', { a: { avg: { field: 'nope' } }, t: { terms: { field: 'nope' } } }],
    [
      'every supported aggregation with metrics and terms inside',
      {
        t: {
          terms: { field: 'k', size: 3, order: [{ m: 'desc' }, { _key: 'asc' }] },
          aggs: { m: { max: { field: 'n' } }, i: { terms: { field: 'b' } } },
        },
        h: {
          histogram: {
            field: 'd',
            interval: 0.5,
            offset: 0.1,
            extended_bounds: { min: 0, max: 1 },
            keyed: true,
          },
        },
        dh: {
          date_histogram: {
            field: 't',
            fixed_interval: '90m',
            time_zone: 'Europe/Helsinki',
            offset: '-1h',
            format: 'yyyy-MM-dd HH:mm',
            extended_bounds: { min: 'now-1d/d', max: 'now' },
          },
          aggs: { c: { cardinality: { field: 'k', precision_threshold: 100 } } },
        },
        legacy: { date_histogram: { field: 't', interval: 'month' } },
        legacyFixed: { date_histogram: { field: 't', interval: 3600000 } },
        r: { range: { field: 'n', keyed: true, ranges: [{ key: 'low', to: '10' }, { from: 10 }] } },
        dr: {
          date_range: {
            field: 't',
            time_zone: '+02:00',
            ranges: [{ from: 'now-1M/M', to: 'now' }],
          },
        },
        f: { filters: { filters: { a: { term: { k: 'x' } } }, other_bucket_key: 'rest' } },
        s: { sum: { field: 'b' } },
        mx: { max: { field: 't', format: 'epoch_millis' } },
      },
    ],
    ['meta', { a: { max: { field: 'n' }, meta: { owner: 'me' } } }],
  ])('%s', (_name, aggs) => {
    expect(() => validateAggregations(aggs, COLUMNS)).not.toThrow();
  });
});
