/**
 * Full-text queries behave as on keyword fields: no analysis, so `match` and `match_phrase` are
 * a term on the field (as OpenSearch's match on a keyword field is), `query_string` is a term
 * of its whole unescaped text on each of its fields, and `simple_query_string` a term per
 * whitespace-separated word. Query syntax (`field:value`, `AND`, `*`, grouping, ranges, boosts,
 * fuzziness, regular expressions, phrases) is not translated yet: text using it is refused
 * with a 400 naming it (query_syntax.ts) rather than compared as a keyword.
 */
import { FederationError, badRequest } from '../../errors';
import type { TranslationContext } from '../translation_context';
import { queryStringTerm, simpleQueryStringWords } from './query_syntax';
import { termCondition } from './term_queries';
import {
  MATCH_NONE,
  allOf,
  anyOf,
  booleanFlag,
  discardParams,
  expandFieldPattern,
  expectObject,
  paramsMark,
  parsingError,
  resolveField,
  singleField,
  type QueryTranslator,
} from './query_support';

/** Options that change nothing when the text is a single keyword term. */
const MATCH_OPTIONS = [
  'operator',
  'lenient',
  'analyzer',
  'minimum_should_match',
  'zero_terms_query',
  'auto_generate_synonyms_phrase_query',
  'prefix_length',
  'max_expansions',
  'fuzzy_transpositions',
  'fuzzy_rewrite',
  'cutoff_frequency',
  'fuzziness',
];
const PHRASE_OPTIONS = ['analyzer', 'slop', 'zero_terms_query'];

export const matchQuery: QueryTranslator = (body, ctx) => {
  const { field, value, options } = singleField('match', body, ['query'], MATCH_OPTIONS);
  const fuzziness = options.fuzziness;
  if (fuzziness !== undefined && fuzziness !== 0 && fuzziness !== '0') {
    throw badRequest(
      `[match] with [fuzziness] is not supported on virtual indices: queries compare whole keyword values; leave [fuzziness] out, or use a [prefix] or [wildcard] query`
    );
  }
  return lenientTerm(ctx, field, value, booleanFlag(options.lenient));
};

export const matchPhraseQuery: QueryTranslator = (body, ctx) => {
  const { field, value } = singleField('match_phrase', body, ['query'], PHRASE_OPTIONS);
  return lenientTerm(ctx, field, value, false);
};

/**
 * A term on `field`; when `lenient`, a value the field's type cannot read matches nothing
 * instead of failing (as OpenSearch's lenient full-text queries do).
 */
function lenientTerm(ctx: TranslationContext, field: string, value: unknown, lenient: boolean) {
  const target = resolveField(ctx, field, 'match');
  if (target === null) return MATCH_NONE;
  const mark = paramsMark(ctx);
  try {
    return termCondition(ctx, field, target, value);
  } catch (err) {
    if (!lenient || !(err instanceof FederationError) || err.status !== 400) throw err;
    discardParams(ctx, mark);
    return MATCH_NONE;
  }
}

interface QueryStringSpec {
  query: string;
  flags: unknown;
  fields: string[] | null;
  lenient: boolean | undefined;
  operator: 'or' | 'and';
}

const QUERY_STRING_IGNORED = new Set([
  'boost',
  '_name',
  'analyzer',
  'quote_analyzer',
  'analyze_wildcard',
  'allow_leading_wildcard',
  'auto_generate_synonyms_phrase_query',
  'enable_position_increments',
  'escape',
  'flags',
  'fuzziness',
  'fuzzy_max_expansions',
  'fuzzy_prefix_length',
  'fuzzy_transpositions',
  'max_determinized_states',
  'minimum_should_match',
  'phrase_slop',
  'quote_field_suffix',
  'rewrite',
  'time_zone',
  'type',
  'tie_breaker',
]);

function parseQueryString(queryName: string, body: unknown): QueryStringSpec {
  const spec: QueryStringSpec = {
    query: '',
    flags: undefined,
    fields: null,
    lenient: undefined,
    operator: 'or',
  };
  let hasQuery = false;
  for (const [key, value] of Object.entries(expectObject(queryName, body))) {
    if (key === 'query') {
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        throw parsingError(`[${queryName}] query must be a string`);
      }
      spec.query = String(value);
      hasQuery = true;
    } else if (key === 'default_field') {
      spec.fields = [String(value)];
    } else if (key === 'fields') {
      if (!Array.isArray(value)) throw parsingError(`[${queryName}] [fields] must be an array`);
      spec.fields = value.map(String);
    } else if (key === 'flags') {
      spec.flags = value;
    } else if (key === 'lenient') {
      spec.lenient = booleanFlag(value);
    } else if (key === 'default_operator') {
      const operator = String(value).toLowerCase();
      if (operator !== 'or' && operator !== 'and') {
        throw badRequest(
          `[${queryName}] [default_operator] [${String(value)}] is not allowed; use [AND] or [OR]`
        );
      }
      spec.operator = operator;
    } else if (!QUERY_STRING_IGNORED.has(key)) {
      throw parsingError(`[${queryName}] query does not support [${key}]`);
    }
  }
  if (!hasQuery) throw parsingError(`[${queryName}] must be provided with a [query]`);
  return spec;
}

/**
 * The term on every field the query names (`k*` patterns, `k^2` boosts allowed); without
 * fields, on every column, leniently, as OpenSearch does with its default field `*`.
 */
function termOnFields(ctx: TranslationContext, spec: QueryStringSpec, value: string): string {
  const allFields = spec.fields === null || spec.fields.some((f) => f.replace(/\^.*$/, '') === '*');
  const lenient = spec.lenient ?? allFields;
  const names = allFields
    ? [...ctx.columns.keys()]
    : [...new Set(spec.fields!.flatMap((f) => expandFieldPattern(ctx, f.replace(/\^.*$/, ''))))];
  return anyOf(names.map((name) => lenientTerm(ctx, name, value, lenient)));
}

export const queryStringQuery: QueryTranslator = (body, ctx) => {
  const spec = parseQueryString('query_string', body);
  return termOnFields(ctx, spec, queryStringTerm(spec.query));
};

export const simpleQueryStringQuery: QueryTranslator = (body, ctx) => {
  const spec = parseQueryString('simple_query_string', body);
  const words = simpleQueryStringWords(spec.query, spec.flags);
  if (words.length === 0) return MATCH_NONE;
  const terms = words.map((word) => termOnFields(ctx, spec, word));
  return spec.operator === 'and' ? allOf(terms) : anyOf(terms);
};
