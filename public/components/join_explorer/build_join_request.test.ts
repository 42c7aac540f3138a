import { describe, expect, it } from 'vitest';
import {
  buildJoinRequest,
  pageBody,
  parseQueryText,
  sameJoinRequest,
  type JoinRequest,
} from './build_join_request';
import { INITIAL_JOIN_FORM, joinFormReducer, type JoinForm } from './join_form';

const complete: JoinForm = {
  ...INITIAL_JOIN_FORM,
  parentIndex: 'companies',
  child: { name: 'articles', virtual: false },
  parentField: 'id',
  childField: 'company_id',
};

function built(form: JoinForm): JoinRequest {
  const result = buildJoinRequest(form);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.request;
}

describe('buildJoinRequest', () => {
  it('builds the root join of docs/api/interface.md §2.6 with the tiebreaker sort, size and exact totals', () => {
    expect(built(complete)).toEqual({
      parentIndex: 'companies',
      keepAlive: '5m',
      projectedFields: [],
      body: {
        query: {
          join: {
            indices: ['articles'],
            on: ['id', 'company_id'],
            request: { query: { match_all: {} } },
          },
        },
        sort: [{ _shard_doc: 'asc' }],
        size: 20,
        track_total_hits: true,
      },
    });
  });

  it('adds the projection, the parent columns and a field sort before the tiebreaker', () => {
    const request = built({
      ...complete,
      childQuery: '{"term": {"lang": "en"}}',
      projectedFields: ['title', 'published'],
      parentColumns: ['name'],
      sortField: 'name',
      sortOrder: 'desc',
      pageSize: 50,
    });
    expect(request.body).toEqual({
      query: {
        join: {
          indices: ['articles'],
          on: ['id', 'company_id'],
          request: {
            query: { term: { lang: 'en' } },
            project: [{ field: { name: 'title' } }, { field: { name: 'published' } }],
          },
        },
      },
      _source: ['name'],
      sort: [{ name: { order: 'desc' } }, { _shard_doc: 'asc' }],
      size: 50,
      track_total_hits: true,
    });
    expect(request.projectedFields).toEqual(['title', 'published']);
  });

  it('puts a parent query in bool.must and the join in bool.filter', () => {
    const request = built({
      ...complete,
      parentQueryEnabled: true,
      parentQuery: '{"range": {"founded": {"gte": 2000}}}',
      sortField: '_score',
      sortOrder: 'desc',
    });
    expect(request.body.query).toEqual({
      bool: {
        must: [{ range: { founded: { gte: 2000 } } }],
        filter: [
          {
            join: {
              indices: ['articles'],
              on: ['id', 'company_id'],
              request: { query: { match_all: {} } },
            },
          },
        ],
      },
    });
    expect(request.body.sort).toEqual([{ _score: { order: 'desc' } }, { _shard_doc: 'asc' }]);
  });

  it('ignores a broken parent query while the parent query is switched off', () => {
    expect(buildJoinRequest({ ...complete, parentQuery: '{' }).ok).toBe(true);
  });

  it('lists every missing or invalid part', () => {
    const result = buildJoinRequest({
      ...INITIAL_JOIN_FORM,
      child: { name: 'vi_orders', virtual: true },
      childQuery: '[1]',
      parentQueryEnabled: true,
      parentQuery: '{"term":',
      projectedFields: ['amount'],
      pageSize: 0,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // A virtual child projects like any child (docs/api/interface.md §8.2.3): projectedFields is no problem.
    expect(result.problems.map((p) => p.field)).toEqual([
      'parentIndex',
      'parentField',
      'childField',
      'childQuery',
      'parentQuery',
      'pageSize',
    ]);
    expect(result.problems.find((p) => p.field === 'parentQuery')?.message).toMatch(
      /not valid JSON/
    );
  });

  it('refuses a page size that is not a whole number in range', () => {
    for (const pageSize of [Number.NaN, 2.5, 10_001]) {
      const result = buildJoinRequest({ ...complete, pageSize });
      expect(result.ok ? [] : result.problems.map((p) => p.field)).toEqual(['pageSize']);
    }
  });
});

describe('parseQueryText', () => {
  it('accepts one object and explains the rest', () => {
    expect(parseQueryText(' {"ids": {"values": ["1"]}} ')).toEqual({
      ok: true,
      query: { ids: { values: ['1'] } },
    });
    expect(parseQueryText('{}')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/empty/),
    });
    expect(parseQueryText('"x"')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/object/),
    });
  });
});

describe('pageBody', () => {
  it('adds the PIT (with its keep-alive) and, after the first page, search_after', () => {
    const request = built(complete);
    expect(pageBody(request, 'pit-1')).toEqual({
      ...request.body,
      pit: { id: 'pit-1', keep_alive: '5m' },
    });
    expect(pageBody(request, 'pit-2', [7, 12])).toEqual({
      ...request.body,
      pit: { id: 'pit-2', keep_alive: '5m' },
      search_after: [7, 12],
    });
  });
});

describe('sameJoinRequest and the form reducer', () => {
  it('tells a changed request from the same one', () => {
    const a = built(complete);
    expect(sameJoinRequest(a, built({ ...complete }))).toBe(true);
    expect(sameJoinRequest(a, built({ ...complete, pageSize: 21 }))).toBe(false);
    expect(sameJoinRequest(a, null)).toBe(false);
  });

  it('drops the choices tied to an index when another one is chosen', () => {
    const form = {
      ...complete,
      projectedFields: ['title'],
      parentColumns: ['name'],
      sortField: 'name',
    };
    expect(joinFormReducer(form, { type: 'parentIndex', value: 'firms' })).toMatchObject({
      parentIndex: 'firms',
      parentField: '',
      parentColumns: [],
      sortField: '',
      childField: 'company_id',
      projectedFields: ['title'],
    });
    expect(
      joinFormReducer(form, { type: 'child', value: { name: 'posts', virtual: false } })
    ).toMatchObject({ childField: '', projectedFields: [], parentField: 'id', sortField: 'name' });
    expect(
      joinFormReducer(form, { type: 'child', value: { name: 'articles', virtual: false } })
    ).toBe(form);
  });
});
