/**
 * OpenSearch query DSL to ONE parameterised SQL condition for the WHERE clause of a virtual
 * index's statement, with OpenSearch as the reference semantics (see queries/conditions.ts for
 * the rules every piece follows: NULL-free conditions, bound values, quoted identifiers). The
 * condition is an SQL fragment: its values are numbered when the statement around it is
 * rendered (sql_fragment.ts).
 */
import { FederationError, badRequest } from '../errors';
import { boolQuery, constantScoreQuery } from './queries/bool_query';
import {
  matchPhraseQuery,
  matchQuery,
  queryStringQuery,
  simpleQueryStringQuery,
} from './queries/full_text_queries';
import { prefixQuery, wildcardQuery } from './queries/pattern_queries';
import { multiMatchQuery } from './queries/multi_match_query';
import { MATCH_ALL, MATCH_NONE, type QueryTranslator, type Translate } from './queries/conditions';
import { expectObject, isObject, parsingError } from './queries/query_parsing';
import { rangeQuery } from './queries/range_query';
import { existsQuery, idsQuery, termQuery, termsQuery } from './queries/term_queries';
import type { SqlFragment } from './sql_fragment';
import { SqlSemiJoin } from './sql_semi_join';
import type { TranslationContext } from './translation_context';

export { MATCH_ALL, MATCH_NONE, type QueryTranslator };

/** Deeper nesting is refused before it can exhaust the stack (OpenSearch's own limit is lower). */
export const MAX_QUERY_DEPTH = 100;

const TRANSLATORS = new Map<string, QueryTranslator>([
  ['match_all', (body) => (expectObject('match_all', body), MATCH_ALL)],
  ['match_none', (body) => (expectObject('match_none', body), MATCH_NONE)],
  ['term', termQuery],
  ['terms', termsQuery],
  ['range', rangeQuery],
  ['exists', existsQuery],
  ['prefix', prefixQuery],
  ['wildcard', wildcardQuery],
  ['ids', idsQuery],
  ['bool', boolQuery],
  ['constant_score', constantScoreQuery],
  ['match', matchQuery],
  ['match_phrase', matchPhraseQuery],
  ['query_string', queryStringQuery],
  ['simple_query_string', simpleQueryStringQuery],
  ['multi_match', multiMatchQuery],
]);

/**
 * OpenSearch queries that virtual indices do not answer: a 400 that names them, rather than
 * OpenSearch's "unknown query" (which is kept for names OpenSearch does not know either).
 */
const UNSUPPORTED = new Set([
  'boosting',
  'combined_fields',
  'dis_max',
  'distance_feature',
  'function_score',
  'fuzzy',
  'geo_bounding_box',
  'geo_distance',
  'geo_polygon',
  'geo_shape',
  'geoshape',
  'has_child',
  'has_parent',
  'hybrid',
  'intervals',
  'join',
  'knn',
  'match_bool_prefix',
  'match_phrase_prefix',
  'more_like_this',
  'nested',
  'neural',
  'parent_id',
  'percolate',
  'pinned',
  'rank_feature',
  'regexp',
  'script',
  'script_score',
  'shape',
  'span_containing',
  'span_field_masking',
  'span_first',
  'span_multi',
  'span_near',
  'span_not',
  'span_or',
  'span_term',
  'span_within',
  'template',
  'terms_set',
  'type',
  'wrapper',
  'xy_shape',
]);

/**
 * The WHERE condition for `query` (absent: every row). Throws a 400 FederationError naming
 * what it cannot translate.
 */
export function translateQuery(query: unknown, ctx: TranslationContext): SqlFragment {
  const translateAt = (depth: number): Translate => {
    return (nested) => {
      if (depth > MAX_QUERY_DEPTH) {
        throw badRequest(
          `the query is nested more than ${MAX_QUERY_DEPTH} levels deep; nest fewer bool/compound queries, e.g. combine clauses into one [bool]`
        );
      }
      return translateOne(nested, ctx, translateAt(depth + 1));
    };
  };
  return query === undefined || query === null ? MATCH_ALL : translateAt(1)(query);
}

function translateOne(query: unknown, ctx: TranslationContext, translate: Translate): SqlFragment {
  if (query instanceof SqlSemiJoin) return query.condition(ctx, translateQuery);
  if (!isObject(query)) throw parsingError('query malformed, must start with start_object');
  const names = Object.keys(query);
  if (names.length === 0) throw badRequest('query malformed, empty clause found');
  if (names.length > 1) {
    throw parsingError(
      `[${names[0]}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`
    );
  }
  const name = names[0];
  const translator = TRANSLATORS.get(name);
  if (translator) return translator(query[name], ctx, translate);
  if (UNSUPPORTED.has(name) || name.startsWith('geo_') || name.startsWith('span_')) {
    throw badRequest(
      `[${name}] queries are not supported on virtual indices; rewrite it with the queries they support: [${[...TRANSLATORS.keys()].join(', ')}]`
    );
  }
  throw new FederationError(400, 'parsing_exception', `unknown query [${name}]`);
}
