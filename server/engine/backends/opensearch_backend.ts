import { retryingNodeLoss } from '../opensearch/node_loss';
import { opensearchPath, type OpenSearchGateway } from '../opensearch/opensearch_gateway';
import {
  afterOnAnyCopy,
  closePit,
  COPY_INDEPENDENT_ORDER,
  openPitRequest,
  searchAllShards,
  shardsWithoutCopy,
} from '../opensearch/pit_resume';
import { RawJson } from '../opensearch/raw_json';
import { requireAllShards, type ShardsHeader } from '../opensearch/shard_failures';
import type { TransportRequestParams } from '../opensearch/transport';
import type {
  Backend,
  BackendDocument,
  CallOptions,
  DocumentOptions,
  FieldType,
  KeyOptions,
} from './backend';
import { bitmapFilter } from './bitmap_filter';
import { DocumentStream } from './document_stream';
import type { FieldPredicate } from './field_predicate';
import { keyChunks, keyCount, KeySetBuilder, tooManyKeys, type KeySet } from './key_set';
import type { KeywordKeys } from './keyword_keys';
import type { FieldCapsCache } from '../catalog/field_caps_cache';
import { OpenSearchFields } from './opensearch_fields';
import { preferenceParam } from './query_params';
import { pushOpenSearchLeaf } from './opensearch_pushdown';
import { splitPredicate } from './predicate_split';

export interface OpenSearchLimits {
  /** Terms per `terms` (or `ids`) query (OpenSearch's `index.max_terms_count`, 65,536 by default). */
  termsChunkSize: number;
  /** Keys per composite-aggregation page, and ids per page when streaming `_id`. */
  keyPageSize: number;
  /** Send integer key sets as RoaringBitmaps where the cluster and field allow. */
  bitmapFilter: boolean;
  /** Whether the cluster takes `value_type: bitmap` terms (OpenSearch 2.17+); cached by the host. */
  bitmapsSupported: () => Promise<boolean>;
}

/** Documents per page of `documents`: large enough to amortise the round trip, small in memory. */
const DOCUMENT_PAGE = 5_000;
/** What a composite page's response is cut to (`filter_path`): the keys and the shard header. */
const KEY_PAGE_FIELDS = '_shards,aggregations.keys.after_key,aggregations.keys.buckets.key';
/** The first page also counts the matching documents when asked (`onMatchCount`). */
const COUNTED_KEY_PAGE_FIELDS = `${KEY_PAGE_FIELDS},hits.total`;
/** How long a PIT of one stream stays open between pages. */
const SCAN_KEEP_ALIVE = '1m';

interface Hit {
  _index: string;
  _id: string;
  _source?: Record<string, unknown>;
  sort?: unknown[];
}

interface CompositeResponse {
  _shards?: ShardsHeader;
  hits?: { total?: { value: number } };
  aggregations?: {
    keys?: { after_key?: Record<string, unknown>; buckets?: Array<{ key: { k: unknown } }> };
  };
}

/**
 * OpenSearch indices (names or patterns, as given; none for every index). Every request goes
 * through the caller's gateway, so security applies as to the caller's own searches.
 */
export class OpenSearchBackend implements Backend {
  readonly kind = 'opensearch' as const;
  private readonly fields: OpenSearchFields;

  constructor(
    private readonly openSearch: OpenSearchGateway,
    readonly indices: readonly string[],
    private readonly limits: OpenSearchLimits,
    /** The process's field types (field_caps_cache.ts) and who is asking; none keeps nothing. */
    fieldCaps?: { cache: FieldCapsCache; caller: string }
  ) {
    this.fields = new OpenSearchFields(
      (api, querystring) => this.call({ method: 'GET', path: this.path(...api), querystring }),
      indices.length > 0,
      fieldCaps && { ...fieldCaps, indices: indices.join(',') }
    );
  }

  fieldType(field: string): Promise<FieldType> {
    return this.fields.type(field);
  }

  fieldTypes(fields: readonly string[]): Promise<FieldType[]> {
    return this.fields.typesOf(fields);
  }

  async count(query: unknown, options: CallOptions = {}): Promise<number> {
    const response = await this.call<{ count: number; _shards?: ShardsHeader }>(
      {
        method: 'POST',
        path: this.path('_count'),
        querystring: preferenceParam(options.preference),
        body: { query: query as Record<string, unknown> },
      },
      options
    );
    return requireAllShards(response, `the count of [${this.describeIndices()}]`).count;
  }

