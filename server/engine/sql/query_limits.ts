import { FederationError } from '../errors';

/** OpenSearch's per-query limits, applied to queries on virtual indices (settings). */
export interface QueryLimits {
  /** `index.max_terms_count`: values in one `terms` query. */
  maxTermsCount: number;
  /** `indices.query.bool.max_clause_count`: bool clauses in the whole query. */
  maxClauseCount: number;
}

/** OpenSearch's defaults, for translations that were given no settings. */
export const DEFAULT_QUERY_LIMITS: QueryLimits = { maxTermsCount: 65_536, maxClauseCount: 1_024 };

const CLAUSES = ['must', 'should', 'filter', 'must_not'];

/**
 * Refuses a query on virtual indices past OpenSearch's limits, as OpenSearch would refuse it
 * on a normal index (normal indices are left to OpenSearch). Iterative: the body's depth was
 * bounded when it was parsed, but this walk needs no stack either way.
 */
export function checkQueryLimits(query: unknown, limits: QueryLimits): void {
  let clauses = 0;
  const stack: unknown[] = [query];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      // A loop, not push(...value): spreading a huge array overflows the call stack.
      for (const item of value) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'bool' && isObject(child)) {
        for (const clause of CLAUSES) {
          const list = Object.hasOwn(child, clause) ? child[clause] : undefined;
          clauses += Array.isArray(list) ? list.length : list === undefined ? 0 : 1;
        }
        if (clauses > limits.maxClauseCount) {
          throw new FederationError(
            400,
            'too_many_clauses',
            `maxClauseCount is set to ${limits.maxClauseCount}: the query has more bool clauses than that; use a terms query for many values of one field (the limit is the setting maxClauseCount, indices.query.bool.max_clause_count)`
          );
        }
      }
      if (key === 'terms' && isObject(child)) {
        for (const values of Object.values(child)) {
          if (Array.isArray(values) && values.length > limits.maxTermsCount) {
            throw new FederationError(
              400,
              'illegal_argument_exception',
              `The number of terms [${values.length}] used in the Terms Query request has exceeded the allowed maximum of [${limits.maxTermsCount}]. Split the values over several terms queries in a bool should, or raise the setting maxTermsCount (index.max_terms_count).`
            );
          }
        }
      }
      stack.push(child);
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
