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
  /** The value-sample searches wait for this (to catch them in flight). */
  sampleGate?: Promise<unknown>;
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
 * The documents the value sample reads: every article names a company by `company_id`, the first
 * 30 by `company_code` too; article ids (1001…) meet no company id.
 */
const DOCS: Record<string, Array<Record<string, unknown>>> = {
  companies: Array.from({ length: 30 }, (_, i) => ({ id: i + 1, code: `C${i + 1}` })),
  articles: Array.from({ length: 60 }, (_, i) => ({
    id: 1001 + i,
    company_id: (i % 30) + 1,
    company_code: i < 30 ? `C${i + 1}` : 'X',
  })),
  vi_orders: [],
};

type Key = string | number;
const valuesOf = (index: string, field: string): Key[] =>
  (DOCS[index] ?? []).map((doc) => doc[field] as Key).filter((v) => v !== undefined);

/** A terms aggregation's buckets: the distinct values, most frequent first, then by key. */
function termsBuckets(values: Key[], size: number) {
  const counts = new Map<Key, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a, ca], [b, cb]) => cb - ca || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, size)
    .map(([key, doc_count]) => ({ key, doc_count }));
}

type SampleAgg = {
  terms?: { field: string; size: number };
  filters?: { filters: { met: { terms: Record<string, Key[]> } } };
  aggs?: { values: { terms: { field: string; size: number } } };
};

/** The two sample searches of value_sample.ts, evaluated over DOCS. */
function sampleAnswer(path: string, body: Record<string, unknown>) {
  const index = decodeURIComponent(path.split('/')[2]);
  const aggregations: Record<string, unknown> = {};
  for (const [name, agg] of Object.entries((body.aggs ?? {}) as Record<string, SampleAgg>)) {
    if (agg.terms) {
      aggregations[name] = {
        buckets: termsBuckets(valuesOf(index, agg.terms.field), agg.terms.size),
      };
    } else if (agg.filters && agg.aggs) {
      const [field, wanted] = Object.entries(agg.filters.filters.met.terms)[0];
      const met = valuesOf(index, field).filter((v) => wanted.includes(v));
      aggregations[name] = {
        buckets: {
          met: {
            doc_count: met.length,
            values: { buckets: termsBuckets(met, agg.aggs.values.terms.size) },
          },
        },
      };
    }
  }
  return { took: 1, hits: { total: { value: 0, relation: 'eq' }, hits: [] }, aggregations };
}

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
 * value) and moves the PIT id on every page, as docs/api/interface.md §4.5 allows.
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
      .on('POST', '/svc/_search', (call) => this.search(call.body ?? {}))
      .on('POST', /^\/svc\/[^/]+\/_search$/, (call) => this.sample(call));
  }

  searches(): JoinCall[] {
    return this.callsTo('POST', '/svc/_search');
  }

  /** A value sample of the join suggestions; `sampleGate` holds it until the test lets it go. */
  private async sample(call: JoinCall) {
    if (this.options.sampleGate) await this.options.sampleGate;
    return sampleAnswer(call.path, call.body ?? {});
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
