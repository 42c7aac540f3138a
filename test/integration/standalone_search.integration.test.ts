import type { Client } from '@opensearch-project/opensearch';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSettings } from '../../server/engine/settings';
import { startStandaloneServer, type StandaloneServer } from '../../server/standalone/server';
import { openSearchClient, openSearchUrl, uniqueName } from '../bed/context';

/** The standalone host against the real OpenSearch: plain searches pass through unchanged. */
describe('standalone host: /svc/_search pass-through', () => {
  let server: StandaloneServer;
  let client: Client;
  const index = uniqueName('search');
  const xsrf = { 'osd-xsrf': 'true', 'content-type': 'application/json' };

  beforeAll(async () => {
    client = openSearchClient();
    await client.indices.create({
      index,
      body: { mappings: { properties: { n: { type: 'long' }, tag: { type: 'keyword' } } } },
    });
    const body = [1, 2, 3, 4, 5].flatMap((n) => [
      { index: { _index: index, _id: String(n) } },
      { n, tag: n % 2 === 0 ? 'even' : 'odd' },
    ]);
    await client.bulk({ body, refresh: true });
    const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-ui-'));
    writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
    server = await startStandaloneServer({ port: 0, openSearchUrl: openSearchUrl(), uiDir });
  });

  afterAll(async () => {
    await server?.close();
    await client?.indices.delete({ index }, { ignore: [404] });
  });

  const post = (url: string, body: string, headers: Record<string, string> = xsrf) =>
    fetch(`${server.url}${url}`, { method: 'POST', headers, body });

  it('returns exactly what OpenSearch returns for the same search', async () => {
    const query = { query: { term: { tag: 'even' } }, sort: [{ n: 'asc' }] };
    const response = await post(`/svc/${index}/_search`, JSON.stringify(query));
    expect(response.status).toBe(200);
    const ours = (await response.json()) as {
      hits: { total: { value: number }; hits: Array<{ _id: string }> };
    };
    const direct = await client.search({ index, body: query as never });
    expect(ours.hits.total.value).toBe(2);
    expect(ours.hits.hits.map((h) => h._id)).toEqual(['2', '4']);
    expect(ours.hits).toEqual(direct.body.hits);
  });

  it('accepts GET with a body and URL parameters, as OpenSearch does', async () => {
    // Node's fetch refuses GET bodies; the raw http module sends one like curl -XGET -d does.
    const { request } = await import('http');
    // Node sends a GET body only with an explicit length, as curl does.
    const payload = JSON.stringify({ query: { match_all: {} } });
    const url = new URL(`${server.url}/svc/${index}/_search?size=1&sort=n:desc`);
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'GET',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(text));
        }
      );
      req.on('error', reject);
      req.end(payload);
    });
    const parsed = JSON.parse(body) as { hits: { hits: Array<{ _id: string }> } };
    expect(parsed.hits.hits.map((h) => h._id)).toEqual(['5']);
  });

  it('searches every index on /svc/_search', async () => {
    const response = await post(
      '/svc/_search',
      JSON.stringify({ query: { ids: { values: ['3'] } }, size: 100 })
    );
    const body = (await response.json()) as { hits: { hits: Array<{ _index: string }> } };
    expect(response.status).toBe(200);
    expect(body.hits.hits.some((h) => h._index === index)).toBe(true);
  });

  it('answers bad JSON with a 400 in OpenSearch error format', async () => {
    const response = await post(`/svc/${index}/_search`, '{"query": ');
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { type: string; reason: string; root_cause: unknown[] };
      status: number;
    };
    expect(body.status).toBe(400);
    expect(body.error.type).toBe('parse_exception');
    expect(body.error.root_cause).toHaveLength(1);
  });

  it('answers a body that is not an object with a 400 naming the body', async () => {
    const response = await post(`/svc/${index}/_search`, '[1,2]');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { reason: string } };
    expect(body.error.reason).toMatch(/request body/);
  });

  it('answers an unknown index with OpenSearch’s own 404', async () => {
    const response = await post('/svc/no-such-index-anywhere/_search', '{}');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { type: string; index: string } };
    expect(body.error.type).toBe('index_not_found_exception');
    expect(body.error.index).toBe('no-such-index-anywhere');
  });

  it('passes OpenSearch’s query errors through and adds a stack trace on error_trace', async () => {
    const bad = JSON.stringify({ query: { no_such_query: {} } });
    const response = await post(`/svc/${index}/_search`, bad);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe(
      'parsing_exception'
    );
    const ours = await post(`/svc/${index}/_search?error_trace=true`, '{');
    expect(((await ours.json()) as { error: { stack_trace?: string } }).error.stack_trace).toMatch(
      /parse/i
    );
  });

  it('sends an index name with a slash as one path segment, answered as OpenSearch does', async () => {
    // OpenSearch answers 404 for `a/b` (no index can have that name); were the slash not
    // encoded, the request would reach another OpenSearch endpoint.
    const response = await post(`/svc/${encodeURIComponent('a/b')}/_search`, '{}');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe(
      'index_not_found_exception'
    );
  });

  it('requires the osd-xsrf header on POST, like OSD', async () => {
    const response = await post(`/svc/${index}/_search`, '{}', {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { reason: string } }).error.reason).toMatch(
      /osd-xsrf/
    );
  });

  it('answers unknown routes and wrong methods in OpenSearch error format', async () => {
    const missing = await fetch(`${server.url}/svc/${index}/_nothing`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { status: number }).status).toBe(404);
    const wrong = await fetch(`${server.url}/svc/_search`, { method: 'DELETE', headers: xsrf });
    expect(wrong.status).toBe(405);
  });

  it('refuses bodies over the configured limit with a 413', async () => {
    const small = await startStandaloneServer({
      port: 0,
      openSearchUrl: openSearchUrl(),
      uiDir: tmpdir(),
      settings: parseSettings({ maxRequestBytes: 64 }),
    });
    try {
      const response = await fetch(`${small.url}/svc/${index}/_search`, {
        method: 'POST',
        headers: xsrf,
        body: JSON.stringify({ query: { terms: { tag: Array(50).fill('x') } } }),
      });
      expect(response.status).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('serves the app page and redirects / to it', async () => {
    const page = await fetch(`${server.url}/app/federation/datasources`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="root"');
    const root = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/app/federation');
  });
});
