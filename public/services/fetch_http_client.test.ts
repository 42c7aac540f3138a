import { describe, expect, it } from 'vitest';
import { buildQueryString, createFetchHttpClient, FetchHttpError } from './fetch_http_client';

interface Call {
  url: string;
  init: RequestInit;
}

/** A stand-in for `fetch` that records each call and answers with the given response. */
function stubFetch(answer: () => Response) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  };
  return { calls, fetch };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

describe('createFetchHttpClient', () => {
  it('GETs same-origin with the query string and no xsrf header, returning parsed JSON', async () => {
    const { calls, fetch } = stubFetch(() => json({ hits: { total: 1 } }));
    const http = createFetchHttpClient({ fetch });

    const result = await http.get('/svc/books/_search', {
      query: { size: 10, q: 'a b', skip: undefined, sort: ['x', 'y'] },
    });

    expect(result).toEqual({ hits: { total: 1 } });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/svc/books/_search?size=10&q=a+b&sort=x&sort=y');
    expect(calls[0].init.method).toBe('GET');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(new Headers(calls[0].init.headers).has('osd-xsrf')).toBe(false);
  });

  it.each(['post', 'put', 'delete'] as const)(
    '%s sends osd-xsrf and the body string as given',
    async (verb) => {
      const { calls, fetch } = stubFetch(() => json({ acknowledged: true }));
      const http = createFetchHttpClient({ fetch });
      const body = JSON.stringify({ query: { match_all: {} } });

      await expect(http[verb]('/_svc/connector/x', { body })).resolves.toEqual({
        acknowledged: true,
      });

      const headers = new Headers(calls[0].init.headers);
      expect(calls[0].init.method).toBe(verb.toUpperCase());
      expect(calls[0].init.body).toBe(body);
      expect(headers.get('osd-xsrf')).toBe('true');
      expect(headers.get('content-type')).toBe('application/json');
    }
  );

  it('prefixes the base path', async () => {
    const { calls, fetch } = stubFetch(() => json({}));
    await createFetchHttpClient({ basePath: '/osd/', fetch }).get('/svc/_graph');
    expect(calls[0].url).toBe('/osd/svc/_graph');
  });

  it('throws on non-2xx with the parsed body and the status, like OSD', async () => {
    const errorBody = {
      error: {
        root_cause: [{ type: 'index_not_found_exception', reason: 'no such index [nope]' }],
        type: 'index_not_found_exception',
        reason: 'no such index [nope]',
      },
      status: 404,
    };
    const { fetch } = stubFetch(() => json(errorBody, 404));

    const error = await createFetchHttpClient({ fetch })
      .get('/svc/nope/_search')
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(FetchHttpError);
    const fetchError = error as FetchHttpError;
    expect(fetchError.message).toBe('no such index [nope]');
    expect(fetchError.body).toEqual(errorBody);
    expect(fetchError.response?.status).toBe(404);
  });

  it('keeps a non-JSON error body as text', async () => {
    const { fetch } = stubFetch(
      () => new Response('Bad Gateway', { status: 502, statusText: 'Bad Gateway' })
    );
    const error = (await createFetchHttpClient({ fetch })
      .delete('/x')
      .catch((e: unknown) => e)) as FetchHttpError;
    expect(error.body).toBe('Bad Gateway');
    expect(error.response?.status).toBe(502);
  });

  it('wraps a network failure in the same error type, without a response', async () => {
    const fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const error = (await createFetchHttpClient({ fetch })
      .get('/x')
      .catch((e: unknown) => e)) as FetchHttpError;
    expect(error).toBeInstanceOf(FetchHttpError);
    expect(error.message).toBe('Failed to fetch');
    expect(error.response).toBeUndefined();
  });

  it('resolves to undefined on an empty 2xx body', async () => {
    const { fetch } = stubFetch(() => new Response(null, { status: 204 }));
    await expect(createFetchHttpClient({ fetch }).delete('/x')).resolves.toBeUndefined();
  });
});

describe('buildQueryString', () => {
  it('is empty without parameters', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({ a: undefined, b: null })).toBe('');
  });

  it('serialises booleans and numbers', () => {
    expect(buildQueryString({ error_trace: true, size: 0 })).toBe('?error_trace=true&size=0');
  });
});
