/** Tokens with their kinds and ranges, for syntax highlighting in the editor. */
import { IToken, tokenMatcher, TokenType } from 'chevrotain';
import type { SourceRange } from './ast';
import { SourceText } from './source_text';
import * as T from './tokens';

export type GqlTokenKind =
  | 'keyword'
  | 'identifier'
  | 'string'
  | 'number'
  | 'comment'
  | 'operator'
  | 'punctuation'
  | 'invalid';

export interface GqlToken {
  kind: GqlTokenKind;
  text: string;
  range: SourceRange;
}

const OPERATORS: TokenType[] = [
  T.Equals,
  T.NotEquals,
  T.Less,
  T.LessOrEqual,
  T.Greater,
  T.GreaterOrEqual,
  T.LeftArrow,
  T.RightArrow,
  T.Minus,
  T.Star,
];

function kindOf(token: IToken): GqlTokenKind {
  if (tokenMatcher(token, T.Keyword)) return 'keyword';
  if (tokenMatcher(token, T.VariableName)) return 'identifier';
  if (tokenMatcher(token, T.StringLiteral) || tokenMatcher(token, T.QuotedText)) return 'string';
  if (tokenMatcher(token, T.NumberLiteral)) return 'number';
  if (OPERATORS.some((type) => tokenMatcher(token, type))) return 'operator';
  return 'punctuation';
}

function isNamePosition(previous: IToken): boolean {
  return tokenMatcher(previous, T.Dot) || tokenMatcher(previous, T.Colon);
}

function isWord(token: IToken): boolean {
  return tokenMatcher(token, T.Name);
}

/** Every token of `text`, comments and unrecognised characters included, in source order. */
export function gqlTokens(text: string): GqlToken[] {
  const source = new SourceText(text);
  const lexed = T.gqlLexer.tokenize(text);
  const tokens: GqlToken[] = lexed.tokens.map((token, i) => ({
    // `v.count`, `(:Match)`: a keyword after `.` or `:` is a name.
    kind:
      i > 0 && isNamePosition(lexed.tokens[i - 1]) && isWord(token) ? 'identifier' : kindOf(token),
    text: token.image,
    range: source.range(token.startOffset, token.startOffset + token.image.length),
  }));
  for (const comment of lexed.groups.comments ?? []) {
    tokens.push({
      kind: 'comment',
      text: comment.image,
      range: source.range(comment.startOffset, comment.startOffset + comment.image.length),
    });
  }
  for (const error of lexed.errors) {
    tokens.push({
      kind: 'invalid',
      text: text.slice(error.offset, error.offset + error.length),
      range: source.range(error.offset, error.offset + error.length),
    });
  }
  return tokens.sort((a, b) => a.range.start - b.range.start);
}
