import { Client } from '@opensearch-project/opensearch';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../test/bed/context';
import { sqliteJdbc } from '../test/bed/jdbc';
import { createDataPluginDouble, type DataPluginDouble } from '../test/osd/data_plugin';
import { dataTablePanelRequest } from '../test/osd/fixtures/dashboard_panel_search';
import { discoverSearchRequest } from '../test/osd/fixtures/discover_search';
import { pillInSearchBody, queryDslPill } from '../test/osd/fixtures/query_dsl_filter';
import { createOsdHarness, type OsdHarness } from '../test/osd/osd_harness';
import type { HandlerContext } from './http/router_contract';
import { plugin } from './index';

/**
 * OSD's own searches (what Discover, visualizations and dashboards post to
 * `/internal/search/opensearch`) through the data plugin double with the plugin installed: a
 * virtual index or a join is answered by the engine, anything else by OSD's original strategy,
 * whose request to OpenSearch must be exactly what it sends without the plugin.
 */

/** A request as the OpenSearch client put it on the wire (its `request` event). */
interface WireRequest {
  method: string;
  path: string;
  querystring: unknown;
  body: unknown;
}

/**
 * The current user's client, with its own connection and events (a child of the shared client
 * would share its event emitter, and so record the catalog's own reads too).
 */
function recordingClient(): { client: Client; sent: WireRequest[] } {
  const client = new Client({ node: openSearchUrl() });
  const sent: WireRequest[] = [];
  client.on('request', (_error, event) => {
    const params = event?.meta.request.params;
    if (params) sent.push({ ...params } as WireRequest);
  });
  return { client, sent };
}

const contextOf = (client: Client) =>
  ({
    core: { opensearch: { client: { asCurrentUser: client, asInternalUser: client } } },
  }) as HandlerContext;

