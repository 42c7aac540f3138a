import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpFetchOptions } from '../../types';
import { createGraphApi, explainQuery, GRAPH_PATH } from './graph_api';

function recordingHttp() {
  const calls: Array<{ method: string; path: string; options?: HttpFetchOptions }> = [];
  const record =
    (method: string) =>
    async <T>(path: string, options?: HttpFetchOptions): Promise<T> => {
      calls.push({ method, path, options });
      return { header: [], rows: [], query_plan_execution: {} } as T;
    };
  const http: HttpClient = {
    get: record('GET'),
    post: record('POST'),
    put: record('PUT'),
    delete: record('DELETE'),
  };
  return { http, calls };
}

describe('explainQuery', () => {
  it('puts EXPLAIN in front of a query', () => {
    expect(explainQuery('SELECT a FROM "g" MATCH (a)')).toBe('EXPLAIN SELECT a FROM "g" MATCH (a)');
  });

  it('leaves a query that already starts with EXPLAIN, after blanks and comments', () => {
    for (const query of [
      'explain SELECT a FROM "g" MATCH (a)',
      '  -- plan only\n/* why */ EXPLAIN\nSELECT a FROM "g" MATCH (a)',
    ]) {
      expect(explainQuery(query)).toBe(query);
    }
  });

  it('does not take a longer word for EXPLAIN', () => {
    expect(explainQuery('EXPLAINED')).toBe('EXPLAIN EXPLAINED');
  });
});

describe('createGraphApi', () => {
  const model = { label: 'g', entities: [{ label: 'A', indices: ['a'] }] };

  it('posts the model and query to /svc/_graph with the asked parameters only', async () => {
    const { http, calls } = recordingHttp();
    const api = createGraphApi(http);
    const controller = new AbortController();
    await api.run({ model, query: 'SELECT a FROM "g" MATCH (a:A)' });
    await api.run(
      { model, query: 'q' },
      { detailed: true, debug: true, preference: '_local', signal: controller.signal }
    );
    expect(GRAPH_PATH).toBe('/svc/_graph');
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/svc/_graph',
        options: {
          query: {},
          body: JSON.stringify({ model, query: 'SELECT a FROM "g" MATCH (a:A)' }),
          signal: undefined,
        },
      },
      {
        method: 'POST',
        path: '/svc/_graph',
        options: {
          query: { detailed: true, debug: true, preference: '_local' },
          body: JSON.stringify({ model, query: 'q' }),
          signal: controller.signal,
        },
      },
    ]);
  });

  it('explains by sending EXPLAIN <query>', async () => {
    const { http, calls } = recordingHttp();
    await createGraphApi(http).explain({ model, query: 'SELECT a FROM "g" MATCH (a:A)' });
    expect(JSON.parse(calls[0].options!.body!)).toEqual({
      model,
      query: 'EXPLAIN SELECT a FROM "g" MATCH (a:A)',
    });
  });
});
