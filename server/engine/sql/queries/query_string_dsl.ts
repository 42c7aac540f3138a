/**
 * A parsed `query_string` (query_string_parser.ts) to the query DSL the other translators
 * already run: `bool`, `term`, `range`, `prefix`, `wildcard`, `exists`, `match_all` and
 * `match_none`. What each leaf becomes follows OpenSearch's QueryStringQueryParser on keyword,
 * numeric, date and boolean fields:
 * - `f:>5`, `f:>=5`, `f:<5`, `f:<=5` are half-open ranges (unquoted, with a field or a default
 *   field; not with a `fields` list, where OpenSearch compares the text as a term);
 * - `_exists_:f` is an exists query (field patterns allowed);
 * - `f:*` is an exists query, `*` or `*:*` on all fields match_all;
 * - a phrase is a term of the whole phrase (a keyword field has one token per value);
 * - `time_zone` applies to date ranges, and to an unquoted date term on one named date field;
 * - a field pattern or `*` expands to the matching columns, one query per column, any of which
 *   may match (OpenSearch's dis_max, whose scores do not matter here);
 * - when lenient (the default with all fields), a column whose type cannot read the value
 *   (`abc` on a long) matches nothing instead of failing the search.
 * Fuzziness, proximity and regular expressions compare text in ways keyword equality cannot
 * express, so they are refused with a 400 naming them and where they are.
 */
import { badRequest, FederationError } from '../../errors';
import type { TranslationContext } from '../translation_context';
import type { Translate } from './conditions';
import { expandFieldPattern } from './query_fields';
import { parseFailure, position } from './query_string_errors';
import type { QsField, QsNode } from './query_string_parser';

export interface QueryStringOptions {
  /** The text, for error messages. */
  query: string;
  /**
   * The field (or pattern, `*` for all) unnamed terms search, as OpenSearch's parser has it; null
   * when `fields` lists them instead.
   */
  defaultField: string | null;
  /** The listed fields (patterns and `^boost` allowed) when defaultField is null. */
  fields: readonly string[];
  lenient: boolean;
  timeZone?: string;
  allowLeadingWildcard: boolean;
  minimumShouldMatch?: string;
}

type Dsl = Record<string, unknown>;

const MATCH_ALL: Dsl = { match_all: {} };
const MATCH_NONE: Dsl = { match_none: {} };

const REFUSED: Record<'fuzzy' | 'proximity' | 'regexp', [string, string]> = {
  fuzzy: [
    'fuzziness (~)',
    'virtual indices compare whole keyword values; use a wildcard (ab?d, ab*) or list the spellings (a OR b)',
  ],
  proximity: [
    'proximity (~ after a phrase)',
    'a phrase already matches the whole keyword value; leave the ~ out',
  ],
  regexp: [
    'a regular expression (/.../)',
    'use a wildcard (ab*, a?c) or a range ([a TO b]) instead',
  ],
};

/** The query DSL of a parsed query string on the index of `ctx`. */
export function queryStringDsl(
  tree: QsNode,
  options: QueryStringOptions,
  ctx: TranslationContext,
  translate: Translate
): Dsl {
  const builder = new DslBuilder(options, ctx, translate);
  const dsl = builder.build(tree);
  // As OpenSearch: minimum_should_match applies to the top boolean query only.
  if (tree.kind === 'bool' && options.minimumShouldMatch !== undefined) {
    const bool = dsl.bool as Dsl;
    return { bool: { ...bool, minimum_should_match: options.minimumShouldMatch } };
  }
  return dsl;
}

class DslBuilder {
  constructor(
    private readonly options: QueryStringOptions,
    private readonly ctx: TranslationContext,
    private readonly translate: Translate
  ) {}

  build(node: QsNode): Dsl {
    switch (node.kind) {
      case 'bool': {
        const bool: Record<string, Dsl[]> = {};
        for (const clause of node.clauses) {
          (bool[clause.occur] ??= []).push(this.build(clause.query));
        }
        return { bool };
      }
      case 'term':
        return this.term(node.field, node.text, node.quoted);
      case 'prefix':
        return this.eachField(node.field, (name) => ({ prefix: { [name]: node.text } }));
      case 'wildcard':
        return this.wildcard(node.field, node.pattern);
      case 'range':
        return this.range(node.field, node.lower, node.upper, node.includeLower, node.includeUpper);
      default: {
        const [syntax, advice] = REFUSED[node.kind];
        throw badRequest(
          `[query_string] query [${this.options.query}] uses ${syntax} at ${position(this.options.query, node.offset)}, which is not supported on virtual indices: ${advice}`
        );
      }
    }
  }

