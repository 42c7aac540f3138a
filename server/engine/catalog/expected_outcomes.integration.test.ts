import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../../../test/bed/context';
import { TEST_ENCRYPTION_KEY } from '../../../test/support/in_process_host';
import { FederationEngine } from '../federation_engine';
import { FederationRuntime } from '../federation_runtime';
import { OpenSearchGateway } from '../opensearch/opensearch_gateway';
import { parseSettings } from '../settings';
import { IndexSavedQueryStore } from '../saved_queries/index_saved_query_store';
import { SavedQueryService } from '../saved_queries/saved_query_service';
import { DATASOURCE_PROPERTIES, VIRTUAL_INDEX_PROPERTIES } from './catalog_mappings';
import { CatalogStore } from './catalog_store';
import { ConcreteIndices } from './concrete_indices';
import { DatasourceService, type StoredDatasource } from './datasource_service';
import { VirtualIndexService, type StoredVirtualIndex } from './virtual_index_service';

/**
 * Inside OSD every OpenSearch call that fails at the client level is logged at error level: OSD
 * listens to the client's `response` event and logs each one that carries an error. Expected
 * outcomes (an index that already exists, a document that is absent) must therefore arrive as
 * responses. This client records exactly what OSD would log.
 */
const recording = new Client({ node: openSearchUrl() });
const logged: string[] = [];
recording.on('response', (error, result) => {
  if (error === null) return;
  const request = result?.meta.request.params;
  logged.push(`${request?.method} ${request?.path} -> ${error.name} ${result?.statusCode ?? ''}`);
});
const gateway = new OpenSearchGateway(recording);

const settings = parseSettings({ encryptionKey: TEST_ENCRYPTION_KEY });
let runtime: FederationRuntime;

beforeAll(() => {
  // The runtime's connectors and secret box only; its stores (real system index names) are not
  // used except by the PIT test, which only adds documents of its own.
  runtime = new FederationRuntime(recording, settings);
});
afterAll(async () => {
  await runtime?.close();
  await recording.close();
});
beforeEach(() => {
  logged.length = 0;
});

// Index names of this run (the test bed deletes `test-*` indices it created), so nothing here
// touches the catalog that other tests or processes use.
const datasourceIndex = uniqueName('catalog-datasources');
const virtualIndexIndex = uniqueName('catalog-virtual-indices');
const savedQueryIndex = uniqueName('catalog-saved-queries');

/** The catalog stores as a fresh server process builds them. */
function startCatalog() {
  const datasourceStore = new CatalogStore<StoredDatasource>(
    gateway,
    datasourceIndex,
    DATASOURCE_PROPERTIES
  );
  const virtualIndexStore = new CatalogStore<StoredVirtualIndex>(
    gateway,
    virtualIndexIndex,
    VIRTUAL_INDEX_PROPERTIES
  );
  const savedQueryStore = new IndexSavedQueryStore(gateway, savedQueryIndex);
  const usersOf = async (id: string) =>
    (await virtualIndexStore.list({ datasource: id })).map((doc) => doc._id);
  const datasources = new DatasourceService(
    datasourceStore,
    runtime.secrets,
    runtime.connectors,
    usersOf
  );
  const virtualIndices = new VirtualIndexService(
    virtualIndexStore,
    datasources,
    new ConcreteIndices(gateway)
  );
  return {
    datasourceStore,
    virtualIndexStore,
    savedQueryStore,
    datasources,
    virtualIndices,
    savedQueries: new SavedQueryService(savedQueryStore),
  };
}

async function exists(index: string): Promise<boolean> {
  return (await openSearchClient().indices.exists({ index })).body;
}

