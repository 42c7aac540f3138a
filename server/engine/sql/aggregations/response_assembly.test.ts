/**
 * Responses assembled from the rows the database returns (fake rows here): OpenSearch's reduce of
 * terms (min_doc_count, size, sum_other_doc_count, doc_count_error_upper_bound), empty buckets and
 * order of histograms, keys of every kind, keyed output, nested buckets.
 */
import { describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { Row } from '../remote_types';
import { dialectFor } from '../dialects';
import { runAggregations } from './index';

const COLUMNS = new Map<string, VirtualIndexColumn>([
  ['k', { name: 'k', remote_type: 'text', type: 'keyword' }],
  ['n', { name: 'n', remote_type: 'bigint', type: 'long' }],
  ['d', { name: 'd', remote_type: 'double precision', type: 'double' }],
  ['b', { name: 'b', remote_type: 'boolean', type: 'boolean' }],
  ['t', { name: 't', remote_type: 'timestamp', type: 'date' }],
]);

/** Runs on PostgreSQL's dialect; `rows` answers each statement (nested ones use PARTITION BY). */
function run(
  aggs: Record<string, unknown>,
  rows: Row[] | ((sql: string) => Row[]),
  timezone = 'UTC'
): Promise<Record<string, unknown>> {
  const dialect = dialectFor('postgres');
  return runAggregations(aggs, {
    resourceSql: '"events"',
    newContext: () => ({
      dialect,
      columns: COLUMNS,
      timezone,
      now: Date.parse('2024-06-15T12:00:00Z'),
    }),
    where: () => '1 = 1',
    query: async (sql) => (typeof rows === 'function' ? rows(sql) : rows),
  });
}

const nested = (root: Row[], inner: Row[]) => (sql: string) =>
  sql.includes('PARTITION BY') ? inner : root;

describe('terms', () => {
  it("reduces the shard's top buckets as OpenSearch does", async () => {
    // shard_size for size 2 is 13; the database returned the 4 buckets it has, by rank.
    const rows = [
      { g0: 'c', rep0: 'c', doc_count: 3, total: 20, rn: 2 },
      { g0: 'a', rep0: 'a', doc_count: 5, total: 20, rn: 1 },
      { g0: 'd', rep0: 'd', doc_count: 2, total: 20, rn: 3 },
      { g0: 'b', rep0: 'b', doc_count: 1, total: 20, rn: 4 },
    ];
    const out = await run({ t: { terms: { field: 'k', size: 2, min_doc_count: 2 } } }, rows);
    // 20 - 11 in no bucket, plus d (passed min_doc_count but not size); b is dropped.
    expect(out.t).toEqual({
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 11,
      buckets: [
        { key: 'a', doc_count: 5 },
        { key: 'c', doc_count: 3 },
      ],
    });
  });

  it('names keyword buckets by their byte-wise smallest spelling', async () => {
    const rows = [{ g0: 'apple', rep0: Buffer.from('APPLE'), doc_count: 2, total: 2, rn: 1 }];
    const out = await run({ t: { terms: { field: 'k' } } }, rows);
    expect((out.t as any).buckets).toEqual([{ key: 'APPLE', doc_count: 2 }]);
  });

  it('keys: booleans 1/0 with true/false, dates as epoch ms, longs, doubles', async () => {
    const out = await run(
      {
        b: { terms: { field: 'b' } },
        t: { terms: { field: 't', format: 'yyyy-MM-dd' } },
        n: { terms: { field: 'n' } },
        d: { terms: { field: 'd' } },
      },
      (sql) => {
        const row = { doc_count: 1, total: 1, rn: 1 };
        if (sql.includes('CAST("b" AS integer)')) return [{ ...row, g0: 1 }];
        if (sql.includes('"t" AS')) return [{ ...row, g0: '2024-03-31 01:30:00' }];
        if (sql.includes('"n" AS')) return [{ ...row, g0: '9007199254740993' }];
        return [{ ...row, g0: -2.25 }];
      }
    );
    expect((out.b as any).buckets).toEqual([{ key: 1, key_as_string: 'true', doc_count: 1 }]);
    expect((out.t as any).buckets).toEqual([
      { key: Date.parse('2024-03-31T01:30:00Z'), key_as_string: '2024-03-31', doc_count: 1 },
    ]);
    // Beyond 2^53 a key stays exact text, as row_to_source.ts keeps such longs.
    expect((out.n as any).buckets).toEqual([{ key: '9007199254740993', doc_count: 1 }]);
    expect((out.d as any).buckets).toEqual([{ key: -2.25, doc_count: 1 }]);
  });

  it('reads date keys in the datasource zone', async () => {
    const rows = [{ g0: '2024-03-31 04:30:00', doc_count: 1, total: 1, rn: 1 }];
    const out = await run({ t: { terms: { field: 't' } } }, rows, 'Europe/Helsinki');
    expect((out.t as any).buckets[0]).toEqual({
      key: Date.parse('2024-03-31T01:30:00Z'),
      key_as_string: '2024-03-31T01:30:00.000Z',
      doc_count: 1,
    });
  });

  it('doc_count_error_upper_bound is -1 when a full shard queue was ordered by count ascending', async () => {
    const rows = Array.from({ length: 11 }, (_, i) => ({
      g0: i,
      doc_count: 1,
      total: 30,
      rn: i + 1,
    }));
    const full = await run(
      {
        t: {
          terms: { field: 'n', size: 1, order: { _count: 'asc' }, show_term_doc_count_error: true },
        },
      },
      rows
    );
    expect(full.t).toEqual({
      doc_count_error_upper_bound: -1,
      sum_other_doc_count: 29,
      buckets: [{ key: 0, doc_count: 1, doc_count_error_upper_bound: -1 }],
    });
    const short = await run(
      { t: { terms: { field: 'n', size: 1, order: { _count: 'asc' } } } },
      rows.slice(0, 5)
    );
    expect((short.t as any).doc_count_error_upper_bound).toBe(0);
  });

  it('metrics and nested terms inside buckets, matched to their parents by name', async () => {
    const root = [
      { g0: 'a', rep0: 'A', doc_count: 3, total: 4, rn: 1, m0_sum: 9, m0_count: 3 },
      { g0: 'b', rep0: 'b', doc_count: 1, total: 4, rn: 2, m0_sum: null, m0_count: 0 },
    ];
    const inner = [
      // The nested statement saw the bucket A under another spelling; prep0 names it.
      { g0: 'a', prep0: 'A', g1: 1, doc_count: 2, total: 3, rn: 1, m0_value: 7 },
      { g0: 'a', prep0: 'A', g1: 0, doc_count: 1, total: 3, rn: 2, m0_value: null },
    ];
    const out = await run(
      {
        t: {
          terms: { field: 'k' },
          aggs: {
            avg_n: { avg: { field: 'n' } },
            i: { terms: { field: 'b' }, aggs: { mx: { max: { field: 'n' } } } },
          },
        },
      },
      nested(root, inner)
    );
    expect(out.t).toEqual({
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 0,
      buckets: [
        {
          key: 'A',
          doc_count: 3,
          avg_n: { value: 3 },
          i: {
            doc_count_error_upper_bound: 0,
            sum_other_doc_count: 0,
            buckets: [
              { key: 1, key_as_string: 'true', doc_count: 2, mx: { value: 7 } },
              { key: 0, key_as_string: 'false', doc_count: 1, mx: { value: null } },
            ],
          },
        },
        {
          key: 'b',
          doc_count: 1,
          avg_n: { value: null },
          i: { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] },
        },
      ],
    });
  });

  it('an unmapped field has no buckets and runs nothing', async () => {
    const out = await run({ t: { terms: { field: 'nope' }, meta: { x: 1 } } }, () => {
      throw new Error('no statement expected');
    });
    expect(out.t).toEqual({
      meta: { x: 1 },
      doc_count_error_upper_bound: 0,
      sum_other_doc_count: 0,
      buckets: [],
    });
  });
});

