import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../../../test/bed/context';
import {
  startFederationApi,
  TEST_ENCRYPTION_KEY,
  type FederationApi,
} from '../../../test/support/in_process_host';
import { loadIndex } from '../../../test/joins/join_fixture';
import { FederationEngine } from '../federation_engine';
import { FederationRuntime } from '../federation_runtime';
import type { OpenSearchTransportClient } from '../opensearch/transport';
import { parseSettings } from '../settings';

const people = uniqueName('model-mappings-people');

/** A model of `entities` entities over the one index, and a chain of relations between them. */
function chainModel(entities: number, relations = entities - 1) {
  return {
    label: 'people',
    entities: Array.from({ length: entities }, (_, i) => ({
      label: `P${i}`,
      indices: [people],
      id: 'id',
    })),
    relations: Array.from({ length: relations }, (_, i) => ({
      label: `CHILD_OF_${i}`,
      from: { entity: `P${i % entities}`, field: 'parent_id' },
      to: { entity: `P${(i + 1) % entities}` },
    })),
  };
}

const QUERY =
  'SELECT a.name, b.name FROM "people" MATCH (a:P0)-[:CHILD_OF_0]->(b:P1) ORDER BY a.name';
const ROWS = [
  ['ann', 'root'],
  ['bob', 'root'],
];

describe('graph model checks: one read of the mappings, whatever the model size', () => {
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
  // No field types kept between requests (catalog/field_caps_cache.ts): each run reads its own.
  const runtime = new FederationRuntime(
    counting,
    parseSettings({ encryptionKey: TEST_ENCRYPTION_KEY, catalogCacheMs: 0 })
  );
  let api: FederationApi;

  beforeAll(async () => {
    await loadIndex(
      openSearchClient(),
      people,
      { id: { type: 'long' }, parent_id: { type: 'long' }, name: { type: 'keyword' } },
      [
        { id: 1, name: 'root' },
        { id: 2, parent_id: 1, name: 'ann' },
        { id: 3, parent_id: 1, name: 'bob' },
      ] as unknown as Array<{ id: number }>,
      { refresh_interval: '1s' }
    );
    await openSearchClient().indices.refresh({ index: people });
    api = await startFederationApi();
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await runtime.close();
    await openSearchClient().indices.delete({ index: people }, { ignore: [404] });
  });

  /** Runs the query over `model` as a new request; answers its rows and the requests it sent. */
  async function run(model: unknown) {
    const engine = new FederationEngine(runtime, counting);
    const before = requests.length;
    const started = performance.now();
    const response = await engine.graph.query({
      model,
      query: QUERY,
      detailed: false,
      debug: false,
    });
    const ms = performance.now() - started;
    return { rows: response.rows, sent: requests.slice(before), ms };
  }

  it('checks a 500-entity model with the requests a 2-entity model needs', async () => {
    const fieldCaps = (sent: string[]) => sent.filter((r) => r.includes('/_field_caps'));
    await run(chainModel(2)); // warms the catalog hints and the host's cached cluster facts
    const small = await run(chainModel(2));
    const large = await run(chainModel(500));
    console.info(
      `500-entity model: ${large.ms.toFixed(0)} ms, ${large.sent.length} OpenSearch requests (${fieldCaps(large.sent).length} _field_caps); 2 entities: ${small.ms.toFixed(0)} ms`
    );
    expect(small.rows).toEqual(ROWS);
    expect(large.rows).toEqual(ROWS);
    // The relation fields of every entity over the index are read together: the count does not
    // grow with the entities (it was one `_field_caps` per entity and field: over 1,000).
    expect(fieldCaps(large.sent)).toHaveLength(fieldCaps(small.sent).length);
    expect(fieldCaps(large.sent)).toHaveLength(1);
    expect(large.sent.length).toBe(small.sent.length);
  }, 60_000);

  it('answers a 500-entity model through /svc/_graph', async () => {
    const model = chainModel(500);
    // Reported, not asserted (a shared machine's timings vary): the 2-entity model beside it.
    const timed = async (body: unknown) => {
      const times: string[] = [];
      let answer = await api.call('POST', '/svc/_graph', body);
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        answer = await api.call('POST', '/svc/_graph', body);
        times.push((performance.now() - started).toFixed(0));
      }
      return { answer, times: times.join(', ') };
    };
    const small = await timed({ model: chainModel(2), query: QUERY });
    const { answer: response, times } = await timed({ model, query: QUERY });
    console.info(
      `POST /svc/_graph, 500 entities (${JSON.stringify(model).length} bytes): ${times} ms; 2 entities: ${small.times} ms`
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.rows).toEqual(ROWS);
  }, 60_000);

  it('applies the configured bounds', async () => {
    const small = new FederationRuntime(
      counting,
      parseSettings({
        encryptionKey: TEST_ENCRYPTION_KEY,
        maxGraphModelEntities: 3,
        maxGraphModelRelations: 2,
        maxGraphModelBytes: 2048,
      })
    );
    try {
      const engine = new FederationEngine(small, counting);
      const refused = (model: unknown) =>
        engine.graph.query({ model, query: QUERY, detailed: false, debug: false });
      await expect(refused(chainModel(4, 1))).rejects.toThrow(
        'holds 4 entities, more than the 3 a graph model may hold (setting maxGraphModelEntities)'
      );
      await expect(refused(chainModel(3, 3))).rejects.toThrow(
        'holds 3 relations, more than the 2 a graph model may hold (setting maxGraphModelRelations)'
      );
      await expect(refused({ ...chainModel(2), label: 'x'.repeat(2048) })).rejects.toThrow(
        'larger than the 2048 bytes of JSON text a graph model may have (setting maxGraphModelBytes)'
      );
      const answered = await engine.graph.query({
        model: chainModel(3, 2),
        query: QUERY,
        detailed: false,
        debug: false,
      });
      expect(answered.rows).toEqual(ROWS);
    } finally {
      await small.close();
    }
  });

  it('refuses a model past each bound with a 400 naming the path and the setting', async () => {
    const cases: Array<[unknown, string, string]> = [
      [chainModel(501, 1), '[model.entities] holds 501 entities', 'maxGraphModelEntities'],
      [chainModel(10, 2001), '[model.relations] holds 2001 relations', 'maxGraphModelRelations'],
      [
        { ...chainModel(2), label: 'x'.repeat(256 * 1024) },
        '[model] is larger than the 262144 bytes',
        'maxGraphModelBytes',
      ],
    ];
    for (const [model, path, setting] of cases) {
      const response = await api.call('POST', '/svc/_graph', { model, query: QUERY });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({
        status: 400,
        error: { type: 'illegal_argument_exception', root_cause: [expect.anything()] },
      });
      expect(response.body.error.reason).toContain(path);
      expect(response.body.error.reason).toContain(`setting ${setting}`);
    }
  }, 60_000);
});
