/**
 * Full-text queries behave as on keyword fields: no analysis, so `match` and `match_phrase` are
 * a term on the field (as OpenSearch's match on a keyword field is), and `simple_query_string` a
 * term per whitespace-separated word (its operators are refused with a 400 naming them, see
 * query_syntax.ts). `query_string` text is parsed as Lucene's query syntax
 * (query_string_parser.ts) and becomes the query DSL it stands for (query_string_dsl.ts).
 */
import { FederationError, badRequest } from '../../errors';
import type { TranslationContext } from '../translation_context';
import { timeZoneOf } from '../date_math';
import { queryShardError } from '../sql_values';
import { queryStringDsl } from './query_string_dsl';
import { escapeQueryText } from './query_string_escapes';
import { parseLuceneQuery } from './query_string_parser';
import { simpleQueryStringWords } from './query_syntax';
import { termCondition } from './term_queries';
import type { SqlFragment } from '../sql_fragment';
import { MATCH_NONE, allOf, anyOf, type QueryTranslator, type Translate } from './conditions';
import { expandFieldPattern, resolveField } from './query_fields';
import { booleanFlag, expectObject, parsingError, singleField } from './query_parsing';
import { checkQueryLimits, DEFAULT_QUERY_LIMITS } from '../query_limits';

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
export function lenientTerm(
  ctx: TranslationContext,
  field: string,
  value: unknown,
  lenient: boolean
): SqlFragment {
  const target = resolveField(ctx, field, 'match');
  if (target === null) return MATCH_NONE;
  try {
    return termCondition(ctx, field, target, value);
  } catch (err) {
    if (!lenient || !(err instanceof FederationError) || err.status !== 400) throw err;
    return MATCH_NONE;
  }
}

interface QueryStringSpec {
  query: string;
  flags: unknown;
  /** `fields`, or `[default_field]`; null for neither (all fields). */
  fields: string[] | null;
  defaultField?: string;
  listedFields?: string[];
  lenient: boolean | undefined;
  operator: 'or' | 'and';
  timeZone?: string;
  minimumShouldMatch?: string;
  allowLeadingWildcard: boolean;
  escape: boolean;
}

const QUERY_STRING_IGNORED = new Set([
  'boost',
  '_name',
  'analyzer',
  'quote_analyzer',
  'analyze_wildcard',
  'auto_generate_synonyms_phrase_query',
  'enable_position_increments',
  'flags',
  'fuzziness',
  'fuzzy_max_expansions',
  'fuzzy_prefix_length',
  'fuzzy_transpositions',
  'max_determinized_states',
  'phrase_slop',
  'quote_field_suffix',
  'rewrite',
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
    allowLeadingWildcard: true,
    escape: false,
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
      spec.defaultField = String(value);
      spec.fields = [spec.defaultField];
    } else if (key === 'fields') {
      if (!Array.isArray(value)) throw parsingError(`[${queryName}] [fields] must be an array`);
      spec.listedFields = value.map(String);
      spec.fields = spec.listedFields;
    } else if (key === 'time_zone') {
      spec.timeZone = String(value);
      timeZoneOf(spec.timeZone);
    } else if (key === 'minimum_should_match') {
      if (value !== null) spec.minimumShouldMatch = String(value);
    } else if (key === 'allow_leading_wildcard') {
      spec.allowLeadingWildcard = booleanFlag(value);
    } else if (key === 'escape') {
      spec.escape = booleanFlag(value);
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
function termOnFields(ctx: TranslationContext, spec: QueryStringSpec, value: string): SqlFragment {
  const allFields = spec.fields === null || spec.fields.some((f) => f.replace(/\^.*$/, '') === '*');
  const lenient = spec.lenient ?? allFields;
  const names = allFields
    ? [...ctx.columns.keys()]
    : [...new Set(spec.fields!.flatMap((f) => expandFieldPattern(ctx, f.replace(/\^.*$/, ''))))];
  return anyOf(names.map((name) => lenientTerm(ctx, name, value, lenient)));
}

/**
 * OpenSearch's query_string: the text parsed with Lucene's syntax, searched on the fields it
 * names, else on `default_field`, else on `fields`, else on every column (then leniently).
 */
export const queryStringQuery: QueryTranslator = (body, ctx, translate) =>
  translate(queryStringAsDsl(body, ctx, translate));

/**
 * The query DSL a `query_string` body stands for (a search's highlighting walks it too, to see
 * which clause searches which field).
 */
export function queryStringAsDsl(
  body: unknown,
  ctx: TranslationContext,
  translate: Translate
): unknown {
  const spec = parseQueryString('query_string', body);
  if (spec.defaultField !== undefined && spec.listedFields !== undefined) {
    throw queryShardError(
      'Validation Failed: 1: [query_string] cannot use [fields] parameter in conjunction with [default_field];'
    );
  }
  const text = spec.escape ? escapeQueryText(spec.query) : spec.query;
  // As OpenSearch: blank text (Java's trim() drops every character up to U+0020) finds nothing.
  if ([...text].every((c) => c <= ' ')) return { match_none: {} };
  // An empty `fields` list is no list: OpenSearch then searches its default field, `*`.
  const listed = spec.listedFields?.length ? spec.listedFields : null;
  const defaultField = listed === null ? (spec.defaultField ?? '*') : null;
  // All fields make the whole query lenient unless told otherwise, as in OpenSearch.
  const allFields = defaultField === '*' || (listed ?? []).some((f) => stripBoost(f) === '*');
  const tree = parseLuceneQuery(text, { defaultOperator: spec.operator });
  const dsl = queryStringDsl(
    tree,
    {
      query: text,
      defaultField,
      fields: listed ?? [],
      lenient: spec.lenient ?? allFields,
      timeZone: spec.timeZone,
      allowLeadingWildcard: spec.allowLeadingWildcard,
      minimumShouldMatch: spec.minimumShouldMatch,
    },
    ctx,
    translate
  );
  // The text's clauses count as the bool it becomes, as OpenSearch counts them.
  checkQueryLimits(dsl, ctx.limits ?? DEFAULT_QUERY_LIMITS);
  return dsl;
}

function stripBoost(field: string): string {
  return field.replace(/\^.*$/, '');
}

/**
 * The term of each word on each column a `simple_query_string` searches, as query DSL (what a
 * search's highlighting walks: which word searches which field).
 */
export function simpleQueryStringAsDsl(body: unknown, ctx: TranslationContext): unknown {
  const spec = parseQueryString('simple_query_string', body);
  const words = simpleQueryStringWords(spec.query, spec.flags);
  const allFields = spec.fields === null || spec.fields.some((f) => stripBoost(f) === '*');
  const names = allFields
    ? [...ctx.columns.keys()]
    : [...new Set(spec.fields!.flatMap((f) => expandFieldPattern(ctx, stripBoost(f))))];
  return {
    bool: { should: words.flatMap((word) => names.map((name) => ({ term: { [name]: word } }))) },
  };
}

export const simpleQueryStringQuery: QueryTranslator = (body, ctx) => {
  const spec = parseQueryString('simple_query_string', body);
  const words = simpleQueryStringWords(spec.query, spec.flags);
  if (words.length === 0) return MATCH_NONE;
  const terms = words.map((word) => termOnFields(ctx, spec, word));
  return spec.operator === 'and' ? allOf(terms) : anyOf(terms);
};
