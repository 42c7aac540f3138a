import { createServer, request, type Server } from 'http';
import type { AddressInfo } from 'net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addRoute } from '../http/route';
import type { HandlerContext } from '../http/router_contract';
import { StandaloneRouter } from './router';

const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** Sends a request with a body on any method (fetch refuses GET bodies). */
function call(
  base: string,
  method: string,
  path: string,
  body: string
): Promise<{ status: number; body: any }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { 'osd-xsrf': 'x', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()),
          })
        );
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('StandaloneRouter request bodies', () => {
  let server: Server;
  let base: string;
  const maxBodyBytes = 2048;

  beforeAll(async () => {
    const router = new StandaloneRouter(() => ({}) as HandlerContext, logger, { maxBodyBytes });
    const options = { logger, maxRequestBytes: maxBodyBytes };
    for (const method of ['get', 'post'] as const) {
      addRoute(
        router,
        options,
        { method, path: '/lines', body: { format: 'ndjson', schema: z.array(z.unknown()) } },
        async ({ body }) => ({ lines: body })
      );
      addRoute(
        router,
        options,
        {
          method,
          path: '/json',
          body: { format: 'json', schema: z.record(z.string(), z.unknown()) },
        },
        async ({ body }) => ({ body: body ?? null })
      );
    }
    addRoute(router, options, { method: 'get', path: '/params' }, async ({ query }) => ({
      own: Object.keys(query as object),
      query,
    }));
    server = createServer((req, res) => void router.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands a GET body to the route as raw bytes, so NDJSON works as on POST', async () => {
    const ndjson = '{"index":"a"}\n{"size":0}\n';
    for (const method of ['GET', 'POST']) {
      const response = await call(base, method, '/lines', ndjson);
      expect(response, method).toEqual({
        status: 200,
        body: { lines: [{ index: 'a' }, { size: 0 }] },
      });
    }
  });

  it('answers malformed GET JSON in the route’s own words and format', async () => {
    const response = await call(base, 'GET', '/json', '{"size":');
    expect(response.status).toBe(400);
    expect(response.body.status).toBe(400);
    expect(response.body.error.type).toBe('parse_exception');
    expect(response.body.error.reason).toMatch(/request body is not valid JSON/);
  });

  it('applies the host’s body limit to GET as to POST', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(maxBodyBytes) });
    for (const method of ['GET', 'POST']) {
      const response = await call(base, method, '/json', big);
      expect(response.status, method).toBe(413);
      expect(response.body.error.type).toBe('content_too_long_exception');
    }
  });

  it('hands URL parameters named like Object.prototype members over as ordinary ones', async () => {
    const response = await call(base, 'GET', '/params?constructor=a&__proto__=b&__proto__=c', '');
    expect(response.status).toBe(200);
    expect(response.body.own).toEqual(['constructor', '__proto__']);
    expect(response.body.query).toEqual(
      JSON.parse('{"constructor": "a", "__proto__": ["b", "c"]}')
    );
  });
});
