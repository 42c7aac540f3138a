import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIRTUAL_INDEX_INDEX } from '../../../common/catalog_types';
import { openSearchClient, openSearchUrl, uniqueName } from '../../../test/bed/context';
import { TEST_ENCRYPTION_KEY } from '../../../test/support/in_process_host';
import { loadIndex } from '../../../test/joins/join_fixture';
import { FederationEngine } from '../federation_engine';
import { FederationRuntime } from '../federation_runtime';
import type { OpenSearchTransportClient } from '../opensearch/transport';
import { parseSettings } from '../settings';

const companies = uniqueName('catalog-reads-companies');
const articles = uniqueName('catalog-reads-articles');
const authors = uniqueName('catalog-reads-authors');

describe('catalog reads of a search with joins', () => {
  const client = new Client({ node: openSearchUrl() });
  let catalogReads = 0;
  const counting: OpenSearchTransportClient = {
    transport: {
      request(params, options) {
        if (params.path.startsWith(`/${VIRTUAL_INDEX_INDEX}/_mget`)) catalogReads++;
        return client.transport.request(params, options);
      },
    },
  };
  const runtime = new FederationRuntime(
    counting,
    parseSettings({ encryptionKey: TEST_ENCRYPTION_KEY })
  );

  beforeAll(async () => {
    const os = openSearchClient();
    await loadIndex(os, companies, { id: { type: 'long' } }, [{ id: 1 }, { id: 2 }]);
    await loadIndex(os, articles, { id: { type: 'long' }, company_id: { type: 'long' } }, [
      { id: 10, company_id: 1, author_id: 100 } as { id: number },
    ]);
    await loadIndex(os, authors, { id: { type: 'long' } }, [{ id: 100 }]);
  }, 120_000);

  afterAll(async () => {
    await runtime.close();
    await openSearchClient().indices.delete({ index: [companies, articles, authors] });
  });

  it('reads the catalog once for the parent and every join level', async () => {
    const engine = new FederationEngine(runtime, counting);
    const before = catalogReads;
    const response = (await engine.search.search({
      index: companies,
      params: {},
      body: {
        query: {
          join: {
            indices: [articles],
            on: ['id', 'company_id'],
            request: {
              query: { join: { indices: [authors], on: ['author_id', 'id'] } },
            },
          },
        },
      },
    })) as { hits: { hits: Array<{ _id: string }> } };
    expect(response.hits.hits.map((h) => h._id)).toEqual(['1']);
    expect(catalogReads - before).toBe(1);
  });

  it('reads no catalog entry again within catalogCacheMs: a plain search is one round trip', async () => {
    const engine = new FederationEngine(runtime, counting);
    await engine.search.search({ index: companies, params: {}, body: { size: 0 } });
    const before = catalogReads;
    await engine.search.search({ index: companies, params: {}, body: { size: 0 } });
    await new FederationEngine(runtime, counting).search.search({
      index: companies,
      params: {},
      body: { size: 0 },
    });
    expect(catalogReads - before).toBe(0);
  });
});
