/**
 * The SQL of extended_stats and top_hits as text, on SQL Server (which no test here can run; the
 * other databases run them in test/differential/stats_and_hits_cases.ts): each database's own
 * spellings, values bound in the order of their placeholders, hits made from the rows.
 */
import { describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { Row } from '../remote_types';
import { dialectFor } from '../dialects';
import { translateQuery } from '../query_translator';
import { sql } from '../sql_fragment';
import { runAggregations, type TopHitsFetcher } from './index';

const dialect = dialectFor('sqlserver');
const q = (name: string) => dialect.quoteIdentifier(name);
const COLUMNS = new Map<string, VirtualIndexColumn>([
  ['id', { name: 'id', type: 'long', remote_type: 'bigint' }],
  ['k', { name: 'k', type: 'keyword', remote_type: 'nvarchar' }],
  ['d', { name: 'd', type: 'double', remote_type: 'float' }],
]);

/** Hits of the `id` and `k` columns, sorted by `d` descending. */
const fetcher: TopHitsFetcher = () => ({
  columns: [COLUMNS.get('id')!, COLUMNS.get('k')!],
  orderBy: () => sql` ORDER BY ${q('d')} DESC`,
  hit: (values, position) => ({ _id: String(values.id), k: values.k, position }),
  sorted: true,
});

async function run(aggs: Record<string, unknown>, answer: (sql: string) => Row[]) {
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const result = await runAggregations(aggs, {
    resourceSql: `${q('dbo')}.${q('events')}`,
    newContext: () => ({ dialect, columns: COLUMNS, timezone: 'UTC', now: 0 }),
    where: (ctx) => translateQuery({ range: { d: { gt: 5 } } }, ctx),
    query: async (text, params) => {
      statements.push({ sql: text, params });
      return answer(text);
    },
    topHits: fetcher,
  });
  return { statements, result };
}

describe('top_hits SQL', () => {
  it('at the top level: an ordered page with OFFSET/FETCH and a COUNT, values bound', async () => {
    const { statements, result } = await run({ top: { top_hits: { from: 1, size: 2 } } }, (text) =>
      text.includes('COUNT(*)') ? [{ total: 9 }] : [{ id: 4, k: 'x' }]
    );
    expect(statements.map((s) => s.sql)).toEqual([
      'SELECT [id], [k] FROM [dbo].[events] WHERE ([d] IS NOT NULL AND [d] > @p1) ORDER BY [d] DESC OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY',
      'SELECT COUNT(*) AS total FROM [dbo].[events] WHERE ([d] IS NOT NULL AND [d] > @p1)',
    ]);
    expect(statements.map((s) => s.params)).toEqual([[5], [5]]);
    expect(result.top).toEqual({
      hits: {
        total: { value: 9, relation: 'eq' },
        max_score: null,
        hits: [{ _id: '4', k: 'x', position: 1 }],
      },
    });
  });

  it('inside keyword terms: rows numbered per bucket, named by a join to the buckets’ names', async () => {
    const { statements, result } = await run(
      { t: { terms: { field: 'k' }, aggs: { top: { top_hits: { from: 1, size: 2 } } } } },
      (text) =>
        text.includes(q('h0'))
          ? [
              { h0: 8, h1: 'X', rn: 3, g0: 'X', rep0: 'X' },
              { h0: 7, h1: 'X', rn: 2, g0: 'X', rep0: 'X' },
            ]
          : [{ g0: 'X', rep0: 'X', doc_count: 5, total: 5, rn: 1 }]
    );
    const hits = statements[1];
    expect(hits.sql).toContain('ROW_NUMBER() OVER (PARTITION BY r.[c0] ORDER BY r.[c2]) AS [rn]');
    expect(hits.sql).toContain('ROW_NUMBER() OVER ( ORDER BY [d] DESC) AS [c2]');
    expect(hits.sql).toContain(') n ON n.[gk] = r.[c0] WHERE r.[c0] IS NOT NULL');
    // Only the rows of the buckets terms kept (named `X`) are read and ranked; the hits' rows,
    // the kept names, the bucket names' rows, then from and from + size, all bound.
    expect(hits.sql).toContain(
      'FROM [dbo].[events] WHERE (([d] IS NOT NULL AND [d] > @p1)) AND [k] IN (@p2)) t0) r JOIN'
    );
    expect(hits.sql).toContain('WHERE ([d] IS NOT NULL AND [d] > @p3)) t0) r WHERE');
    expect(hits.sql).toMatch(/WHERE t\.\[rn\] > @p4 AND t\.\[rn\] <= @p5$/);
    expect(hits.params).toEqual([5, 'X', 5, 1, 3]);
    const bucket = (result.t as { buckets: Array<Record<string, unknown>> }).buckets[0];
    expect(bucket.top).toEqual({
      hits: {
        total: { value: 5, relation: 'eq' },
        max_score: null,
        hits: [
          { _id: '7', k: 'X', position: 1 },
          { _id: '8', k: 'X', position: 2 },
        ],
      },
    });
  });
});

describe('extended_stats SQL', () => {
  it('five aggregates, the squares of doubles', async () => {
    const { statements } = await run({ s: { extended_stats: { field: 'd' } } }, () => [
      { m0_count: 2, m0_min: 1, m0_max: 3, m0_sum: 4, m0_sumsq: 10 },
    ]);
    expect(statements[0].sql).toContain(
      'SUM(CAST(r.[c0] AS float) * CAST(r.[c0] AS float)) AS [m0_sumsq]'
    );
    expect(statements[0].sql).toContain('COUNT(r.[c0]) AS [m0_count]');
  });
});