describe('OSD: the opensearch search strategy answers virtual indices and joins', () => {
  let harness: OsdHarness;
  let internal: Client;
  let stopPlugin: (() => Promise<void>) | undefined;
  let directory = '';
  const user = recordingClient();
  const companies = uniqueName('osd-strategy-companies');
  const investments = uniqueName('osd-strategy-investments');
  const datasource = uniqueName('osd-strategy-ds');
  const from = '2026-01-01T00:00:00.000Z';
  const to = '2026-01-31T23:59:59.999Z';
  // Investments: id, company, amount, day of January 2026 (one outside the time range).
  const rows: Array<[number, number, number, string]> = [
    [1, 1, 500, '2026-01-03 10:00:00'],
    [2, 1, 5000, '2026-01-03 12:00:00'],
    [3, 2, 200, '2026-01-05 09:30:00'],
    [4, 3, 9000, '2026-01-07 18:00:00'],
    [5, 3, 100, '2026-02-10 08:00:00'],
  ];
  const inRange = rows.filter((r) => r[3] < '2026-02');

  beforeAll(async () => {
    internal = openSearchClient();
    // The SQLite file lives in the temporary directory, which the host must allow.
    harness = createOsdHarness({ enabled: true, sqliteDirectories: [tmpdir()] });
    const instance = plugin(harness.initializerContext);
    await instance.setup(harness.core, { data: harness.data.setup });
    instance.start(
      { opensearch: { client: { asInternalUser: internal } } },
      { data: harness.data.start }
    );
    stopPlugin = () => instance.stop();

    await internal.indices.create({
      index: companies,
      body: {
        mappings: {
          properties: { id: { type: 'long' }, name: { type: 'keyword' }, ts: { type: 'date' } },
        },
      },
    });
    await internal.bulk({
      refresh: true,
      body: [1, 2, 3, 4].flatMap((id) => [
        { index: { _index: companies, _id: String(id) } },
        { id, name: `company ${id}`, ts: `2026-01-0${id}T08:00:00.000Z` },
      ]),
    });

    directory = mkdtempSync(path.join(tmpdir(), 'federation-osd-strategy-'));
    const file = path.join(directory, 'investments.sqlite');
    const db = new Database(file);
    db.exec(
      'CREATE TABLE investments (id INTEGER PRIMARY KEY, company_id INTEGER, amount INTEGER, ts DATETIME)'
    );
    const insert = db.prepare('INSERT INTO investments VALUES (?, ?, ?, ?)');
    for (const row of rows) insert.run(...row);
    db.close();
    const json = (body: unknown) => Buffer.from(JSON.stringify(body));
    const ds = await harness.invoke(
      'put',
      '/_svc/connector/datasource/{id}',
      { params: { id: datasource }, body: json({ jdbc: sqliteJdbc(file) }) },
      contextOf(internal)
    );
    expect(ds.status, JSON.stringify(ds.body)).toBe(201);
    const vi = await harness.invoke(
      'put',
      '/_svc/connector/index/{id}',
      {
        params: { id: investments },
        body: json({ datasource, resource: 'investments', key: 'id' }),
      },
      contextOf(internal)
    );
    expect(vi.status, JSON.stringify(vi.body)).toBe(201);
  });

  afterAll(async () => {
    const context = contextOf(internal);
    await harness
      ?.invoke('delete', '/_svc/connector/index/{id}', { params: { id: investments } }, context)
      .catch(() => undefined);
    await harness
      ?.invoke('delete', '/_svc/connector/datasource/{id}', { params: { id: datasource } }, context)
      .catch(() => undefined);
    await stopPlugin?.();
    await user.client.close();
    await internal?.indices.delete({ index: [companies, investments] }, { ignore: [404] });
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /** Posts as the browser does, as a recording current user; returns the answer and the wire. */
  async function post(data: DataPluginDouble, request: Record<string, unknown>) {
    user.sent.length = 0;
    const answer = await data.postSearch('opensearch', request, contextOf(user.client));
    return { ...answer, sent: user.sent.splice(0) };
  }

  it('answers Discover’s search on a virtual index from its table', async () => {
    const request = discoverSearchRequest({ index: investments, timeField: 'ts', from, to });
    const answer = await post(harness.data, request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { rawResponse, isPartial, isRunning, total, loaded } = answer.body as {
      rawResponse: {
        hits: { total: number; hits: Array<{ _id: string; _source: Record<string, unknown> }> };
        aggregations: { 2: { buckets: Array<{ key_as_string: string; doc_count: number }> } };
      };
      isPartial: boolean;
      isRunning: boolean;
      total: number;
      loaded: number;
    };
    expect({ isPartial, isRunning, total, loaded }).toEqual({
      isPartial: false,
      isRunning: false,
      total: 1,
      loaded: 1,
    });
    // OSD's route turned the total into a number (shimHitsTotal), from the exact count.
    expect(rawResponse.hits.total).toBe(inRange.length);
    // Newest first, as Discover sorts on the time field.
    expect(rawResponse.hits.hits.map((h) => h._id)).toEqual(['4', '3', '2', '1']);
    expect(rawResponse.aggregations[2].buckets.map((b) => [b.key_as_string, b.doc_count])).toEqual([
      ['2026-01-03T00:00:00.000Z', 2],
      ['2026-01-05T00:00:00.000Z', 1],
      ['2026-01-07T00:00:00.000Z', 1],
    ]);
    // Discover's search never reached the virtual index's (empty) concrete index: the current
    // user's client sent only the read check of that index (size 0, no body).
    expect(answer.sent.map((r) => [r.path, r.querystring, r.body ?? null])).toEqual([
      [`/${investments}/_search`, 'size=0&track_total_hits=false', null],
    ]);
  });

  it('hands a search on a normal index to OSD’s strategy, byte for byte', async () => {
    const request = discoverSearchRequest({ index: companies, timeField: 'ts', from, to });
    const withPlugin = await post(harness.data, structuredClone(request));
    const withoutPlugin = await post(createDataPluginDouble(), structuredClone(request));
    expect(withPlugin.status, JSON.stringify(withPlugin.body)).toBe(200);
    expect(withPlugin.sent).toHaveLength(1);
    expect(withPlugin.sent).toEqual(withoutPlugin.sent);
    const hits = (answer: typeof withPlugin) =>
      (answer.body.rawResponse as { hits: { total: number; hits: Array<{ _id: string }> } }).hits;
    expect(hits(withPlugin).total).toBe(4);
    expect(hits(withPlugin)).toEqual(hits(withoutPlugin));
  });

  it('narrows a normal-index search by a Query DSL filter pill holding a join', async () => {
    const pill = queryDslPill(
      {
        join: {
          indices: [investments],
          on: ['id', 'company_id'],
          request: { query: { range: { amount: { gte: 1000 } } } },
        },
      },
      'companies-pattern'
    );
    const request = discoverSearchRequest({
      index: companies,
      timeField: 'ts',
      from,
      to,
      filters: [pillInSearchBody(pill)],
    });
    const answer = await post(harness.data, request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const hits = (
      answer.body.rawResponse as { hits: { total: number; hits: Array<{ _id: string }> } }
    ).hits;
    // Companies 1 and 3 have an investment of 1,000 or more.
    expect(hits.total).toBe(2);
    expect(hits.hits.map((h) => h._id)).toEqual(['3', '1']);
    // The join was resolved before OpenSearch saw the search: no `join` reached it.
    const search = answer.sent.find((r) => r.path.endsWith('/_search'));
    expect(String(search?.body)).not.toContain('"join"');
  });

  it('narrows every dashboard panel by the join pill, and answers panels on a virtual index', async () => {
    const pill = queryDslPill(
      {
        join: {
          indices: [investments],
          on: ['id', 'company_id'],
          request: { query: { range: { amount: { gte: 1000 } } } },
        },
      },
      'companies-pattern'
    );
    const buckets = (answer: { body: Record<string, unknown> }) =>
      (
        answer.body.rawResponse as {
          aggregations: { 2: { buckets: Array<{ key: unknown; doc_count: number }> } };
        }
      ).aggregations[2].buckets.map((b) => [b.key, b.doc_count]);
    const window = { timeField: 'ts', from, to };
    const onCompanies = await post(
      harness.data,
      dataTablePanelRequest({
        ...window,
        index: companies,
        termsField: 'name',
        filters: [pillInSearchBody(pill)],
      })
    );
    expect(onCompanies.status, JSON.stringify(onCompanies.body)).toBe(200);
    expect(buckets(onCompanies)).toEqual([
      ['company 1', 1],
      ['company 3', 1],
    ]);
    const onInvestments = await post(
      harness.data,
      dataTablePanelRequest({ ...window, index: investments, termsField: 'company_id' })
    );
    expect(onInvestments.status, JSON.stringify(onInvestments.body)).toBe(200);
    expect(buckets(onInvestments)).toEqual([
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
  });

  it('answers mistakes in the shape OSD’s route gives errors, keeping OpenSearch’s error', async () => {
    const mixed = await post(
      harness.data,
      discoverSearchRequest({ index: `${investments},${companies}`, timeField: 'ts', from, to })
    );
    expect(mixed.status).toBe(400);
    expect(mixed.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining('cannot mix virtual indices'),
      attributes: { error: { type: 'illegal_argument_exception' } },
    });

    const missingChild = await post(
      harness.data,
      discoverSearchRequest({
        index: companies,
        timeField: 'ts',
        from,
        to,
        filters: [{ join: { indices: ['no-such-child-osd'], on: ['id', 'company_id'] } }],
      })
    );
    expect(missingChild.status).toBe(404);
    expect(missingChild.body).toMatchObject({
      attributes: { error: { type: 'index_not_found_exception' } },
    });

    const refused = discoverSearchRequest({ index: investments, timeField: 'ts', from, to });
    (refused.params as Record<string, unknown>).scroll = '1m';
    const scrolled = await post(harness.data, refused);
    expect(scrolled.status).toBe(400);
    expect(scrolled.body).toMatchObject({
      message: expect.stringContaining('[scroll]'),
      attributes: { error: { type: 'illegal_argument_exception' } },
    });

    // OpenSearch's own refusal on a normal index comes back as OSD's strategy gives it.
    const broken = discoverSearchRequest({ index: companies, timeField: 'ts', from, to });
    (broken.params as { body: Record<string, unknown> }).body.query = { no_such_query: {} };
    const withPlugin = await post(harness.data, structuredClone(broken));
    const withoutPlugin = await post(createDataPluginDouble(), structuredClone(broken));
    expect(withPlugin.status).toBe(400);
    expect(withPlugin.body).toEqual(withoutPlugin.body);
    expect(withPlugin.sent).toEqual(withoutPlugin.sent);
  });

  it('takes the URL parameters OSD’s callers add, camelCase or not, as /svc takes them', async () => {
    const request = discoverSearchRequest({ index: investments, timeField: 'ts', from, to });
    Object.assign(request.params as Record<string, unknown>, {
      // What the original strategy would merge in (get_default_search_params.ts, getShardTimeout).
      maxConcurrentShardRequests: 5,
      ignoreUnavailable: true,
      timeout: '30000ms',
      trackTotalHits: true,
      rest_total_hits_as_int: true,
    });
    const answer = await post(harness.data, request);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((answer.body.rawResponse as { hits: { total: unknown } }).hits.total).toBe(
      inRange.length
    );

    const nested = discoverSearchRequest({ index: investments, timeField: 'ts', from, to });
    (nested.params as Record<string, unknown>).routingOptions = { shard: 1 };
    const refused = await post(harness.data, nested);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('[routing_options]');
  });

  it('leaves to OSD’s strategy what names another cluster or index-pattern type', async () => {
    const elsewhere = {
      ...discoverSearchRequest({ index: investments, timeField: 'ts', from, to }),
      dataSourceId: 'another-cluster',
    };
    const withPlugin = await post(harness.data, structuredClone(elsewhere));
    const withoutPlugin = await post(createDataPluginDouble(), structuredClone(elsewhere));
    // OSD's strategy searched the concrete index itself (the double has no data sources).
    expect(withPlugin.sent).toEqual(withoutPlugin.sent);
    expect(withPlugin.sent.map((r) => r.path)).toEqual([`/${investments}/_search`]);

    const typed = { ...discoverSearchRequest({ index: investments, timeField: 'ts', from, to }) };
    const answer = await post(harness.data, { ...typed, indexType: 'rollup' });
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe('Unsupported index pattern type rollup');
  });

  it('stops when OSD reports the browser gone (options.abortSignal)', async () => {
    const answer = await harness.data.postSearch(
      'opensearch',
      discoverSearchRequest({ index: investments, timeField: 'ts', from, to }),
      contextOf(user.client),
      AbortSignal.abort()
    );
    expect(answer.status).toBe(499);
    expect(answer.body).toMatchObject({
      attributes: { error: { type: 'request_aborted_exception' } },
    });
  });
});