  /** About how many distinct values `field` has (a `cardinality` aggregation): for planning. */
  async cardinality(field: string, options: CallOptions = {}): Promise<number> {
    const response = await this.call<{
      _shards?: ShardsHeader;
      aggregations?: { keys?: { value: number } };
    }>(
      {
        method: 'POST',
        path: this.path('_search'),
        querystring: preferenceParam(options.preference),
        body: { size: 0, track_total_hits: false, aggs: { keys: { cardinality: { field } } } },
      },
      options
    );
    requireAllShards(response, `the key count of [${field}] in [${this.describeIndices()}]`);
    return response.aggregations?.keys?.value ?? 0;
  }

  /**
   * A composite aggregation paged by `after_key`: OpenSearch deduplicates and sorts, and only one
   * page of keys is in flight at a time. `_id` takes no aggregation (OpenSearch 3), so the ids
   * are streamed from a point in time instead and sorted here.
   */
  async distinctKeys(field: string, query: unknown, options: KeyOptions): Promise<KeySet> {
    if (field === '_id') return this.ids(query, options);
    const builder = new KeySetBuilder(options.limit, options.describe, options.setting);
    let after: Record<string, unknown> | undefined;
    for (;;) {
      // The aggregation visits every matching document anyway: counting them costs next to
      // nothing, where a planner's own `_count` runs the query once more beside this read.
      const counted = after === undefined && options.onMatchCount !== undefined;
      const response = await this.call<CompositeResponse>(
        {
          method: 'POST',
          path: this.path('_search'),
          // Only the keys travel (no doc_count, shards or took): a third less text to parse
          // per page, and less garbage held between collections on a large key set.
          querystring: {
            ...preferenceParam(options.preference),
            filter_path: counted ? COUNTED_KEY_PAGE_FIELDS : KEY_PAGE_FIELDS,
          },
          body: {
            size: 0,
            track_total_hits: counted,
            query: query as Record<string, unknown>,
            aggs: {
              keys: {
                composite: {
                  size: this.limits.keyPageSize,
                  sources: [{ k: { terms: { field } } }],
                  ...(after ? { after } : {}),
                },
              },
            },
          },
        },
        options
      );
      requireAllShards(response, `the key read of [${field}] in [${this.describeIndices()}]`);
      const page = response.aggregations?.keys;
      // An empty last page has no buckets left after filter_path.
      const buckets = page?.buckets ?? [];
      const last = buckets.length < this.limits.keyPageSize || page?.after_key === undefined;
      if (counted) options.onMatchCount!(response.hits?.total?.value ?? 0, last);
      for (const bucket of buckets) builder.add(bucket.key.k);
      if (last) break;
      after = page!.after_key;
    }
    return builder.build();
  }

  private async ids(query: unknown, options: KeyOptions): Promise<KeySet> {
    // Ids repeat only across indices; the set catches the limit before they are all in memory.
    const ids = new Set<string>();
    for await (const hit of this.scan(query, false, this.limits.keyPageSize, undefined, options)) {
      ids.add(hit._id);
      if (ids.size > options.limit)
        throw tooManyKeys(options.limit, options.describe, options.setting);
    }
    const builder = new KeySetBuilder(options.limit, options.describe, options.setting);
    for (const id of ids) builder.add(id);
    return builder.build();
  }

  /**
   * Nothing for no keys; `ids` for `_id`; one RoaringBitmap when the cluster and the field allow
   * (integer keys on an `integer`/`long` field), else `terms` chunks within
   * `index.max_terms_count`. Scores stay constant.
   */
  async keyFilter(
    field: string,
    keys: KeySet
  ): Promise<{ filter: unknown; form: 'none' | 'terms' | 'bitmap' | 'ids' }> {
    if (keyCount(keys) === 0) return { filter: { match_none: {} }, form: 'none' };
    if (field === '_id') {
      const chunks = [...keyChunks(keys, this.limits.termsChunkSize)].map((chunk) => ({
        ids: { values: chunk.map(String) },
      }));
      return { filter: { constant_score: { filter: anyOf(chunks) } }, form: 'ids' };
    }
    if (
      keys.kind === 'long' &&
      this.limits.bitmapFilter &&
      (await this.limits.bitmapsSupported())
    ) {
      const type = await this.fieldType(field);
      const bitmap =
        type === 'integer' || type === 'long' ? bitmapFilter(field, keys.values, type) : null;
      if (bitmap !== null)
        return { filter: { constant_score: { filter: bitmap } }, form: 'bitmap' };
    }
    const chunks =
      keys.kind === 'keyword'
        ? keywordChunks(keys.values, this.limits.termsChunkSize)
        : [...keyChunks(keys, this.limits.termsChunkSize)];
    const terms = chunks.map((chunk) => ({ terms: { [field]: chunk } }));
    return { filter: { constant_score: { filter: anyOf(terms) } }, form: 'terms' };
  }