describe('histogram', () => {
  it('fills empty buckets out to extended_bounds, keys Java doubles', async () => {
    const rows = [
      { g0: -2, doc_count: 4 },
      { g0: 1, doc_count: 2 },
    ];
    const out = await run(
      {
        h: {
          histogram: {
            field: 'd',
            interval: 2.5,
            offset: 1,
            extended_bounds: { min: -10, max: 8 },
          },
          aggs: { s: { sum: { field: 'n' } } },
        },
      },
      rows
    );
    const buckets = (out.h as any).buckets;
    expect(buckets.map((b: any) => [b.key, b.doc_count])).toEqual([
      [-11.5, 0],
      [-9, 0],
      [-6.5, 0],
      [-4, 4],
      [-1.5, 0],
      [1, 0],
      [3.5, 2],
      [6, 0],
    ]);
    expect(buckets[0].s).toEqual({ value: 0 });
  });

  it('min_doc_count, order by count and keyed output', async () => {
    const rows = [
      { g0: 0, doc_count: 1 },
      { g0: 1, doc_count: 5 },
      { g0: 4, doc_count: 5 },
    ];
    const out = await run(
      {
        h: {
          histogram: {
            field: 'n',
            interval: 1e7,
            min_doc_count: 2,
            order: { _count: 'desc' },
            keyed: true,
          },
        },
      },
      rows
    );
    expect(out.h).toEqual({
      buckets: {
        '1.0E7': { key: 1e7, doc_count: 5 },
        '4.0E7': { key: 4e7, doc_count: 5 },
      },
    });
  });

  it('orders by a metric with empty averages last', async () => {
    const rows = [
      { g0: 0, doc_count: 1, m0_sum: null, m0_count: 0 },
      { g0: 1, doc_count: 1, m0_sum: 5, m0_count: 1 },
      { g0: 2, doc_count: 1, m0_sum: 9, m0_count: 1 },
    ];
    const out = await run(
      {
        h: {
          histogram: { field: 'n', interval: 1, order: { a: 'asc' } },
          aggs: { a: { avg: { field: 'd' } } },
        },
      },
      rows
    );
    expect((out.h as any).buckets.map((b: any) => b.key)).toEqual([1, 2, 0]);
  });

  it('booleans print key_as_string', async () => {
    const out = await run({ h: { histogram: { field: 'b', interval: 1 } } }, [
      { g0: 1, doc_count: 2 },
    ]);
    expect(out.h).toEqual({ buckets: [{ key_as_string: 'true', key: 1, doc_count: 2 }] });
  });
});

