import type { HttpClient, HttpFetchOptions } from '../../../types';
import { httpError } from '../../../test_support/recording_http';
import investments from '../../../../scripts/demo/investments_graph.json';

export { httpError };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface GraphCall {
  method: Method;
  path: string;
  query?: HttpFetchOptions['query'];
  body?: unknown;
  signal?: AbortSignal;
}

type Handler = (call: GraphCall) => unknown;

/**
 * A fake `HttpClient` for the graph screen's tests: records every request (with its signal, so
 * cancelling can be checked) and answers from the routes the test defines; anything else is the
 * 404 a missing route gives.
 */
export class GraphHttp implements HttpClient {
  readonly calls: GraphCall[] = [];
  private readonly routes: Array<{ method: Method; path: string | RegExp; handle: Handler }> = [];

  on(method: Method, path: string | RegExp, handle: Handler): this {
    this.routes.unshift({ method, path, handle });
    return this;
  }

  callsTo(method: Method, path: string | RegExp): GraphCall[] {
    return this.calls.filter((c) => c.method === method && matches(path, c.path));
  }

  get = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('GET', path, options);
  post = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('POST', path, options);
  put = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('PUT', path, options);
  delete = <T>(path: string, options?: HttpFetchOptions) =>
    this.request<T>('DELETE', path, options);

  private async request<T>(method: Method, path: string, options?: HttpFetchOptions): Promise<T> {
    const call: GraphCall = {
      method,
      path,
      query: options?.query,
      body: options?.body === undefined ? undefined : JSON.parse(options.body),
      signal: options?.signal,
    };
    this.calls.push(call);
    const route = this.routes.find((r) => r.method === method && matches(r.path, path));
    if (!route)
      throw httpError(404, 'no_handler_found_exception', `no handler for ${method} ${path}`);
    await Promise.resolve();
    return (await route.handle(call)) as T;
  }
}

function matches(pattern: string | RegExp, path: string): boolean {
  return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}

/** Mappings of the demo graph's indices, as the server answers them. */
export const DEMO_MAPPINGS: Record<string, Record<string, { type: string }>> = {
  'demo-companies': {
    id: { type: 'integer' },
    name: { type: 'text' },
    sector: { type: 'keyword' },
  },
  'demo-articles': {
    id: { type: 'integer' },
    title: { type: 'text' },
    company_id: { type: 'integer' },
    sentiment: { type: 'float' },
  },
  'demo-investments': {
    id: { type: 'long' },
    company_id: { type: 'long' },
    investor: { type: 'keyword' },
    amount: { type: 'double' },
  },
};

/** The probe for the demo's indices (wildcards: a cluster without them answers an empty list). */
export const DEMO_PROBE = '/svc/_resolve/index/demo-companies*,demo-articles*,demo-investments*';

const resolveAnswer = (names: string[]) => ({
  indices: names.map((name) => ({ name, attributes: ['open'] })),
  aliases: [],
  data_streams: [],
});

/** A cluster with the demo graph loaded: its indices resolve and their mappings answer. */
export function demoClusterHttp(): GraphHttp {
  const http = new GraphHttp().on('GET', DEMO_PROBE, () =>
    resolveAnswer(investments.entities.flatMap((entity) => entity.indices))
  );
  for (const entity of investments.entities) {
    for (const index of entity.indices) {
      http.on('GET', `/svc/${index}/_mapping`, () => ({
        [index]: { mappings: { properties: DEMO_MAPPINGS[index] } },
      }));
    }
  }
  // The saved-queries toolbar lists saved queries: none yet.
  http.on('GET', /^\/_svc\/graph\/query\/_search/, () => ({
    took: 0,
    timed_out: false,
    hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] },
  }));
  return http;
}

/** A cluster without the demo graph: nothing resolves, every mapping request is a 404. */
export function emptyClusterHttp(): GraphHttp {
  const http = demoClusterHttp().on('GET', DEMO_PROBE, () => resolveAnswer([]));
  http.on('GET', /\/_mapping$/, (call) =>
    Promise.reject(
      httpError(404, 'index_not_found_exception', `no such index [${call.path.split('/')[2]}]`)
    )
  );
  return http;
}

export const company = (id: number, name = `Company ${id}`) => ({
  _index: 'demo-companies',
  _id: String(id),
  _source: { id, name, sector: 'software' },
});

export const article = (id: number, companyId = 1) => ({
  _index: 'demo-articles',
  _id: String(id),
  _source: { id, title: `Article ${id}`, company_id: companyId, sentiment: 0.8 },
});

/** A `/svc/_graph` answer. */
export function graphAnswer(
  header: string[],
  rows: unknown[][],
  extra: { truncated?: true; steps?: unknown[]; plan?: unknown } = {}
) {
  const { steps, ...rest } = extra;
  return {
    header,
    rows,
    ...rest,
    query_plan_execution: {
      took_in_millis: 42,
      start_in_millis: 1_700_000_000_000,
      stop_in_millis: 1_700_000_000_042,
      ...(steps ? { steps } : {}),
    },
  };
}
