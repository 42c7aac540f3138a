import type { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_QUERY_INDEX, SAVED_QUERY_TYPE } from '../common/saved_query_types';
import { openSearchClient, uniqueName } from '../test/bed/context';
import { createOsdHarness, type OsdHarness } from '../test/osd/osd_harness';
import { createRecordingSavedObjectsClient } from '../test/osd/saved_objects_client';
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
      expect(route.config.path).toMatch(/^\/(svc|_svc\/connector|_svc\/graph)(\/|$)/);
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
        'GET /svc/_resolve/index/{name}',
        'PUT /_svc/graph/query/{id}',
        'GET /_svc/graph/query/{id}',
        'DELETE /_svc/graph/query/{id}',
        'GET /_svc/graph/query/_search',
      ])
    );
  });

  it('registers the saved GQL query type with Saved Objects management', () => {
    expect(harness.savedObjectTypes.map((t) => t.name)).toEqual([SAVED_QUERY_TYPE]);
    const [type] = harness.savedObjectTypes;
    expect(type).toMatchObject({
      name: 'federation-gql-query',
      hidden: false,
      namespaceType: 'single',
      mappings: {
        properties: {
          title: { type: 'text' },
          description: { type: 'text' },
          query: { type: 'text', index: false },
          model: { type: 'object', enabled: false },
        },
      },
      management: { importableAndExportable: true, defaultSearchField: 'title' },
    });
    // OSD's own index is strict: the mapping must hold every attribute the routes write.
    expect(Object.keys(type.mappings.properties).sort()).toEqual(
      ['description', 'model', 'query', 'title'].sort()
    );
    const saved = { id: 'q 1', type: SAVED_QUERY_TYPE, attributes: { title: 'Top funded' } };
    expect(type.management?.getTitle?.(saved)).toBe('Top funded');
    expect(type.management?.getInAppUrl?.(saved)).toEqual({
      path: '/app/federation/graph-query/q%201',
      uiCapabilitiesPath: 'navLinks.federation',
    });
    expect(typeof type.management?.icon).toBe('string');
  });

  it('keeps saved GQL queries in the caller’s saved objects, not in the hidden index', async () => {
    const recording = createRecordingSavedObjectsClient();
    const withSavedObjects: HandlerContext = {
      core: { ...context.core, savedObjects: { client: recording.client } },
    };
    const id = uniqueName('osd-saved-query');
    const body = {
      title: `${id} title`,
      description: 'kept by OSD',
      query: 'SELECT c.name FROM "g" MATCH (c:Company)',
      model: { label: 'g', entities: [{ label: 'Company', indices: [index] }] },
    };
    const send = (method: 'get' | 'put' | 'delete', path: string, request: object = {}) =>
      harness.invoke(method, path, request, withSavedObjects);

    const created = await send('put', '/_svc/graph/query/{id}', {
      params: { id },
      body: Buffer.from(JSON.stringify(body)),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ _id: id, result: 'created' });
    const updated = await send('put', '/_svc/graph/query/{id}', {
      params: { id },
      body: Buffer.from(JSON.stringify(body)),
    });
    expect(updated.body).toEqual({ _id: id, result: 'updated' });

    const read = await send('get', '/_svc/graph/query/{id}', { params: { id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      _id: id,
      found: true,
      _source: { ...body, updated_at: expect.any(String) },
    });
    const found = await send('get', '/_svc/graph/query/_search', { query: { q: id } });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      hits: {
        total: { value: 1, relation: 'eq' },
        hits: [{ _id: id, _source: { title: body.title, description: body.description } }],
      },
    });

    expect(
      recording.calls.map((c) => [c.method, (c.args[0] as { type?: string }).type ?? c.args[0]])
    ).toEqual([
      ['create', SAVED_QUERY_TYPE],
      ['create', SAVED_QUERY_TYPE],
      ['create', SAVED_QUERY_TYPE],
      ['get', SAVED_QUERY_TYPE],
      ['find', SAVED_QUERY_TYPE],
    ]);
    expect(recording.calls[4].args[0]).toMatchObject({
      // Words cut as the analyzer cuts them, each a prefix.
      search: `${id.split('-').join('* ')}*`,
      searchFields: ['title', 'description'],
      // A list reads what a list shows, never the query and model.
      fields: ['title', 'description'],
      sortField: 'updated_at',
      sortOrder: 'desc',
    });
    // Nothing reached the standalone host's hidden index.
    const inIndex = await client.transport.request(
      { method: 'GET', path: `/${SAVED_QUERY_INDEX}/_doc/${id}` },
      { ignore: [404] }
    );
    expect((inIndex.body as { found?: boolean }).found ?? false).toBe(false);

    const deleted = await send('delete', '/_svc/graph/query/{id}', { params: { id } });
    expect(deleted.body).toEqual({ _id: id, result: 'deleted' });
    // A missing query keeps OpenSearch's error format through OSD's error path.
    const missing = await send('get', '/_svc/graph/query/{id}', { params: { id } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      status: 404,
      error: { type: 'resource_not_found_exception', saved_query: id },
    });
    const invalid = await send('put', '/_svc/graph/query/{id}', {
      params: { id },
      body: Buffer.from(JSON.stringify({ ...body, title: '' })),
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: { reason: expect.stringContaining('[title]') } });
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

  it('stops a graph query when OSD reports its request aborted (events.aborted$)', async () => {
    const people = uniqueName('osd-abort');
    await client.bulk({
      body: Array.from({ length: 200 }, (_, i) => [
        { index: { _index: people, _id: String(i) } },
        { id: i },
      ]).flat(),
      refresh: true,
    });
    try {
      const leaving = new AbortController();
      const started = Date.now();
      const answer = harness.invoke(
        'post',
        '/svc/_graph',
        {
          body: Buffer.from(
            JSON.stringify({
              model: { label: 'g', entities: [{ label: 'N', indices: [people] }], relations: [] },
              // 200^4 bindings: minutes of work, far past the moment the client leaves.
              query: 'SELECT COUNT(*) FROM "g" MATCH (a:N), (b:N), (c:N), (d:N)',
            })
          ),
          abort: leaving.signal,
        },
        context
      );
      setTimeout(() => leaving.abort(), 1_000);
      const response = await answer;
      expect(response.status).toBe(499);
      expect(response.body).toMatchObject({ error: { type: 'request_aborted_exception' } });
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await client.indices.delete({ index: people }, { ignore: [404] });
    }
  }, 60_000);

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

  it('replaces the data plugin’s opensearch strategy at start, and starts without it', async () => {
    const osd = createOsdHarness({ enabled: true });
    const original = osd.data.start.search.getSearchStrategy('opensearch');
    const instance = plugin(osd.initializerContext);
    await instance.setup(osd.core, { data: osd.data.setup });
    // At setup the original is still in place: only the start contract can read it.
    expect(osd.data.start.search.getSearchStrategy('opensearch')).toBe(original);
    instance.start(
      { opensearch: { client: { asInternalUser: client } } },
      { data: osd.data.start }
    );
    const wrapped = osd.data.start.search.getSearchStrategy('opensearch');
    expect(wrapped).not.toBe(original);
    expect(typeof wrapped.search).toBe('function');
    await instance.stop();

    // A data plugin without the strategy (OSD's getSearchStrategy throws): a warning, no failure.
    const bare = createOsdHarness({ enabled: true });
    const withoutStrategy = plugin(bare.initializerContext);
    await withoutStrategy.setup(bare.core, { data: bare.data.setup });
    const missing = {
      search: {
        getSearchStrategy: (name: string) => {
          throw new Error(`Search strategy ${name} not found`);
        },
      },
    };
    expect(
      withoutStrategy.start(
        { opensearch: { client: { asInternalUser: client } } },
        { data: missing }
      )
    ).toEqual({});
    expect(bare.logged.some((line) => line.includes('Search strategy opensearch not found'))).toBe(
      true
    );
    await withoutStrategy.stop();
  });

  it('refuses an unknown federation.* setting at setup with a clear message', async () => {
    const strict = createOsdHarness({ enabled: true, noSuchSetting: 1 });
    await expect(plugin(strict.initializerContext).setup(strict.core)).rejects.toThrow(
      '[federation.noSuchSetting]: not a setting of this plugin'
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
