import { createServer, type Server } from 'http';
import { mkdir, mkdtemp, rm, writeFile } from 'fs/promises';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_PATH } from '../../common/constants';
import { APP_CSP_RULES, createStaticUiHandler, CSP_NONCE_PLACEHOLDER } from './static_ui';

describe('createStaticUiHandler', () => {
  let uiDir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    uiDir = await mkdtemp(path.join(tmpdir(), 'federation-static-ui-'));
    await mkdir(path.join(uiDir, 'chunks'));
    await mkdir(path.join(uiDir, 'assets'));
    await writeFile(
      path.join(uiDir, 'index.html'),
      `<!doctype html><meta name="csp-nonce" content="${CSP_NONCE_PLACEHOLDER}" /><title>Federation</title>`
    );
    await writeFile(path.join(uiDir, 'federation.js'), 'export {};');
    await writeFile(path.join(uiDir, 'editor.worker.js'), 'self.onmessage = () => {};');
    await writeFile(path.join(uiDir, 'chunks', 'monaco_editor-ABC123.js'), 'export const x = 1;');
    await writeFile(path.join(uiDir, 'assets', 'codicon-XYZ.ttf'), Buffer.from([0, 1, 0, 0]));
    await writeFile(path.join(tmpdir(), 'outside-the-ui.txt'), 'secret');
    const handle = createStaticUiHandler(uiDir);
    server = createServer((req, res) => {
      void handle(req, res).then((handled) => {
        if (!handled) {
          res.statusCode = 404;
          res.end('not handled');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(uiDir, { recursive: true, force: true });
  });

  const get = (url: string) => fetch(`${base}${url}`, { redirect: 'manual' });

  it('serves index.html for the app and every path below it, never stored', async () => {
    for (const url of [APP_PATH, `${APP_PATH}/graph-query`]) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('etag')).toBeNull();
      await expect(response.text()).resolves.toContain('<title>Federation</title>');
    }
  });

  it('gives each page response its own nonce, in its policy and in its meta element', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await get(APP_PATH);
      const html = await response.text();
      const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy.split('; ')).toEqual(
        APP_CSP_RULES.map((rule) =>
          rule.startsWith('style-src-elem ') ? `${rule} 'nonce-${nonce}'` : rule
        )
      );
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('sends OSD’s strict policy with every file: no eval, no inline script, workers from here', async () => {
    const policy = (await get('/ui/federation.js')).headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain('nonce-');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('blob:');
    for (const rule of [
      "script-src 'self'",
      "script-src-attr 'none'",
      "style-src-elem 'self'",
      "worker-src 'self'",
      "object-src 'none'",
      "frame-ancestors 'self'",
    ]) {
      expect(policy.split('; ')).toContain(rule);
    }
  });

  it('redirects / to the app', async () => {
    const response = await get('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(APP_PATH);
  });

  it('serves module scripts and workers as JavaScript, revalidated after a rebuild', async () => {
    for (const url of ['/ui/federation.js', '/ui/editor.worker.js']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      // Browsers refuse a module script or module worker served with any other MIME type.
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('lets browsers keep hashed chunks and assets for good', async () => {
    const chunk = await get('/ui/chunks/monaco_editor-ABC123.js');
    expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await expect(chunk.text()).resolves.toBe('export const x = 1;');

    const font = await get('/ui/assets/codicon-XYZ.ttf');
    expect(font.headers.get('content-type')).toBe('font/ttf');
    expect(font.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(font.headers.get('content-length')).toBe('4');
  });

  it('answers an unchanged revalidated file with 304 and no body', async () => {
    const first = await get('/ui/editor.worker.js');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await fetch(`${base}/ui/editor.worker.js`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    await expect(again.text()).resolves.toBe('');
    const stale = await fetch(`${base}/ui/editor.worker.js`, {
      headers: { 'if-none-match': 'W/"0-0"' },
    });
    expect(stale.status).toBe(200);
  });

  it('leaves missing files and paths outside the UI directory to the next handler', async () => {
    expect((await get('/ui/chunks/missing.js')).status).toBe(404);
    expect((await get('/ui/..%2foutside-the-ui.txt')).status).toBe(404);
    expect((await get('/ui/%2e%2e/outside-the-ui.txt')).status).toBe(404);
    expect((await get('/ui/chunks')).status).toBe(404);
  });
});
