import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_INDEX_PREFIX } from '../../../common/system_indices';
import { openSearchClient, uniqueName } from '../../../test/bed/context';
import {
  startFederationApi,
  type ApiResponse,
  type FederationApi,
} from '../../../test/support/in_process_host';

const DATASOURCES = '.federation-datasources';
const PITS = '.federation-pits';

/**
 * Our system indices hold encrypted passwords and every open PIT's request: no /svc route may
 * read or write them, by name, list, alias, date math, encoding or case (a 403 in the security
 * plugin's shape), and no wildcard may expand to them.
 */
describe('system indices through /svc', () => {
  let api: FederationApi;
  const index = uniqueName('sys-normal');
  const alias = uniqueName('sys-alias');
  let pitId = '';

  beforeAll(async () => {
    const client = openSearchClient();
    // Before the host starts: it keeps the system aliases it read for catalogCacheMs (the test
    // at the end shows an alias created later is refused once that has passed).
    await client.indices.putAlias({ index: DATASOURCES, name: alias });
    api = await startFederationApi();
    await client.index({ index, id: '1', body: { n: 1 }, refresh: true });
    // Make sure both system indices exist and hold a document.
    const ds = await api.call('PUT', `/_svc/connector/datasource/${uniqueName('sys-ds')}`, {
      jdbc: { driver: 'org.postgresql.Driver', url: 'jdbc:postgresql://127.0.0.1:5432/test' },
    });
    expect(ds.status, ds.text).toBe(201);
    pitId = (await api.call('POST', `/svc/${index}/_pit`)).body.id;
  }, 60_000);

  afterAll(async () => {
    const client = openSearchClient();
    await client.indices.deleteAlias({ index: DATASOURCES, name: alias }, { ignore: [404] });
    if (pitId) await api?.call('DELETE', '/svc/_pit', { id: pitId });
    await client.indices.delete({ index }, { ignore: [404] });
    await api?.close();
  });

  function expectForbidden(response: ApiResponse, what: string) {
    expect(response.status, `${what}: ${response.text}`).toBe(403);
    expect(response.body).toMatchObject({
      status: 403,
      error: { type: 'security_exception', root_cause: [{ type: 'security_exception' }] },
    });
    expect(response.text).not.toContain('password_secret');
  }

  it('refuses every route that names a system index, however it is spelled', async () => {
    const named = [DATASOURCES, PITS, '.FEDERATION-pits', `${index},${DATASOURCES}`, alias];
    for (const name of named) {
      const encoded = encodeURIComponent(name);
      expectForbidden(await api.call('POST', `/svc/${encoded}/_search`, {}), `search ${name}`);
      expectForbidden(await api.call('GET', `/svc/${encoded}/_mapping`), `mapping ${name}`);
      expectForbidden(await api.call('GET', `/svc/${encoded}/_field_caps?fields=*`), name);
      expectForbidden(await api.call('POST', `/svc/${encoded}/_pit`), `pit ${name}`);
    }
    // Percent-encoding of the name itself.
    expectForbidden(await api.call('POST', '/svc/%2Efederation%2Dpits/_search', {}), 'encoded');
    expectForbidden(await api.call('GET', `/svc/${DATASOURCES}/_doc/anything`), '_doc');
    expectForbidden(await api.call('GET', `/svc/${alias}/_doc/anything`), '_doc alias');
    expectForbidden(
      await api.call('POST', '/svc/_mget', {
        docs: [
          { _index: index, _id: '1' },
          { _index: DATASOURCES, _id: 'x' },
        ],
      }),
      'mget docs'
    );
    expectForbidden(await api.call('POST', `/svc/${PITS}/_mget`, { ids: ['x'] }), 'mget path');
    // A join whose child is a system index.
    expectForbidden(
      await api.call('POST', `/svc/${index}/_search`, {
        query: { join: { indices: [DATASOURCES], on: ['n', 'updated_at'] } },
      }),
      'join'
    );
    // Date math: refused as a name (400) or as a system index (403), never answered.
    const dateMath = await api.call(
      'POST',
      `/svc/${encodeURIComponent('<.federation-pits>')}/_search`,
      {}
    );
    expect([400, 403]).toContain(dateMath.status);
    // _msearch: the slot naming a system index fails, the other is answered.
    const msearch = await api.call(
      'POST',
      '/svc/_msearch',
      [{ index: PITS }, {}, { index }, {}].map((l) => JSON.stringify(l)).join('\n') + '\n'
    );
    expect(msearch.status).toBe(200);
    expect(msearch.body.responses[0].status).toBe(403);
    expect(msearch.body.responses[0].error.type).toBe('security_exception');
    expect(msearch.body.responses[1].status).toBe(200);
    // A virtual index cannot take a system name.
    const virtual = await api.call('PUT', '/_svc/connector/index/.federation-saved-queries', {
      datasource: 'whatever',
      resource: 't',
    });
    expect(virtual.status).toBe(400);
    expect(virtual.body.error.reason).toContain(SYSTEM_INDEX_PREFIX);
  });

  it('never expands a wildcard, _all or an index-less search to a system index', async () => {
    const byIndex = { size: 0, aggs: { i: { terms: { field: '_index', size: 1000 } } } };
    const indicesOf = (response: ApiResponse) =>
      ((response.body.aggregations?.i.buckets ?? []) as Array<{ key: string }>).map((b) => b.key);
    for (const expression of [
      '*',
      '_all',
      '.fed*',
      '.federation-*',
      `${index},.f*`,
      `${alias.slice(0, -3)}*`,
    ]) {
      for (const params of ['', '?expand_wildcards=all']) {
        const response = await api.call(
          'POST',
          `/svc/${encodeURIComponent(expression)}/_search${params}`,
          byIndex
        );
        expect(response.status, `${expression}${params}: ${response.text}`).toBe(200);
        expect(
          indicesOf(response).filter((i) => i.startsWith('.federation')),
          expression + params
        ).toEqual([]);
        const mapping = await api.call(
          'GET',
          `/svc/${encodeURIComponent(expression)}/_mapping${params}`
        );
        expect(Object.keys(mapping.body).filter((i) => i.startsWith('.federation'))).toEqual([]);
        const caps = await api.call(
          'GET',
          `/svc/${encodeURIComponent(expression)}/_field_caps?fields=*${params.replace('?', '&')}`
        );
        expect(caps.body.indices.filter((i: string) => i.startsWith('.federation'))).toEqual([]);
      }
    }
    const all = await api.call('POST', '/svc/_search?expand_wildcards=all', byIndex);
    expect(all.status, all.text).toBe(200);
    expect(indicesOf(all)).toContain(index);
    expect(indicesOf(all).filter((i) => i.startsWith('.federation'))).toEqual([]);
  });

  it('refuses an alias created on OpenSearch once catalogCacheMs has passed', async () => {
    const cacheMs = 1_500;
    const host = await startFederationApi({ catalogCacheMs: cacheMs });
    const late = uniqueName('sys-late-alias');
    const client = openSearchClient();
    try {
      // The host reads and keeps the system aliases (none named `late` yet).
      expect((await host.call('POST', `/svc/${index}/_search`, {})).status).toBe(200);
      await client.indices.putAlias({ index: DATASOURCES, name: late });
      const createdAt = Date.now();
      // An entry's age counts from when its read was sent, which was before `createdAt`.
      await new Promise((resolve) => setTimeout(resolve, createdAt + cacheMs - Date.now()));
      expectForbidden(await host.call('POST', `/svc/${late}/_search`, {}), 'late alias search');
      expectForbidden(await host.call('GET', `/svc/${late}/_doc/anything`), 'late alias _doc');
    } finally {
      await client.indices.deleteAlias({ index: DATASOURCES, name: late }, { ignore: [404] });
      await host.close();
    }
  });
});
