import {
  SAVED_QUERY_INDEX,
  SAVED_QUERY_LIST_FIELDS,
  type SavedQueryBody,
  type SavedQueryListSource,
  type SavedQuerySource,
} from '../../../common/saved_query_types';
import { expecting } from '../opensearch/client_errors';
import { HiddenIndex } from '../opensearch/hidden_index';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import { SAVED_QUERY_INDEX_PROPERTIES } from './saved_query_mappings';
import {
  SAVED_QUERY_SEARCH_FIELDS,
  type DocumentMeta,
  type ListedSavedQuery,
  type SavedQueryPage,
  type SavedQuerySearch,
  type SavedQueryStore,
  type SavedQueryWrite,
  type StoredSavedQuery,
} from './saved_query_store';

interface Document extends DocumentMeta {
  _id: string;
  _source: SavedQuerySource;
}

interface ListedDocument extends DocumentMeta {
  _id: string;
  _source: SavedQueryListSource;
}

interface WriteAnswer extends DocumentMeta {
  result: 'created' | 'updated' | 'deleted' | 'not_found';
}

/**
 * Saved queries of the standalone host, in a hidden system index (`.federation-saved-queries`,
 * which /svc refuses like every `.federation-*` index) read and written as the server itself.
 * The index is created on first use with a strict mapping; a concurrent creator winning the race
 * is fine. Writes refresh, so the list a user sees right after saving holds the query.
 */
export class IndexSavedQueryStore implements SavedQueryStore {
  private readonly hiddenIndex: HiddenIndex;

  constructor(
    private readonly openSearch: OpenSearchGateway,
    readonly index: string = SAVED_QUERY_INDEX,
    private readonly now: () => Date = () => new Date()
  ) {
    this.hiddenIndex = new HiddenIndex(openSearch, index, SAVED_QUERY_INDEX_PROPERTIES);
  }

  async get(id: string): Promise<StoredSavedQuery | null> {
    await this.hiddenIndex.ensure();
    // Absent (404, `found: false`; or the index deleted by hand) is an answer, not an error.
    const doc = await this.openSearch.request<Document & { found?: boolean }>(
      { method: 'GET', path: opensearchPath(this.index, '_doc', id) },
      expecting(404)
    );
    return doc.found === true ? stored(doc) : null;
  }

  async put(id: string, body: SavedQueryBody): Promise<SavedQueryWrite> {
    await this.hiddenIndex.ensure();
    const source: SavedQuerySource = { ...body, updated_at: this.now().toISOString() };
    const answer = await this.openSearch.request<WriteAnswer>({
      method: 'PUT',
      path: opensearchPath(this.index, '_doc', id),
      body: source,
      querystring: { refresh: 'true' },
    });
    return { result: answer.result === 'created' ? 'created' : 'updated', meta: meta(answer) };
  }

  async delete(id: string): Promise<SavedQueryWrite | null> {
    await this.hiddenIndex.ensure();
    // Deleting an absent query answers 404 (`result: not_found`): expected, so not an error.
    const answer = await this.openSearch.request<WriteAnswer>(
      {
        method: 'DELETE',
        path: opensearchPath(this.index, '_doc', id),
        querystring: { refresh: 'true' },
      },
      expecting(404)
    );
    return answer.result === 'deleted' ? { result: 'deleted', meta: meta(answer) } : null;
  }

  async search({ text, from, size }: SavedQuerySearch): Promise<SavedQueryPage> {
    await this.hiddenIndex.ensure();
    const response = await this.openSearch.request<{
      hits: { total: { value: number }; hits: ListedDocument[] };
    }>({
      method: 'POST',
      path: opensearchPath(this.index, '_search'),
      body: {
        from,
        size,
        // What a list shows: the query and model (up to maxGraphModelBytes each) stay unread.
        _source: { includes: [...SAVED_QUERY_LIST_FIELDS] },
        track_total_hits: true,
        version: true,
        seq_no_primary_term: true,
        // Newest first; equal times (one bulk of saves) by title, so pages never overlap.
        sort: [{ updated_at: { order: 'desc' } }, { 'title.keyword': { order: 'asc' } }],
        query:
          text === undefined
            ? { match_all: {} }
            : {
                simple_query_string: {
                  query: text,
                  fields: [...SAVED_QUERY_SEARCH_FIELDS],
                  default_operator: 'and',
                },
              },
      },
    });
    return { total: response.hits.total.value, items: response.hits.hits.map(listed) };
  }
}

function stored(doc: Document): StoredSavedQuery {
  return { id: doc._id, source: doc._source, meta: meta(doc) };
}

function listed(doc: ListedDocument): ListedSavedQuery {
  return { id: doc._id, source: doc._source, meta: meta(doc) };
}

function meta(doc: DocumentMeta): DocumentMeta {
  return {
    _index: doc._index,
    _version: doc._version,
    _seq_no: doc._seq_no,
    _primary_term: doc._primary_term,
  };
}
