/**
 * Two host processes sharing nothing but OpenSearch and the databases, as Dashboards servers
 * behind a load balancer: what one writes the other uses, with no stale pool or mapping in
 * between: saved queries on its next request; a datasource or a virtual index, whose catalog
 * entries each process keeps for catalogCacheMs (catalog_cache.ts), once that long has passed;
 * the writer at once. (PIT pages served by alternating processes: test/joins/pit.integration.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUrl, openSearchClient, openSearchUrl, uniqueName } from '../bed/context';
import { startHostProcess, type HostProcess } from '../support/host_process';
import { runSql } from '../bed/run_sql';
import { jdbcFor, startFederationApi, type FederationApi } from '../support/in_process_host';
import { DATASOURCES, SAVED_QUERIES, VIRTUAL_INDICES } from '../support/api_paths';

/** Short, so that waiting it out keeps the test quick. */
const CATALOG_CACHE_MS = 1_500;

/**
 * Waits until a catalog entry read before `writtenAt` has expired everywhere: a request sent
 * after this finds only entries read after the write (catalog_cache.ts counts an entry's age
 * from when its read was sent).
 */
async function pastCatalogBound(writtenAt: number): Promise<void> {
  const left = writtenAt + CATALOG_CACHE_MS - Date.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

describe('two hosts', () => {
  let a: FederationApi;
  let b: HostProcess;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    [a, b] = await Promise.all([
      startFederationApi({ catalogCacheMs: CATALOG_CACHE_MS }),
      startHostProcess(openSearchUrl(), { catalogCacheMs: CATALOG_CACHE_MS }),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await Promise.all([a?.close(), b?.close()]);
  });

  const ids = (body: { hits: { hits: Array<{ _id: string }> } }) =>
    body.hits.hits.map((h) => Number(h._id)).sort((x, y) => x - y);

  it('uses a datasource and virtual index the other host created, updated or deleted', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    const suffix = Math.random().toString(36).slice(2, 8);
    const table = `two_hosts_${suffix}`;
    const otherDatabase = `two_hosts_db_${suffix}`;
    const other = new URL(url);
    other.pathname = `/${otherDatabase}`;
    // The same table in two databases, with different rows: which one answers shows which
    // datasource settings the host used.
    await runSql('postgres', url, [
      `CREATE TABLE ${table} (id bigint PRIMARY KEY, label text)`,
      `INSERT INTO ${table} SELECT g, 'first ' || g FROM generate_series(1, 5) g`,
      `CREATE DATABASE ${otherDatabase}`,
    ]);
    cleanups.push(() =>
      runSql('postgres', url, [
        `DROP TABLE IF EXISTS ${table}`,
        `DROP DATABASE IF EXISTS ${otherDatabase} WITH (FORCE)`,
      ])
    );
    await runSql('postgres', other.toString(), [
      `CREATE TABLE ${table} (id bigint PRIMARY KEY, label text)`,
      `INSERT INTO ${table} SELECT g, 'second ' || g FROM generate_series(101, 103) g`,
    ]);

    const datasource = uniqueName('two-hosts-ds');
    const vi = uniqueName('two-hosts-vi');
    expect(
      (await a.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc: jdbcFor('postgres', url) }))
        .status
    ).toBe(201);
    cleanups.push(() => a.call('DELETE', `${DATASOURCES}/${datasource}`));
    expect(
      (await a.call('PUT', `${VIRTUAL_INDICES}/${vi}`, { datasource, resource: table, key: 'id' }))
        .status
    ).toBe(201);
    cleanups.push(() => a.call('DELETE', `${VIRTUAL_INDICES}/${vi}`));

    // B has never seen either: it reads them from the catalog.
    const search = (host: Pick<FederationApi, 'call'>) =>
      host.call('POST', `/svc/${vi}/_search`, { size: 100 });
    for (const host of [b, a]) {
      const r = await search(host);
      expect(r.status, r.text).toBe(200);
      expect(ids(r.body)).toEqual([1, 2, 3, 4, 5]);
    }

    // Updated through B: B at once; A, which keeps the datasource entry it read like a catalog
    // entry, within catalogCacheMs, and then never from its pool for the old settings.
    const updated = await b.call('PUT', `${DATASOURCES}/${datasource}`, {
      jdbc: jdbcFor('postgres', other.toString()),
    });
    expect(updated.status, updated.text).toBe(200);
    const updatedAt = Date.now();
    const atOnce = await search(b);
    expect(ids(atOnce.body)).toEqual([101, 102, 103]);
    await pastCatalogBound(updatedAt);
    for (const host of [a, b]) {
      const r = await search(host);
      expect(r.status, r.text).toBe(200);
      expect(ids(r.body)).toEqual([101, 102, 103]);
    }

    // Moved to another datasource through B: B at once; A, whose last read found the first
    // datasource (and starts reading it early, catalog_hints.ts), within catalogCacheMs.
    const moved = uniqueName('two-hosts-ds2');
    expect(
      (await b.call('PUT', `${DATASOURCES}/${moved}`, { jdbc: jdbcFor('postgres', url) })).status
    ).toBe(201);
    cleanups.push(() => a.call('DELETE', `${DATASOURCES}/${moved}`));
    const redefined = await b.call('PUT', `${VIRTUAL_INDICES}/${vi}`, {
      datasource: moved,
      resource: table,
      key: 'id',
    });
    expect(redefined.status, redefined.text).toBe(200);
    const redefinedAt = Date.now();
    const rightAway = await search(b);
    expect(ids(rightAway.body)).toEqual([1, 2, 3, 4, 5]);
    await pastCatalogBound(redefinedAt);
    for (const host of [a, b]) {
      const r = await search(host);
      expect(r.status, r.text).toBe(200);
      expect(ids(r.body)).toEqual([1, 2, 3, 4, 5]);
    }

    // Deleted through A: B no longer reads the table once catalogCacheMs has passed. The
    // concrete index stays (docs/api/interface.md §8.2.12), an empty OpenSearch index now.
    expect((await a.call('DELETE', `${VIRTUAL_INDICES}/${vi}`)).status).toBe(200);
    const deletedAt = Date.now();
    expect((await search(a)).body.hits.hits).toEqual([]);
    await pastCatalogBound(deletedAt);
    const gone = await search(b);
    expect(gone.status, gone.text).toBe(200);
    expect(gone.body.hits.hits).toEqual([]);
    cleanups.push(() => openSearchClient().indices.delete({ index: vi }, { ignore: [404] }));
  });

  it('reads, updates and deletes the saved queries the other host saved', async () => {
    const id = uniqueName('two-hosts-query');
    const body = (title: string) => ({
      title,
      query: 'SELECT p FROM "g" MATCH (p:P)',
      model: { label: 'g', entities: [{ label: 'P', indices: ['people'] }], relations: [] },
    });
    expect((await a.call('PUT', `${SAVED_QUERIES}/${id}`, body('first title'))).status).toBe(201);
    cleanups.push(() => a.call('DELETE', `${SAVED_QUERIES}/${id}`));

    const read = await b.call('GET', `${SAVED_QUERIES}/${id}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body._source.title).toBe('first title');

    expect((await b.call('PUT', `${SAVED_QUERIES}/${id}`, body('second title'))).status).toBe(200);
    const found = await a.call('GET', `/_svc/graph/query/_search?q=second`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.hits.hits.map((h: { _id: string }) => h._id)).toContain(id);

    expect((await b.call('DELETE', `${SAVED_QUERIES}/${id}`)).status).toBe(200);
    expect((await a.call('GET', `${SAVED_QUERIES}/${id}`)).status).toBe(404);
  });
});
