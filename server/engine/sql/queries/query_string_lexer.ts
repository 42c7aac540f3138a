/**
 * The tokens of Lucene's classic query syntax, which OpenSearch's `query_string` query parses
 * (Lucene's QueryParser.jj): the same token kinds, the same three lexical states (default,
 * inside a range, after a boost's `^`), and the same choice between tokens that could match at
 * one place: the longest match wins, and on a tie the token Lucene declares first (so `AND` is
 * an operator but `ANDY` a term, `ab*` a prefix and `a*b` a wildcard).
 */

export type TokenKind =
  | 'And'
  | 'Or'
  | 'Not'
  | 'Plus'
  | 'Minus'
  /** `+`, `-` or `!` followed by whitespace: a term of that one character, not an operator. */
  | 'BareOper'
  | 'LParen'
  | 'RParen'
  | 'Colon'
  | 'Star'
  | 'Caret'
  | 'Quoted'
  | 'Term'
  | 'FuzzySlop'
  | 'PrefixTerm'
  | 'WildTerm'
  | 'RegexpTerm'
  | 'RangeInStart'
  | 'RangeExStart'
  | 'Number'
  | 'RangeTo'
  | 'RangeInEnd'
  | 'RangeExEnd'
  | 'RangeQuoted'
  | 'RangeGoop'
  | 'EOF';

export interface Token {
  kind: TokenKind;
  image: string;
  offset: number;
}

