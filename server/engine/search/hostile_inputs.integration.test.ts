import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../../../test/bed/context';
import { startFederationApi, type FederationApi } from '../../../test/support/in_process_host';
import {
  createVirtualTables,
  VIRTUAL_TABLE_KINDS as KINDS,
  type VirtualTableKind as Kind,
  type VirtualTables,
} from '../../../test/support/virtual_tables';

/** Rows 1..5 with an `integer` key, so 3000000000 is a valid long but no value of the key. */
const TABLE = (_kind: Kind, table: string) => [
  `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name VARCHAR(20), n BIGINT)`,
  `INSERT INTO ${table} (id, name, n) VALUES (1, 'a', 10), (2, 'b', 20), (3, 'c', 30), (4, 'd', 40), (5, 'e', 50)`,
];

/**
 * The caller's mistakes on virtual indices answered as OpenSearch answers them (4xx, or
 * not-found), never a 5xx or a database error (issue 8, defects 8 and 9), on every local
 * database.
 */
describe('hostile but careful inputs on virtual indices', () => {
  let api: FederationApi;
  let tables: VirtualTables;
  const normal = uniqueName('hostile-normal');

  beforeAll(async () => {
    api = await startFederationApi();
    await openSearchClient().index({ index: normal, id: '1', body: { x: 1 }, refresh: true });
    tables = await createVirtualTables(api, 'hostile', TABLE);
  });

  afterAll(async () => {
    await tables?.remove();
    await openSearchClient()
      .indices.delete({ index: normal }, { ignore: [404] })
      .catch(() => undefined);
    await api?.close();
  });

  function indexOf(kind: Kind, ctx: { skip(reason: string): never }): string {
    return tables.indexOf(kind, ctx);
  }

  for (const kind of KINDS) {
    it(`${kind}: _doc takes one literal index name, as OpenSearch does`, async (ctx) => {
      const name = indexOf(kind, ctx);
      for (const expression of [`${name}%20`, `${name},`, `${name},${name}`]) {
        const response = await api.call('GET', `/svc/${expression}/_doc/1`);
        expect(response.status, expression).toBe(404);
        expect(response.body.error.type).toBe('index_not_found_exception');
        expect(response.body.error.reason).toBe(
          `no such index [${decodeURIComponent(expression)}]`
        );
      }
      expect((await api.call('GET', `/svc/${name}/_doc/1`)).body).toMatchObject({
        found: true,
        _source: { id: 1, name: 'a' },
      });
      // Multi-index APIs split as OpenSearch does: a trailing comma is nothing, a leading one an
      // empty name.
      expect((await api.call('POST', `/svc/${name},/_search`, {})).body.hits.total.value).toBe(5);
      const leading = await api.call('POST', `/svc/,${name}/_search`, {});
      expect(leading.status).toBe(404);
      expect(leading.body.error.reason).toBe('no such index []');
      expect((await api.call('GET', `/svc/${name},${name}/_mapping`)).status).toBe(200);
    });

    it(`${kind}: an id the integer key cannot hold is not found, in _doc and in its _mget slot`, async (ctx) => {
      const name = indexOf(kind, ctx);
      const get = await api.call('GET', `/svc/${name}/_doc/3000000000`);
      expect(get.status).toBe(404);
      expect(get.body).toEqual({ _index: name, _id: '3000000000', found: false });
      const mget = await api.call('POST', '/svc/_mget', {
        docs: [
          { _index: name, _id: '3000000000' },
          { _index: name, _id: '2' },
          { _index: normal, _id: '1' },
        ],
      });
      expect(mget.status).toBe(200);
      expect(mget.body.docs.map((d: { found: boolean }) => d.found)).toEqual([false, true, true]);
      const ids = await api.call('POST', `/svc/${name}/_search`, {
        query: { ids: { values: ['3000000000', '4'] } },
      });
      expect(ids.status).toBe(200);
      expect(ids.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['4']);
    });

    it(`${kind}: a search_after value the sort field cannot take is a 400`, async (ctx) => {
      const name = indexOf(kind, ctx);
      const response = await api.call('POST', `/svc/${name}/_search`, {
        sort: [{ n: 'asc' }],
        search_after: ['1; DROP'],
      });
      expect(response.status).toBe(400);
      expect(response.body.error.root_cause[0]).toMatchObject({
        type: 'illegal_argument_exception',
        reason: 'Failed to parse search_after value for field [n].',
      });
      // Numeric text is a value, as in OpenSearch.
      const page = await api.call('POST', `/svc/${name}/_search`, {
        sort: [{ n: 'asc' }],
        search_after: ['25'],
      });
      expect(page.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['3', '4', '5']);
    });

    it(`${kind}: time values parse as OpenSearch parses them`, async (ctx) => {
      const name = indexOf(kind, ctx);
      for (const timeout of ['30d', '-1', '0', '5S', '1000000d']) {
        const response = await api.call('POST', `/svc/${name}/_search`, { size: 1, timeout });
        expect(response.status, timeout).toBe(200);
        expect(response.body.hits.total.value).toBe(5);
      }
      const fractional = await api.call('POST', `/svc/${name}/_search`, { timeout: '1.5s' });
      expect(fractional.status).toBe(400);
      expect(fractional.body.error.reason).toBe(
        'failed to parse [1.5s], fractional time values are not supported'
      );
      const unitless = await api.call('POST', `/svc/${name}/_search`, { timeout: '30' });
      expect(unitless.status).toBe(400);
      expect(unitless.body.error.reason).toBe(
        'failed to parse setting [timeout] with value [30] as a time value: unit is missing or unrecognized'
      );
    });

    it(`${kind}: long terms lists work within the database's parameter limit`, async (ctx) => {
      const name = indexOf(kind, ctx);
      // 70,000 values in one statement (two lists: one terms query may hold 65,536). PostgreSQL
      // and SQLite bind each list as one parameter; MySQL one per value (fewer here, for speed).
      const half = kind === 'mysql' ? 5_000 : 35_000;
      const list = (offset: number) => Array.from({ length: half }, (_, i) => (offset + i) * 2 + 2);
      const response = await api.call('POST', `/svc/${name}/_search`, {
        query: {
          bool: { should: [{ terms: { id: list(0) } }, { terms: { id: list(half).concat([1]) } }] },
        },
        sort: ['id'],
      });
      expect(response.status, response.text.slice(0, 300)).toBe(200);
      expect(response.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['1', '2', '4']);
    });
  }

  describe('terms and ids past every parameter limit, with maxTermsCount raised', () => {
    let raised: FederationApi;
    beforeAll(async () => {
      raised = await startFederationApi({ maxTermsCount: 100_000 });
    });
    afterAll(async () => {
      await raised?.close();
    });

    for (const kind of KINDS) {
      it(`${kind}: 70,000 terms and 70,000 ids find exactly the matching rows`, async (ctx) => {
        const name = indexOf(kind, ctx);
        // Past MySQL's and PostgreSQL's 65,535 parameters: one JSON or array parameter.
        const values = Array.from({ length: 70_000 }, (_, i) => i * 2 + 2);
        const terms = await raised.call('POST', `/svc/${name}/_search`, {
          query: { terms: { id: values } },
          sort: ['id'],
        });
        expect(terms.status, terms.text.slice(0, 300)).toBe(200);
        expect(terms.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['2', '4']);
        const ids = await raised.call('POST', `/svc/${name}/_search`, {
          query: { ids: { values: values.map(String).concat(['5']) } },
          sort: ['id'],
        });
        expect(ids.status, ids.text.slice(0, 300)).toBe(200);
        expect(ids.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['2', '4', '5']);
      });
    }

    it("mysql: 65,536 values are OpenSearch's 400 under the default maxTermsCount", async (ctx) => {
      const name = indexOf('mysql', ctx);
      const response = await api.call('POST', `/svc/${name}/_search`, {
        query: { terms: { id: Array.from({ length: 70_000 }, (_, i) => i) } },
      });
      expect(response.status).toBe(400);
      expect(response.text).toContain('65536');
    });
  });

  for (const kind of KINDS) {
    it(`${kind}: a search on a name OpenSearch could not hold is its 404`, async (ctx) => {
      const name = indexOf(kind, ctx);
      const response = await api.call('POST', `/svc/${name}%20/_search`, {});
      expect(response.status).toBe(404);
      expect(response.body.error.type).toBe('index_not_found_exception');
    });
  }

  // OpenSearch parses query_string text recursively: 5,000 nested groups killed its node with a
  // stack overflow. The text's groups count against maxQueryDepth before anything is forwarded.
  it('a query_string nested thousands of groups deep is a 400, and OpenSearch stays up', async () => {
    const deep = '('.repeat(5000) + 'x:1' + ')'.repeat(5000);
    const body = await api.call('POST', `/svc/${normal}/_search`, {
      query: { bool: { must: [{ query_string: { query: deep } }] } },
    });
    expect(body.status, body.text.slice(0, 300)).toBe(400);
    expect(body.body.error.reason).toContain('maxQueryDepth');
    const url = await api.call('POST', `/svc/${normal}/_search?q=${encodeURIComponent(deep)}`);
    expect(url.status, url.text.slice(0, 300)).toBe(400);
    expect(url.body.error.reason).toContain('[q]');
    const graph = await api.call('POST', '/svc/_graph', {
      model: { label: 'g', entities: [{ label: 'N', indices: [normal] }] },
      query: `SELECT n.x FROM "g" MATCH (n:N WHERE "${deep}")`,
    });
    expect(graph.status, graph.text.slice(0, 300)).toBe(400);
    expect(graph.body.error.reason).toContain('maxQueryDepth');
    const alive = await api.call('POST', `/svc/${normal}/_search`, {
      query: { query_string: { query: '((x:1))' } },
    });
    expect(alive.status).toBe(200);
    expect(alive.body.hits.total.value).toBe(1);
  });
});
