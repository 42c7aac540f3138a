/**
 * The standalone host against the real OpenSearch, as a browser page on another site would reach
 * it: a request whose `Host` is not this host's (DNS rebinding) is refused before any route runs,
 * and the app's pages may not be framed by other sites (issue 20, items 9 and 10).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'fs';
import { request } from 'http';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import { openSearchUrl } from '../../test/bed/context';
import { startStandaloneServer, type StandaloneServer } from './server';
import { APP_SECURITY_HEADERS } from './static_ui';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with the `Host` header as given (fetch cannot forge it). */
function send(url: string, method: string, pathname: string, host: string): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        method,
        path: pathname,
        headers: { host, 'osd-xsrf': 'true', 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      }
    );
    req.on('error', reject);
    req.end(method === 'PUT' ? JSON.stringify({ title: 't', query: 'q', model: {} }) : undefined);
  });
}

describe('standalone host: Host header and framing', () => {
  let server: StandaloneServer;
  let proxied: StandaloneServer;
  let port: string;

  beforeAll(async () => {
    const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-ui-'));
    writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(uiDir, 'federation.js'), 'export {};');
    mkdirSync(path.join(uiDir, 'chunks'));
    writeFileSync(path.join(uiDir, 'chunks', 'a-1234.js'), 'export {};');
    server = await startStandaloneServer({ port: 0, openSearchUrl: openSearchUrl(), uiDir });
    port = new URL(server.url).port;
    proxied = await startStandaloneServer({
      port: 0,
      openSearchUrl: openSearchUrl(),
      uiDir,
      allowedHosts: ['federation.example.com'],
    });
  });

  afterAll(async () => {
    await server?.close();
    await proxied?.close();
  });

  it('refuses a page’s own name pointed at the host, before any route runs', async () => {
    for (const [method, pathname] of [
      ['GET', '/_svc/graph/query/_search'],
      ['PUT', '/_svc/graph/query/rebound'],
      ['GET', APP_PATH],
      ['GET', '/ui/federation.js'],
    ]) {
      const answer = await send(server.url, method, pathname, `attacker.example:${port}`);
      expect(answer.status, `${method} ${pathname}`).toBe(403);
      const body = JSON.parse(answer.body) as { error: { type: string; reason: string } };
      expect(body.error.type).toBe('security_exception');
      expect(body.error.reason).toContain(`[attacker.example:${port}]`);
      expect(body.error.reason).toContain('FEDERATION_ALLOWED_HOSTS');
    }
    // Nothing was written by the refused PUT.
    const saved = await send(server.url, 'GET', '/_svc/graph/query/rebound', `127.0.0.1:${port}`);
    expect(saved.status).toBe(404);
  });

  it('serves its own address, loopback names and configured names', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const answer = await send(server.url, 'GET', '/_svc/graph/query/_search', host);
      expect(answer.status, host).toBe(200);
    }
    const viaProxy = await send(
      proxied.url,
      'GET',
      '/_svc/graph/query/_search',
      'federation.example.com'
    );
    expect(viaProxy.status).toBe(200);
    const other = await send(proxied.url, 'GET', '/_svc/graph/query/_search', 'other.example.com');
    expect(other.status).toBe(403);
    // And a plain client, by the URL the host reports.
    expect((await fetch(`${server.url}/_svc/graph/query/_search`)).status).toBe(200);
  });

  it('sends a strict Content-Security-Policy and no framing by other sites on pages and files', async () => {
    for (const pathname of [
      APP_PATH,
      `${APP_PATH}/graph-query`,
      '/ui/federation.js',
      '/ui/chunks/a-1234.js',
    ]) {
      const answer = await send(server.url, 'GET', pathname, `127.0.0.1:${port}`);
      expect(answer.status, pathname).toBe(200);
      // OSD's strict rules (static_ui.ts); the page's own nonce in style-src-elem.
      const policy = String(answer.headers['content-security-policy']);
      expect(policy.replace(/ 'nonce-[A-Za-z0-9+/=]+'/, ''), pathname).toBe(
        APP_SECURITY_HEADERS['content-security-policy']
      );
      expect(policy.includes("'nonce-"), pathname).toBe(pathname.startsWith(APP_PATH));
      expect(answer.headers['x-frame-options'], pathname).toBe('SAMEORIGIN');
      expect(answer.headers['x-content-type-options'], pathname).toBe('nosniff');
    }
    const api = await send(server.url, 'GET', '/_svc/graph/query/_search', `127.0.0.1:${port}`);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const missing = await send(server.url, 'GET', '/nowhere', `127.0.0.1:${port}`);
    expect(missing.status).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });
});
