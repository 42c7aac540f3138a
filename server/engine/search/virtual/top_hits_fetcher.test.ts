/**
 * top_hits options on a virtual index: what is read (and how a hit is written from a row), and
 * every refusal a 400 naming the option, before any SQL runs. The answers themselves are compared
 * with OpenSearch's in test/differential/stats_and_hits_cases.ts.
 */
import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../../../test/support/bad_request';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { StoredVirtualIndex } from '../../catalog/virtual_index_service';
import { validateAggregations } from '../../sql/aggregations';
import { renderSql } from '../../sql/sql_fragment';
import { postgresDialect } from '../../sql/dialects/postgres';
import { topHitsFetcher } from './top_hits_fetcher';

const COLUMNS: VirtualIndexColumn[] = [
  { name: 'id', type: 'long', remote_type: 'bigint' },
  { name: 'k', type: 'keyword', remote_type: 'text' },
  { name: 't', type: 'date', remote_type: 'timestamptz', zoned: true },
];
const TARGET = {
  name: 'vi',
  definition: {
    datasource: 'ds',
    resource: 'tbl',
    key: 'id',
    columns: COLUMNS,
    updated_at: '2024-01-01T00:00:00Z',
  } as StoredVirtualIndex,
  columns: new Map(COLUMNS.map((c) => [c.name, c])),
  timezone: 'UTC',
};
const fetcher = topHitsFetcher(TARGET);
const validate = (aggs: unknown) => validateAggregations(aggs, TARGET.columns, undefined, fetcher);
const rejection = (aggs: unknown) => badRequestThrownBy(() => validate(aggs));

describe('top_hits on a virtual index refuses', () => {
  it.each([
    [
      'highlight',
      { highlight: { fields: { k: {} } } },
      '[highlight] in top_hits aggregation [top]',
    ],
    [
      'script_fields',
      { script_fields: { x: { script: 'doc.k' } } },
      '[script_fields] in top_hits aggregation [top]: scripts do not run on virtual indices',
    ],
    ['explain', { explain: true }, '[explain] in top_hits aggregation [top]'],
    ['track_scores', { track_scores: true }, '[track_scores] in top_hits aggregation [top]'],
    ['fields', { fields: ['k'] }, '[fields] in top_hits aggregation [top]'],
    ['an unknown option', { colour: 'red' }, '[top_hits] unknown field [colour]'],
    ['size 0', { size: 0 }, 'a top_hits aggregation must ask for at least one hit'],
    ['a negative size', { size: -1 }, '[size] must be greater than or equal to 0. Found [-1]'],
    [
      'a window past 100',
      { from: 90, size: 20 },
      "the top hits aggregator [top]'s from + size must be less than or equal to: [100] but was [110]",
    ],
    ['a sort on an unknown field', { sort: ['nope'] }, 'No mapping found for [nope]'],
    [
      'a docvalue format on a keyword',
      { docvalue_fields: [{ field: 'k', format: 'x' }] },
      'Field [k] of type [keyword] does not support custom formats',
    ],
  ])('%s, naming it', (_name, options, reason) => {
    expect(rejection({ top: { top_hits: options } }).reason).toContain(reason);
  });

  it('inside a nested terms aggregation, saying where it may go', () => {
    const aggs = {
      a: {
        terms: { field: 'k' },
        aggs: { b: { terms: { field: 'id' }, aggs: { top: { top_hits: {} } } } },
      },
    };
    expect(rejection(aggs).reason).toContain(
      'top_hits aggregation [top] inside a nested terms aggregation is not supported on virtual indices; put it at the top level of [aggs] or directly inside a top-level bucket aggregation'
    );
  });

  it('sub-aggregations', () => {
    expect(
      rejection({ top: { top_hits: {}, aggs: { m: { max: { field: 'id' } } } } }).reason
    ).toContain('Aggregator [top] of type [top_hits] cannot accept sub-aggregations');
  });
});

describe('top_hits on a virtual index reads', () => {
  it('what OSD’s top hit metric sends, and the defaults OpenSearch answers with', () => {
    expect(() =>
      validate({
        k: {
          terms: { field: 'k' },
          aggs: {
            '1': {
              top_hits: {
                docvalue_fields: [{ field: 't', format: 'date_time' }],
                _source: 't',
                size: 1,
                sort: [{ t: { order: 'desc' } }],
              },
            },
          },
        },
        top: {
          top_hits: { explain: false, track_scores: false, script_fields: {}, version: true },
        },
      })
    ).not.toThrow();
  });

  it('a hit as a search page writes it: _id from the key, _source filtered, sort values', () => {
    const fetch = fetcher('top', {
      sort: [{ t: 'desc' }],
      _source: ['k'],
      docvalue_fields: [{ field: 't', format: 'date_time' }],
    });
    expect(fetch.sorted).toBe(true);
    expect(fetch.columns.map((c) => c.name).sort()).toEqual(['id', 'k', 't']);
    const ctx = {
      dialect: postgresDialect,
      columns: TARGET.columns,
      key: 'id',
      timezone: 'UTC',
      now: 0,
    };
    expect(renderSql(fetch.orderBy(ctx), postgresDialect).sql).toContain('"t"');
    const t = new Date('2024-03-01T10:00:00.000Z');
    expect(fetch.hit({ id: 7, k: 'x', t }, 0)).toEqual({
      _index: 'vi',
      _id: '7',
      _score: null,
      _source: { k: 'x' },
      fields: { t: ['2024-03-01T10:00:00.000Z'] },
      sort: [t.getTime()],
    });
    const unsorted = fetcher('top', {});
    expect(unsorted.sorted).toBe(false);
    expect(unsorted.hit({ id: 7, k: 'x', t: null }, 0)).toEqual({
      _index: 'vi',
      _id: '7',
      _score: 1.0,
      _source: { id: 7, k: 'x', t: null },
    });
  });
});
