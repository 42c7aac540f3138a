import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runSql } from '../../../test/bed/run_sql';
import { databaseSkip, openSearchClient, uniqueName } from '../../../test/bed/context';
import { jdbcFor, TEST_ENCRYPTION_KEY } from '../../../test/support/in_process_host';
import { FederationEngine } from '../federation_engine';
import { FederationRuntime } from '../federation_runtime';
import { parseSettings } from '../settings';
import type { Backend, BackendCall, BackendDocument } from './backend';
import type { DocumentStream } from './document_stream';
import type { FieldPredicate } from './field_predicate';
import { KeySetBuilder, type KeySet } from './key_set';

/**
 * The backend layer against real stores: a small OpenSearch index and a PostgreSQL virtual index
 * holding the same six people, read through `FederationEngine.backends` as graph/ and join/ do.
 */
const PEOPLE = [
  { id: 1, name: 'Ada', tag: 'b', n: 10, score: 1.5, active: true },
  { id: 2, name: 'Bob', tag: 'a', n: 20, score: 2.5, active: false },
  { id: 3, name: 'Cy', tag: 'b', n: 20, score: 1.5, active: true },
  { id: 4, name: 'Di', tag: 'c', n: 30, score: 3.5, active: false },
  { id: 5, name: 'Ed', tag: 'a', n: 40, score: 1.5, active: true },
  { id: 6, name: 'Flo', tag: 'c', n: 50, score: 4.5, active: true },
];

const settings = parseSettings({ encryptionKey: TEST_ENCRYPTION_KEY });
let runtime: FederationRuntime;
let engine: FederationEngine;

beforeAll(() => {
  runtime = new FederationRuntime(openSearchClient(), settings);
  engine = new FederationEngine(runtime, openSearchClient());
});
afterAll(async () => {
  await runtime?.close();
});

const keysOf = (set: KeySet) => Array.from(set.values as ArrayLike<number | string>);
const options = (trace?: BackendCall[]) => ({
  limit: 100,
  describe: 'the test read',
  ...(trace ? { trace: (call: BackendCall) => trace.push(call) } : {}),
});

async function all(stream: AsyncIterable<BackendDocument>): Promise<BackendDocument[]> {
  const docs: BackendDocument[] = [];
  for await (const doc of stream) docs.push(doc);
  return docs;
}

function keySet(values: Array<number | string>): KeySet {
  const builder = new KeySetBuilder(100, 'test keys');
  values.forEach((v) => builder.add(v));
  return builder.build();
}

