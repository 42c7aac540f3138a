import { describe, expect, it } from 'vitest';
import type { IndexField } from './mapping_fields';
import { fieldsOfQuery, unknownQueryFields } from './query_fields';

const field = (name: string, type = 'keyword'): IndexField => ({ name, type, types: [type] });

describe('fieldsOfQuery', () => {
  it('finds the fields of leaf clauses through bool and the other compound clauses', () => {
    expect(
      fieldsOfQuery({
        bool: {
          must: { term: { status: { value: 'paid', boost: 2 } } },
          filter: [
            { range: { amount: { gte: 10 } } },
            { exists: { field: 'customer.name' } },
            { constant_score: { filter: { prefix: { code: 'C' } } } },
          ],
          should: [{ multi_match: { query: 'x', fields: ['title', 'body^2', 'tag*'] } }],
          must_not: { dis_max: { queries: [{ match: { note: 'late' } }] } },
        },
      })
    ).toEqual(['status', 'title', 'body', 'amount', 'customer.name', 'code', 'note']);
  });

  it('leaves out settings, meta fields, patterns and what a nested join reads', () => {
    expect(
      fieldsOfQuery({
        bool: {
          filter: [
            { terms: { kind: ['a'], boost: 1, _name: 'q' } },
            { ids: { values: ['1'] } },
            { term: { _index: 'x' } },
            {
              join: { indices: ['other'], on: ['a', 'b'], request: { query: { term: { z: 1 } } } },
            },
          ],
        },
      })
    ).toEqual(['kind']);
    expect(fieldsOfQuery({ match_all: {} })).toEqual([]);
  });
});

describe('unknownQueryFields', () => {
  const fields = [field('company_code'), field('customer.name'), field('title.keyword')];

  it('names the fields the mapping lacks; object paths and multi-fields are there', () => {
    expect(
      unknownQueryFields(
        {
          bool: {
            filter: [
              { term: { status: 'paid' } },
              { exists: { field: 'customer' } },
              { term: { 'title.keyword': 'x' } },
              { term: { company_code: 'C1' } },
            ],
          },
        },
        fields
      )
    ).toEqual(['status']);
  });

  it('says nothing before the mapping has loaded', () => {
    expect(unknownQueryFields({ term: { status: 'paid' } }, [])).toEqual([]);
  });
});
