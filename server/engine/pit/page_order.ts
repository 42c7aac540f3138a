import { COPY_INDEPENDENT_ORDER } from '../opensearch/pit_resume';

/**
 * The sort of every page: the request's (by `_score` when it has none), then `_seq_no` and
 * `_shard_doc`, which break ties so search_after never skips or repeats a hit, in the same order
 * on every copy of a shard (pit_resume.ts). A page can go on from other copies after a node
 * leaves only in such an order, and only when the scores it sorts by are the same on every copy.
 */
export function pageOrder(
  sort: unknown,
  query: unknown
): { sort: unknown[]; copyIndependent: boolean; resumable: boolean } {
  const list = sort === undefined ? [{ _score: 'desc' }] : Array.isArray(sort) ? sort : [sort];
  const copyIndependent = !list.some((s) => sortsBy(s, '_shard_doc'));
  const sortsByScore = list.some((s) => sortsBy(s, '_score'));
  return {
    sort: copyIndependent ? [...list, ...COPY_INDEPENDENT_ORDER] : list,
    copyIndependent,
    resumable: copyIndependent && (!sortsByScore || scoresAlikeOnEveryCopy(query)),
  };
}

function sortsBy(entry: unknown, field: string): boolean {
  return entry === field || (typeof entry === 'object' && entry !== null && field in entry);
}

/** Queries whose score does not depend on a copy's term statistics (constant or none). */
const CONSTANT_SCORE_QUERIES = new Set([
  'match_all',
  'match_none',
  'join',
  'terms',
  'range',
  'exists',
  'ids',
  'prefix',
  'wildcard',
  'regexp',
  'constant_score',
]);

/**
 * True when every copy scores a document the same: a query of constant-score clauses, or a
 * `bool` whose scoring clauses are such (its `filter` and `must_not` do not score). Term
 * statistics (BM25's idf) differ between copies, so `match`, `term` and the like do not qualify.
 */
function scoresAlikeOnEveryCopy(query: unknown): boolean {
  if (query === undefined) return true;
  if (typeof query !== 'object' || query === null) return false;
  const entries = Object.entries(query);
  if (entries.length !== 1) return false;
  const [type, clause] = entries[0];
  if (CONSTANT_SCORE_QUERIES.has(type)) return true;
  if (type !== 'bool' || typeof clause !== 'object' || clause === null) return false;
  const bool = clause as Record<string, unknown>;
  return ['must', 'should'].every((occur) => {
    const clauses = bool[occur];
    if (clauses === undefined) return true;
    return (Array.isArray(clauses) ? clauses : [clauses]).every(scoresAlikeOnEveryCopy);
  });
}
