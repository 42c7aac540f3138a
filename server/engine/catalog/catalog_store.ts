import { FederationError } from '../errors';
import { answeredError, expecting } from '../opensearch/client_errors';
import { HiddenIndex } from '../opensearch/hidden_index';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';

export interface StoredDocument<T> {
  _index: string;
  _id: string;
  _version: number;
  _seq_no: number;
  _primary_term: number;
  _source: T;
}

export interface WriteResult {
  _index: string;
  _id: string;
  _version: number;
  result: 'created' | 'updated' | 'deleted' | 'not_found';
  _seq_no: number;
  _primary_term: number;
}

/** Most catalog entries a list returns; a catalog is configuration, not data. */
const LIST_LIMIT = 10_000;

/**
 * Catalog entries kept in a hidden OpenSearch index, so every server process pointed at the
 * cluster sees the same catalog. The index is created on first use; a concurrent creator winning
 * the race is fine. Writes refresh the (tiny) index so a list right after a write sees it;
 * hot paths may opt out per call.
 */
export class CatalogStore<T extends object> {
  private readonly hiddenIndex: HiddenIndex;

  constructor(
    private readonly openSearch: OpenSearchGateway,
    readonly index: string,
    properties: Record<string, unknown>
  ) {
    this.hiddenIndex = new HiddenIndex(openSearch, index, properties);
  }

  async get(id: string): Promise<StoredDocument<T> | null> {
    // No document has an empty id; asking for one would address `<index>/_doc/` itself.
    if (id === '') return null;
    await this.hiddenIndex.ensure();
    // Absent (404, `found: false`; or the index deleted by hand) is an answer, not an error.
    const doc = await this.openSearch.request<StoredDocument<T> & { found?: boolean }>(
      { method: 'GET', path: opensearchPath(this.index, '_doc', id) },
      expecting(404)
    );
    return doc.found === true ? doc : null;
  }

  /** Several entries by id, in the order asked; missing ones are null. */
  async getMany(ids: string[]): Promise<Array<StoredDocument<T> | null>> {
    if (ids.length === 0) return [];
    await this.hiddenIndex.ensure();
    const response = await this.openSearch.request<{
      docs: Array<StoredDocument<T> & { found?: boolean }>;
    }>({
      method: 'POST',
      path: opensearchPath(this.index, '_mget'),
      body: { ids },
    });
    return response.docs.map((doc) => (doc.found ? doc : null));
  }

  async put(id: string, source: T, options: { refresh?: boolean } = {}): Promise<WriteResult> {
    await this.hiddenIndex.ensure();
    return this.openSearch.request<WriteResult>({
      method: 'PUT',
      path: opensearchPath(this.index, '_doc', id),
      body: source as Record<string, unknown>,
      querystring: { refresh: String(options.refresh ?? true) },
    });
  }

  /**
   * Replaces an entry only if nobody wrote it since it was read as `read` (OpenSearch's
   * `if_seq_no`/`if_primary_term`), so two writers racing on one entry cannot both win.
   * Null when another write came first: re-read the entry and decide again.
   */
  async putIfUnchanged(
    id: string,
    source: T,
    read: Pick<StoredDocument<T>, '_seq_no' | '_primary_term'>,
    options: { refresh?: boolean } = {}
  ): Promise<WriteResult | null> {
    await this.hiddenIndex.ensure();
    // Losing the race (409) is an outcome this call exists for, so it is an answer, not an error.
    const answer = await this.openSearch.request<WriteResult>(
      {
        method: 'PUT',
        path: opensearchPath(this.index, '_doc', id),
        body: source as Record<string, unknown>,
        querystring: {
          refresh: String(options.refresh ?? true),
          if_seq_no: String(read._seq_no),
          if_primary_term: String(read._primary_term),
        },
      },
      expecting(409)
    );
    return answeredError(answer) === null ? answer : null;
  }

  /** Changes some fields of an entry, leaving the rest (possibly large) where it is. */
  async update(id: string, fields: Partial<T>, options: { refresh?: boolean } = {}): Promise<void> {
    await this.hiddenIndex.ensure();
    await this.openSearch.request({
      method: 'POST',
      path: opensearchPath(this.index, '_update', id),
      body: { doc: fields as Record<string, unknown> },
      // Partial updates of independent fields (e.g. a PIT's expiry from concurrent pages) may
      // interleave; OpenSearch re-applies them on a fresh read instead of answering 409.
      querystring: { refresh: String(options.refresh ?? true), retry_on_conflict: '5' },
    });
  }

  async delete(id: string, options: { refresh?: boolean } = {}): Promise<WriteResult | null> {
    await this.hiddenIndex.ensure();
    // Deleting an absent entry answers 404 (`result: not_found`): expected, so not an error.
    const answer = await this.openSearch.request<WriteResult>(
      {
        method: 'DELETE',
        path: opensearchPath(this.index, '_doc', id),
        querystring: { refresh: String(options.refresh ?? true) },
      },
      expecting(404)
    );
    return answer.result === 'deleted' ? answer : null;
  }

  /** Makes every write so far visible to lists (writes made with `refresh: false`). */
  async refresh(): Promise<void> {
    await this.hiddenIndex.ensure();
    await this.openSearch.request({ method: 'POST', path: opensearchPath(this.index, '_refresh') });
  }

  /** Every entry, sorted by id (in memory: sorting on `_id` is off by default in OpenSearch 3). */
  async list(where?: Record<string, string>): Promise<Array<StoredDocument<T>>> {
    await this.hiddenIndex.ensure();
    const filter = Object.entries(where ?? {}).map(([field, value]) => ({
      term: { [field]: value },
    }));
    const response = await this.openSearch.request<{
      hits: { total: { value: number }; hits: Array<StoredDocument<T>> };
    }>({
      method: 'POST',
      path: opensearchPath(this.index, '_search'),
      body: {
        size: LIST_LIMIT,
        track_total_hits: true,
        seq_no_primary_term: true,
        version: true,
        query: { bool: { filter } },
      },
    });
    // Never a silently partial list: callers decide on all entries (e.g. "is this datasource used").
    if (response.hits.total.value > response.hits.hits.length) {
      throw new FederationError(
        500,
        'catalog_too_large_exception',
        `[${this.index}] holds ${response.hits.total.value} entries, more than the ${LIST_LIMIT} a list reads`
      );
    }
    return response.hits.hits.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
  }
}
