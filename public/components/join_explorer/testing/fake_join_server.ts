import type { HttpFetchError } from '../../../types';
import { httpError, RecordingHttp, type RecordedCall } from '../../../test_support/recording_http';

export { httpError };

type JsonBody = Record<string, unknown>;

/** One request the explorer made, its JSON body parsed. */
export type JoinCall = RecordedCall<JsonBody>;

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

const RESOLVED = {
  indices: [
    { name: 'articles', attributes: ['open'] },
    { name: 'companies', attributes: ['open'], aliases: ['firms'] },
    { name: 'vi_orders', attributes: ['open'] },
    { name: '.hidden-thing', attributes: ['open', 'hidden'] },
  ],
  aliases: [{ name: 'firms', indices: ['companies'] }],
  data_streams: [],
};

const VIRTUAL_INDICES = {
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

function mappingAnswer(path: string) {
  const index = decodeURIComponent(path.split('/')[2]);
  const properties = MAPPINGS[index];
  if (!properties) throw httpError(404, 'index_not_found_exception', `no such index [${index}]`);
  return { [index]: { mappings: { properties } } };
}

/**
 * A recording `HttpClient` that answers like the server for the routes the join explorer uses:
 * `_resolve/index`, the virtual-index list, `_mapping`, `_pit` open and close, and a PIT search
 * that pages `matching` parents by `search_after` (a later page starts after the given sort
 * value) and moves the PIT id on every page, as spec §4.5 allows.
 */
export class FakeJoinServer extends RecordingHttp<JsonBody> {
  readonly openPits = new Set<string>();
  private pitCount = 0;

  constructor(private readonly options: FakeJoinServerOptions = {}) {
    super();
    this.on('GET', '/svc/_resolve/index/*', () => RESOLVED)
      .on('GET', '/_svc/connector/index/_search', () => VIRTUAL_INDICES)
      .on('GET', /^\/svc\/[^/]+\/_mapping$/, (call) => mappingAnswer(call.path))
      .on('POST', /^\/svc\/[^/]+\/_pit$/, () => this.openPit())
      .on('DELETE', '/svc/_pit', (call) => this.closePit(String(call.body?.id)))
      .on('POST', '/svc/_search', (call) => this.search(call.body ?? {}));
  }

  searches(): JoinCall[] {
    return this.callsTo('POST', '/svc/_search');
  }

  private openPit() {
    if (this.options.pitError) throw this.options.pitError;
    const id = `pit-${++this.pitCount}`;
    this.openPits.add(id);
    return { id, pit_id: id, creation_time: 0 };
  }

  private closePit(id: string) {
    const known = this.openPits.delete(id);
    if (!known) throw httpError(404, 'resource_not_found_exception', `no PIT [${id}]`);
    return { pits: [{ successful: true, pit_id: id }] };
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
