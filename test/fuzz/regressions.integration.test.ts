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

  it('answers an empty PIT id with a 404 in OpenSearch’s format (was a 405 from our PIT index)', async () => {
    // wrong_types:236 — `""` addressed `/.federation-pits/_doc/` and OpenSearch's 405 leaked out.
    for (const [method, path, body] of [
      ['DELETE', '/svc/_pit', { id: '' }],
      ['POST', '/svc/_search', { pit: { id: '' } }],
    ] as const) {
      const response = await send(
        api.server.url,
        { method, path, body: JSON.stringify(body) },
        10_000
      );
      expect(response.status, `${method} ${path}: ${response.text}`).toBe(404);
      expect(errorFormatProblem(response.json, 404)).toBeNull();
      expect(response.text).not.toContain('.federation-pits');
    }
  });
});
