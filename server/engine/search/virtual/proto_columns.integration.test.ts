import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFederationApi, type FederationApi } from '../../../../test/support/in_process_host';
import {
  createVirtualTables,
  VIRTUAL_TABLE_KINDS,
  type VirtualTableKind,
  type VirtualTables,
} from '../../../../test/support/virtual_tables';

/**
 * Columns named `__proto__` and `constructor` (issue 20, defect 3): drivers build row objects by
 * assignment (better-sqlite3 lost the `__proto__` column's values) or refuse the name (mysql2:
 * every read a 502), and re-creating a virtual index read its concrete index's mapping through a
 * client that refuses the key (500). Each column is an ordinary field of every answer, with its
 * values, as an index with those fields would answer.
 */
const quote = (kind: VirtualTableKind, name: string) =>
  kind === 'mysql' ? `\`${name}\`` : `"${name}"`;
const TABLE = (kind: VirtualTableKind, table: string) => [
  `CREATE TABLE ${table} (id INTEGER PRIMARY KEY, ${quote(kind, '__proto__')} VARCHAR(20), ` +
    `${quote(kind, 'constructor')} INTEGER, name VARCHAR(20))`,
  `INSERT INTO ${table} (id, ${quote(kind, '__proto__')}, ${quote(kind, 'constructor')}, name) ` +
    `VALUES (1, 'b', 30, 'x'), (2, 'a', 10, 'y'), (3, 'b', 20, 'z')`,
];

/** The rows as `_source`, built from JSON text so `__proto__` is an own key here too. */
const SOURCES: Record<string, unknown> = JSON.parse(`{
  "1": {"id": 1, "__proto__": "b", "constructor": 30, "name": "x"},
  "2": {"id": 2, "__proto__": "a", "constructor": 10, "name": "y"},
  "3": {"id": 3, "__proto__": "b", "constructor": 20, "name": "z"}
}`);

