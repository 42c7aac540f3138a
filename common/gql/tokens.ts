/**
 * GQL tokens and lexer. Keywords are case-insensitive, names case-sensitive. Unterminated strings,
 * names and block comments are tokens of their own (in the same category as the closed form) so
 * the parser still sees a string where the user started one; `parseGql` reports them as errors.
 */
import { createToken, EOF, IToken, Lexer, TokenType, tokenMatcher } from 'chevrotain';

// Abstract categories: the parser consumes these, the lexer never produces them directly.
/** A variable: a plain identifier or a backquoted name (keywords are not variables). */
export const VariableName = createToken({
  name: 'VariableName',
  pattern: Lexer.NA,
  label: 'identifier',
});
/** A label or property name: any identifier, backquoted name or keyword (`v.count`, `:Match`). */
export const Name = createToken({ name: 'Name', pattern: Lexer.NA, label: 'name' });
export const Keyword = createToken({ name: 'Keyword', pattern: Lexer.NA, label: 'keyword' });
/** `'text'`: a string value. */
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: Lexer.NA,
  label: 'string',
});
/** `"text"`: a graph name or a node's query string. */
export const QuotedText = createToken({
  name: 'QuotedText',
  pattern: Lexer.NA,
  label: 'double-quoted string',
});
export const Comment = createToken({ name: 'Comment', pattern: Lexer.NA, label: 'comment' });

export const WhiteSpace = createToken({ name: 'WhiteSpace', pattern: /\s+/, group: Lexer.SKIPPED });
// Comments go to their own group: the parser never sees them, the highlighter does.
// `(a)--(b)` and `-->` (other graph languages' edges) are not comments: they must fail to parse
// rather than silently drop the rest of the line.
export const LineComment = createToken({
  name: 'LineComment',
  pattern: /--(?![>([])[^\r\n]*/,
  group: 'comments',
  categories: [Comment],
});
export const BlockComment = createToken({
  name: 'BlockComment',
  pattern: /\/\*[\s\S]*?\*\//,
  group: 'comments',
  categories: [Comment],
  line_breaks: true,
});
export const UnterminatedBlockComment = createToken({
  name: 'UnterminatedBlockComment',
  pattern: /\/\*[\s\S]*/,
  group: 'comments',
  categories: [Comment],
  line_breaks: true,
});

export const SingleQuoted = createToken({
  name: 'SingleQuoted',
  pattern: /'(?:[^'\\]|''|\\[\s\S])*'/,
  categories: [StringLiteral],
  label: 'string',
  line_breaks: true,
});
export const UnterminatedSingleQuoted = createToken({
  name: 'UnterminatedSingleQuoted',
  pattern: /'(?:[^'\\]|''|\\[\s\S]?)*/,
  categories: [StringLiteral],
  label: 'string',
  line_breaks: true,
});
export const DoubleQuoted = createToken({
  name: 'DoubleQuoted',
  pattern: /"(?:[^"\\]|\\[\s\S])*"/,
  categories: [QuotedText],
  label: 'double-quoted string',
  line_breaks: true,
});
export const UnterminatedDoubleQuoted = createToken({
  name: 'UnterminatedDoubleQuoted',
  pattern: /"(?:[^"\\]|\\[\s\S]?)*/,
  categories: [QuotedText],
  label: 'double-quoted string',
  line_breaks: true,
});