/** A character no token can start with, at `offset`. */
export class LexicalError extends Error {
  constructor(readonly offset: number) {
    super('Lexical error');
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\u3000']);

/** Characters that cannot start or continue a term unless escaped (Lucene's _TERM_START_CHAR). */
const SPECIALS = new Set([
  ...WHITESPACE,
  '+',
  '-',
  '!',
  '(',
  ')',
  ':',
  '^',
  '[',
  ']',
  '"',
  '{',
  '}',
  '~',
  '*',
  '?',
  '\\',
  '/',
]);

const SINGLE_CHARACTER: Record<string, TokenKind> = {
  '+': 'Plus',
  '-': 'Minus',
  '!': 'Not',
  '(': 'LParen',
  ')': 'RParen',
  ':': 'Colon',
};

const KEYWORDS: Record<string, TokenKind> = {
  AND: 'And',
  '&&': 'And',
  OR: 'Or',
  '||': 'Or',
  NOT: 'Not',
};

/** Length of the term character at `at` (an escape is two), or 0. */
function unitLength(text: string, at: number, continuing: boolean, wildcards: boolean): number {
  const c = text[at];
  if (c === undefined) return 0;
  if (c === '\\') return at + 1 < text.length ? 2 : 0;
  if (!SPECIALS.has(c)) return 1;
  if (continuing && (c === '-' || c === '+')) return 1;
  if (wildcards && (c === '*' || c === '?')) return 1;
  return 0;
}

function runLength(text: string, from: number, wildcards: boolean): number {
  let at = from;
  let unit = unitLength(text, at, false, wildcards);
  while (unit > 0) {
    at += unit;
    unit = unitLength(text, at, true, wildcards);
  }
  return at - from;
}

/**
 * The word-like token at `offset`: TERM (no wildcard), PREFIXTERM (a term and one trailing
 * `*`), WILDTERM (any `*` or `?`), STAR (`*` alone), or an operator word; null if none.
 */
function wordAt(text: string, offset: number): Token | null {
  const term = runLength(text, offset, false);
  const wild = runLength(text, offset, true);
  const star = text[offset] === '*' ? 1 : 0;
  const prefix = term > 0 && text[offset + term] === '*' ? term + 1 : star;
  const longest = Math.max(term, wild, prefix, star);
  if (longest === 0) return null;
  const image = text.slice(offset, offset + longest);
  let kind: TokenKind;
  if (KEYWORDS[image] !== undefined && term === longest) kind = KEYWORDS[image];
  else if (star === longest) kind = 'Star';
  else if (term === longest) kind = 'Term';
  else if (prefix === longest) kind = 'PrefixTerm';
  else kind = 'WildTerm';
  return { kind, image, offset };
}

function matchAt(pattern: RegExp, text: string, offset: number): string | null {
  pattern.lastIndex = offset;
  return pattern.exec(text)?.[0] ?? null;
}

const QUOTED = /"(?:[^"\\]|\\[^])*"/y;
/** `~`, optionally a number, then any term characters (Lucene's FUZZY_SLOP). */
const FUZZY_SLOP = /~(?:\\[^]|[^ \t\n\r\u3000!():^[\]"{}~*?\\/])*/y;
const REGEXP = /\/(?:\\\/|[^/])*\//y;
const NUMBER = /\d+(?:\.\d+)?/y;
const RANGE_GOOP = /[^ \]}]+/y;
const RANGE_QUOTED = /"(?:\\"|[^"])+"/y;

/** Tokens told by their first character whose end a pattern finds. */
const DELIMITED: Record<string, [TokenKind, RegExp]> = {
  '"': ['Quoted', QUOTED],
  '~': ['FuzzySlop', FUZZY_SLOP],
  '/': ['RegexpTerm', REGEXP],
};

function defaultToken(text: string, offset: number): Token {
  const c = text[offset];
  const token = (kind: TokenKind, image: string): Token => ({ kind, image, offset });
  if ((c === '+' || c === '-' || c === '!') && WHITESPACE.has(text[offset + 1])) {
    return token('BareOper', c);
  }
  if (SINGLE_CHARACTER[c] !== undefined) return token(SINGLE_CHARACTER[c], c);
  if (c === '^') return token('Caret', c);
  if (c === '[') return token('RangeInStart', c);
  if (c === '{') return token('RangeExStart', c);
  const delimited = DELIMITED[c];
  if (delimited !== undefined) {
    const image = matchAt(delimited[1], text, offset);
    if (image === null) throw new LexicalError(offset);
    return token(delimited[0], image);
  }
  const word = wordAt(text, offset);
  if (word === null) throw new LexicalError(offset);
  return word;
}

/** Inside `[...}`: `TO`, a quoted bound, or any run of characters up to a space, `]` or `}`. */
function rangeToken(text: string, offset: number): Token {
  const c = text[offset];
  if (c === ']') return { kind: 'RangeInEnd', image: c, offset };
  if (c === '}') return { kind: 'RangeExEnd', image: c, offset };
  const goop = matchAt(RANGE_GOOP, text, offset) ?? '';
  const quoted = matchAt(RANGE_QUOTED, text, offset) ?? '';
  if (goop === 'TO') return { kind: 'RangeTo', image: goop, offset };
  if (quoted !== '' && quoted.length >= goop.length) {
    return { kind: 'RangeQuoted', image: quoted, offset };
  }
  return { kind: 'RangeGoop', image: goop, offset };
}

/** Every token of `text`, ending with an EOF token; a LexicalError where none matches. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let mode: 'default' | 'range' | 'boost' = 'default';
  let offset = 0;
  while (offset < text.length) {
    // Whitespace separates tokens, except right after `^`, as in Lucene.
    if (mode !== 'boost' && WHITESPACE.has(text[offset])) {
      offset++;
      continue;
    }
    let token: Token;
    if (mode === 'boost') {
      const number = matchAt(NUMBER, text, offset);
      if (number === null) throw new LexicalError(offset);
      token = { kind: 'Number', image: number, offset };
      mode = 'default';
    } else if (mode === 'range') {
      token = rangeToken(text, offset);
      if (token.kind === 'RangeInEnd' || token.kind === 'RangeExEnd') mode = 'default';
    } else {
      token = defaultToken(text, offset);
      if (token.kind === 'Caret') mode = 'boost';
      if (token.kind === 'RangeInStart' || token.kind === 'RangeExStart') mode = 'range';
    }
    tokens.push(token);
    offset += token.image.length;
  }
  tokens.push({ kind: 'EOF', image: '', offset: text.length });
  return tokens;
}
