/**
 * Lucene's classic query syntax, as OpenSearch's `query_string` query reads it, to a tree of
 * boolean clauses and leaf queries. The grammar and the clause rules are Lucene's (QueryParser.jj
 * and QueryParserBase.addClause), because they are not boolean algebra with precedence:
 * `a OR b AND c` is `a +b +c` (b and c required, a optional), `a OR NOT b` is `a -b`. OpenSearch
 * does not split on whitespace: consecutive plain terms form one text (`alpha beta` is the one
 * keyword "alpha beta"), joined by single spaces.
 *
 * Written by hand: the npm package `lucene` refuses `-(a OR b)`, reads `a^2.5` as `a^2` and a
 * term `.5`, has no quoted range bounds and builds a right-nested tree without Lucene's clause
 * rules; chevrotain 13 is ESM-only (tsx, which runs the standalone host, cannot require it) and
 * needs Node 22 (`Object.groupBy`), while the project runs on Node 20.
 */
import { parseFailure, QuerySyntaxError } from './query_string_errors';
import { discardEscapeChar } from './query_string_escapes';
import { LexicalError, tokenize, type Token, type TokenKind } from './query_string_lexer';

export type Occur = 'must' | 'should' | 'must_not';

/** A field named in the text, or null for the query's default field(s). */
export type QsField = string | null;

export type QsNode =
  | { kind: 'bool'; clauses: QsClause[] }
  /** `f:text` or `f:"text"` (unescaped); unquoted text may still be `>5`, `<=x` ranges. */
  | { kind: 'term'; field: QsField; text: string; quoted: boolean }
  /** `f:ab*`: the unescaped text before the `*`. */
  | { kind: 'prefix'; field: QsField; text: string }
  /** `f:a?c*`, `f:*`: the pattern with its escapes, as Lucene's wildcard query reads it. */
  | { kind: 'wildcard'; field: QsField; pattern: string }
  /** `f:[a TO b}`: unescaped bounds, null for `*`. */
  | {
      kind: 'range';
      field: QsField;
      lower: string | null;
      upper: string | null;
      includeLower: boolean;
      includeUpper: boolean;
    }
  /** Syntax the caller may refuse: fuzziness, proximity, a regular expression. */
  | { kind: 'fuzzy' | 'proximity' | 'regexp'; field: QsField; text: string; offset: number };

export interface QsClause {
  occur: Occur;
  query: QsNode;
}

export type DefaultOperator = 'or' | 'and';

type Conj = 'none' | 'and' | 'or';
type Mod = 'none' | 'required' | 'prohibited';

/** Lucene's QueryParserBase.addClause: the conjunction before a clause also changes the last. */
function addClause(
  clauses: QsClause[],
  conj: Conj,
  mod: Mod,
  query: QsNode,
  operator: DefaultOperator
): void {
  const last = clauses[clauses.length - 1];
  if (last && conj === 'and' && last.occur !== 'must_not') last.occur = 'must';
  // With AND as default, `a OR b` makes a optional again (unless prohibited).
  if (last && operator === 'and' && conj === 'or' && last.occur !== 'must_not') {
    last.occur = 'should';
  }
  const prohibited = mod === 'prohibited';
  const required =
    operator === 'or'
      ? mod === 'required' || (conj === 'and' && !prohibited)
      : !prohibited && conj !== 'or';
  clauses.push({ occur: prohibited ? 'must_not' : required ? 'must' : 'should', query });
}

/** Tokens that end a run of plain terms (Lucene's disallowedPostMultiTerm). */
const AFTER_MULTI_TERM_DISALLOWED = new Set<TokenKind>([
  'Colon',
  'Star',
  'FuzzySlop',
  'Caret',
  'And',
  'Or',
]);

/** Tokens that are a term by themselves (Lucene's Term production, phrases and ranges aside). */
const BARE_TERMS: TokenKind[] = [
  'Term',
  'Star',
  'PrefixTerm',
  'WildTerm',
  'RegexpTerm',
  'BareOper',
];

/**
 * Groups nested deeper are refused before they can exhaust the stack (the translated query may
 * not nest deeper than this either: query_translator.ts's MAX_QUERY_DEPTH).
 */
const MAX_GROUP_DEPTH = 100;

