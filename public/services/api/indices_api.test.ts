import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpFetchOptions } from '../../types';
import { createIndicesApi } from './indices_api';

interface Call {
  method: string;
  path: string;
  options?: HttpFetchOptions;
}

function recordingHttp(answer: unknown = {}): { http: HttpClient; calls: Call[] } {
  const calls: Call[] = [];
  const verb =
    (method: string) =>
    async <T>(path: string, options?: HttpFetchOptions): Promise<T> => {
      calls.push({ method, path, options });
      return answer as T;
    };
  return {
    http: { get: verb('GET'), post: verb('POST'), put: verb('PUT'), delete: verb('DELETE') },
    calls,
  };
}

describe('indices API', () => {
  it('resolves a pattern with commas and wildcards left readable', async () => {
    const resolved = {
      indices: [{ name: 'logs-1', attributes: ['open'] }],
      aliases: [],
      data_streams: [],
    };
    const { http, calls } = recordingHttp(resolved);
    const api = createIndicesApi(http);
    await expect(api.resolveIndex('logs-*,metrics')).resolves.toEqual(resolved);
    await api.resolveIndex('*', { expandWildcards: ['open', 'hidden'] });
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/svc/_resolve/index/logs-*,metrics',
        options: { query: { expand_wildcards: undefined }, signal: undefined },
      },
      {
        method: 'GET',
        path: '/svc/_resolve/index/*',
        options: { query: { expand_wildcards: 'open,hidden' }, signal: undefined },
      },
    ]);
  });

  it('reads mappings and field capabilities of an index, escaping odd names', async () => {
    const { http, calls } = recordingHttp();
    const api = createIndicesApi(http);
    const signal = new AbortController().signal;
    await api.getMapping('orders#2', signal);
    await api.fieldCaps('orders', ['customer_id', 'total']);
    await api.fieldCaps('orders');
    expect(calls).toEqual([
      { method: 'GET', path: '/svc/orders%232/_mapping', options: { signal } },
      {
        method: 'GET',
        path: '/svc/orders/_field_caps',
        options: { query: { fields: 'customer_id,total' }, signal: undefined },
      },
      {
        method: 'GET',
        path: '/svc/orders/_field_caps',
        options: { query: { fields: '*' }, signal: undefined },
      },
    ]);
  });
});
