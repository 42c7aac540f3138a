import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../../../test/bed/context';
import {
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../../../test/support/in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from '../../../test/support/api_paths';

/** Rows of the SQLite table; the bucket limit below is set just under it. */
const ROWS = 50;

/**
 * Issue 8, defects 6 and 7: every search option on a virtual index is honoured or refused by
 * name (never silently ignored), and OpenSearch's limits hold on virtual and normal indices.
 */
describe('search options and limits', () => {
  let api: FederationApi;
  const datasource = uniqueName('opt-ds');
  const vi = uniqueName('opt-vi');
  const normal = uniqueName('opt-normal');
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    api = await startFederationApi({ maxBuckets: ROWS - 5 });
    const dir = mkdtempSync(path.join(tmpdir(), 'federation-opt-'));
    const db = new Database(path.join(dir, 'data.sqlite'));
    db.exec(`CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT, n INTEGER);
      INSERT INTO t (id, k, n)
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${ROWS})
        SELECT x, 'k' || x, x % 3 FROM c;`);
    db.close();
    const ds = await api.call('PUT', `${DATASOURCES}/${datasource}`, {
      jdbc: sqliteJdbc(path.join(dir, 'data.sqlite')),
    });
    expect(ds.status, ds.text).toBe(201);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    const put = await api.call('PUT', `${VIRTUAL_INDICES}/${vi}`, {
      datasource,
      resource: 't',
      key: 'id',
    });
    expect(put.status, put.text).toBe(201);
    cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${vi}`));
    await openSearchClient().index({ index: normal, id: '1', body: { k: 'a' }, refresh: true });
    cleanups.push(() => openSearchClient().indices.delete({ index: normal }));
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api?.close();
  });

  const search = (index: string, query: string, body?: unknown) =>
    api.call('POST', `/svc/${index}/_search${query}`, body);

  describe('defect 6: options on virtual indices', () => {
    it('honours q, _source_includes, rest_total_hits_as_int and min_score', async () => {
      const q = await search(vi, '?q=id:7&_source_includes=k&rest_total_hits_as_int=true');
      expect(q.status, q.text).toBe(200);
      expect(q.body.hits.total).toBe(1);
      expect(q.body.hits.hits).toEqual([
        expect.objectContaining({ _id: '7', _source: { k: 'k7' } }),
      ]);
      const above = await search(vi, '', { min_score: 1.5, aggs: { c: { max: { field: 'n' } } } });
      expect(above.status, above.text).toBe(200);
      expect(above.body.hits.total).toEqual({ value: 0, relation: 'eq' });
      expect(above.body.aggregations.c.value).toBeNull();
      const below = await search(vi, '', { min_score: 1, size: 0 });
      expect(below.body.hits.total).toEqual({ value: ROWS, relation: 'eq' });
    });

    it('translates q with query syntax as a query_string, df and default_operator included', async () => {
      const ranged = await search(
        vi,
        `?q=${encodeURIComponent('id:[2 TO 4] AND NOT n:0')}&sort=id:asc`
      );
      expect(ranged.status, ranged.text).toBe(200);
      expect(ranged.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['2', '4']);
      const viaDf = await search(vi, `?q=${encodeURIComponent('k1 OR k2')}&df=k&sort=id:asc`);
      expect(viaDf.status, viaDf.text).toBe(200);
      expect(viaDf.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['1', '2']);
      const fuzzy = await search(vi, `?q=${encodeURIComponent('k:k1~')}`);
      expect(fuzzy.status, fuzzy.text).toBe(400);
    });

    it('applies post_filter to the hits but not to the aggregations', async () => {
      const r = await search(vi, '', {
        post_filter: { term: { n: 0 } },
        size: 0,
        aggs: { n: { terms: { field: 'n' } } },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body.hits.total.value).toBe(Math.floor(ROWS / 3));
      expect(r.body.aggregations.n.buckets).toHaveLength(3);
    });

    it('refuses what it cannot honour, naming it', async () => {
      for (const body of [
        { seq_no_primary_term: true },
        { stored_fields: '_none_' },
        { highlight: { fields: { '*': {} }, encoder: 'html' } },
      ]) {
        const r = await search(vi, '', body);
        expect(r.status, r.text).toBe(400);
        expect(r.body.error.reason).toContain(`[${Object.keys(body)[0]}`);
      }
      const scroll = await search(vi, '?scroll=1m');
      expect(scroll.status).toBe(400);
      expect(scroll.body.error.reason).toContain('[scroll]');
      const unknownParam = await search(vi, '?foo=1');
      expect(unknownParam.body.error).toMatchObject({
        type: 'illegal_argument_exception',
        reason: `request [/${vi}/_search] contains unrecognized parameter: [foo]`,
      });
      const unknownKey = await search(vi, '', { foo: { a: 1 } });
      expect(unknownKey.status).toBe(400);
      expect(unknownKey.body.error).toMatchObject({
        type: 'parsing_exception',
        reason: 'Unknown key for a START_OBJECT in [foo].',
      });
    });

    it('keeps an aggregation named __proto__', async () => {
      // A JSON string: in an object literal `__proto__` would set the prototype instead.
      const r = await search(
        vi,
        '',
        '{"size":0,"aggs":{"__proto__":{"max":{"field":"n"}},"constructor":{"min":{"field":"n"}}}}'
      );
      expect(r.status, r.text).toBe(200);
      expect(Object.keys(r.body.aggregations).sort()).toEqual(['__proto__', 'constructor']);
      expect(r.text).toContain('"__proto__":{"value":2');
    });

    it('applies _msearch URL parameters to every search, normal indices included', async () => {
      const r = await api.call(
        'POST',
        '/svc/_msearch?rest_total_hits_as_int=true',
        `{"index":"${normal}"}\n{}\n{"index":"${vi}"}\n{"size":0}\n`
      );
      expect(r.status, r.text).toBe(200);
      expect(r.body.responses.map((x: any) => x.hits.total)).toEqual([1, ROWS]);
      const bad = await api.call('POST', '/svc/_msearch', `{"index":"${vi}","foo":1}\n{}\n`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.reason).toBe('key [foo] is not supported in the metadata section');
    });
  });

  describe('defect 7: limits', () => {
    it('refuses more buckets than maxBuckets, as OpenSearch does', async () => {
      const r = await search(vi, '', {
        size: 0,
        aggs: { k: { terms: { field: 'k', size: 300_000 } } },
      });
      expect(r.status, r.text).toBe(503);
      expect(r.body.error.type).toBe('too_many_buckets_exception');
      expect(r.body.error.reason).toContain(`[${ROWS - 5}]`);
      const nested = await search(vi, '', {
        size: 0,
        aggs: { n: { terms: { field: 'n' }, aggs: { k: { terms: { field: 'k', size: 40 } } } } },
      });
      // 3 + 50 buckets in the whole response: over the limit of 45, though each list is under it.
      expect(nested.status, nested.text).toBe(503);
      const fine = await search(vi, '', {
        size: 0,
        aggs: { k: { terms: { field: 'k', size: 40 } } },
      });
      expect(fine.status, fine.text).toBe(200);
      expect(fine.body.aggregations.k.buckets).toHaveLength(40);
    });

    it('answers a deeply nested body with a 400 on virtual and normal indices', async () => {
      // Written as text: JSON.stringify itself overflows the stack on such a value.
      const deep = `{"query":${'{"bool":{"must":['.repeat(5_000)}{"match_all":{}}${']}}'.repeat(5_000)}}`;
      // Deep JSON that is not a query: OpenSearch's parser limit (1000), checked before any walk.
      const arrays = `{"query":{"terms":{"k":${'['.repeat(2_000)}${']'.repeat(2_000)}}}}`;
      for (const index of [vi, normal]) {
        const r = await search(index, '', deep);
        expect(r.status, r.text).toBe(400);
        expect(r.body.error.reason).toContain('nested depth of the query');
        const a = await search(index, '', arrays);
        expect(a.status, a.text).toBe(400);
        expect(a.body.error.type).toBe('stream_constraints_exception');
      }
      let query: unknown = { match_all: {} };
      for (let i = 0; i < 25; i++) query = { bool: { must: [query] } };
      for (const index of [vi, normal]) {
        const r = await search(index, '', { query });
        expect(r.status, r.text).toBe(400);
        expect(r.body.error.reason).toContain('nested depth of the query');
      }
      const ok = await search(normal, '', { query: { bool: { must: [{ bool: {} }] } } });
      expect(ok.status, ok.text).toBe(200);
    });

    it('mirrors max_terms_count, max_clause_count and max_result_window on virtual indices', async () => {
      const terms = await search(vi, '', {
        query: { terms: { id: Array.from({ length: 65_537 }, (_, i) => i) } },
      });
      expect(terms.status).toBe(400);
      expect(terms.body.error.reason).toContain('The number of terms [65537]');
      const clauses = await search(vi, '', {
        query: { bool: { should: Array.from({ length: 1_025 }, (_, i) => ({ term: { id: i } })) } },
      });
      expect(clauses.status).toBe(400);
      expect(clauses.body.error.type).toBe('too_many_clauses');
      const window = await search(vi, '?from=10000&size=1');
      expect(window.status).toBe(400);
      expect(window.body.error.reason).toContain('Result window is too large');
    });
  });
});
