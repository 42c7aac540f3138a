/**
 * A bare HTTP client for the fuzz suite. `fetch` normalises paths (`/svc/../x` becomes `/x`) and
 * refuses some bytes, which would hide exactly the inputs we want to send, so requests go out
 * through `http.request` with the path and body bytes as given.
 */
import { request } from 'http';

export interface RawResponse {
  status: number;
  text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  elapsedMs: number;
}

export interface RawRequest {
  method: string;
  /** Path and query string exactly as they go on the wire. */
  path: string;
  body?: string | Buffer;
  contentType?: string;
  /** The local address to send from (a standalone host knows a caller by its address). */
  localAddress?: string;
}

/** Sends one request; rejects with a `timed out` error when no full answer came within `limitMs`. */
export function send(baseUrl: string, req: RawRequest, limitMs: number): Promise<RawResponse> {
  const base = new URL(baseUrl);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const payload =
      req.body === undefined
        ? undefined
        : Buffer.isBuffer(req.body)
          ? req.body
          : Buffer.from(req.body);
    const outgoing = request(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: req.path,
        localAddress: req.localAddress,
        headers: {
          'osd-xsrf': 'fuzz',
          ...(payload === undefined
            ? {}
            : {
                'content-type': req.contentType ?? 'application/json',
                'content-length': payload.length,
              }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, text, json, elapsedMs: Date.now() - started });
        });
      }
    );
    outgoing.setTimeout(limitMs, () => {
      outgoing.destroy(new Error(`timed out: no complete answer within ${limitMs} ms`));
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
