/**
 * What must be back to idle once the shapes ended or were abandoned: no statement of the suite
 * still running on PostgreSQL or MariaDB, no PIT state of the suite's indices in
 * `.federation-pits`, and no search context open on them in OpenSearch. Each check lists what is
 * not idle (empty: idle), so a failure says what was left.
 */
import { setTimeout as sleep } from 'timers/promises';
import { PIT_INDEX } from '../../server/engine/pit/pit_state';
import { openSearchClient } from '../bed/context';
import { runningSuiteStatements, type SqlKind } from './suite_tables';

export async function busyStatements(urls: Record<SqlKind, string>): Promise<string[]> {
  const [postgres, mysql] = await Promise.all([
    runningSuiteStatements('postgres', urls.postgres),
    runningSuiteStatements('mysql', urls.mysql),
  ]);
  return [...postgres, ...mysql];
}

/**
 * Search contexts open on `indices` (PITs included): fresh indices of this run start at 0, so
 * any left is one the suite's requests opened and did not close.
 */
export async function openContexts(indices: string[]): Promise<string[]> {
  const response = await openSearchClient().indices.stats({
    index: indices.join(','),
    metric: 'search',
  });
  const stats = response.body.indices as Record<string, any>;
  return indices
    .map((index) => [index, Number(stats[index]?.total?.search?.open_contexts ?? 0)] as const)
    .filter(([, open]) => open > 0)
    .map(([index, open]) => `${open} search contexts still open on ${index}`);
}

/** PIT states our service keeps for `indices` (opened and never closed). */
export async function storedPits(indices: string[]): Promise<string[]> {
  const client = openSearchClient();
  // Closes are not refreshed (pit_service.ts): refresh so the search sees them.
  await client.indices.refresh({ index: PIT_INDEX }, { ignore: [404] });
  const response = await client.search(
    {
      index: PIT_INDEX,
      body: { size: 100, query: { terms: { indices } } },
    },
    { ignore: [404] }
  );
  const hits = (response.body?.hits?.hits ?? []) as Array<{
    _id: string;
    _source?: { indices?: string };
  }>;
  return hits.map((hit) => `${PIT_INDEX} still holds PIT ${hit._id} on ${hit._source?.indices}`);
}

/** Polls `check` until it lists nothing or `withinMs` passed; answers what it listed last. */
export async function untilIdle(
  check: () => Promise<string[]>,
  withinMs: number
): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const busy = await check();
    if (busy.length === 0 || Date.now() >= deadline) return busy;
    await sleep(200);
  }
}