describe('date_histogram', () => {
  it('local days in New York across the spring change, the missing one filled', async () => {
    // PostgreSQL groups by the local start of the day (wall clock read as UTC).
    const rows = [
      { g0: Date.parse('2024-03-09T00:00:00Z'), doc_count: 2 },
      { g0: Date.parse('2024-03-11T00:00:00Z'), doc_count: 1 },
    ];
    const out = await run(
      {
        h: {
          date_histogram: { field: 't', calendar_interval: 'day', time_zone: 'America/New_York' },
        },
      },
      rows
    );
    expect(out.h).toEqual({
      buckets: [
        { key_as_string: '2024-03-09T00:00:00.000-05:00', key: 1709960400000, doc_count: 2 },
        { key_as_string: '2024-03-10T00:00:00.000-05:00', key: 1710046800000, doc_count: 0 },
        { key_as_string: '2024-03-11T00:00:00.000-04:00', key: 1710129600000, doc_count: 1 },
      ],
    });
  });

  it('the repeated hour of a fall-back is two buckets', async () => {
    // Sub-day units group by the bucket's instant: 01:00 EDT and 01:00 EST.
    const rows = [
      { g0: 1730610000000, doc_count: 1 },
      { g0: 1730613600000, doc_count: 1 },
    ];
    const out = await run(
      {
        h: {
          date_histogram: { field: 't', calendar_interval: 'hour', time_zone: 'America/New_York' },
        },
      },
      (sql) => (sql.includes('"max0"') ? [{ min0: 1730610000000, max0: 1730613600000 }] : rows)
    );
    expect((out.h as any).buckets.map((b: any) => b.key_as_string)).toEqual([
      '2024-11-03T01:00:00.000-04:00',
      '2024-11-03T01:00:00.000-05:00',
    ]);
  });

  it('extended bounds over no data, with an offset, a format and keyed output', async () => {
    const out = await run(
      {
        h: {
          date_histogram: {
            field: 't',
            calendar_interval: 'day',
            offset: '+6h',
            format: 'yyyy-MM-dd HH:mm',
            keyed: true,
            extended_bounds: { min: '2024-01-01 00:00', max: '2024-01-03 00:00' },
          },
        },
      },
      []
    );
    expect(out.h).toEqual({
      buckets: {
        '2024-01-01 06:00': { key_as_string: '2024-01-01 06:00', key: 1704088800000, doc_count: 0 },
        '2024-01-02 06:00': { key_as_string: '2024-01-02 06:00', key: 1704175200000, doc_count: 0 },
        '2024-01-03 06:00': { key_as_string: '2024-01-03 06:00', key: 1704261600000, doc_count: 0 },
      },
    });
  });

  it('too many empty buckets is OpenSearch 503 too_many_buckets_exception', async () => {
    const rows = [
      { g0: 0, doc_count: 1 },
      { g0: Date.parse('2024-01-01T00:00:00Z'), doc_count: 1 },
    ];
    await expect(
      run({ h: { date_histogram: { field: 't', fixed_interval: '1m' } } }, rows)
    ).rejects.toMatchObject({ status: 503, type: 'too_many_buckets_exception' });
  });
});

