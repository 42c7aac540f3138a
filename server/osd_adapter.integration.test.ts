import type { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../test/bed/context';
import { createOsdHarness, type OsdHarness } from '../test/osd/osd_harness';
import { buildConfigSchema, config, plugin } from './index';
import type { HandlerContext } from './http/router_contract';

/**
 * Contract test of the OSD adapter: the plugin is set up the way OSD sets plugins up, its routes
 * are recorded from `core.http.createRouter()`, and handlers run with the real OpenSearch client
 * of the test bed as the caller's client.
 */
describe('OSD server adapter', () => {
  let harness: OsdHarness;
  let client: Client;
  let context: HandlerContext;
  let stopPlugin: (() => Promise<void>) | undefined;
  const index = uniqueName('osd');

  beforeAll(async () => {
    client = openSearchClient();
    await client.index({ index, id: '1', body: { title: 'hello' }, refresh: true });
    context = {
      core: { opensearch: { client: { asCurrentUser: client, asInternalUser: client } } },
    };
    harness = createOsdHarness({ enabled: true, maxRequestBytes: 4096 });
    const instance = plugin(harness.initializerContext);
    await expect(instance.setup(harness.core)).resolves.toEqual({});
    expect(instance.start({ opensearch: { client: { asInternalUser: client } } })).toEqual({});
    stopPlugin = () => instance.stop();
  });

  afterAll(async () => {
    await stopPlugin?.();
    await client?.indices.delete({ index }, { ignore: [404] });
  });

  it('registers absolute /svc routes with validation functions and raw bodies', () => {
    expect(harness.routes.length).toBeGreaterThan(0);
    for (const route of harness.routes) {
      expect(route.config.path).toMatch(/^\/(svc|_svc\/connector)(\/|$)/);
      expect(route.config.validate).not.toBe(false);
      if (route.method === 'get') {
        expect(route.config.options?.body).toBeUndefined();
      } else {
        expect(route.config.options?.body).toMatchObject({
          parse: false,
          output: 'data',
          maxBytes: 4096,
        });
      }
    }
    const registered = harness.routes.map((r) => `${r.method.toUpperCase()} ${r.config.path}`);
    expect(registered).toEqual(
      expect.arrayContaining([
        'GET /svc/_search',
        'POST /svc/_search',
        'GET /svc/{index}/_search',
        'POST /svc/{index}/_search',
      ])
    );
  });

  it('searches as the current user and returns OpenSearch’s body', async () => {
    const response = await harness.invoke(
      'post',
      '/svc/{index}/_search',
      {
        params: { index },
        body: Buffer.from(JSON.stringify({ query: { match: { title: 'hello' } } })),
      },
      context
    );
    expect(response.status).toBe(200);
    expect(
      (response.body as { hits: { hits: Array<{ _id: string }> } }).hits.hits.map((h) => h._id)
    ).toEqual(['1']);
  });

  it('keeps OpenSearch’s error format through OSD’s error path', async () => {
    const bad = await harness.invoke(
      'post',
      '/svc/{index}/_search',
      { params: { index }, body: Buffer.from('{') },
      context
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, error: { type: 'parse_exception' } });
    const missing = await harness.invoke(
      'post',
      '/svc/{index}/_search',
      { params: { index: 'no-such-index-osd' }, body: null },
      context
    );
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      status: 404,
      error: { type: 'index_not_found_exception' },
    });
  });

  it('refuses an unknown federation.* setting at setup with a clear message', async () => {
    const strict = createOsdHarness({ enabled: true, noSuchSetting: 1 });
    await expect(plugin(strict.initializerContext).setup(strict.core)).rejects.toThrow(
      /noSuchSetting/
    );
  });

  it('refuses the standalone-only OpenSearch timeout rather than ignoring it', async () => {
    const osd = createOsdHarness({ enabled: true, openSearchRequestTimeoutMs: 1000 });
    await expect(plugin(osd.initializerContext).setup(osd.core)).rejects.toThrow(
      /opensearch\.requestTimeout/
    );
  });

  it('declares its config through @osd/config-schema, loaded only inside OSD', () => {
    const calls: unknown[] = [];
    const builder = {
      object: (props: Record<string, unknown>, options?: unknown) => (
        calls.push(['object', props, options]),
        'schema'
      ),
      boolean: (options?: unknown) => (calls.push(['boolean', options]), 'bool'),
    };
    expect(buildConfigSchema(builder)).toBe('schema');
    expect(calls).toEqual([
      ['boolean', { defaultValue: true }],
      ['object', { enabled: 'bool' }, { unknowns: 'allow' }],
    ]);
    expect(() => config.schema).toThrow(/@osd\/config-schema/);
  });
});
