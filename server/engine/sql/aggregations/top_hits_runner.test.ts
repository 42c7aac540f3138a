import { describe, expect, it } from 'vitest';
import type { BucketAgg, TopHitsAgg } from './aggregation_types';
import { TopHitsRunner, type TopHitsInput } from './top_hits_runner';

describe('TopHitsRunner', () => {
  it('refuses, before any statement, top_hits whose buckets would return more hits than allowed', async () => {
    const statements: string[] = [];
    const input = {
      resourceSql: 't',
      maxTopHits: 1_000,
      query: async (sql: string) => {
        statements.push(sql);
        return [];
      },
    } as unknown as TopHitsInput;
    const runner = new TopHitsRunner(input, new Map(), new Map(), 1_000, () => '');
    const top = { kind: 'top_hits', name: 'latest', from: 0, size: 100 } as TopHitsAgg;
    const root = {
      name: 'per_day',
      type: 'date_histogram',
      topHits: [top],
    } as unknown as BucketAgg;
    // 20 buckets of 60 rows: 20 × min(60, 100) = 1,200 hits, more than 1,000.
    const parents = Array.from({ length: 20 }, () => ({ row: { doc_count: 60 } }));
    await expect(
      runner.inBuckets(root, parents, () => {
        throw new Error('no statement may be built');
      })
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(
        'the top_hits aggregation [latest] would return 1200 hits over 20 buckets of [per_day], more than [1000] in one response'
      ),
    });
    expect(statements).toEqual([]);
  });
});