describe('range, date_range and filters', () => {
  it('ranges sorted by from then to, keys generated as OpenSearch does', async () => {
    const out = await run(
      {
        r: {
          range: {
            field: 'n',
            ranges: [{ from: 100 }, { to: 0 }, { key: 'mid', from: 0, to: 100 }],
          },
        },
      },
      [
        { g0: 0, doc_count: 2 },
        { g0: 2, doc_count: 7 },
      ]
    );
    expect(out.r).toEqual({
      buckets: [
        { key: '*-0.0', to: 0, doc_count: 2 },
        { key: 'mid', from: 0, to: 100, doc_count: 0 },
        { key: '100.0-*', from: 100, doc_count: 7 },
      ],
    });
  });

  it('date_range prints bounds in its format and zone, keyed', async () => {
    const out = await run(
      {
        r: {
          date_range: {
            field: 't',
            keyed: true,
            time_zone: 'Europe/Helsinki',
            ranges: [{ from: '2024-03-01', to: '2024-04-01' }],
          },
        },
      },
      [{ g0: 0, doc_count: 3 }]
    );
    expect(out.r).toEqual({
      buckets: {
        '2024-03-01T00:00:00.000+02:00-2024-04-01T00:00:00.000+03:00': {
          from: Date.parse('2024-02-29T22:00:00Z'),
          from_as_string: '2024-03-01T00:00:00.000+02:00',
          to: Date.parse('2024-03-31T21:00:00Z'),
          to_as_string: '2024-04-01T00:00:00.000+03:00',
          doc_count: 3,
        },
      },
    });
  });

  it('named filters sorted by name, the other bucket last; anonymous filters in order', async () => {
    const out = await run(
      {
        named: {
          filters: {
            filters: { zz: { match_all: {} }, aa: { match_all: {} } },
            other_bucket_key: 'rest',
          },
        },
        anon: { filters: { filters: [{ match_all: {} }, { match_all: {} }], other_bucket: true } },
      },
      [
        { g0: 0, doc_count: 1 },
        { g0: 2, doc_count: 3 },
      ]
    );
    expect(out.named).toEqual({
      buckets: { aa: { doc_count: 1 }, zz: { doc_count: 0 }, rest: { doc_count: 3 } },
    });
    expect(out.anon).toEqual({ buckets: [{ doc_count: 1 }, { doc_count: 0 }, { doc_count: 3 }] });
  });
});

describe('metrics', () => {
  it('values, empty values and value_as_string', async () => {
    const out = await run(
      {
        avg: { avg: { field: 'n' } },
        sum: { sum: { field: 'd' } },
        min: { min: { field: 't' }, meta: { why: 'test' } },
        max: { max: { field: 'b' } },
        card: { cardinality: { field: 'k' } },
        emptyAvg: { avg: { field: 'd' } },
        unmapped: { sum: { field: 'nope' } },
      },
      [
        {
          m0_sum: '7',
          m0_count: 2,
          m1_sum: 1.5,
          m2_value: '2024-03-31 01:30:00.123',
          m3_value: 1,
          m4_count: 3,
          m5_sum: null,
          m5_count: 0,
        },
      ]
    );
    expect(out).toEqual({
      avg: { value: 3.5 },
      sum: { value: 1.5 },
      min: {
        meta: { why: 'test' },
        value: Date.parse('2024-03-31T01:30:00.123Z'),
        value_as_string: '2024-03-31T01:30:00.123Z',
      },
      max: { value: 1, value_as_string: 'true' },
      card: { value: 3 },
      emptyAvg: { value: null },
      unmapped: { value: 0 },
    });
  });
});