/** What Object.prototype holds before the host runs: nothing may be added to it. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype);

describe('virtual indices over tables with __proto__ and constructor columns', () => {
  let api: FederationApi;
  let tables: VirtualTables;

  beforeAll(async () => {
    api = await startFederationApi();
    tables = await createVirtualTables(api, 'proto', TABLE);
  });

  afterAll(async () => {
    await tables?.remove();
    await api?.close();
    // This process hosted the server: no row reached a prototype.
    expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_KEYS);
    expect(Object.prototype.constructor).toBe(Object);
  });

  async function served(method: string, urlPath: string, body?: unknown): Promise<any> {
    const response = await api.call(method, urlPath, body);
    expect(response.status, `${urlPath}: ${response.text.slice(0, 300)}`).toBe(200);
    return response.body;
  }

  /** A `_source` with exactly `keys` as own keys and the row's values for them. */
  function expectSource(source: any, id: string, keys: string[]): void {
    expect(Object.getPrototypeOf(source)).toBe(Object.prototype);
    expect(Object.keys(source).sort()).toEqual([...keys].sort());
    const row = SOURCES[id] as Record<string, unknown>;
    for (const key of keys) {
      expect(Object.getOwnPropertyDescriptor(source, key)?.value, key).toBe(
        Object.getOwnPropertyDescriptor(row, key)?.value
      );
    }
  }

  const ids = (response: any) => response.hits.hits.map((h: { _id: string }) => h._id);
  const ALL = ['id', '__proto__', 'constructor', 'name'];

  for (const kind of VIRTUAL_TABLE_KINDS) {
    const indexOf = (ctx: { skip(reason: string): never }) => tables.indexOf(kind, ctx);

    it(`${kind}: the mapping names both columns`, async (ctx) => {
      const name = indexOf(ctx);
      const mapping = await served('GET', `/svc/${name}/_mapping`);
      const properties = mapping[name].mappings.properties;
      expect(Object.keys(properties).sort()).toEqual([...ALL].sort());
      expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({
        type: 'keyword',
      });
      const caps = await served('GET', `/svc/${name}/_field_caps?fields=*`);
      expect(Object.hasOwn(caps.fields, '__proto__')).toBe(true);
      expect(Object.hasOwn(caps.fields, 'constructor')).toBe(true);
    });

    it(`${kind}: hits carry the columns, filtered by _source`, async (ctx) => {
      const name = indexOf(ctx);
      const all = await served('POST', `/svc/${name}/_search`, { sort: ['id'] });
      expect(ids(all)).toEqual(['1', '2', '3']);
      for (const hit of all.hits.hits) expectSource(hit._source, hit._id, ALL);
      const included = await served('POST', `/svc/${name}/_search`, {
        sort: ['id'],
        _source: ['__proto__', 'name'],
      });
      for (const hit of included.hits.hits)
        expectSource(hit._source, hit._id, ['__proto__', 'name']);
      const excluded = await served('POST', `/svc/${name}/_search`, {
        sort: ['id'],
        _source: { excludes: ['constructor'] },
      });
      for (const hit of excluded.hits.hits) {
        expectSource(hit._source, hit._id, ['id', '__proto__', 'name']);
      }
    });

    it(`${kind}: queries, sorts and terms aggregations on the columns`, async (ctx) => {
      const name = indexOf(ctx);
      const term = await served('POST', `/svc/${name}/_search`, {
        // A computed key: `{ __proto__: x }` would set a prototype, not a field.
        query: { term: { ['__proto__']: 'b' } },
        sort: ['id'],
      });
      expect(ids(term)).toEqual(['1', '3']);
      const sorted = await served('POST', `/svc/${name}/_search`, {
        sort: [{ ['__proto__']: 'asc' }, { constructor: 'desc' }],
      });
      expect(ids(sorted)).toEqual(['2', '1', '3']);
      expect(sorted.hits.hits.map((h: { sort: unknown[] }) => h.sort)).toEqual([
        ['a', 10],
        ['b', 30],
        ['b', 20],
      ]);
      const aggs = await served('POST', `/svc/${name}/_search`, {
        size: 0,
        aggs: {
          protos: { terms: { field: '__proto__' } },
          constructors: { terms: { field: 'constructor', order: { _key: 'asc' } } },
        },
      });
      expect(aggs.aggregations.protos.buckets).toEqual([
        { key: 'b', doc_count: 2 },
        { key: 'a', doc_count: 1 },
      ]);
      expect(aggs.aggregations.constructors.buckets.map((b: { key: number }) => b.key)).toEqual([
        10, 20, 30,
      ]);
    });

    it(`${kind}: docvalue fields and highlights name the columns`, async (ctx) => {
      const name = indexOf(ctx);
      const found = await served('POST', `/svc/${name}/_search`, {
        query: { term: { ['__proto__']: 'b' } },
        sort: ['id'],
        stored_fields: ['*'],
        docvalue_fields: ['__proto__', 'constructor'],
        highlight: { fields: { '*': {} } },
      });
      const [first] = found.hits.hits;
      expect(Object.hasOwn(first, '_source')).toBe(false);
      expect(Object.getOwnPropertyDescriptor(first.fields, '__proto__')?.value).toEqual(['b']);
      expect(first.fields.constructor).toEqual([30]);
      expect(Object.getOwnPropertyDescriptor(first.highlight, '__proto__')?.value).toEqual([
        '<em>b</em>',
      ]);
    });

    it(`${kind}: _doc and _mget answer the rows`, async (ctx) => {
      const name = indexOf(ctx);
      const doc = await served('GET', `/svc/${name}/_doc/2`);
      expect(doc).toMatchObject({ _index: name, _id: '2', found: true });
      expectSource(doc._source, '2', ALL);
      const mget = await served('POST', '/svc/_mget', {
        docs: [
          { _index: name, _id: '3' },
          { _index: name, _id: '1' },
        ],
      });
      expectSource(mget.docs[0]._source, '3', ALL);
      expectSource(mget.docs[1]._source, '1', ALL);
    });

    it(`${kind}: deleted and created again over its concrete index, it answers as before`, async (ctx) => {
      const name = indexOf(ctx);
      // The concrete index stays behind with the columns in its mapping, which creation reads.
      expect((await api.call('DELETE', `/_svc/connector/index/${name}`)).status).toBe(200);
      const again = await api.call(
        'PUT',
        `/_svc/connector/index/${name}`,
        tables.definitionOf(kind)
      );
      expect(again.status, again.text.slice(0, 300)).toBe(201);
      const all = await served('POST', `/svc/${name}/_search`, { sort: ['id'] });
      for (const hit of all.hits.hits) expectSource(hit._source, hit._id, ALL);
    });

    it(`${kind}: /svc/_graph answers rows with the columns`, async (ctx) => {
      const name = indexOf(ctx);
      const graph = await served('POST', '/svc/_graph', {
        model: { label: 'g', entities: [{ label: 'N', indices: [name] }] },
        query: 'SELECT v, v.name FROM "g" MATCH (v:N) ORDER BY v.name',
      });
      expect(graph.rows.map((row: unknown[]) => row[1])).toEqual(['x', 'y', 'z']);
      for (const [v] of graph.rows) expectSource(v._source, v._id, ALL);
    });
  }
});