describe('the OpenSearch backend', () => {
  const index = uniqueName('backends-os');
  const other = uniqueName('backends-os-other');
  let backend: Backend;

  beforeAll(async () => {
    const client = openSearchClient();
    await client.indices.create({
      index,
      body: {
        mappings: {
          properties: {
            id: { type: 'long' },
            name: { type: 'text', fields: { keyword: { type: 'keyword' } } },
            tag: { type: 'keyword' },
            n: { type: 'long' },
            score: { type: 'float' },
            active: { type: 'boolean' },
          },
        },
      },
    });
    await client.indices.create({
      index: other,
      body: { mappings: { properties: { n: { type: 'keyword' } } } },
    });
    await client.bulk({
      refresh: true,
      body: PEOPLE.flatMap((p) => [{ index: { _index: index, _id: `p${p.id}` } }, p]),
    });
    backend = await engine.backends.open([index]);
  });
  afterAll(async () => {
    await openSearchClient().indices.delete({ index: [index, other] }, { ignore: [404] });
  });

  it('reports field types from the mapping', async () => {
    expect(backend.kind).toBe('opensearch');
    expect(await backend.fieldType('n')).toBe('long');
    expect(await backend.fieldType('name')).toBe('text');
    expect(await backend.fieldType('name.keyword')).toBe('keyword');
    expect(await backend.fieldType('_id')).toBe('keyword');
    expect(await backend.fieldType('missing')).toBeNull();
    const both = await engine.backends.open([index, other]);
    expect(await both.fieldType('n')).toBe('conflict');
  });

  it('counts, with the preference and every request in the trace', async () => {
    const trace: BackendCall[] = [];
    const count = await backend.count(
      { range: { n: { gte: 20 } } },
      { preference: '_local', trace: (call) => trace.push(call) }
    );
    expect(count).toBe(5);
    expect(trace).toEqual([
      {
        kind: 'search',
        method: 'POST',
        path: `/${index}/_count`,
        querystring: { preference: '_local' },
        body: { query: { range: { n: { gte: 20 } } } },
      },
    ]);
  });

  it('streams distinct keys, sorted, for numbers, keywords and _id', async () => {
    expect(keysOf(await backend.distinctKeys('n', { match_all: {} }, options()))).toEqual([
      10, 20, 30, 40, 50,
    ]);
    expect(
      keysOf(await backend.distinctKeys('tag', { term: { active: true } }, options()))
    ).toEqual(['a', 'b', 'c']);
    const trace: BackendCall[] = [];
    const ids = await backend.distinctKeys('_id', { range: { n: { lte: 30 } } }, options(trace));
    expect(ids.kind).toBe('keyword');
    expect(keysOf(ids)).toEqual(['p1', 'p2', 'p3', 'p4']);
    // `_id` takes no aggregation: the ids come from a point in time, without `_source`.
    expect(trace[0]).toMatchObject({ path: `/${index}/_search/point_in_time` });
    expect(trace[1]).toMatchObject({ path: '/_search', body: { _source: false } });
    await expect(
      backend.distinctKeys('_id', { match_all: {} }, { limit: 3, describe: 'the test read' })
    ).rejects.toThrow(/^the test read has more than 3 distinct keys/);
    await expect(
      backend.distinctKeys('n', { match_all: {} }, { limit: 3, describe: 'the test read' })
    ).rejects.toThrow(/^the test read has more than 3 distinct keys/);
  });

  it('turns keys into the filter OpenSearch evaluates best', async () => {
    expect(await backend.keyFilter('n', keySet([]))).toEqual({
      filter: { match_none: {} },
      form: 'none',
    });
    const numbers = await backend.keyFilter('n', keySet([20, 50, 99]));
    expect(numbers.form).toBe('bitmap'); // OpenSearch 3 takes RoaringBitmaps on long fields
    expect(await backend.count(numbers.filter)).toBe(3);
    const ids = await backend.keyFilter('_id', keySet(['p1', 'p6', 'nope']));
    expect(ids.form).toBe('ids');
    expect(await backend.count(ids.filter)).toBe(2);
    const words = await backend.keyFilter('tag', keySet(['a', 'c']));
    expect(words.form).toBe('terms');
    expect(await backend.count(words.filter)).toBe(4);
  });

  it('takes what it evaluates exactly and hands back the rest', async () => {
    const predicate: FieldPredicate = {
      kind: 'and',
      operands: [
        { kind: 'compare', field: 'name', operator: '<>', value: 'Bob' }, // text: via name.keyword
        { kind: 'compare', field: 'score', operator: '=', value: 1.5 }, // float: stays
        { kind: 'compare', field: 'n', operator: '>=', value: 20 },
      ],
    };
    const { pushed, remaining } = await backend.applyFilter(predicate);
    expect(remaining).toEqual({ kind: 'compare', field: 'score', operator: '=', value: 1.5 });
    expect(await backend.count(pushed)).toBe(4); // Cy, Di, Ed, Flo
    const whole = await backend.applyFilter({
      kind: 'or',
      operands: [
        { kind: 'in', field: 'tag', values: ['a'] },
        { kind: 'not', operand: { kind: 'exists', field: 'active' } },
      ],
    });
    expect(whole.remaining).toBeNull();
    expect(await backend.count(whole.pushed)).toBe(2);
  });

  it('streams documents from a point in time, with fields and limit, closing it', async () => {
    const trace: BackendCall[] = [];
    const stream = backend.documents(
      { range: { n: { gte: 20 } } },
      { fields: ['name', 'n'], limit: 3, preference: '_local', trace: (c) => trace.push(c) }
    ) as DocumentStream;
    const docs = await all(stream);
    expect(docs).toHaveLength(3);
    expect(stream.truncated).toBe(true);
    for (const doc of docs) {
      expect(doc._index).toBe(index);
      expect(Object.keys(doc._source).sort()).toEqual(['n', 'name']);
    }
    expect(trace[0]).toMatchObject({
      path: `/${index}/_search/point_in_time`,
      querystring: { preference: '_local' },
    });
    const pitId = (trace[1] as { body: { pit: { id: string } } }).body.pit.id;
    const open = await openSearchClient().transport.request({
      method: 'GET',
      path: '/_search/point_in_time/_all',
    });
    const ids = ((open.body as { pits?: Array<{ pit_id: string }> }).pits ?? []).map(
      (p) => p.pit_id
    );
    expect(ids).not.toContain(pitId);

    const everything = backend.documents({ match_all: {} }, {}) as DocumentStream;
    const read = await all(everything);
    expect(read.map((d) => d._id).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(read.find((d) => d._id === 'p4')!._source).toEqual(PEOPLE[3]);
    expect(everything.truncated).toBe(false);
  });

  it('reads a few expected documents in one plain search, and a wrong hint through a PIT', async () => {
    const trace: BackendCall[] = [];
    const few = backend.documents(
      { range: { n: { gte: 20 } } },
      { ordered: false, expectedDocuments: 2, limit: 10, trace: (c) => trace.push(c) }
    ) as DocumentStream;
    const fewDocs = await all(few);
    const expected = PEOPLE.filter((p) => p.n >= 20).map((p) => `p${p.id}`);
    expect(fewDocs.map((d) => d._id).sort()).toEqual(expected.sort());
    expect(few.truncated).toBe(false);
    expect(trace.map((c) => (c as { path: string }).path)).toEqual([`/${index}/_search`]);

    // The hint says 1, the limit allows 2 and 5 match: the full page sends it to a PIT, which
    // reads from the start and reports the cut.
    trace.length = 0;
    const wrong = backend.documents(
      { range: { n: { gte: 20 } } },
      { ordered: false, expectedDocuments: 1, limit: 2, trace: (c) => trace.push(c) }
    ) as DocumentStream;
    expect(await all(wrong)).toHaveLength(2);
    expect(wrong.truncated).toBe(true);
    expect(trace.map((c) => (c as { path: string }).path)).toEqual([
      `/${index}/_search`,
      `/${index}/_search/point_in_time`,
      '/_search',
    ]);
  });
});

describe.skipIf(databaseSkip('postgres'))('the virtual-index backend (PostgreSQL)', () => {
  const table = uniqueName('backends_people').replace(/-/g, '_');
  const datasource = uniqueName('backends-ds');
  const people = uniqueName('backends-vi');
  const unkeyed = uniqueName('backends-vi-nokey');
  let url: string;
  let backend: Backend;

  beforeAll(async () => {
    url = inject('postgresUrl')!;
    await runSql('postgres', url, [
      `CREATE TABLE ${table} (id bigint PRIMARY KEY, name text, tag text, n bigint, score double precision, active boolean)`,
      `INSERT INTO ${table} VALUES ${PEOPLE.map(
        (p) => `(${p.id}, '${p.name}', '${p.tag}', ${p.n}, ${p.score}, ${p.active})`
      ).join(', ')}`,
    ]);
    await engine.datasources.put(datasource, { jdbc: jdbcFor('postgres', url) });
    await engine.virtualIndices.put(people, { datasource, resource: table, key: 'id' });
    await engine.virtualIndices.put(unkeyed, { datasource, resource: table });
    backend = await engine.backends.open([people]);
  });
  afterAll(async () => {
    for (const name of [people, unkeyed])
      await engine.virtualIndices.delete(name).catch(() => undefined);
    await engine.datasources.delete(datasource).catch(() => undefined);
    await openSearchClient().indices.delete({ index: [people, unkeyed] }, { ignore: [404] });
    if (url) await runSql('postgres', url, [`DROP TABLE IF EXISTS ${table}`]);
  });

  it('reports column types, `_id` being the key column', async () => {
    expect(backend.kind).toBe('virtual');
    expect(await backend.fieldType('n')).toBe('long');
    expect(await backend.fieldType('tag')).toBe('keyword');
    expect(await backend.fieldType('score')).toBe('double');
    expect(await backend.fieldType('_id')).toBe('long');
    expect(await backend.fieldType('missing')).toBeNull();
    expect(await (await engine.backends.open([unkeyed])).fieldType('_id')).toBeNull();
  });

  it('refuses names that mix virtual and OpenSearch indices', async () => {
    await expect(engine.backends.open([people, 'some-opensearch-index'])).rejects.toThrow(
      /cannot mix virtual indices/
    );
  });

  it('counts with one statement per index, traced', async () => {
    const trace: BackendCall[] = [];
    expect(
      await backend.count({ range: { n: { gte: 20 } } }, { trace: (c) => trace.push(c) })
    ).toBe(5);
    expect(trace).toEqual([
      {
        kind: 'sql',
        datasource,
        sql: expect.stringMatching(/^SELECT COUNT\(\*\) AS total FROM .* WHERE /),
        params: [20],
      },
    ]);
  });

  it('streams distinct keys of integer and text columns, and of `_id`', async () => {
    expect(keysOf(await backend.distinctKeys('n', { match_all: {} }, options()))).toEqual([
      10, 20, 30, 40, 50,
    ]);
    expect(
      keysOf(await backend.distinctKeys('tag', { term: { active: true } }, options()))
    ).toEqual(['a', 'b', 'c']);
    expect(
      keysOf(await backend.distinctKeys('_id', { range: { n: { lte: 20 } } }, options()))
    ).toEqual([1, 2, 3]);
    await expect(
      backend.distinctKeys('n', { match_all: {} }, { limit: 2, describe: 'the test read' })
    ).rejects.toThrow(/^the test read has more than 2 distinct keys/);
  });

  it('reads distinct keys in one statement as they arrive, stopping at the limit', async () => {
    const calls: BackendCall[] = [];
    expect(keysOf(await backend.distinctKeys('n', { match_all: {} }, options(calls)))).toEqual([
      10, 20, 30, 40, 50,
    ]);
    expect(calls).toHaveLength(1);
    expect((calls[0] as { sql: string }).sql).toMatch(/^SELECT DISTINCT .* ORDER BY /);
    await expect(
      backend.distinctKeys('n', { match_all: {} }, { limit: 2, describe: 'the test read' })
    ).rejects.toThrow(/^the test read has more than 2 distinct keys/);
    // The read that stopped freed its connection.
    expect(keysOf(await backend.distinctKeys('n', { match_all: {} }, options([])))).toHaveLength(5);
  });

  it('filters by keys through the SQL translator', async () => {
    const numbers = await backend.keyFilter('n', keySet([20, 50]));
    expect(numbers).toEqual({ filter: { terms: { n: [20, 50] } }, form: 'terms' });
    expect(await backend.count(numbers.filter)).toBe(3);
    const ids = await backend.keyFilter('_id', keySet([1, 6, 9]));
    expect(ids.form).toBe('ids');
    expect(await backend.count(ids.filter)).toBe(2);
    expect((await backend.keyFilter('n', keySet([]))).form).toBe('none');
  });

  it('pushes what SQL translates and hands back what it refuses', async () => {
    const predicate: FieldPredicate = {
      kind: 'and',
      operands: [
        { kind: 'compare', field: 'score', operator: '=', value: 1.5 },
        { kind: 'prefix', field: 'name', value: 'E' },
        // A word is no boolean: the translator refuses it, so the caller compares it.
        { kind: 'compare', field: 'active', operator: '<', value: 'soon' },
      ],
    };
    const { pushed, remaining } = await backend.applyFilter(predicate);
    expect(remaining).toEqual(predicate.kind === 'and' ? predicate.operands[2] : null);
    expect(await backend.count(pushed)).toBe(1); // Ed
  });

  it('streams documents in key order, with fields and limit', async () => {
    const trace: BackendCall[] = [];
    const stream = backend.documents(
      { range: { n: { gte: 20 } } },
      { fields: ['name'], limit: 2, trace: (c) => trace.push(c) }
    ) as DocumentStream;
    expect(await all(stream)).toEqual([
      { _index: people, _id: '2', _source: { name: 'Bob' } },
      { _index: people, _id: '3', _source: { name: 'Cy' } },
    ]);
    expect(stream.truncated).toBe(true);
    expect(trace).toEqual([
      // One row past the limit tells a cut stream from one that just fits.
      {
        kind: 'sql',
        datasource,
        sql: expect.stringMatching(/ORDER BY "id" LIMIT 3$/),
        params: [20],
      },
    ]);
    const everything = backend.documents({ match_all: {} }, {}) as DocumentStream;
    const docs = await all(everything);
    expect(docs.map((d) => d._id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(docs[3]._source).toEqual(PEOPLE[3]);
    expect(everything.truncated).toBe(false);
  });
});
