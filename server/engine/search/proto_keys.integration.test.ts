import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../../../test/bed/context';
import { startFederationApi, type FederationApi } from '../../../test/support/in_process_host';

/**
 * Data is the user's: a document whose keys are `__proto__` and `constructor` (issue 20, defect 3)
 * is served as OpenSearch serves it, with the keys as ordinary own properties, on every route
 * that passes OpenSearch's answers on, and no object's prototype changes in the host. The
 * document is written as JSON text: a JS object literal with `__proto__` would set a prototype.
 */
const DOCUMENT = '{"__proto__": {"polluted": 1}, "constructor": {"prototype": 1}, "name": "x"}';

/** What Object.prototype holds before the host runs: nothing may be added to it. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

describe('documents holding __proto__ and constructor keys', () => {
  let api: FederationApi;
  const index = uniqueName('proto-keys');

  /** OpenSearch's own answer, parsed as JSON parses it (keys as own properties). */
  async function direct(method: string, path: string, body?: unknown): Promise<any> {
    const response = await fetch(`${openSearchUrl()}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return JSON.parse(await response.text());
  }

  /** Ours: a 200, parsed the same way. */
  async function served(method: string, path: string, body?: unknown): Promise<any> {
    const response = await api.call(method, path, body);
    expect(response.status, `${path}: ${response.text.slice(0, 300)}`).toBe(200);
    return response.body;
  }

  /** The document's `_source` as a JSON parser gives it: three own keys, none a prototype. */
  function expectSource(source: any): void {
    expect(Object.keys(source).sort()).toEqual(['__proto__', 'constructor', 'name']);
    expect(Object.getOwnPropertyDescriptor(source, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(Object.getOwnPropertyDescriptor(source, 'constructor')?.value).toEqual({
      prototype: 1,
    });
    expect(Object.getPrototypeOf(source)).toBe(Object.prototype);
  }

  beforeAll(async () => {
    api = await startFederationApi();
    await openSearchClient().transport.request({
      method: 'PUT',
      path: `/${index}/_doc/1`,
      querystring: { refresh: 'true' },
      body: DOCUMENT,
    });
  });

  afterAll(async () => {
    await api?.close();
    await openSearchClient().indices.delete({ index }, { ignore: [404] });
    // This process hosted the server: nothing the data held reached a prototype.
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_KEYS);
    expect(Object.prototype.constructor).toBe(Object);
  });

  it('_search answers the hits OpenSearch answers', async () => {
    const body = { query: { match_all: {} } };
    const ours = await served('POST', `/svc/${index}/_search`, body);
    const theirs = await direct('POST', `/${index}/_search`, body);
    expect(ours.hits).toEqual(theirs.hits);
    expectSource(ours.hits.hits[0]._source);
  });

  it('_search filters _source by the keys, as OpenSearch does', async () => {
    const body = { _source: ['__proto__.*', 'name'] };
    const ours = await served('POST', `/svc/${index}/_search`, body);
    const theirs = await direct('POST', `/${index}/_search`, body);
    expect(ours.hits).toEqual(theirs.hits);
    expect(Object.keys(ours.hits.hits[0]._source).sort()).toEqual(['__proto__', 'name']);
  });

  it('_doc and _mget answer the document as OpenSearch does', async () => {
    const doc = await served('GET', `/svc/${index}/_doc/1`);
    expect(doc).toEqual(await direct('GET', `/${index}/_doc/1`));
    expectSource(doc._source);
    const mget = await served('POST', '/svc/_mget', { docs: [{ _index: index, _id: '1' }] });
    expect(mget).toEqual(await direct('POST', '/_mget', { docs: [{ _index: index, _id: '1' }] }));
    expectSource(mget.docs[0]._source);
  });

  it('_mapping, _field_caps and the mapping of every index name the keys', async () => {
    const mapping = await served('GET', `/svc/${index}/_mapping`);
    expect(mapping).toEqual(await direct('GET', `/${index}/_mapping`));
    expect(Object.keys(mapping[index].mappings.properties).sort()).toEqual([
      '__proto__',
      'constructor',
      'name',
    ]);
    const caps = await served('GET', `/svc/${index}/_field_caps?fields=*`);
    expect(caps).toEqual(await direct('GET', `/${index}/_field_caps?fields=*`));
    expect(Object.hasOwn(caps.fields, '__proto__.polluted')).toBe(true);
    expect(Object.hasOwn(caps.fields, '__proto__')).toBe(true);
    // One such document must not break the listing of every index.
    const all = await served('GET', '/svc/*/_mapping');
    expect(all[index]).toEqual(mapping[index]);
  });

  it('/svc/_graph answers rows with the document and its fields', async () => {
    const graph = await served('POST', '/svc/_graph', {
      model: { label: 'g', entities: [{ label: 'N', indices: [index] }] },
      query: 'SELECT v, v.name FROM "g" MATCH (v:N)',
    });
    expect(graph.rows).toHaveLength(1);
    const [v, name] = graph.rows[0];
    expect(v).toMatchObject({ _index: index, _id: '1' });
    expectSource(v._source);
    expect(name).toBe('x');
  });
});