describe('expected outcomes reach no client error (what OSD logs)', () => {
  it('a fresh start creates the catalog indices, and a second start finds them', async () => {
    for (const index of [datasourceIndex, virtualIndexIndex, savedQueryIndex]) {
      expect(await exists(index)).toBe(false);
    }
    const first = startCatalog();
    expect(await first.datasources.list()).toMatchObject({ hits: { total: { value: 0 } } });
    expect(await first.virtualIndices.list()).toMatchObject({ hits: { total: { value: 0 } } });
    expect(await first.savedQueries.search({})).toMatchObject({ hits: { total: { value: 0 } } });
    for (const index of [datasourceIndex, virtualIndexIndex, savedQueryIndex]) {
      expect(await exists(index)).toBe(true);
    }
    expect(logged).toEqual([]);

    // A second process (or a restart): every index creation is answered "already exists".
    const second = startCatalog();
    await Promise.all([
      second.datasources.list(),
      second.virtualIndices.list(),
      second.savedQueries.search({}),
    ]);
    expect(logged).toEqual([]);
  });

  it('reading and deleting absent entries answers 404 to the caller, with no client error', async () => {
    const catalog = startCatalog();
    await expect(catalog.datasources.get('absent')).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('absent'),
    });
    await expect(catalog.virtualIndices.get('absent')).rejects.toMatchObject({ status: 404 });
    await expect(catalog.savedQueries.get('absent')).rejects.toMatchObject({ status: 404 });
    await expect(catalog.datasources.delete('absent')).rejects.toMatchObject({ status: 404 });
    await expect(catalog.virtualIndices.delete('absent')).rejects.toMatchObject({ status: 404 });
    await expect(catalog.savedQueries.delete('absent')).rejects.toMatchObject({ status: 404 });
    expect(await catalog.datasourceStore.get('absent')).toBeNull();
    expect(await catalog.datasourceStore.delete('absent')).toBeNull();
    expect(await catalog.savedQueryStore.delete('absent')).toBeNull();
    expect(logged).toEqual([]);
  });

  it('an entry written and deleted is found, then absent', async () => {
    const { datasourceStore } = startCatalog();
    const source: StoredDatasource = {
      jdbc: { driver: 'postgresql', url: 'jdbc:postgresql://127.0.0.1:5432/test' },
      updated_at: new Date().toISOString(),
    };
    await datasourceStore.put('present', source);
    expect((await datasourceStore.get('present'))?._source).toEqual(source);
    expect(await datasourceStore.delete('present')).toMatchObject({ result: 'deleted' });
    expect(await datasourceStore.get('present')).toBeNull();
    expect(logged).toEqual([]);
  });

  it('a lost write race (409) is an answer: null, no client error', async () => {
    const { datasourceStore } = startCatalog();
    const source: StoredDatasource = {
      jdbc: { driver: 'postgresql', url: 'jdbc:postgresql://127.0.0.1:5432/test' },
      updated_at: new Date().toISOString(),
    };
    await datasourceStore.put('raced', source);
    const read = (await datasourceStore.get('raced'))!;
    expect(await datasourceStore.putIfUnchanged('raced', source, read)).not.toBeNull();
    expect(await datasourceStore.putIfUnchanged('raced', source, read)).toBeNull();
    expect(logged).toEqual([]);
  });

  it("another 400 on creating a catalog index still fails, with OpenSearch's error", async () => {
    const store = new CatalogStore(gateway, 'Not-A-Valid-Index-Name', {});
    await expect(store.list()).rejects.toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_index_name_exception' } },
    });
    // The creation's 400 came back as a response and is thrown because it is not "already
    // exists"; the list is never sent.
    expect(logged).toEqual([]);
  });

  it("a virtual index's concrete index: missing, then created, then found empty", async () => {
    const concrete = new ConcreteIndices(gateway);
    const name = uniqueName('concrete-expected');
    const columns = [{ name: 'id', remote_type: 'integer', type: 'long' as const }];
    expect(await concrete.ensureEmpty(name, columns)).toBe(true);
    expect(await concrete.ensureEmpty(name, columns)).toBe(false);
    await concrete.assertReadable([name]);
    await openSearchClient().indices.delete({ index: name });
    // Deleted by hand: the read check's 404 is an expected answer.
    await new ConcreteIndices(gateway).assertReadable([name]);
    expect(logged).toEqual([]);
  });

  it('closing a PIT that OpenSearch already closed, then closing it again', async () => {
    const index = uniqueName('pit-expected');
    await openSearchClient().index({ index, body: { n: 1 }, refresh: true });
    const engine = new FederationEngine(runtime, recording);
    const pit = await engine.pits.open(index, '1m');
    const stored = (await runtime.pitStore.get(pit.id))!;
    await openSearchClient().transport.request({
      method: 'DELETE',
      path: '/_search/point_in_time',
      body: { pit_id: [stored._source.os_pit_id] },
    });
    await openSearchClient().indices.delete({ index });
    expect(await engine.pits.close(pit.id)).toEqual({
      pits: [{ successful: true, pit_id: pit.id }],
    });
    await expect(engine.pits.close(pit.id)).rejects.toMatchObject({ status: 404 });
    expect(logged).toEqual([]);
  });
});
