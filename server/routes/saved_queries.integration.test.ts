import { randomBytes } from 'crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBadRequest } from '../../test/support/bad_request';
import { SAVED_QUERY_INDEX } from '../../common/saved_query_types';
import { openSearchClient, uniqueName } from '../../test/bed/context';
import { startFederationApi, type FederationApi } from '../../test/support/in_process_host';
import { IndexSavedQueryStore } from '../engine/saved_queries/index_saved_query_store';
import { OpenSearchGateway } from '../engine/opensearch/opensearch_gateway';
import { SAVED_QUERIES } from '../../test/support/api_paths';

/** A model `/svc/_graph` accepts. */
const model = {
  label: 'shop',
  entities: [
    { label: 'Customer', indices: ['customers'] },
    { label: 'Order', indices: ['orders'] },
  ],
  relations: [
    {
      label: 'PLACED',
      from: { entity: 'Order', field: 'customer_id' },
      to: { entity: 'Customer' },
    },
  ],
};

/**
 * The saved GQL query routes of the standalone host, against the real OpenSearch: documents of
 * the hidden system index `.federation-saved-queries`, in OpenSearch's document-API shapes.
 */
describe('saved GQL queries (standalone: hidden index)', () => {
  let api: FederationApi;
  // A word no other saved query holds, so searches see only this run's queries.
  const word = `zq${randomBytes(4).toString('hex')}`;
  const id = (name: string) => `${word}-${name}`;
  const created: string[] = [];

  const put = async (name: string, body: unknown) => {
    const response = await api.call('PUT', `${SAVED_QUERIES}/${id(name)}`, body);
    if (response.status < 300) created.push(id(name));
    return response;
  };
  const body = (title: string, extra: Record<string, unknown> = {}) => ({
    title,
    query: 'SELECT c.name FROM "shop" MATCH (o:Order)-[:PLACED]->(c:Customer)',
    model,
    ...extra,
  });
  const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

  beforeAll(async () => {
    api = await startFederationApi();
  });

  afterAll(async () => {
    for (const name of created) await api?.call('DELETE', `${SAVED_QUERIES}/${name}`);
    await api?.close();
  });

  it('creates, reads, replaces and deletes a query in OpenSearch’s document shapes', async () => {
    const first = await put('crud', body(`${word} Orders per customer`, { description: 'first' }));
    expect(first.status, first.text).toBe(201);
    expect(first.body).toEqual({
      _index: SAVED_QUERY_INDEX,
      _id: id('crud'),
      _version: 1,
      _seq_no: expect.any(Number),
      _primary_term: expect.any(Number),
      result: 'created',
    });

    const read = await api.call('GET', `${SAVED_QUERIES}/${id('crud')}`);
    expect(read.status, read.text).toBe(200);
    expect(read.body).toMatchObject({
      _index: SAVED_QUERY_INDEX,
      _id: id('crud'),
      _version: 1,
      found: true,
      _source: { ...body(`${word} Orders per customer`), description: 'first' },
    });
    expect(Date.parse(read.body._source.updated_at)).toBeGreaterThan(Date.now() - 60_000);

    // Replacing drops what the new body leaves out (the description), as a PUT of a document does.
    const second = await put('crud', body(`${word} Orders per customer, renamed`));
    expect(second.status, second.text).toBe(200);
    expect(second.body).toMatchObject({ _id: id('crud'), _version: 2, result: 'updated' });
    const reread = await api.call('GET', `${SAVED_QUERIES}/${id('crud')}`);
    expect(reread.body._source.title).toBe(`${word} Orders per customer, renamed`);
    expect(reread.body._source).not.toHaveProperty('description');

    const deleted = await api.call('DELETE', `${SAVED_QUERIES}/${id('crud')}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toMatchObject({ _id: id('crud'), result: 'deleted', _version: 3 });
  });

  it('answers 404 in OpenSearch’s error format, naming the id, for a missing query', async () => {
    for (const method of ['GET', 'DELETE']) {
      const missing = await api.call(method, `${SAVED_QUERIES}/${id('never-saved')}`);
      expect(missing.status, missing.text).toBe(404);
      expect(missing.body).toEqual({
        status: 404,
        error: {
          root_cause: [
            {
              type: 'resource_not_found_exception',
              reason: `saved query [${id('never-saved')}] does not exist`,
              saved_query: id('never-saved'),
            },
          ],
          type: 'resource_not_found_exception',
          reason: `saved query [${id('never-saved')}] does not exist`,
          saved_query: id('never-saved'),
        },
      });
    }
  });

  it('searches title and description by words and prefixes, newest first, with a total', async () => {
    expect(
      (await put('alpha', body(`${word} Alpha revenue`, { description: 'quarterly' }))).status
    ).toBe(201);
    await pause();
    expect(
      (await put('beta', body(`${word} Beta churn`, { description: 'monthly revenue' }))).status
    ).toBe(201);
    await pause();
    expect((await put('gamma', body(`${word} Gamma sign-ups`))).status).toBe(201);

    const search = async (params: string) => {
      const response = await api.call('GET', `${SAVED_QUERIES}/_search?${params}`);
      expect(response.status, response.text).toBe(200);
      return response.body;
    };
    const ids = (answer: any) => answer.hits.hits.map((h: any) => h._id);

    const all = await search(`q=${word}`);
    expect(all.hits.total).toEqual({ value: 3, relation: 'eq' });
    expect(ids(all)).toEqual([id('gamma'), id('beta'), id('alpha')]);
    // A list carries what a list shows; the query and model come with the saved query itself.
    expect(all.hits.hits[0]).toEqual({
      _index: SAVED_QUERY_INDEX,
      _id: id('gamma'),
      _version: 1,
      _seq_no: expect.any(Number),
      _primary_term: expect.any(Number),
      _score: null,
      _source: { title: `${word} Gamma sign-ups`, updated_at: expect.any(String) },
    });
    expect(all.hits.hits[1]._source).toEqual({
      title: `${word} Beta churn`,
      description: 'monthly revenue',
      updated_at: expect.any(String),
    });

    // A word in the description counts; a prefix matches while the user types; all words must.
    expect(ids(await search(`q=${word}+revenue`))).toEqual([id('beta'), id('alpha')]);
    expect(ids(await search(`q=${word}+REV`))).toEqual([id('beta'), id('alpha')]);
    expect(ids(await search(`q=${word}+quarter`))).toEqual([id('alpha')]);
    expect(ids(await search(`q=${word}+nothing`))).toEqual([]);
    // Words are cut as the analyzer cuts them: a hyphenated prefix still matches.
    expect(ids(await search(`q=${word}+SIGN-UP`))).toEqual([id('gamma')]);

    // Paging keeps the total.
    const page = await search(`q=${word}&from=1&size=1`);
    expect(page.hits.total.value).toBe(3);
    expect(ids(page)).toEqual([id('beta')]);
    const countOnly = await search(`q=${word}&size=0`);
    expect(countOnly.hits).toMatchObject({ total: { value: 3 }, hits: [] });

    // No `q`: everything, newest first (ours are the newest).
    const everything = await search('size=3');
    expect(everything.hits.total.value).toBeGreaterThanOrEqual(3);
    const stamps = everything.hits.hits.map((h: any) => h._source.updated_at);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('lists large saved queries in small bodies, and reads each one whole by its id', async () => {
    // 20 models of about 200 KB each (under maxGraphModelBytes): 4 MB that a list never carries.
    const large = (n: number) => ({
      label: 'shop',
      entities: Array.from({ length: 400 }, (_, i) => ({
        label: `E${i}_${'x'.repeat(480)}`,
        indices: [`orders-${n}`],
      })),
    });
    const modelBytes = Buffer.byteLength(JSON.stringify(large(0)));
    expect(modelBytes).toBeGreaterThan(190_000);
    const names = Array.from({ length: 20 }, (_, i) => `large-${i}`);
    for (const [i, name] of names.entries()) {
      const saved = await put(name, body(`${word} large ${i}`, { model: large(i) }));
      expect(saved.status, saved.text).toBe(201);
    }

    const list = await api.call('GET', `${SAVED_QUERIES}/_search?q=${word}+large&size=20`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.hits.total.value).toBe(20);
    expect(list.body.hits.hits).toHaveLength(20);
    for (const hit of list.body.hits.hits) {
      expect(Object.keys(hit._source).sort()).toEqual(['title', 'updated_at']);
    }
    console.info(`a page of 20 saved queries: ${Buffer.byteLength(list.text)} bytes`);
    // The page is a few KB: far below even one model (it was the 20 models, about 4 MB).
    expect(Buffer.byteLength(list.text)).toBeLessThan(modelBytes / 20);

    const one = await api.call('GET', `${SAVED_QUERIES}/${id('large-7')}`);
    expect(one.status, one.text).toBe(200);
    expect(one.body._source).toEqual({
      ...body(`${word} large 7`, { model: large(7) }),
      updated_at: expect.any(String),
    });
  }, 120_000);

  it('refuses a saved model past the graph model bounds, naming the field and the setting', async () => {
    const entity = (i: number) => ({ label: `E${i}`, indices: ['orders'] });
    expectBadRequest(
      await put(
        'too-many',
        body('ok', {
          model: { label: 'g', entities: Array.from({ length: 501 }, (_, i) => entity(i)) },
        })
      ),
      '[model.entities] holds 501 entities',
      'setting maxGraphModelEntities'
    );
    expectBadRequest(
      await put(
        'too-large',
        body('ok', {
          model: { label: 'g', entities: [{ label: 'x'.repeat(300_000), indices: ['o'] }] },
        })
      ),
      '[model] is larger than the 262144 bytes',
      'setting maxGraphModelBytes'
    );
    expect((await api.call('GET', `${SAVED_QUERIES}/${id('too-many')}`)).status).toBe(404);

    // The configured settings, as /svc/_graph applies them.
    const strict = await startFederationApi({ maxGraphModelEntities: 1 });
    try {
      const refused = await strict.call('PUT', `${SAVED_QUERIES}/${id('strict')}`, body('ok'));
      expectBadRequest(
        refused,
        '[model.entities] holds 2 entities, more than the 1',
        'setting maxGraphModelEntities'
      );
    } finally {
      await strict.close();
    }
  });

  it('refuses bad bodies with a 400 that names the field', async () => {
    expectBadRequest(await put('bad', { query: 'x', model }), '[title]', 'is required');
    expectBadRequest(
      await put('bad', body('ok', { owner: 'me', x: 1 })),
      '[owner], [x] not a field'
    );
    expectBadRequest(await put('bad', body('   ')), '[title]', 'must not be empty');
    expectBadRequest(await put('bad', body('t'.repeat(257))), '[title]', 'at most 256');
    expectBadRequest(await put('bad', body('ok', { query: '' })), '[query]', 'must not be empty');
    expectBadRequest(await put('bad', body('ok', { description: 7 })), '[description]');
    expectBadRequest(await put('bad', body('ok', { model: 'graph' })), '[model]', 'JSON object');
    expectBadRequest(await put('bad', { title: 'ok', query: 'x' }), '[model]', 'is required');
    expectBadRequest(await put('bad', body('ok', { owner: 'me' })), 'owner');
    // The model is checked by the graph engine's parser: the error gives its JSON path.
    expectBadRequest(
      await put(
        'bad',
        body('ok', { model: { ...model, entities: [{ label: 'A', indices: [] }] } })
      ),
      '[model.entities[0].indices]'
    );
    expectBadRequest(
      await put(
        'bad',
        body('ok', {
          model: {
            ...model,
            relations: [{ label: 'R', from: { entity: 'Nope' }, to: { entity: 'Customer' } }],
          },
        })
      ),
      'Nope'
    );
    expectBadRequest(await put('bad', '{"title": '));
    expect((await api.call('PUT', `${SAVED_QUERIES}/${id('bad')}`)).status).toBe(400);
    expect((await api.call('GET', `${SAVED_QUERIES}/${id('bad')}`)).status).toBe(404);
  });

  it('refuses bad ids and search parameters, naming them', async () => {
    expectBadRequest(
      await api.call('PUT', `${SAVED_QUERIES}/_hidden`, body('ok')),
      '[_hidden]',
      'saved query id'
    );
    expectBadRequest(
      await api.call('GET', `${SAVED_QUERIES}/${'x'.repeat(129)}`),
      'saved query id'
    );
    expectBadRequest(await api.call('DELETE', `${SAVED_QUERIES}/a%20b`), '[a b]');
    expectBadRequest(await api.call('GET', `${SAVED_QUERIES}/_search?from=-1`), '[from]');
    expectBadRequest(await api.call('GET', `${SAVED_QUERIES}/_search?size=abc`), '[size]');
    expectBadRequest(await api.call('GET', `${SAVED_QUERIES}/_search?size=1001`), '[size]', '1000');
    expectBadRequest(
      await api.call('GET', `${SAVED_QUERIES}/_search?from=9999&size=2`),
      '[from] + [size]'
    );
    expectBadRequest(await api.call('GET', `${SAVED_QUERIES}/_search?q=a&q=b`), '[q]');
    expectBadRequest(
      await api.call('GET', `${SAVED_QUERIES}/_search?sort=title`),
      '[sort] unrecognized'
    );
  });

  it('keeps them in a hidden system index that /svc refuses', async () => {
    expect((await put('private', body(`${word} private`))).status).toBe(201);
    const client = openSearchClient();
    const settings = await client.indices.getSettings({ index: SAVED_QUERY_INDEX });
    expect(settings.body[SAVED_QUERY_INDEX].settings?.index?.hidden).toBe('true');
    const mapping = await client.indices.getMapping({ index: SAVED_QUERY_INDEX });
    expect(mapping.body[SAVED_QUERY_INDEX].mappings.dynamic).toBe('strict');

    for (const path of [
      `/svc/${SAVED_QUERY_INDEX}/_search`,
      `/svc/${SAVED_QUERY_INDEX}/_doc/${id('private')}`,
      `/svc/${SAVED_QUERY_INDEX}/_mapping`,
      `/svc/.FEDERATION-saved-queries/_search`,
    ]) {
      const refused = await api.call(
        path.endsWith('_search') ? 'POST' : 'GET',
        path,
        path.endsWith('_search') ? {} : undefined
      );
      expect(refused.status, `${path}: ${refused.text}`).toBe(403);
      expect(refused.body.error.type).toBe('security_exception');
    }
    // Wildcards never reach it, even with hidden indices asked for.
    const wide = await api.call('POST', '/svc/*/_search?expand_wildcards=all', {
      query: { match: { title: word } },
    });
    expect(wide.status, wide.text).toBe(200);
    expect(wide.body.hits.hits.map((h: any) => h._index)).not.toContain(SAVED_QUERY_INDEX);
    const resolved = await api.call('GET', '/svc/_resolve/index/*?expand_wildcards=all');
    expect(resolved.status, resolved.text).toBe(200);
    expect(resolved.body.indices.map((i: any) => i.name)).not.toContain(SAVED_QUERY_INDEX);
  });

  it('creates its index on demand, hidden, when several servers race to create it', async () => {
    const index = uniqueName('saved-queries');
    const gateway = new OpenSearchGateway(openSearchClient());
    const stores = [0, 1, 2].map(() => new IndexSavedQueryStore(gateway, index));
    try {
      const results = await Promise.all(
        stores.map((store, i) => store.put(`race-${i}`, { title: `race ${i}`, query: 'q', model }))
      );
      expect(results.map((r) => r.result)).toEqual(['created', 'created', 'created']);
      const settings = await openSearchClient().indices.getSettings({ index });
      expect(settings.body[index].settings?.index?.hidden).toBe('true');
      const page = await stores[0].search({ from: 0, size: 10 });
      expect(page.total).toBe(3);
    } finally {
      await openSearchClient().indices.delete({ index }, { ignore: [404] });
    }
  });
});
