/**
 * Helpers for integration tests, reading what test/bed/global_setup.ts provided.
 *
 *   it('joins orders', async (ctx) => {
 *     const url = databaseUrl('postgres', ctx); // skips this test, with the reason, if unavailable
 *     const index = uniqueName('orders');     // e.g. test-orders-3fa9c1b27e4d
 *     await openSearchClient().indices.create({ index });
 *   });
 *
 * For a whole block: `describe.skipIf(databaseSkip('mysql'))(...)` (the reason is then only
 * in the setup log, which is why per-test `databaseUrl(kind, ctx)` is preferred).
 */
import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { inject } from 'vitest';

export type DatabaseKind = 'postgres' | 'mysql';

/** The part of vitest's TestContext we need: `ctx.skip(note)` throws to end the test as skipped. */
export interface Skippable {
  skip(note?: string): never;
}

export function openSearchUrl(): string {
  const url = inject('opensearchUrl');
  if (!url)
    throw new Error('No OpenSearch provided: run this test in the integration or browser project');
  return url;
}

let client: Client | undefined;

/**
 * One client per test worker, shared by the tests in it: do not close it.
 * (A client per call would leak keep-alive sockets in every test.)
 */
export function openSearchClient(): Client {
  client ??= new Client({ node: openSearchUrl() });
  return client;
}

/**
 * A fresh lowercase index name, `test-<prefix>-<run id><random>`. The run id
 * lets the global teardown delete every index this run created.
 */
export function uniqueName(prefix: string): string {
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^[-_]+|-+$/g, '') || 'x';
  const runId = inject('testRunId') ?? '';
  return `test-${clean}-${runId}${randomBytes(3).toString('hex')}`;
}

/** Why `kind` is unavailable in this run, or null when it can be used. */
export function databaseSkip(kind: DatabaseKind): string | null {
  const skip = kind === 'postgres' ? inject('postgresSkip') : inject('mysqlSkip');
  const url = kind === 'postgres' ? inject('postgresUrl') : inject('mysqlUrl');
  if (url) return null;
  return skip ?? `${kind} was not provided: run this test in the integration project`;
}

/** The database URL, or skips the calling test (via `ctx.skip(reason)`) when it is unavailable. */
export function databaseUrl(kind: DatabaseKind, ctx: Skippable): string {
  const url = kind === 'postgres' ? inject('postgresUrl') : inject('mysqlUrl');
  if (url) return url;
  return ctx.skip(databaseSkip(kind) ?? `${kind} is unavailable`);
}

/** `number_of_replicas` for fixture indices: 0 on the single node, 1 on the cluster project's. */
export function fixtureReplicas(): number {
  return inject('indexReplicas') ?? 0;
}