/** Lucene's QueryParser.jj, one method per production, over the tokens of one text. */
class LuceneParser {
  private at = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly operator: DefaultOperator
  ) {}

  parse(): QsNode {
    const query = this.query(null);
    this.expect('EOF');
    return query;
  }

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.at + ahead, this.tokens.length - 1)];
  }

  private is(...kinds: TokenKind[]): boolean {
    return kinds.includes(this.peek().kind);
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'EOF') this.at++;
    return token;
  }

  private expect(...kinds: TokenKind[]): Token {
    if (!this.is(...kinds)) throw unexpected(this.peek(), kinds);
    return this.next();
  }

  /** At two plain terms, the second not followed by a token that binds it to something else. */
  private multiTermAhead(): boolean {
    return (
      this.peek().kind === 'Term' &&
      this.peek(1).kind === 'Term' &&
      !AFTER_MULTI_TERM_DISALLOWED.has(this.peek(2).kind)
    );
  }

  /** Tokens that can start a clause (with its conjunction and modifier). */
  private atClause(): boolean {
    return this.is(
      'And',
      'Or',
      'Not',
      'Plus',
      'Minus',
      'BareOper',
      'LParen',
      'Star',
      'Quoted',
      'Term',
      'PrefixTerm',
      'WildTerm',
      'RegexpTerm',
      'RangeInStart',
      'RangeExStart'
    );
  }

  private query(field: QsField): QsNode {
    const clauses: QsClause[] = [];
    let first: QsNode | null = null;
    if (this.multiTermAhead()) {
      first = this.multiTerm(field);
      clauses.push({ occur: this.multiTermOccur(), query: first });
    } else {
      const mod = this.modifiers();
      const query = this.clause(field);
      addClause(clauses, 'none', mod, query, this.operator);
      if (mod === 'none') first = query;
    }
    while (this.atClause()) {
      if (this.multiTermAhead()) {
        clauses.push({ occur: this.multiTermOccur(), query: this.multiTerm(field) });
        continue;
      }
      const conj = this.conjunction();
      const mod = this.modifiers();
      addClause(clauses, conj, mod, this.clause(field), this.operator);
    }
    // A lone unmodified clause is the query itself, as in Lucene (it matters to
    // minimum_should_match, which applies only to a boolean query).
    if (clauses.length === 1 && first !== null) return first;
    return { kind: 'bool', clauses };
  }

  /** Lucene's addMultiTermClauses: the run is required when the default operator is AND. */
  private multiTermOccur(): Occur {
    return this.operator === 'or' ? 'should' : 'must';
  }

  /** Consecutive plain terms: one text, as OpenSearch does not split on whitespace. */
  private multiTerm(field: QsField): QsNode {
    const images = [this.next().image];
    while (this.peek().kind === 'Term' && !AFTER_MULTI_TERM_DISALLOWED.has(this.peek(1).kind)) {
      images.push(this.next().image);
    }
    return { kind: 'term', field, text: discardEscapeChar(images.join(' ')), quoted: false };
  }

  private conjunction(): Conj {
    if (this.is('And')) return (this.next(), 'and');
    if (this.is('Or')) return (this.next(), 'or');
    return 'none';
  }

  private modifiers(): Mod {
    if (this.is('Plus')) return (this.next(), 'required');
    if (this.is('Minus', 'Not')) return (this.next(), 'prohibited');
    return 'none';
  }

  private clause(defaultField: QsField): QsNode {
    let field = defaultField;
    if (this.is('Term', 'Star') && this.peek(1).kind === 'Colon') {
      const token = this.next();
      field = token.kind === 'Star' ? '*' : discardEscapeChar(token.image);
      this.next();
    }
    if (this.is('LParen')) {
      const open = this.next();
      if (++this.depth > MAX_GROUP_DEPTH) {
        throw new QuerySyntaxError(`groups nested more than ${MAX_GROUP_DEPTH} deep`, open.offset);
      }
      const query = this.query(field);
      this.depth--;
      this.expect('RParen');
      this.boost();
      return query;
    }
    return this.term(field);
  }

  /** `^2.5`: accepted and ignored (virtual indices score every hit 1.0). */
  private boost(): boolean {
    if (!this.is('Caret')) return false;
    this.next();
    this.expect('Number');
    return true;
  }

  private term(field: QsField): QsNode {
    if (this.is('Quoted')) return this.quotedTerm(field);
    if (this.is('RangeInStart', 'RangeExStart')) return this.rangeTerm(field);
    if (!this.is(...BARE_TERMS)) {
      throw new QuerySyntaxError(
        `Encountered ${describe(this.peek())}; expected a term, a phrase, a range or "("`,
        this.peek().offset
      );
    }
    const token = this.next();
    let fuzzy: Token | null = null;
    if (this.boost()) {
      if (this.is('FuzzySlop')) fuzzy = this.next();
    } else if (this.is('FuzzySlop')) {
      fuzzy = this.next();
      this.boost();
    }
    return bareTermNode(field, token, fuzzy);
  }

  private quotedTerm(field: QsField): QsNode {
    const token = this.next();
    const slop = this.is('FuzzySlop') ? this.next() : null;
    this.boost();
    const text = discardEscapeChar(token.image.slice(1, -1));
    if (slop !== null) return { kind: 'proximity', field, text, offset: slop.offset };
    return { kind: 'term', field, text, quoted: true };
  }

  private rangeTerm(field: QsField): QsNode {
    const includeLower = this.next().kind === 'RangeInStart';
    const lower = this.rangeBound();
    this.expect('RangeTo');
    const upper = this.rangeBound();
    const includeUpper = this.expect('RangeInEnd', 'RangeExEnd').kind === 'RangeInEnd';
    this.boost();
    return { kind: 'range', field, lower, upper, includeLower, includeUpper };
  }

  /** A bound's text; `*` (quoted or not: OpenSearch opens both) is an open end. */
  private rangeBound(): string | null {
    const token = this.expect('RangeGoop', 'RangeQuoted', 'RangeTo');
    const raw = token.kind === 'RangeQuoted' ? token.image.slice(1, -1) : token.image;
    const text = discardEscapeChar(raw);
    return text === '*' ? null : text;
  }
}

