import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../../../test/bed/context';
import { loadIndex } from '../../../test/joins/join_fixture';
import { TEST_ENCRYPTION_KEY } from '../../../test/support/encryption_key';
import { FederationEngine } from '../federation_engine';
import { FederationRuntime } from '../federation_runtime';
import type { OpenSearchTransportClient } from '../opensearch/transport';
import { detachedScope } from '../request_scope';
import { parseSettings } from '../settings';

/** How long this process keeps field types here (catalogCacheMs): short, to see it pass. */
const TTL_MS = 1_500;

const companies = uniqueName('field-caps-companies');
const articles = uniqueName('field-caps-articles');
const people = uniqueName('field-caps-people');
const ARTICLES = [
  { id: 10, company_id: 1 },
  { id: 11, company_id: 3 },
];

/**
 * A join's parent field type and a graph model's field types are read once per caller while
 * fresh (field_caps_cache.ts), and read again once `catalogCacheMs` has passed: an index
 * recreated with another type is then seen.
 */
describe('field types kept per process for catalogCacheMs', () => {
  const client = new Client({ node: openSearchUrl() });
  /** Every request the engine sends to OpenSearch, as `METHOD path`. */
  const requests: string[] = [];
  const counting: OpenSearchTransportClient = {
    transport: {
      request(params, options) {
        requests.push(`${params.method} ${params.path}`);
        return client.transport.request(params, options);
      },
    },
  };
  const runtime = new FederationRuntime(
    counting,
    parseSettings({ encryptionKey: TEST_ENCRYPTION_KEY, catalogCacheMs: TTL_MS })
  );
  const scope = detachedScope('user:field-caps-test');
  const fieldCaps = (sent: string[]) => sent.filter((r) => r.includes('/_field_caps'));

  async function loadCompanies(idType: 'long' | 'keyword') {
    await loadIndex(
      openSearchClient(),
      companies,
      { id: { type: idType }, name: { type: 'keyword' } },
      [1, 2, 3].map((id) => ({ id, name: `c${id}` }))
    );
  }

  beforeAll(async () => {
    await loadCompanies('long');
    await loadIndex(
      openSearchClient(),
      articles,
      { id: { type: 'long' }, company_id: { type: 'long' } },
      ARTICLES
    );
    await loadIndex(
      openSearchClient(),
      people,
      { id: { type: 'long' }, parent_id: { type: 'long' }, name: { type: 'keyword' } },
      [
        { id: 1, name: 'root' },
        { id: 2, parent_id: 1, name: 'ann' },
      ] as unknown as Array<{ id: number }>
    );
  }, 60_000);

  afterAll(async () => {
    await runtime.close();
    await openSearchClient().indices.delete(
      { index: [companies, articles, people] },
      { ignore: [404] }
    );
  });

  /** One join as a new request (a new engine, the same runtime); its ids, filter and requests. */
  async function join() {
    const engine = new FederationEngine(runtime, counting, scope);
    const before = requests.length;
    const body = (await engine.search.search({
      index: companies,
      params: { debug: 'true' },
      body: {
        query: { join: { indices: [articles], on: ['id', 'company_id'], request: {} } },
      },
    })) as {
      hits: { hits: Array<{ _id: string }> };
      federation_debug: { joins: Array<{ filter: string }> };
    };
    return {
      ids: body.hits.hits.map((h) => h._id).sort(),
      filter: body.federation_debug.joins[0].filter,
      sent: requests.slice(before),
    };
  }

  it('sends no `_field_caps` for a repeated join while fresh, and sees a new mapping after', async () => {
    const first = await join();
    const second = await join();
    expect(first.ids).toEqual(['1', '3']);
    expect(fieldCaps(first.sent)).toEqual([`GET /${companies}/_field_caps`]);
    expect(second.ids).toEqual(['1', '3']);
    // The join's own requests are all that is left: the child's keys and the parent's search.
    expect(second.sent).toEqual([`POST /${articles}/_search`, `POST /${companies}/_search`]);

    await openSearchClient().indices.delete({ index: companies });
    await loadCompanies('keyword');
    await new Promise((resolve) => setTimeout(resolve, TTL_MS));
    const recreated = await join();
    expect(fieldCaps(recreated.sent)).toEqual([`GET /${companies}/_field_caps`]);
    expect(recreated.ids).toEqual(['1', '3']);
    // A keyword field takes no bitmap: the key filter follows the type read anew.
    expect(recreated.filter).toBe('terms');
  }, 60_000);

  it('sends no `_field_caps` for a repeated graph query while fresh', async () => {
    const model = {
      label: 'people',
      entities: [{ label: 'P', indices: [people], id: 'id' }],
      relations: [
        { label: 'CHILD_OF', from: { entity: 'P', field: 'parent_id' }, to: { entity: 'P' } },
      ],
    };
    const query = async () => {
      const engine = new FederationEngine(runtime, counting, scope);
      const before = requests.length;
      const response = await engine.graph.query({
        model,
        query: 'SELECT a.name, b.name FROM "people" MATCH (a:P)-[:CHILD_OF]->(b:P)',
        detailed: false,
        debug: false,
      });
      return { rows: response.rows, sent: requests.slice(before) };
    };
    const first = await query();
    const second = await query();
    expect(first.rows).toEqual([['ann', 'root']]);
    expect(second.rows).toEqual(first.rows);
    expect(fieldCaps(first.sent).length).toBeGreaterThan(0);
    expect(fieldCaps(second.sent)).toEqual([]);
  }, 60_000);

  it('keeps nothing for the anonymous caller', async () => {
    const anonymous = detachedScope('anonymous');
    const sent = async () => {
      const engine = new FederationEngine(runtime, counting, anonymous);
      const before = requests.length;
      await engine.search.search({
        index: companies,
        params: {},
        body: {
          query: { join: { indices: [articles], on: ['id', 'company_id'], request: {} } },
        },
      });
      return fieldCaps(requests.slice(before));
    };
    expect(await sent()).toHaveLength(1);
    expect(await sent()).toHaveLength(1);
  }, 60_000);
});
