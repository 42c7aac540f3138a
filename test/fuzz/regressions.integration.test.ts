/**
 * Defects the fuzz suite found in route and HTTP plumbing, each pinned by the smallest request
 * that showed it (the fuzz case that found it is named beside it).
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../bed/context';
import { datasetSpec } from '../differential/dataset';
import { createOpenSearchIndex, deleteOpenSearchIndex } from '../differential/opensearch_index';
import { createSqlTable, type SqlTable } from '../differential/sql_tables';
import { sqliteJdbc, startFederationApi, type FederationApi } from '../support/in_process_host';
import { errorFormatProblem } from './checker';
import { startHostProcess } from '../support/host_process';
import { send } from './raw_client';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

describe('fuzz regressions: route and HTTP plumbing', () => {
  let api: FederationApi;
  const index = uniqueName('fuzz-regress');

  beforeAll(async () => {
    api = await startFederationApi();
    await openSearchClient().index({ index, id: '1', body: { k: 'a' }, refresh: true });
  });
  afterAll(async () => {
    await openSearchClient().indices.delete({ index }, { ignore: [404] });
    await api?.close();
  });

  it('answers GET _msearch with an NDJSON body (was a 400 "Invalid request payload JSON format")', async () => {
    // valid:62 — the standalone router parsed every GET body as one JSON document.
    const response = await send(
      api.server.url,
      { method: 'GET', path: `/svc/${index}/_msearch`, body: '{}\n{"size":1}\n' },
      10_000
    );
    expect(response.status, response.text).toBe(200);
    expect((response.json as any).responses[0].hits.hits).toHaveLength(1);
  });

  it('reads an _mget of 165,000 ids (was a 500: the system-index guard spread them into one call)', async () => {
    // huge_bodies:39 — `names.push(...list)` overflowed the call stack past ~120,000 documents.
    const ids = Array.from({ length: 165_000 }, (_, i) => i);
    const response = await send(
      api.server.url,
      { method: 'POST', path: `/svc/${index}/_mget`, body: JSON.stringify({ ids }) },
      60_000
    );
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const docs = (response.json as { docs: Array<{ _id: string; found: boolean }> }).docs;
    expect(docs).toHaveLength(165_000);
    expect(docs.filter((d) => d.found).map((d) => d._id)).toEqual(['1']);
  });

  it('answers an empty PIT id in OpenSearch’s format (was a 405 from our own PIT index)', async () => {
    // wrong_types:236 — `""` addressed `/.federation-pits/_doc/` and OpenSearch's 405 leaked out.
    for (const [method, path, body, status] of [
      ['DELETE', '/svc/_pit', { id: '' }, 400],
      ['DELETE', '/svc/_pit', { pit_id: [] }, 400],
      ['POST', '/svc/_search', { pit: { id: '' } }, 404],
    ] as const) {
      const response = await send(
        api.server.url,
        { method, path, body: JSON.stringify(body) },
        10_000
      );
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(status);
      expect(errorFormatProblem(response.json, status)).toBeNull();
      expect(response.text).not.toContain('.federation-pits');
    }
  });

  it('answers an unpaired surrogate in an index name or id with a 400 (was a 500 "URI malformed")', async () => {
    // seed 7: hostile_strings:747 and grammar_mutation:458 — encodeURIComponent threw.
    for (const [method, path, body] of [
      ['POST', '/svc/_msearch', '{"index":"\\ud800"}\n{}\n'],
      ['DELETE', '/svc/_pit', '{"id":"\\ud800"}'],
    ] as const) {
      const response = await send(api.server.url, { method, path, body }, 10_000);
      const answer = (response.json as any)?.responses?.[0] ?? response.json;
      const status = answer?.status ?? response.status;
      expect(status, `${method} ${path}: ${response.text}`).toBe(400);
      expect(errorFormatProblem(answer, 400)).toBeNull();
    }
  });

  it('answers a non-text index in an msearch header with a 400 (was a 500)', async () => {
    // seed 7: grammar_mutation:357 — `index: {"toString": null}` could not become text.
    const body = `{}\n{}\n{"index":{"toString":null}}\n{}\n`;
    const response = await send(
      api.server.url,
      { method: 'POST', path: `/svc/${index}/_msearch`, body },
      10_000
    );
    expect(response.status, response.text).toBe(400);
    expect(errorFormatProblem(response.json, 400)).toBeNull();
    expect((response.json as any).error.reason).toContain('line 3: key [index]');
  });

  it('passes _mget with filter_path on normal indices through (was a 500)', async () => {
    // seed 99: query_params:181 — the filtered answer had no `docs` to merge.
    const response = await api.call('POST', `/svc/${index}/_mget?filter_path=docs._id`, {
      ids: ['1'],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ docs: [{ _id: '1' }] });
  });

  it('answers a key name longer than OpenSearch parses with a 400 (OpenSearch answers 500)', async () => {
    // seed 99: grammar_mutation:419.
    const response = await send(
      api.server.url,
      { method: 'POST', path: '/svc/_search', body: `{"size":1,"${'x'.repeat(70_000)}":{}}` },
      10_000
    );
    expect(response.status, response.text.slice(0, 300)).toBe(400);
    expect((response.json as any).error.type).toBe('stream_constraints_exception');
  });

  it('answers a URL over the size limit in OpenSearch’s format (was a bare 431)', async () => {
    // seed 99: wrong_types:466 — Node refused the request before any route ran.
    const response = await send(
      api.server.url,
      { method: 'GET', path: `/svc/${index}/_mapping?pretty=${'%F0%9F%98%80'.repeat(5_000)}` },
      10_000
    );
    expect(response.status).toBe(431);
    expect(errorFormatProblem(response.json, 431)).toBeNull();
  });

  it('answers a body OpenSearch’s parser fails on with a 400, not its 500', async () => {
    // seed 20251123: wrong_types:2 — `"_source": [[]]` is OpenSearch's own 500.
    const response = await api.call('POST', `/svc/${index}/_search`, { _source: [[]] });
    expect(response.status, response.text).toBe(400);
    expect(errorFormatProblem(response.body, 400)).toBeNull();
    expect(response.body.error.type).toBe('illegal_state_exception');
  });

  it('closes every PIT in a [pit_id] list, not only the first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const opened = await api.call('POST', `/svc/${index}/_pit?keep_alive=1m`);
      expect(opened.status, opened.text).toBe(200);
      ids.push(opened.body.pit_id);
    }
    const closed = await api.call('DELETE', '/svc/_pit', { pit_id: ids });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.pits.map((p: { pit_id: string }) => p.pit_id)).toEqual(ids);
    for (const id of ids) {
      const search = await api.call('POST', '/svc/_search', { pit: { id } });
      expect(search.status, search.text).toBe(404);
    }
  });
});

/** Defects the graph fuzz cases found in `POST /svc/_graph` and the routes it shares code with. */
describe('fuzz regressions: graph queries', () => {
  let api: FederationApi;
  let table: SqlTable;
  const spec = datasetSpec(20251123, 20);
  const normal = uniqueName('fuzz-regress-graph');
  const datasource = uniqueName('fuzz-regress-graph-ds');
  const virtual = uniqueName('fuzz-regress-graph-vi');
  const dir = mkdtempSync(path.join(tmpdir(), 'fuzz-regress-graph-'));
  /** Entity N on the normal index, L on the SQLite virtual index, over the same rows. */
  const model = (extra: object = {}) => ({
    label: 'g',
    entities: [
      { label: 'N', indices: [normal], id: 'id' },
      { label: 'L', indices: [virtual], id: 'id' },
    ],
    relations: [{ label: 'R', from: { entity: 'N', field: 'n' }, to: { entity: 'L' } }],
    ...extra,
  });
  const graph = (query: string, m: object = model()) =>
    api.call('POST', '/svc/_graph', { model: m, query });

  beforeAll(async () => {
    api = await startFederationApi();
    await createOpenSearchIndex(normal, spec);
    table = await createSqlTable(
      'sqlite',
      { sqliteFile: path.join(dir, 'graph.sqlite') },
      uniqueName('fuzz_regress_graph').replace(/-/g, '_'),
      spec
    );
    const ds = await api.call('PUT', `${DATASOURCES}/${datasource}`, {
      jdbc: sqliteJdbc(table.location),
    });
    expect(ds.status, ds.text).toBeLessThan(300);
    const vi = await api.call('PUT', `${VIRTUAL_INDICES}/${virtual}`, {
      datasource,
      resource: table.name,
      key: spec.key,
    });
    expect(vi.status, vi.text).toBeLessThan(300);
  }, 60_000);
  afterAll(async () => {
    await api?.call('DELETE', `${VIRTUAL_INDICES}/${virtual}`);
    await api?.call('DELETE', `${DATASOURCES}/${datasource}`);
    await deleteOpenSearchIndex(virtual);
    await deleteOpenSearchIndex(normal);
    await table?.drop();
    rmSync(dir, { recursive: true, force: true });
    await api?.close();
  });

  it('answers a WHERE part that reads no variable (was a 500)', async () => {
    // Valid graph cases with `WHERE TRUE`, `WHERE 1 = 1` or `x AND TRUE` (about 1 in 150):
    // row_assembly.ts filed a condition under the last of the nodes it reads; of none, that was
    // position -Infinity ("Cannot read properties of undefined (reading 'push')").
    const all = await graph('SELECT a.id FROM "g" MATCH (a:N) ORDER BY a.id');
    expect(all.status, all.text).toBe(200);
    expect(all.body.rows).toHaveLength(spec.rows.length);
    for (const condition of ['TRUE', '1 = 1', 'a.id IS NOT NULL AND TRUE']) {
      const response = await graph(
        `SELECT a.id FROM "g" MATCH (a:N) WHERE ${condition} ORDER BY a.id`
      );
      expect(response.status, `${condition}: ${response.text}`).toBe(200);
      expect(response.body.rows, condition).toEqual(all.body.rows);
    }
    const none = await graph('SELECT COUNT(*) FROM "g" MATCH (a:L) WHERE FALSE');
    expect(none.status, none.text).toBe(200);
    expect(none.body.rows).toEqual([[0]]);
  });

  it('answers an unpaired surrogate in a relation field with a 400 (was a 500 "URI malformed")', async () => {
    // hostile_strings on the model (a relation field or an entity id of "\ud800"): the field
    // name went into a URL through encodeURIComponent. On a virtual index it was a 400.
    const m = model({
      relations: [{ label: 'R', from: { entity: 'N', field: '\ud800' }, to: { entity: 'L' } }],
    });
    const response = await graph('SELECT a.id FROM "g" MATCH (a:N)', m);
    expect(response.status, response.text).toBe(400);
    expect(errorFormatProblem(response.body, 400)).toBeNull();
    expect(response.body.error.reason).toContain('[model.relations[0].from.field]');
  });

  describe('a node query string over max_clause_count', () => {
    // huge_bodies: `(v:X WHERE "n:(0 OR 1 OR ...)")`. OpenSearch refuses more than 1,024
    // clauses with a 400; virtual indices translated every clause into SQL: SQLite failed
    // ("Expression tree is too large (maximum depth 1000)", a 502), and PostgreSQL ran 56,000
    // of them for seconds (a 504 at graphTimeoutMs).
    const clauses = Array.from({ length: 2_000 }, (_, i) => i).join(' OR ');

    it('is a 400 on a normal index (the reference)', async () => {
      const response = await graph(`SELECT a.id FROM "g" MATCH (a:N WHERE "n:(${clauses})")`);
      expect(response.status, response.text.slice(0, 300)).toBe(400);
      expect(errorFormatProblem(response.body, 400)).toBeNull();
    });

    it('is a 400 on a virtual index too (was a 502 from SQLite)', async () => {
      const response = await graph(`SELECT a.id FROM "g" MATCH (a:L WHERE "n:(${clauses})")`);
      expect(response.status, response.text.slice(0, 300)).toBe(400);
      expect(errorFormatProblem(response.body, 400)).toBeNull();
    });

    it('is a 400 in a query_string search of a virtual index (was a 502)', async () => {
      const response = await api.call('POST', `/svc/${virtual}/_search`, {
        query: { query_string: { query: `n:(${clauses})` } },
      });
      expect(response.status, response.text.slice(0, 300)).toBe(400);
      expect(errorFormatProblem(response.body, 400)).toBeNull();
    });
  });

  it('never reads our system indices: names are refused, patterns match none of them', async () => {
    const read = 'SELECT s, s._index FROM "g" MATCH (s:S)';
    const withSystem = (index: string) =>
      model({ entities: [...model().entities, { label: 'S', indices: [index] }] });
    for (const index of [
      '.federation-datasources',
      '.FEDERATION-pits',
      `${normal},.federation-pits`,
    ]) {
      const response = await graph(read, withSystem(index));
      expect(response.status, `${index}: ${response.text}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${index}: ${response.text}`).toBeLessThan(500);
      expect(errorFormatProblem(response.body, response.status)).toBeNull();
    }
    for (const pattern of ['.federation-*', '.fed*', `${normal},.f*`]) {
      const response = await graph(read, withSystem(pattern));
      expect(response.status, `${pattern}: ${response.text}`).toBeLessThan(500);
      expect(response.text, pattern).not.toContain('"_index":".federation');
      expect(response.text, pattern).not.toContain('password');
    }
  });

  it('keeps answering other requests while a graph query assembles rows (was blocked)', async () => {
    // Found by hand beside the fuzz runs: a product of comma-separated patterns (20^6 bindings
    // here) was assembled in one synchronous loop, so until the 504 at graphTimeoutMs the
    // host's event loop served nothing else. Assembly now pauses every few thousand documents.
    const host = await startHostProcess(openSearchUrl(), { graphTimeoutMs: 2_000 });
    try {
      const query = `SELECT COUNT(*) FROM "g" MATCH ${['a', 'b', 'c', 'd', 'e', 'f'].map((v) => `(${v}:N)`).join(', ')}`;
      const started = Date.now();
      const heavy = send(
        host.url,
        { method: 'POST', path: '/svc/_graph', body: JSON.stringify({ model: model(), query }) },
        30_000
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const probe = await send(
        host.url,
        { method: 'POST', path: `/svc/${normal}/_search`, body: '{"size":1}' },
        30_000
      );
      const probeDone = Date.now() - started;
      const answer = await heavy;
      // The heavy query may time out (a 504 naming its step) or be refused, but not hold the host.
      expect([400, 504]).toContain(answer.status);
      expect(errorFormatProblem(answer.json, answer.status)).toBeNull();
      expect(probe.status, probe.text).toBe(200);
      expect(probeDone, 'the probe waited for the graph query').toBeLessThan(1_300);
    } finally {
      await host.close();
    }
  });
});
