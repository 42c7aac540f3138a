import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_QUERY_INDEX } from '../../common/saved_query_types';
import { isSystemIndexName } from '../../common/system_indices';
import { openSearchClient, uniqueName } from '../../test/bed/context';
import { startFederationApi, type FederationApi } from '../../test/support/in_process_host';

/**
 * `GET /svc/_resolve/index/<name>` against the real OpenSearch: OpenSearch's own answer, with the
 * Federation system indices (and aliases that reach them) taken out.
 */
describe('GET /svc/_resolve/index/{name}', () => {
  let api: FederationApi;
  const prefix = uniqueName('resolve');
  const open = `${prefix}-open`;
  const hidden = `${prefix}-hidden`;
  const userAlias = `${prefix}-alias`;
  // Outside `${prefix}-*`, so the first test compares with OpenSearch's own answer.
  const systemAlias = uniqueName('resolve-sys-alias');

  beforeAll(async () => {
    api = await startFederationApi();
    const client = openSearchClient();
    // Make sure the saved-query index exists, then give it an alias a wildcard could reach.
    const saved = await api.call('GET', '/_svc/graph/query/_search?size=0');
    expect(saved.status, saved.text).toBe(200);
    await client.indices.create({ index: open, body: { aliases: { [userAlias]: {} } } });
    await client.indices.create({ index: hidden, body: { settings: { index: { hidden: true } } } });
    await client.indices.putAlias({ index: SAVED_QUERY_INDEX, name: systemAlias });
  });

  afterAll(async () => {
    const client = openSearchClient();
    await client.indices.deleteAlias(
      { index: SAVED_QUERY_INDEX, name: systemAlias },
      { ignore: [404] }
    );
    await client.indices.delete({ index: [open, hidden] }, { ignore: [404] });
    await api?.close();
  });

  it('answers what OpenSearch answers for user indices, in its shape', async () => {
    const ours = await api.call('GET', `/svc/_resolve/index/${prefix}-*`);
    expect(ours.status, ours.text).toBe(200);
    const direct = await openSearchClient().transport.request({
      method: 'GET',
      path: `/_resolve/index/${prefix}-*`,
    });
    expect(ours.body).toEqual(direct.body);
    expect(ours.body.indices).toEqual([{ name: open, aliases: [userAlias], attributes: ['open'] }]);
    expect(ours.body.aliases).toEqual([{ name: userAlias, indices: [open] }]);
  });

  it('passes expand_wildcards through', async () => {
    const all = await api.call(
      'GET',
      `/svc/_resolve/index/${prefix}-*?expand_wildcards=open,hidden`
    );
    expect(all.status, all.text).toBe(200);
    expect(all.body.indices.map((i: any) => i.name).sort()).toEqual([hidden, open].sort());
    expect(all.body.indices.find((i: any) => i.name === hidden).attributes).toContain('hidden');
  });

  it('leaves out the system indices and the aliases that reach them', async () => {
    const everything = await api.call('GET', '/svc/_resolve/index/*?expand_wildcards=all');
    expect(everything.status, everything.text).toBe(200);
    const names = [
      ...everything.body.indices.map((i: any) => i.name),
      ...everything.body.aliases.map((a: any) => a.name),
    ];
    expect(names).toContain(open);
    expect(names.filter(isSystemIndexName)).toEqual([]);
    expect(names).not.toContain(systemAlias);
    // OpenSearch itself lists them: the filtering is ours.
    const direct = await openSearchClient().transport.request({
      method: 'GET',
      path: '/_resolve/index/*',
      querystring: { expand_wildcards: 'all' },
    });
    expect(JSON.stringify(direct.body)).toContain(SAVED_QUERY_INDEX);

    // A pattern that reaches only the alias of a system index finds nothing.
    const aliasOnly = await api.call('GET', `/svc/_resolve/index/${systemAlias.slice(0, -3)}*`);
    expect(aliasOnly.body).toEqual({ indices: [], aliases: [], data_streams: [] });

    for (const name of [SAVED_QUERY_INDEX, systemAlias, '.federation-*']) {
      const named = await api.call(
        'GET',
        `/svc/_resolve/index/${encodeURIComponent(name)}?expand_wildcards=all`
      );
      expect(named.status, named.text).toBe(200);
      expect(named.body).toEqual({ indices: [], aliases: [], data_streams: [] });
    }
  });

  it('refuses unknown parameters, expand_wildcards values and empty names, naming them', async () => {
    for (const name of [',a', 'a,,b']) {
      const empty = await api.call('GET', `/svc/_resolve/index/${encodeURIComponent(name)}`);
      expect(empty.status, empty.text).toBe(400);
      expect(empty.body.error.reason).toContain(`[${name}]`);
    }
    // A trailing comma is fine for OpenSearch, and so for us.
    expect((await api.call('GET', `/svc/_resolve/index/${open},`)).status).toBe(200);
    const bad = await api.call('GET', `/svc/_resolve/index/${open}?expand_wildcards=sometimes`);
    expect(bad.status, bad.text).toBe(400);
    expect(bad.body.error.reason).toContain('[sometimes]');
    const unknown = await api.call('GET', `/svc/_resolve/index/${open}?ignore_throttled=true`);
    expect(unknown.status, unknown.text).toBe(400);
    expect(unknown.body.error).toMatchObject({
      type: 'illegal_argument_exception',
      reason: expect.stringContaining('[ignore_throttled]'),
    });
  });
});
