/**
 * How a virtual-index search runs its statements: the page, the count and the aggregations one
 * after another, and a failure ends the search before the next statement starts.
 */
import { describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { StoredVirtualIndex, VirtualIndexService } from '../../catalog/virtual_index_service';
import type { Connector, QueryOptions, Row } from '../../connectors/connector';
import { postgresDialect } from '../../sql/dialects/postgres';
import { parseSearchRequest } from './search_body';
import { VirtualSearch } from './virtual_search';

const COLUMNS: VirtualIndexColumn[] = [
  { name: 'id', type: 'long', remote_type: 'bigint' },
  { name: 'k', type: 'keyword', remote_type: 'text' },
];

const DEFINITION = {
  datasource: 'ds',
  resource: 't',
  key: 'id',
  columns: COLUMNS,
  updated_at: '2024-01-01T00:00:00Z',
} as StoredVirtualIndex;

interface Started {
  sql: string;
  signal: AbortSignal | undefined;
  finish(rows: Row[]): void;
  fail(err: unknown): void;
}

/** A connector whose statements stay running until the test finishes or fails them. */
function fakeSearch() {
  const started: Started[] = [];
  let onStart: () => void = () => undefined;
  const connector = {
    kind: 'postgres',
    dialect: postgresDialect,
    query(sql: string, _params: unknown[], options?: QueryOptions) {
      return new Promise<Row[]>((resolve, reject) => {
        options?.signal?.addEventListener('abort', () => reject(options.signal!.reason));
        started.push({ sql, signal: options?.signal, finish: resolve, fail: reject });
        onStart();
      });
    },
  } as unknown as Connector;
  const virtualIndices = {
    open: async () => ({ datasource: { connector, timezone: 'UTC' } }),
  } as unknown as VirtualIndexService;
  return {
    started,
    /** Resolves once `n` statements are running at the same time. */
    running(n: number) {
      return new Promise<void>((resolve) => {
        onStart = () => started.length >= n && resolve();
        onStart();
      });
    },
    search(body: Record<string, unknown>) {
      return new VirtualSearch(virtualIndices).search(
        ['vi'],
        new Map([['vi', DEFINITION]]),
        parseSearchRequest(body, {})
      );
    },
  };
}

describe('VirtualSearch statements', () => {
  it('runs the page, then the count, then the aggregations', async () => {
    const fake = fakeSearch();
    const result = fake.search({ size: 1, aggs: { a: { terms: { field: 'k' } } } });
    await fake.running(1);
    expect(fake.started.map((s) => s.sql.slice(0, 11))).toEqual(['SELECT "id"']);
    fake.started[0].finish([{ id: 7, k: 'x' }]);
    await fake.running(2);
    expect(fake.started[1].sql).toMatch(/^SELECT COUNT\(\*\)/);
    fake.started[1].finish([{ total: 4 }]);
    await fake.running(3);
    expect(fake.started[2].sql).toMatch(/^SELECT \* FROM/);
    fake.started[2].finish([{ g0: 'x', rep0: 'x', doc_count: 4, total: 4, rn: 1 }]);
    const response = (await result) as unknown as {
      hits: { total: unknown; hits: Array<{ _id: string }> };
      aggregations: { a: { buckets: unknown[] } };
    };
    expect(response.hits.total).toEqual({ value: 4, relation: 'eq' });
    expect(response.hits.hits.map((h) => h._id)).toEqual(['7']);
    expect(response.aggregations.a.buckets).toEqual([{ key: 'x', doc_count: 4 }]);
  });

  it('answers with the first failure and starts no further statement', async () => {
    const fake = fakeSearch();
    const result = fake.search({ size: 1 });
    await fake.running(1);
    const failure = new Error('the page failed');
    fake.started[0].fail(failure);
    await expect(result).rejects.toBe(failure);
    expect(fake.started).toHaveLength(1);
  });
});
