/**
 * `multi_match`, which OpenSearch Dashboards' DQL sends for free text (`alpha` in the query bar
 * becomes `{multi_match: {type: "best_fields", query: "alpha", lenient: true}}`, see
 * docs/api/osd_apps_on_virtual_indices.md). On keyword fields each field's match is one term of
 * the whole text, so every type that only combines per-field matches (`best_fields`,
 * `most_fields`, `cross_fields`, `phrase`) is a term on any of the fields; without `fields` it
 * searches every column, leniently, as OpenSearch's default field `*` does.
 */
import { badRequest } from '../../errors';
import type { TranslationContext } from '../translation_context';
import type { SqlFragment } from '../sql_fragment';
import { anyOf, type QueryTranslator } from './conditions';
import { lenientTerm } from './full_text_queries';
import { expandFieldPattern } from './query_fields';
import { booleanFlag, expectObject, parsingError } from './query_parsing';

const TERM_TYPES = new Set(['best_fields', 'most_fields', 'cross_fields', 'phrase']);

/** Options that change nothing when each field's text is one keyword term (scores aside). */
const OPTIONS = new Set([
  'query',
  'fields',
  'type',
  'lenient',
  'operator',
  'analyzer',
  'boost',
  '_name',
  'tie_breaker',
  'slop',
  'zero_terms_query',
  'auto_generate_synonyms_phrase_query',
  'fuzziness',
  'prefix_length',
  'max_expansions',
  'fuzzy_transpositions',
  'minimum_should_match',
]);

/** The columns a multi_match searches, and whether all of them (then lenient by default). */
export function multiMatchColumns(
  ctx: TranslationContext,
  fields: unknown
): { names: string[]; all: boolean } {
  if (fields === undefined || fields === null) return { names: [...ctx.columns.keys()], all: true };
  const list = Array.isArray(fields) ? fields : [fields];
  if (!list.every((f): f is string => typeof f === 'string')) {
    throw parsingError('[multi_match] query does not support [fields] that are not strings');
  }
  const patterns = list.map((f) => f.replace(/\^.*$/, ''));
  if (patterns.length === 0 || patterns.includes('*')) {
    return { names: [...ctx.columns.keys()], all: true };
  }
  return {
    names: [...new Set(patterns.flatMap((p) => expandFieldPattern(ctx, p)))],
    all: false,
  };
}

/** The body checked: its text and the options that decide the SQL. */
export function readMultiMatch(body: unknown): Record<string, unknown> & { query: unknown } {
  const spec = expectObject('multi_match', body);
  for (const key of Object.keys(spec)) {
    if (!OPTIONS.has(key)) throw parsingError(`[multi_match] query does not support [${key}]`);
  }
  if (spec.query === undefined || spec.query === null) {
    throw parsingError('No text specified for multi_match query');
  }
  if (!['string', 'number', 'boolean'].includes(typeof spec.query)) {
    throw parsingError('[multi_match] query does not support [query] that is not a value');
  }
  const type = spec.type ?? 'best_fields';
  if (typeof type !== 'string' || !TERM_TYPES.has(type)) {
    throw badRequest(
      `[multi_match] of type [${String(type)}] is not supported on virtual indices: queries compare whole keyword values; use [best_fields], [most_fields], [cross_fields] or [phrase], or a [prefix] query`
    );
  }
  const fuzziness = spec.fuzziness;
  if (fuzziness !== undefined && fuzziness !== 0 && fuzziness !== '0') {
    throw badRequest(
      `[multi_match] with [fuzziness] is not supported on virtual indices: queries compare whole keyword values; leave [fuzziness] out`
    );
  }
  if (
    spec.zero_terms_query !== undefined &&
    String(spec.zero_terms_query).toLowerCase() !== 'none'
  ) {
    throw badRequest(
      `[multi_match] with [zero_terms_query: ${String(spec.zero_terms_query)}] is not supported on virtual indices; leave it out`
    );
  }
  return spec as Record<string, unknown> & { query: unknown };
}

export const multiMatchQuery: QueryTranslator = (body, ctx): SqlFragment => {
  const spec = readMultiMatch(body);
  const { names, all } = multiMatchColumns(ctx, spec.fields);
  const lenient = spec.lenient === undefined ? all : booleanFlag(spec.lenient);
  return anyOf(names.map((name) => lenientTerm(ctx, name, spec.query, lenient)));
};
