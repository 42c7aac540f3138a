import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpFetchOptions } from '../../types';
import { createSavedQueriesApi } from './saved_queries_api';

interface Call {
  method: string;
  path: string;
  options?: HttpFetchOptions;
}

/** Records each call and answers with what the test queued. */
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

const body = {
  title: 'Top funded companies',
  description: 'Sum of investments per company',
  query: 'SELECT c.name FROM "investments" MATCH (c:Company)',
  model: { label: 'investments', entities: [{ label: 'Company', indices: ['demo-companies'] }] },
};

describe('saved queries API', () => {
  it('saves with PUT and the body serialised, the id escaped in the path', async () => {
    const { http, calls } = recordingHttp({ _id: 'a b', result: 'created' });
    const answer = await createSavedQueriesApi(http).save('a b', body);
    expect(answer).toEqual({ _id: 'a b', result: 'created' });
    expect(calls).toEqual([
      { method: 'PUT', path: '/_svc/graph/query/a%20b', options: { body: JSON.stringify(body) } },
    ]);
  });

  it('reads, removes and searches on the documented paths', async () => {
    const { http, calls } = recordingHttp();
    const api = createSavedQueriesApi(http);
    const signal = new AbortController().signal;
    await api.get('q-1', signal);
    await api.remove('q-1');
    await api.search({ q: 'fund', from: 20, size: 10 }, signal);
    await api.search({ q: '   ' });
    await api.search();
    expect(calls).toEqual([
      { method: 'GET', path: '/_svc/graph/query/q-1', options: { signal } },
      { method: 'DELETE', path: '/_svc/graph/query/q-1', options: undefined },
      {
        method: 'GET',
        path: '/_svc/graph/query/_search',
        options: { query: { q: 'fund', from: 20, size: 10 }, signal },
      },
      // A blank box sends no `q`: the server lists everything.
      {
        method: 'GET',
        path: '/_svc/graph/query/_search',
        options: { query: { q: undefined, from: undefined, size: undefined }, signal: undefined },
      },
      {
        method: 'GET',
        path: '/_svc/graph/query/_search',
        options: { query: { q: undefined, from: undefined, size: undefined }, signal: undefined },
      },
    ]);
  });
});
