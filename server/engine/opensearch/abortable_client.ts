/**
 * A client whose calls stop when the request's caller leaves. opensearch-js ignores an
 * AbortSignal in the request options; its request promise has `abort()` instead (also on OSD's
 * scoped clients), which ends the HTTP request and rejects with RequestAbortedError (a 499,
 * client_errors.ts).
 *
 * Two kinds of signal: the request's (RequestScope.signal) aborts the calls in flight when it
 * fires, but a call started after it still goes out, because that is cleanup (closing a point in
 * time the request opened for itself) as the aborted work unwinds; a call's own
 * `options.signal` (a graph or join deadline, itself linked to the request's) also refuses to
 * start a call once it fired. Opening a point in time is never aborted (see below).
 */
import { Readable } from 'node:stream';
import { FederationError } from '../errors';
import type {
  OpenSearchTransportClient,
  SerializedRequestParams,
  TransportRequestOptions,
  TransportRequestParams,
} from './transport';

type Pending = Promise<{ body: unknown; statusCode?: number | null; headers?: unknown }> & {
  abort?: () => void;
};

export function abortableClient(
  client: OpenSearchTransportClient,
  requestSignal: AbortSignal
): OpenSearchTransportClient {
  return {
    transport: {
      request(
        params: TransportRequestParams | SerializedRequestParams,
        options?: TransportRequestOptions
      ) {
        const own = options?.signal;
        if (own?.aborted) return Promise.reject(abortedBefore(own));
        const pending = client.transport.request(params, options) as Pending;
        // An open point in time is let finish: aborted in flight, OpenSearch may still open it,
        // and nobody would know its id to close it; the walk that opened it closes it.
        if (opensPit(params)) return pending;
        // A signal that already fired fires no more: a cleanup call after the abort goes out.
        const signals = own ? [requestSignal, own] : [requestSignal];
        // The gateway asks for the answer as a stream (`asStream`), so the call resolves at the
        // headers: a caller who leaves while the body is read destroys the body instead.
        let body: Readable | null = null;
        // Returns nothing: opensearch-js's abort() returns the request's own thenable, and an
        // EventTarget listener that returns a thenable has its rejection thrown as uncaught
        // (Node's event_target.js), which ended the host.
        const abort = () => {
          if (body === null) pending.abort?.();
          else
            body.destroy(
              Object.assign(new Error('Request aborted'), { name: 'RequestAbortedError' })
            );
        };
        for (const s of signals) s.addEventListener('abort', abort, { once: true });
        const detach = () => {
          for (const s of signals) s.removeEventListener('abort', abort);
        };
        pending.then((answer) => {
          if (!(answer.body instanceof Readable) || answer.body.destroyed) return detach();
          body = answer.body;
          body.once('close', detach);
        }, detach);
        return pending;
      },
    },
  };
}

function opensPit(params: TransportRequestParams | SerializedRequestParams): boolean {
  return params.method === 'POST' && params.path.endsWith('/_search/point_in_time');
}

/** The signal's own error when it carries one of ours (the 499, a 504), else the 499. */
function abortedBefore(signal: AbortSignal): Error {
  return signal.reason instanceof FederationError
    ? signal.reason
    : new FederationError(499, 'request_aborted_exception', 'The request was cancelled');
}
