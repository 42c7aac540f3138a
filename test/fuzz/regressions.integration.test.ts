/**
 * Defects the fuzz suite found in route and HTTP plumbing, each pinned by the smallest request
 * that showed it (the fuzz case that found it is named beside it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../bed/context';
import { startFederationApi, type FederationApi } from '../integration/federation_api';
import { errorFormatProblem } from './checker';
import { send } from './raw_client';

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