export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_][A-Za-z0-9_]*/,
  categories: [VariableName, Name],
  label: 'identifier',
});
export const Backquoted = createToken({
  name: 'Backquoted',
  pattern: /`(?:[^`]|``)*`/,
  categories: [VariableName, Name],
  label: 'identifier',
  line_breaks: true,
});
export const UnterminatedBackquoted = createToken({
  name: 'UnterminatedBackquoted',
  pattern: /`(?:[^`]|``)*/,
  categories: [VariableName, Name],
  label: 'identifier',
  line_breaks: true,
});

/** Every keyword, upper case, for highlighting and completion. */
export const GQL_KEYWORDS = [
  'EXPLAIN',
  'SELECT',
  'DISTINCT',
  'FROM',
  'MATCH',
  'WHERE',
  'ORDER',
  'BY',
  'ASC',
  'DESC',
  'LIMIT',
  'OFFSET',
  'AND',
  'OR',
  'NOT',
  'IN',
  'IS',
  'NULL',
  'STARTS',
  'WITH',
  'COUNT',
  'SUM',
  'AVG',
  'MIN',
  'MAX',
  'TRUE',
  'FALSE',
  // The MATCH … RETURN form (ISO GQL, openCypher).
  'RETURN',
  'AS',
  'SKIP',
  'OPTIONAL',
  'COLLECT',
] as const;
export type GqlKeyword = (typeof GQL_KEYWORDS)[number];

function keyword(word: GqlKeyword): TokenType {
  return createToken({
    name: word,
    pattern: new RegExp(word, 'i'),
    // `selection` is an identifier, not SELECT followed by `ion`.
    longer_alt: Identifier,
    categories: [Keyword, Name],
    label: word,
  });
}

export const KW = Object.fromEntries(GQL_KEYWORDS.map((word) => [word, keyword(word)])) as Record<
  GqlKeyword,
  TokenType
>;

export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/,
  label: 'number',
});

function punctuation(name: string, pattern: RegExp, label: string): TokenType {
  return createToken({ name, pattern, label });
}

// `a<-1` compares with -1; `<-` is an arrow only when no digit follows.
export const LeftArrow = punctuation('LeftArrow', /<-(?!\d)/, '<-');
export const RightArrow = punctuation('RightArrow', /->/, '->');
export const NotEquals = punctuation('NotEquals', /<>|!=/, '<>');
export const LessOrEqual = punctuation('LessOrEqual', /<=/, '<=');
export const GreaterOrEqual = punctuation('GreaterOrEqual', />=/, '>=');
export const Less = punctuation('Less', /</, '<');
export const Greater = punctuation('Greater', />/, '>');
export const Equals = punctuation('Equals', /=/, '=');
export const Minus = punctuation('Minus', /-/, '-');
export const LParen = punctuation('LParen', /\(/, '(');
export const RParen = punctuation('RParen', /\)/, ')');
export const LBracket = punctuation('LBracket', /\[/, '[');
export const RBracket = punctuation('RBracket', /]/, ']');
export const LBrace = punctuation('LBrace', /{/, '{');
export const RBrace = punctuation('RBrace', /}/, '}');
export const Comma = punctuation('Comma', /,/, ',');
/** `*1..3`: a Cypher variable-length edge's bounds. */
export const DotDot = punctuation('DotDot', /\.\./, '..');
export const Dot = punctuation('Dot', /\./, '.');
export const Colon = punctuation('Colon', /:/, ':');
export const Semicolon = punctuation('Semicolon', /;/, ';');
export const Star = punctuation('Star', /\*/, '*');
/** `[n IN nodes(p) | n.id]`: a list comprehension's projection (label alternatives `:A|B` too). */
export const Pipe = punctuation('Pipe', /\|/, '|');
/** `:A&B`: labels a document has together. */
export const Ampersand = punctuation('Ampersand', /&/, '&');

/** Longer keywords first: `/or/i` would otherwise take the start of `ORDER`. */
const keywordTokens = [...GQL_KEYWORDS].sort((a, b) => b.length - a.length).map((word) => KW[word]);

/** Order matters: the first pattern that matches wins. */
export const ALL_TOKENS: TokenType[] = [
  WhiteSpace,
  LineComment,
  BlockComment,
  UnterminatedBlockComment,
  SingleQuoted,
  UnterminatedSingleQuoted,
  DoubleQuoted,
  UnterminatedDoubleQuoted,
  Backquoted,
  UnterminatedBackquoted,
  ...keywordTokens,
  Identifier,
  NumberLiteral,
  LeftArrow,
  RightArrow,
  NotEquals,
  LessOrEqual,
  GreaterOrEqual,
  Less,
  Greater,
  Equals,
  Minus,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  DotDot,
  Dot,
  Colon,
  Semicolon,
  Star,
  Pipe,
  Ampersand,
  // Categories last: they have no pattern but the parser must know them.
  VariableName,
  Name,
  Keyword,
  StringLiteral,
  QuotedText,
  Comment,
];

export const UNTERMINATED = new Map<TokenType, string>([
  [UnterminatedSingleQuoted, "unterminated string: missing closing '"],
  [UnterminatedDoubleQuoted, 'unterminated string: missing closing "'],
  [UnterminatedBackquoted, 'unterminated name: missing closing `'],
  [UnterminatedBlockComment, 'unterminated comment: missing closing */'],
]);

/** The lexer is stateless between calls (`tokenize` takes the whole text), so one is shared. */
export const gqlLexer = new Lexer(ALL_TOKENS, {
  positionTracking: 'onlyOffset',
  ensureOptimizations: true,
  errorMessageProvider: {
    buildUnexpectedCharactersMessage(fullText, startOffset, length) {
      const chars = fullText.slice(startOffset, startOffset + length);
      return length === 1
        ? `unexpected character [${chars}]`
        : `unexpected characters [${shorten(chars)}]`;
    },
    buildUnableToPopLexerModeMessage(token) {
      return `unexpected [${token.image}]`;
    },
  },
});

export function shorten(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What the user would call the token type: `MATCH`, `(`, `identifier`, `end of input`. */
export function tokenLabel(type: TokenType): string {
  return type === EOF ? 'end of input' : (type.LABEL ?? type.name);
}

export function isKeyword(token: IToken): boolean {
  return tokenMatcher(token, Keyword);
}