/** Lucene's QueryParserBase.handleBareTokenQuery: a wildcard or prefix wins over fuzziness. */
function bareTermNode(field: QsField, token: Token, fuzzy: Token | null): QsNode {
  const image = token.image;
  switch (token.kind) {
    case 'Star':
    case 'WildTerm':
      return { kind: 'wildcard', field, pattern: image };
    case 'PrefixTerm':
      return { kind: 'prefix', field, text: discardEscapeChar(image.slice(0, -1)) };
    case 'RegexpTerm':
      return { kind: 'regexp', field, text: image, offset: token.offset };
  }
  const text = discardEscapeChar(image);
  if (fuzzy !== null) return { kind: 'fuzzy', field, text, offset: fuzzy.offset };
  return { kind: 'term', field, text, quoted: false };
}

export interface ParseOptions {
  defaultOperator: DefaultOperator;
}

/**
 * The tree of `query`, or a 400 `query_shard_exception` ("Failed to parse query [...]", as
 * OpenSearch answers) naming the line and column of the syntax error.
 */
export function parseLuceneQuery(query: string, options: ParseOptions): QsNode {
  try {
    return new LuceneParser(tokenize(query), options.defaultOperator).parse();
  } catch (err) {
    if (err instanceof LexicalError) {
      throw parseFailure(
        query,
        `Lexical error: unexpected "${charAt(query, err.offset)}"`,
        err.offset
      );
    }
    if (err instanceof QuerySyntaxError) throw parseFailure(query, err.message, err.offset);
    throw err;
  }
}

function describe(token: Token): string {
  return token.kind === 'EOF' ? '<EOF>' : `"${token.image}"`;
}

function unexpected(token: Token, expected: TokenKind[]): QuerySyntaxError {
  const wanted = expected.map((kind) => EXPECTED[kind] ?? kind).join(', ');
  return new QuerySyntaxError(`Encountered ${describe(token)}; expected ${wanted}`, token.offset);
}

/** How the expected tokens are named in syntax errors. */
const EXPECTED: Partial<Record<TokenKind, string>> = {
  EOF: 'the end of the query',
  RParen: '")"',
  Number: 'a number',
  RangeTo: '"TO"',
  RangeInEnd: '"]"',
  RangeExEnd: '"}"',
  RangeGoop: 'a range bound',
  RangeQuoted: 'a quoted range bound',
};

function charAt(text: string, offset: number): string {
  return String.fromCodePoint(text.codePointAt(offset) ?? 0);
}
