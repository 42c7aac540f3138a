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
