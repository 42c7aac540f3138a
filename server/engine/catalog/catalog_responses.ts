import type { StoredDocument } from './catalog_store';

/** A catalog entry answered as OpenSearch's GET document API does, `_source` shown by `view`. */
export function documentResponse<T, V>(doc: StoredDocument<T>, view: (stored: T) => V) {
  return {
    _index: doc._index,
    _id: doc._id,
    _version: doc._version,
    _seq_no: doc._seq_no,
    _primary_term: doc._primary_term,
    found: true,
    _source: view(doc._source),
  };
}

/** Catalog entries answered in the shape of an OpenSearch search response. */
export function listResponse<T, V>(
  started: number,
  docs: Array<StoredDocument<T>>,
  view: (stored: T) => V
) {
  const hits = docs.map((doc) => ({
    _index: doc._index,
    _id: doc._id,
    _score: null,
    _source: view(doc._source),
  }));
  return {
    took: Date.now() - started,
    timed_out: false,
    hits: { total: { value: hits.length, relation: 'eq' }, max_score: null, hits },
  };
}
