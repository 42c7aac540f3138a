import { describe, expect, it } from 'vitest';
import { applyFilterPath, parseFilterPath } from './filter_path';

const response = {
  took: 3,
  timed_out: false,
  _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
  hits: {
    total: { value: 2, relation: 'eq' },
    hits: [
      { _index: 'a', _id: '1', _score: 1, _source: { name: 'Ada', tags: ['x', 'y'] } },
      { _index: 'a', _id: '2', _score: 1, _source: { name: 'Bob' } },
    ],
  },
  aggregations: { by_name: { buckets: [{ key: 'Ada', doc_count: 1 }] } },
};

const filtered = (filterPath: string | string[]) =>
  applyFilterPath(response, parseFilterPath(filterPath)!);

describe('filter_path', () => {
  it('keeps what dotted paths name, through arrays, as OpenSearch does', () => {
    expect(filtered('hits.hits._source')).toEqual({
      hits: { hits: [{ _source: response.hits.hits[0]._source }, { _source: { name: 'Bob' } }] },
    });
    expect(filtered('took,hits.total.value')).toEqual({ took: 3, hits: { total: { value: 2 } } });
  });

  it('matches * within a name and ** across levels', () => {
    expect(filtered('hits.hits._i*')).toEqual({
      hits: {
        hits: [
          { _index: 'a', _id: '1' },
          { _index: 'a', _id: '2' },
        ],
      },
    });
    expect(filtered('**.name')).toEqual({
      hits: { hits: [{ _source: { name: 'Ada' } }, { _source: { name: 'Bob' } }] },
    });
    expect(filtered('**.doc_count')).toEqual({
      aggregations: { by_name: { buckets: [{ doc_count: 1 }] } },
    });
  });

  it('drops array items and objects left empty, and answers {} when nothing matches', () => {
    expect(filtered('hits.hits._source.tags')).toEqual({
      hits: { hits: [{ _source: { tags: ['x', 'y'] } }] },
    });
    expect(filtered('nothing.here')).toEqual({});
    // A path that goes on below scalars keeps none of them.
    expect(filtered('hits.hits._source.tags.more')).toEqual({});
  });

  it('excludes with a leading -, before it includes', () => {
    expect(filtered('-hits,-aggregations,-_shards')).toEqual({ took: 3, timed_out: false });
    expect(filtered('hits.hits,-hits.hits._source,-hits.hits._score')).toEqual({
      hits: {
        hits: [
          { _index: 'a', _id: '1' },
          { _index: 'a', _id: '2' },
        ],
      },
    });
  });

  it('reads a repeated parameter as one list and ignores empty parts', () => {
    expect(filtered(['took', 'timed_out'])).toEqual({ took: 3, timed_out: false });
    expect(parseFilterPath('')).toBeNull();
    expect(parseFilterPath(' , ')).toBeNull();
    expect(parseFilterPath(undefined)).toBeNull();
  });

  it('takes regular-expression characters in names literally', () => {
    const odd = { 'a.b': 1, 'a(b)': 2, 'a+b': 3 };
    expect(applyFilterPath(odd, parseFilterPath('a(b)')!)).toEqual({ 'a(b)': 2 });
    expect(applyFilterPath(odd, parseFilterPath('a+*')!)).toEqual({ 'a+b': 3 });
  });
});
