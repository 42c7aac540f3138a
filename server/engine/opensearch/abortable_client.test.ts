import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { abortableClient } from './abortable_client';
import type { OpenSearchTransportClient } from './transport';

/** A transport whose calls stay pending until answered, recording aborts as opensearch-js does. */
function recordingTransport() {
  const calls: Array<{ path: string; aborted: boolean; answer: () => void }> = [];
  const client: OpenSearchTransportClient = {
    transport: {
      request(params) {
        let answer!: () => void;
        const call = { path: params.path, aborted: false, answer: () => answer() };
        const pending = new Promise<{ body: unknown }>((resolve, reject) => {
          answer = () => resolve({ body: {} });
          Object.assign(call, {
            abort: () =>
              reject(Object.assign(new Error('aborted'), { name: 'RequestAbortedError' })),
          });
        }) as Promise<{ body: unknown }> & { abort?: () => unknown };
        // As opensearch-js: abort() returns the request's own thenable.
        pending.abort = () => {
          call.aborted = true;
          (call as unknown as { abort(): void }).abort();
          return pending;
        };
        calls.push(call);
        return pending;
      },
    },
  };
  return { client, calls };
}

describe('abortableClient', () => {
  it('aborts without an uncaught rejection (the abort listener returns no thenable)', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const { client } = recordingTransport();
      const caller = new AbortController();
      const pending = abortableClient(client, caller.signal).transport.request({
        method: 'POST',
        path: '/x/_search',
      });
      caller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'RequestAbortedError' });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('destroys the body of an answer being read when the caller leaves', async () => {
    const body = new PassThrough();
    const client: OpenSearchTransportClient = {
      transport: { request: async () => ({ body, statusCode: 200 }) },
    };
    const caller = new AbortController();
    const answer = await abortableClient(client, caller.signal).transport.request({
      method: 'POST',
      path: '/x/_search',
    });
    expect(answer.body).toBe(body);
    const failed = new Promise((resolve) => body.once('error', resolve));
    caller.abort();
    await expect(failed).resolves.toMatchObject({ name: 'RequestAbortedError' });
  });

  /** One call through the wrapped recording transport, the caller gone before it if asked. */
  function oneCall(method: string, path: string, callerGoneBefore = false) {
    const { client, calls } = recordingTransport();
    const caller = new AbortController();
    if (callerGoneBefore) caller.abort();
    const pending = abortableClient(client, caller.signal).transport.request({ method, path });
    return { pending, call: calls[0], leave: () => caller.abort() };
  }

  it('aborts the calls in flight when the caller leaves', async () => {
    const { pending, call, leave } = oneCall('POST', '/x/_search');
    leave();
    await expect(pending).rejects.toMatchObject({ name: 'RequestAbortedError' });
    expect(call.aborted).toBe(true);
  });

  it('still sends a call made after the caller left (cleanup as the work unwinds)', async () => {
    const { pending, call } = oneCall('DELETE', '/_search/point_in_time', true);
    call.answer();
    await expect(pending).resolves.toEqual({ body: {} });
    expect(call.aborted).toBe(false);
  });

  it('refuses a call whose own signal already fired, and aborts on it in flight', async () => {
    const { client, calls } = recordingTransport();
    const caller = new AbortController();
    const deadline = new AbortController();
    const wrapped = abortableClient(client, caller.signal);
    const inFlight = wrapped.transport.request(
      { method: 'POST', path: '/x/_search' },
      { signal: deadline.signal }
    );
    deadline.abort();
    await expect(inFlight).rejects.toMatchObject({ name: 'RequestAbortedError' });
    await expect(
      wrapped.transport.request({ method: 'POST', path: '/x/_search' }, { signal: deadline.signal })
    ).rejects.toMatchObject({ status: 499 });
    expect(calls).toHaveLength(1);
  });

  it('lets an open point in time finish: its id is needed to close it', async () => {
    const { pending, call, leave } = oneCall('POST', '/x/_search/point_in_time');
    leave();
    call.answer();
    await expect(pending).resolves.toEqual({ body: {} });
    expect(call.aborted).toBe(false);
  });
});
