import { describe, expect, it, vi } from 'vitest';
import type { SearchApi } from '../../services/api/search_api';
import type { JoinPairCandidate } from './join_pair_names';
import { rankJoinPairs } from './rank_join_pairs';
import { sampleJoinPairs } from './value_sample';

const candidates: JoinPairCandidate[] = [
  { parentField: 'company_id', childField: 'id', nameScore: 5 },
  { parentField: 'id', childField: 'id', nameScore: 3 },
  { parentField: 'pid', childField: 'parent_id', nameScore: 0 },
];

/** Answers the parent sample with `values` per agg, and the child sample with `met` per agg. */
function fakeSearch(values: Record<string, number[]>, met: Record<string, number[]>) {
  return vi.fn<SearchApi['search']>(async (index, body) => {
    const aggs = body.aggs as Record<string, { terms?: { field: string } }>;
    const aggregations: Record<string, unknown> = {};
    for (const [name, agg] of Object.entries(aggs)) {
      aggregations[name] =
        index === 'parent'
          ? { buckets: (values[agg.terms!.field] ?? []).map((key) => ({ key, doc_count: 1 })) }
          : {
              buckets: {
                met: {
                  doc_count: 1,
                  values: { buckets: (met[name] ?? []).map((key) => ({ key, doc_count: 1 })) },
                },
              },
            };
    }
    return { hits: { hits: [] }, aggregations };
  });
}

describe('sampleJoinPairs', () => {
  it('samples every candidate in two small searches and counts the values that meet', async () => {
    const search = fakeSearch(
      { company_id: [7, 8, 9, 10], id: [1, 2, 3, 4], pid: [1, 2] },
      { c0: [7, 8, 9, 10], c1: [1, 2], c2: [] }
    );
    const signal = new AbortController().signal;
    const evidence = await sampleJoinPairs(search, 'parent', 'child', candidates, signal);

    expect(search).toHaveBeenCalledTimes(2);
    expect(search.mock.calls[0]).toEqual([
      'parent',
      {
        size: 0,
        aggs: {
          p0: { terms: { field: 'company_id', size: 20 } },
          p1: { terms: { field: 'id', size: 20 } },
          p2: { terms: { field: 'pid', size: 20 } },
        },
      },
      undefined,
      signal,
    ]);
    expect(search.mock.calls[1][0]).toBe('child');
    expect((search.mock.calls[1][1].aggs as Record<string, unknown>).c0).toEqual({
      filters: { filters: { met: { terms: { id: [7, 8, 9, 10] } } } },
      aggs: { values: { terms: { field: 'id', size: 4 } } },
    });
    expect(search.mock.calls[1][3]).toBe(signal);
    expect([...evidence.entries()]).toEqual([
      ['company_id=id', { sampled: 4, met: 4 }],
      ['id=id', { sampled: 4, met: 2 }],
      ['pid=parent_id', { sampled: 2, met: 0 }],
    ]);
  });

  it('asks the child nothing when the parent holds no value in any candidate field', async () => {
    const search = fakeSearch({}, {});
    const evidence = await sampleJoinPairs(search, 'parent', 'child', candidates);
    expect(search).toHaveBeenCalledTimes(1);
    expect(evidence.get('id=id')).toEqual({ sampled: 0, met: 0 });
  });
});

describe('rankJoinPairs', () => {
  it('ranks by name until the sample answers', () => {
    expect(rankJoinPairs(candidates, undefined)).toEqual([
      { parentField: 'company_id', childField: 'id' },
      { parentField: 'id', childField: 'id' },
    ]);
  });

  it('puts pairs whose values meet first, and offers an unnamed pair only if it meets', () => {
    const evidence = new Map([
      ['company_id=id', { sampled: 20, met: 0 }],
      ['id=id', { sampled: 20, met: 5 }],
      ['pid=parent_id', { sampled: 20, met: 20 }],
    ]);
    expect(rankJoinPairs(candidates, evidence).map((p) => p.parentField)).toEqual([
      'id',
      'pid',
      'company_id',
    ]);
    evidence.set('pid=parent_id', { sampled: 20, met: 0 });
    expect(rankJoinPairs(candidates, evidence).map((p) => p.parentField)).toEqual([
      'id',
      'company_id',
    ]);
  });
});
