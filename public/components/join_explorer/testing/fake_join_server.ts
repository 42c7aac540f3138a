import type { HttpClient, HttpFetchError, HttpFetchOptions } from '../../../types';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request the explorer made, its JSON body parsed. */
export interface RecordedCall {
  method: Method;
  path: string;
  query?: HttpFetchOptions['query'];
  body?: Record<string, unknown>;
}

/** What `core.http` throws for an OpenSearch-shaped error answer. */
export function httpError(status: number, type: string, reason: string): HttpFetchError {
  const error = new Error(reason) as Error & { body: unknown; response: { status: number } };
  error.body = { error: { root_cause: [{ type, reason }], type, reason }, status };
  error.response = { status };
  return error;
}

export interface FakeJoinServerOptions {
  /** How many parent documents the join matches; hit i (1-based) has `_id` `p<i>`, sort `[i]`. */
  matching?: number;
  /** Thrown by every `_search`, to show the server's reason. */
  searchError?: HttpFetchError;
  /** Thrown by `_pit`. */
  pitError?: HttpFetchError;
}

const MAPPINGS: Record<string, Record<string, { type: string; fields?: object }>> = {
  companies: {
    id: { type: 'long' },
    name: { type: 'text', fields: { keyword: { type: 'keyword' } } },
    code: { type: 'keyword' },
  },
  articles: {
    id: { type: 'long' },
    company_id: { type: 'long' },
    company_code: { type: 'keyword' },
    title: { type: 'keyword' },
  },
  // A virtual index answers `_mapping` from its columns (server/engine/search).
  vi_orders: { order_id: { type: 'long' }, company_code: { type: 'keyword' } },
};

/**
 * A recording `HttpClient` that answers like the server for the routes the join explorer uses:
 * `_resolve/index`, the virtual-index list, `_mapping`, `_pit` open and close, and a PIT search
 * that pages `matching` parents by `search_after` (a later page starts after the given sort
 * value) and moves the PIT id on every page, as spec §4.5 allows.
 */
export class FakeJoinServer implements HttpClient {
  readonly calls: RecordedCall[] = [];
  readonly openPits = new Set<string>();
  private pitCount = 0;

  constructor(private readonly options: FakeJoinServerOptions = {}) {}

  searches(): RecordedCall[] {
    return this.calls.filter((c) => c.method === 'POST' && c.path === '/svc/_search');
  }

  callsTo(method: Method, path: string): RecordedCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }

  get = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('GET', path, options);
  post = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('POST', path, options);
  put = <T>(path: string, options?: HttpFetchOptions) => this.request<T>('PUT', path, options);
  delete = <T>(path: string, options?: HttpFetchOptions) =>
    this.request<T>('DELETE', path, options);

  private async request<T>(method: Method, path: string, options?: HttpFetchOptions): Promise<T> {
    const body =
      options?.body === undefined
        ? undefined
        : (JSON.parse(options.body) as Record<string, unknown>);
    this.calls.push({ method, path, query: options?.query, body });
    // A round trip's tick: the screen must render its loading state in between.
    await Promise.resolve();
    return this.answer(method, path, body) as T;
  }

  private answer(method: Method, path: string, body?: Record<string, unknown>): unknown {
    if (method === 'GET' && path === '/svc/_resolve/index/*') {
      return {
        indices: [
          { name: 'articles', attributes: ['open'] },
          { name: 'companies', attributes: ['open'], aliases: ['firms'] },
          { name: 'vi_orders', attributes: ['open'] },
          { name: '.hidden-thing', attributes: ['open', 'hidden'] },
        ],
        aliases: [{ name: 'firms', indices: ['companies'] }],
        data_streams: [],
      };
    }
    if (method === 'GET' && path === '/_svc/connector/index/_search') {
      return {
        hits: {
          total: { value: 1, relation: 'eq' },
          hits: [
            {
              _index: '.federation-virtual-indices',
              _id: 'vi_orders',
              _source: {
                datasource: 'shop_pg',
                resource: 'orders',
                key: 'order_id',
                columns: [
                  { name: 'order_id', remote_type: 'int8', type: 'long' },
                  { name: 'company_code', remote_type: 'text', type: 'keyword' },
                ],
              },
            },
          ],
        },
      };
    }
    const mapping = /^\/svc\/([^/]+)\/_mapping$/.exec(path);
    if (method === 'GET' && mapping) {
      const index = decodeURIComponent(mapping[1]);
      const properties = MAPPINGS[index];
      if (!properties)
        throw httpError(404, 'index_not_found_exception', `no such index [${index}]`);
      return { [index]: { mappings: { properties } } };
    }
    if (method === 'POST' && /^\/svc\/[^/]+\/_pit$/.test(path)) {
      if (this.options.pitError) throw this.options.pitError;
      const id = `pit-${++this.pitCount}`;
      this.openPits.add(id);
      return { id, pit_id: id, creation_time: 0 };
    }
    if (method === 'DELETE' && path === '/svc/_pit') {
      const id = String(body?.id);
      const known = this.openPits.delete(id);
      if (!known) throw httpError(404, 'resource_not_found_exception', `no PIT [${id}]`);
      return { pits: [{ successful: true, pit_id: id }] };
    }
    if (method === 'POST' && path === '/svc/_search') return this.search(body ?? {});
    throw httpError(404, 'no_handler_found_exception', `no handler for ${method} ${path}`);
  }

  private search(body: Record<string, unknown>) {
    if (this.options.searchError) throw this.options.searchError;
    const pit = body.pit as { id: string };
    if (!this.openPits.has(pit.id)) {
      throw httpError(404, 'search_context_missing_exception', `No search context [${pit.id}]`);
    }
    const matching = this.options.matching ?? 45;
    const size = Number(body.size);
    const after = (body.search_after as number[] | undefined)?.[0] ?? 0;
    const hits = [];
    for (let i = after + 1; i <= Math.min(matching, after + size); i++) {
      hits.push({
        _index: 'companies',
        _id: `p${i}`,
        _score: null,
        _source: { id: i, name: `Company ${i}` },
        fields: { title: [`Article about ${i}`] },
        sort: [i],
      });
    }
    // The PIT id moves on: the next page must send this one.
    this.openPits.delete(pit.id);
    const next = `${pit.id}.${after}`;
    this.openPits.add(next);
    return {
      took: 1,
      timed_out: false,
      pit_id: next,
      hits: { total: { value: matching, relation: 'eq' }, max_score: null, hits },
    };
  }
}
