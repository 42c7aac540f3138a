/**
 * A client that sends a request and goes away: the socket is destroyed mid-request, as a browser
 * tab closing or a script's timeout does. The host sees its caller leave (standalone: the socket
 * closing) and must stop the work.
 */
import { request } from 'http';

export interface AbandonedRequest {
  /** Destroys the connection; true if the request was still waiting for its answer. */
  abandon(): boolean;
  /** Resolves with the status if the host answered before the request was abandoned. */
  answered: Promise<number | null>;
}

export function sendToAbandon(
  baseUrl: string,
  req: { method: string; path: string; body?: string }
): AbandonedRequest {
  const base = new URL(baseUrl);
  const payload = req.body === undefined ? undefined : Buffer.from(req.body);
  let status: number | null = null;
  let settled = false;
  const outgoing = request({
    host: base.hostname,
    port: base.port,
    method: req.method,
    path: req.path,
    headers: {
      'osd-xsrf': 'adversarial',
      ...(payload === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': payload.length }),
    },
  });
  const answered = new Promise<number | null>((resolve) => {
    outgoing.on('response', (res) => {
      status = res.statusCode ?? null;
      res.resume();
      res.on('end', () => {
        settled = true;
        resolve(status);
      });
    });
    outgoing.on('error', () => {
      settled = true;
      resolve(status);
    });
    outgoing.on('close', () => resolve(status));
  });
  outgoing.end(payload);
  return {
    abandon: () => {
      const waiting = !settled && status === null;
      outgoing.destroy();
      return waiting;
    },
    answered,
  };
}