  applyFilter(predicate: FieldPredicate) {
    return splitPredicate(predicate, (leaf) => pushOpenSearchLeaf(leaf, this.fields));
  }

  /**
   * A point in time read in `_shard_doc` order with `search_after`: stable while it runs, whatever
   * is indexed meanwhile, and closed when the loop ends, breaks or fails.
   */
  documents(query: unknown, options: DocumentOptions): DocumentStream {
    const source =
      options.fields === undefined
        ? true
        : options.fields.length === 0
          ? false
          : { includes: options.fields };
    return new DocumentStream((stream) => this.readDocuments(query, source, options, stream));
  }

  private async *readDocuments(
    query: unknown,
    source: unknown,
    options: DocumentOptions,
    stream: DocumentStream
  ): AsyncGenerator<BackendDocument> {
    const limit = options.limit ?? Infinity;
    let read = 0;
    // One past the limit tells a cut stream from one that just fits.
    const pageSize = Math.max(1, Math.min(DOCUMENT_PAGE, limit + 1));
    if (options.anyUpToLimit && options.ordered === false && limit <= DOCUMENT_PAGE) {
      // Any `limit` matches: one plain search of that size is the whole read.
      for (const hit of await this.onePage(query, source, Math.max(1, limit), options))
        yield { _index: hit._index, _id: hit._id, _source: hit._source ?? {} };
      return;
    }
    if (options.ordered === false && (options.expectedDocuments ?? Infinity) <= pageSize) {
      // Few expected: one plain search is a consistent read of them all, without the round
      // trips of opening and closing a point in time. A full page means the hint was wrong: read
      // again through a point in time, from the start.
      const hits = await this.onePage(query, source, pageSize, options);
      if (hits.length < pageSize) {
        for (const hit of hits)
          yield { _index: hit._index, _id: hit._id, _source: hit._source ?? {} };
        return;
      }
    }
    for await (const hit of this.scan(query, source, pageSize, limit + 1, options)) {
      if (read === limit) {
        stream.truncated = true;
        return;
      }
      read++;
      yield { _index: hit._index, _id: hit._id, _source: hit._source ?? {} };
    }
  }

  /**
   * At most `size` hits matching `query`, from one search, in no particular order. Query
   * approximation may cut it short only when more than `size` match per shard, and a full page
   * is read again through a point in time, so it cannot lose documents.
   */
  private async onePage(
    query: unknown,
    source: unknown,
    size: number,
    options: CallOptions
  ): Promise<Hit[]> {
    const page = await this.call<{ _shards?: ShardsHeader; hits: { hits: Hit[] } }>(
      {
        method: 'POST',
        path: this.path('_search'),
        querystring: preferenceParam(options.preference),
        body: {
          size,
          track_total_hits: false,
          _source: source as Record<string, unknown>,
          query: query as Record<string, unknown>,
        },
      },
      options
    );
    return requireAllShards(page, `the document read of [${this.describeIndices()}]`).hits.hits;
  }

