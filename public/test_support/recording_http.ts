import { errorBody } from '../../server/engine/error_body';
import { FetchHttpError } from '../services/fetch_http_client';
import type { HttpClient, HttpFetchOptions } from '../types';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request the component made, with its JSON body parsed (typed `Body` by the test). */
export interface RecordedCall<Body = unknown> {
  method: Method;
  path: string;
  query?: HttpFetchOptions['query'];
  body?: Body;
  /** Kept so that a test can check that a request was cancelled. */
  signal?: AbortSignal;
}

/** Answers one request: return (or resolve) the JSON body, or throw (see `httpError`). */
export type RouteHandler<Body = unknown> = (call: RecordedCall<Body>) => unknown;

/**
 * A fake `HttpClient` for component tests: each request is recorded and answered by the first
 * route whose method and path match; an unmatched request fails the way a missing route would,
 * so a test never passes on an answer it did not define.
 */
export class RecordingHttp<Body = unknown> implements HttpClient {
  readonly calls: Array<RecordedCall<Body>> = [];
  private readonly routes: Array<{
    method: Method;
    path: string | RegExp;
    handle: RouteHandler<Body>;
  }> = [];

  on(method: Method, path: string | RegExp, handle: RouteHandler<Body>): this {
    // Later definitions win, so a test can override a default answer.
    this.routes.unshift({ method, path, handle });
    return this;
  }

  callsTo(method: Method, path: string | RegExp): Array<RecordedCall<Body>> {
    return this.calls.filter((c) => c.method === method && matches(path, c.path));
  }

  get = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('GET', path, options);
  post = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('POST', path, options);
  put = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('PUT', path, options);
  delete = <T>(path: string, options?: HttpFetchOptions) =>
    this.request<T>('DELETE', path, options);

  private async request<T>(method: Method, path: string, options?: HttpFetchOptions): Promise<T> {
    const call: RecordedCall<Body> = {
      method,
      path,
      query: options?.query,
      body: options?.body === undefined ? undefined : (JSON.parse(options.body) as Body),
      signal: options?.signal,
    };
    this.calls.push(call);
    const route = this.routes.find((r) => r.method === method && matches(r.path, path));
    if (!route) {
      throw httpError(404, 'no_handler_found_exception', `no handler for ${method} ${path}`);
    }
    // A tick, as a real round trip has: components must render their loading state.
    await Promise.resolve();
    return (await route.handle(call)) as T;
  }
}

function matches(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}

/** The error `core.http` throws for an OpenSearch-shaped error answer of the server. */
export function httpError(
  status: number,
  type: string,
  reason: string,
  details: Record<string, unknown> = {}
): FetchHttpError {
  return new FetchHttpError(
    reason,
    new Response(null, { status }),
    errorBody(status, type, reason, details)
  );
}

/** A catalog list answer (`.../_search`) holding `sources` keyed by id. */
export function listAnswer<T>(index: string, sources: Record<string, T>) {
  const hits = Object.entries(sources).map(([id, source]) => ({
    _index: index,
    _id: id,
    _score: null,
    _source: source,
  }));
  return {
    took: 1,
    timed_out: false,
    hits: { total: { value: hits.length, relation: 'eq' }, max_score: null, hits },
  };
}

/** A catalog write answer. */
export function writeAnswer(index: string, id: string, result: 'created' | 'updated' | 'deleted') {
  return { _index: index, _id: id, _version: 1, result, _seq_no: 0, _primary_term: 1 };
}