  /** The field a leaf names, or the default field (null when a `fields` list stands for it). */
  private actualField(field: QsField): string | null {
    return field ?? this.options.defaultField;
  }

  /** QueryStringQueryParser.getFieldQuery. */
  private term(field: QsField, text: string, quoted: boolean): Dsl {
    const actual = this.actualField(field);
    if (actual === '_exists_') return { exists: { field: text } };
    if (!quoted && actual !== null && text.length > 1) {
      if (text.startsWith('>=') && text.length > 2)
        return this.range(field, text.slice(2), null, true, true);
      if (text.startsWith('>')) return this.range(field, text.slice(1), null, false, true);
      if (text.startsWith('<=') && text.length > 2)
        return this.range(field, null, text.slice(2), true, true);
      if (text.startsWith('<')) return this.range(field, null, text.slice(1), true, false);
      // One named date field with a time zone: the term is the range of the value in that zone.
      if (this.options.timeZone !== undefined && this.ctx.columns.get(actual)?.type === 'date') {
        return this.range(field, text, text, true, true);
      }
    }
    return this.eachField(field, (name) => ({ term: { [name]: text } }));
  }

  /** QueryStringQueryParser.getWildcardQuery: `*` alone asks for the field's presence. */
  private wildcard(field: QsField, pattern: string): Dsl {
    if (pattern === '*') {
      const actual = this.actualField(field);
      if (actual === '*') return MATCH_ALL;
      if (actual !== null) return this.lenient({ exists: { field: actual } });
      return this.eachField(field, (name) => ({ exists: { field: name } }));
    }
    if (!this.options.allowLeadingWildcard && (pattern[0] === '*' || pattern[0] === '?')) {
      const reason = "'*' or '?' not allowed as first character in WildcardQuery";
      throw parseFailure(this.options.query, reason, null);
    }
    return this.eachField(field, (name) => ({ wildcard: { [name]: pattern } }));
  }

  /** `*` bounds are open, as OpenSearch's getRangeQuery has them. */
  private range(
    field: QsField,
    lower: string | null,
    upper: string | null,
    includeLower: boolean,
    includeUpper: boolean
  ): Dsl {
    const from = lower === '*' ? null : lower;
    const to = upper === '*' ? null : upper;
    return this.eachField(field, (name) => {
      const spec: Dsl = {};
      if (from !== null) spec[includeLower ? 'gte' : 'gt'] = from;
      if (to !== null) spec[includeUpper ? 'lte' : 'lt'] = to;
      if (this.options.timeZone !== undefined && this.ctx.columns.get(name)?.type === 'date') {
        spec.time_zone = this.options.timeZone;
      }
      return { range: { [name]: spec } };
    });
  }

  /** The leaf on each field `field` stands for, any of which may match; none: no document. */
  private eachField(field: QsField, leaf: (name: string) => Dsl): Dsl {
    const queries = this.fieldNames(field).map((name) => this.lenient(leaf(name)));
    if (queries.length === 0) return MATCH_NONE;
    return queries.length === 1 ? queries[0] : { bool: { should: queries } };
  }

  private fieldNames(field: QsField): string[] {
    if (field !== null) return this.expand(field);
    if (this.options.defaultField !== null) return this.expand(this.options.defaultField);
    const names = this.options.fields.flatMap((f) => this.expand(f.replace(/\^.*$/, '')));
    return [...new Set(names)];
  }

  /** `*` is every column; `k*` the matching columns; any other name stays (it may be `_id`). */
  private expand(field: string): string[] {
    if (field === '*') return [...this.ctx.columns.keys()];
    return expandFieldPattern(this.ctx, field);
  }

  /**
   * When lenient, a query the field cannot answer (its type cannot read the value, or does not
   * take the query) matches nothing, as OpenSearch's lenient parser makes it. The query is
   * translated to find out, and its parameters are given back.
   */
  private lenient(query: Dsl): Dsl {
    if (!this.options.lenient) return query;
    try {
      this.translate(query);
      return query;
    } catch (err) {
      if (err instanceof FederationError && err.status === 400) return MATCH_NONE;
      throw err;
    }
  }
}
