import { describe, expect, it } from 'vitest';
import { parseSearchRequest, parseSort, parseTimeout } from './search_body';

describe('parseSearchRequest', () => {
  it('applies OpenSearch defaults', () => {
    expect(parseSearchRequest(undefined, {})).toEqual({
      query: { match_all: {} },
      from: 0,
      size: 10,
      sort: [],
      source: { includes: [], excludes: [] },
      totalHits: { upTo: 10_000 },
      searchAfter: null,
      timeoutMs: null,
      aggs: null,
      trackScores: false,
    });
  });

  it('reads URL parameters and body fields, the URL winning as in OpenSearch', () => {
    const request = parseSearchRequest(
      { size: 3 },
      { size: '7', from: '2', sort: 'a:desc,b', _source: 'x,y*' }
    );
    expect(request).toMatchObject({
      size: 7,
      from: 2,
      source: { includes: ['x', 'y*'], excludes: [] },
    });
    expect(request.sort).toEqual([
      { field: 'a', order: 'desc', missing: '_last' },
      { field: 'b', order: 'asc', missing: '_last' },
    ]);
  });

  it('refuses what virtual indices cannot do, naming it', () => {
    expect(() => parseSearchRequest({ fields: ['a'] }, {})).toThrow(/\[fields\] is not supported/);
    expect(() => parseSearchRequest({ script_fields: { s: { script: 'x' } } }, {})).toThrow(
      /script_fields/
    );
    expect(() => parseSearchRequest({ from: 9_995, size: 10 }, {})).toThrow(
      /Result window is too large/
    );
    expect(() => parseSearchRequest({ size: -1 }, {})).toThrow(/\[size\]/);
    expect(() => parseSearchRequest({ sort: ['a'], search_after: [1, 2] }, {})).toThrow(
      /search_after has 2/
    );
    expect(() => parseSearchRequest({ aggs: {}, aggregations: {} }, {})).toThrow(/two aggregation/);
  });

  it('reads track_total_hits in all its forms', () => {
    expect(parseSearchRequest({ track_total_hits: true }, {}).totalHits.upTo).toBe(
      Number.MAX_SAFE_INTEGER
    );
    expect(parseSearchRequest({ track_total_hits: false }, {}).totalHits.upTo).toBeNull();
    expect(parseSearchRequest({ track_total_hits: 100 }, {}).totalHits.upTo).toBe(100);
  });
});

describe('options OpenSearch has', () => {
  it('honours _source_includes/_source_excludes, q, min_score and rest_total_hits_as_int', () => {
    expect(parseSearchRequest({ _source: ['a'] }, { _source_includes: 'b,c' }).source).toEqual({
      includes: ['b', 'c'],
      excludes: [],
    });
    expect(parseSearchRequest(undefined, { _source: 'false', _source_includes: 'b' }).source).toBe(
      false
    );
    // `q` is a query_string as OpenSearch reads it; its syntax is translated like any other.
    expect(parseSearchRequest({ query: { match_all: {} } }, { q: 'k:v' }).query).toEqual({
      query_string: { query: 'k:v' },
    });
    expect(parseSearchRequest(undefined, { q: 'a AND b', df: 'k' }).query).toEqual({
      query_string: { query: 'a AND b', default_field: 'k' },
    });
    expect(parseSearchRequest({ min_score: 2 }, {}).query).toEqual({ match_none: {} });
    expect(parseSearchRequest({ min_score: 0.5 }, {}).query).toEqual({ match_all: {} });
    const asInt = parseSearchRequest(undefined, { rest_total_hits_as_int: 'true' });
    expect(asInt.totalAsInt).toBe(true);
    expect(asInt.totalHits.upTo).toBe(Number.MAX_SAFE_INTEGER);
    expect(() =>
      parseSearchRequest(undefined, { rest_total_hits_as_int: 'true', track_total_hits: '5' })
    ).toThrow(/not accurate, got 5/);
  });

  it('answers unknown body keys as OpenSearch does and refuses sequence numbers by name', () => {
    expect(() => parseSearchRequest({ foo: [1] }, {})).toThrow(
      'Unknown key for a START_ARRAY in [foo].'
    );
    expect(() => parseSearchRequest({ seq_no_primary_term: true }, {})).toThrow(
      /\[seq_no_primary_term: true\]/
    );
    expect(parseSearchRequest({ version: false, explain: false }, {}).size).toBe(10);
  });

  it('takes max_result_window from the settings', () => {
    expect(() => parseSearchRequest({ size: 11 }, {}, { maxResultWindow: 10 })).toThrow(/\[10\]/);
  });
});

describe('parseSort', () => {
  it('accepts every spelling and defaults _score to desc', () => {
    expect(
      parseSort([
        { n: { order: 'desc', missing: '_first' } },
        '_score',
        { k: 'asc' },
        { d: { missing: 0 } },
      ])
    ).toEqual([
      { field: 'n', order: 'desc', missing: '_first' },
      { field: '_score', order: 'desc', missing: '_last' },
      { field: 'k', order: 'asc', missing: '_last' },
      { field: 'd', order: 'asc', missing: { value: 0 } },
    ]);
    expect(() => parseSort([{ n: { order: 'up' } }])).toThrow(/asc\] or \[desc/);
    expect(() => parseSort([{ n: { script: 'x' } }])).toThrow(/not supported/);
  });
});

describe('parseTimeout', () => {
  it('reads OpenSearch time values', () => {
    expect(parseTimeout('500ms')).toBe(500);
    expect(parseTimeout('2s')).toBe(2000);
    expect(() => parseTimeout('soon')).toThrow(/time value/);
  });
});