  /** The hits matching `query` from a point in time, page by page, then the PIT closed. */
  private async *scan(
    query: unknown,
    source: unknown,
    pageSize: number,
    most: number | undefined,
    options: CallOptions
  ): AsyncGenerator<Hit> {
    const open = async () =>
      (
        await this.call<{ pit_id: string }>(
          openPitRequest(
            this.indicesExpression(),
            SCAN_KEEP_ALIVE,
            preferenceParam(options.preference)
          ),
          options
        )
      ).pit_id;
    let pitId = await open();
    try {
      let after: unknown[] | undefined;
      let read = 0;
      for (;;) {
        options.signal?.throwIfAborted();
        const size = most === undefined ? pageSize : Math.min(pageSize, most - read);
        if (size <= 0) return;
        type Page = { _shards?: ShardsHeader; pit_id?: string; hits: { hits: Hit[] } };
        const searched = await searchAllShards<Page>(pitId, {
          // Bound to the PIT's contexts: a node's loss is resumed on a new PIT, not retried here.
          search: (id) =>
            this.callOnce<Page>(
              {
                method: 'POST',
                path: '/_search',
                body: {
                  size,
                  // Exact counting turns off OpenSearch 3's query approximation, which under a
                  // `_shard_doc` sort ignores search_after: a top-level `range` then stopped
                  // after about 10,240 hits (range_paging.integration.test.ts). Measured: no
                  // slower per page.
                  track_total_hits: true,
                  _source: source as Record<string, unknown>,
                  query: query as Record<string, unknown>,
                  // The same order on every copy, so a node's loss moves the read to a new PIT
                  // on the copies left, after the last hit (pit_resume.ts).
                  sort: COPY_INDEPENDENT_ORDER,
                  pit: { id, keep_alive: SCAN_KEEP_ALIVE },
                  ...(after === undefined ? {} : { search_after: after }),
                },
              },
              options
            ),
          reopen: async () => {
            void closePit(this.openSearch, pitId);
            return open();
          },
          shardsWithoutCopy: () => shardsWithoutCopy(this.openSearch, this.indicesExpression()),
          what: `the document read of [${this.describeIndices()}]`,
        });
        const page = searched.response;
        pitId = typeof page.pit_id === 'string' ? page.pit_id : searched.pitId;
        const hits = page.hits.hits;
        for (const hit of hits) yield hit;
        read += hits.length;
        if (hits.length < size) return;
        after = afterOnAnyCopy(hits[hits.length - 1].sort ?? []);
      }
    } finally {
      // Not traced: closing is housekeeping, and a failure here must not hide the stream's own.
      await closePit(this.openSearch, pitId);
    }
  }

  /** The indices as an index expression: every index when none is named. */
  private indicesExpression(): string {
    return this.indices.length === 0 ? '_all' : this.indices.join(',');
  }

  /** The indices as errors name them. */
  private describeIndices(): string {
    return this.indices.length === 0 ? '_all' : this.indices.join(',');
  }

  /** `/a,b/<api>`, or `/<api>` when no index is named (every index, as `/_search` reads). */
  private path(...api: string[]): string {
    return this.indices.length === 0
      ? opensearchPath(...api)
      : opensearchPath(this.indices.join(','), ...api);
  }

  /**
   * One read, made again when a node leaving the cluster failed it or took some of its shards
   * (node_loss.ts): OpenSearch then serves it from the copies left. Every request of this class
   * is a read (searches, counts, field caps, composite pages, opening a PIT), so repeating one
   * is safe; a node still gone after the retries is the 503 naming it.
   */
  private call<T>(params: TransportRequestParams, options: CallOptions = {}): Promise<T> {
    return retryingNodeLoss(() => this.callOnce<T>(params, options), options);
  }

  /**
   * One request: traced, and bounded by the caller's remaining time. The signal is checked
   * between pages rather than passed on: OpenSearch clients do not all take one.
   */
  private callOnce<T>(params: TransportRequestParams, options: CallOptions = {}): Promise<T> {
    options.signal?.throwIfAborted();
    options.trace?.({
      kind: 'search',
      method: params.method,
      path: params.path,
      ...(params.querystring && Object.keys(params.querystring).length > 0
        ? { querystring: params.querystring }
        : {}),
      ...(params.body === undefined ? {} : { body: params.body }),
    });
    const remaining = options.remainingMs?.();
    return this.openSearch.request<T>(
      params,
      remaining === undefined ? undefined : { requestTimeout: Math.max(1, remaining) }
    );
  }
}

/**
 * Keyword keys as `terms` chunks written from the packed keys when the request is sent: no JS
 * string per key and no JSON string of them all (opensearch/raw_json.ts).
 */
function keywordChunks(keys: KeywordKeys, size: number): RawJson[] {
  const chunks: RawJson[] = [];
  for (let start = 0; start < keys.length; start += size) {
    const end = Math.min(start + size, keys.length);
    chunks.push(
      new RawJson(
        () => keys.jsonArray(start, end),
        () => keys.slice(start, end),
        // Its share of the key set it reads from.
        64 + Math.ceil((keys.byteLength * (end - start)) / keys.length)
      )
    );
  }
  return chunks;
}

function anyOf(filters: unknown[]): unknown {
  return filters.length === 1 ? filters[0] : { bool: { should: filters, minimum_should_match: 1 } };
}
