/**
 * What the editor may offer at the caret. The tokens before the caret are run through the
 * grammar (GrammarWalker), so the answer is exactly what the parser would accept next.
 */
import { IToken, tokenMatcher, TokenType } from 'chevrotain';
import type { SourceRange } from './ast';
import { gqlGrammar, parseGql } from './parse';
import { SourceText } from './source_text';
import * as T from './tokens';
import { unquoteBackquoted } from './unescape';

export interface GqlCompletionContext {
  /**
   * What may come at the caret, with the labels of error messages: keywords (`WHERE`),
   * punctuation (`(`, `->`), or kinds (`identifier`, `name`, `string`, `number`,
   * `double-quoted string`, `end of input`). Empty when the text before the caret does not parse
   * or the caret is in a comment.
   */
  expected: string[];
  /** The part of the token under the caret that is already typed; a completion replaces it. */
  prefix: { text: string; range: SourceRange };
  /** The caret follows `v.` (or `v.a.`): the variable, and the names already written after it. */
  variable?: string;
  path?: string[];
  /** The caret follows `:` in a node `(v:` or an edge `-[e:`: a label is expected. */
  label?: 'node' | 'edge';
  /**
   * A key of a node's property map is expected (`(v:Label {|` or `{k: 1, |`): the node's
   * variable and the labels written in it, whose properties the keys are.
   */
  mapKey?: { variable?: string; labels: string[] };
  /** Variables bound in the query's patterns (best effort, from the whole text). */
  variables: string[];
}

const WORDS: TokenType[] = [T.Identifier, T.Keyword, T.NumberLiteral, T.UnterminatedBackquoted];
const UNTERMINATED_TEXT: TokenType[] = [T.UnterminatedSingleQuoted, T.UnterminatedDoubleQuoted];
const OPEN_ENDED_COMMENTS: TokenType[] = [T.LineComment, T.UnterminatedBlockComment];

export function completionContext(text: string, offset: number): GqlCompletionContext {
  const caret = Math.max(0, Math.min(offset, text.length));
  const source = new SourceText(text);
  const lexed = T.gqlLexer.tokenize(text);
  const comments = lexed.groups.comments ?? [];
  const variables = boundVariables(text);
  const empty = { text: '', range: source.range(caret, caret) };

  const inComment = comments.some(
    (comment) =>
      comment.startOffset < caret &&
      (caret < end(comment) || (caret === end(comment) && isAny(comment, OPEN_ENDED_COMMENTS)))
  );
  if (inComment) return { expected: [], prefix: empty, variables };

  const before: IToken[] = [];
  let prefix = empty;
  for (const token of lexed.tokens) {
    if (end(token) <= caret && !isPartial(token, caret)) {
      before.push(token);
    } else {
      if (token.startOffset < caret) {
        prefix = {
          text: text.slice(token.startOffset, caret),
          range: source.range(token.startOffset, caret),
        };
      }
      break;
    }
  }

  const next = gqlGrammar().walker.nextTokenTypes(before);
  const context: GqlCompletionContext = {
    expected: next ? [...new Set(next.map(T.tokenLabel))] : [],
    prefix,
    variables,
  };
  Object.assign(context, propertyBefore(before), labelBefore(before));
  if (context.expected.includes('name')) Object.assign(context, mapKeyBefore(before));
  return context;
}

/** A word or an unterminated string the caret touches at its end is still being typed. */
function isPartial(token: IToken, caret: number): boolean {
  return caret === end(token) && (isAny(token, WORDS) || isAny(token, UNTERMINATED_TEXT));
}

/** `v.`, `v.a.b.` just before the caret. */
function propertyBefore(tokens: IToken[]): { variable?: string; path?: string[] } {
  let i = tokens.length - 1;
  const path: string[] = [];
  while (i >= 1 && tokenMatcher(tokens[i], T.Dot) && tokenMatcher(tokens[i - 1], T.Name)) {
    const name = nameOf(tokens[i - 1]);
    const isVariable = i < 2 || !tokenMatcher(tokens[i - 2], T.Dot);
    if (isVariable) {
      return tokenMatcher(tokens[i - 1], T.VariableName) ? { variable: name, path } : {};
    }
    path.unshift(name);
    i -= 2;
  }
  return {};
}

/** `(v:` or `-[e:` just before the caret. */
function labelBefore(tokens: IToken[]): { label?: 'node' | 'edge' } {
  // After `:`, and after `|` or `&` between labels (`(v:A|`, `-[e:R|`).
  const separators = [T.Colon, T.Pipe, T.Ampersand];
  if (tokens.length === 0 || !isAny(tokens[tokens.length - 1], separators)) return {};
  for (let i = tokens.length - 2; i >= 0; i--) {
    if (tokenMatcher(tokens[i], T.LParen)) return { label: 'node' };
    if (tokenMatcher(tokens[i], T.LBracket)) return { label: 'edge' };
    if (!tokenMatcher(tokens[i], T.Name) && !isAny(tokens[i], separators)) return {};
  }
  return {};
}

/** `(v:A {` or `(v:A {k: 1, ` just before the caret: the node whose map it is. */
function mapKeyBefore(tokens: IToken[]): { mapKey?: { variable?: string; labels: string[] } } {
  const last = tokens[tokens.length - 1];
  if (!last || !(tokenMatcher(last, T.LBrace) || tokenMatcher(last, T.Comma))) return {};
  // The `{` that opens the map: back over its earlier entries (values may hold brackets).
  let i = tokens.length - 1;
  for (let depth = 0; i >= 0; i--) {
    const token = tokens[i];
    if (isAny(token, [T.RBrace, T.RBracket, T.RParen])) depth++;
    else if (isAny(token, [T.LBracket, T.LParen]) && depth-- === 0) return {};
    else if (tokenMatcher(token, T.LBrace) && depth-- === 0) break;
  }
  // Before it, the node's `(v:A` (labels after `:`, or after `|` or `&` between labels).
  const separators = [T.Colon, T.Pipe, T.Ampersand];
  const labels: string[] = [];
  let variable: string | undefined;
  for (let j = i - 1; j >= 0; j--) {
    const token = tokens[j];
    if (tokenMatcher(token, T.LParen)) return { mapKey: { variable, labels: labels.reverse() } };
    const previous = tokens[j - 1];
    if (!tokenMatcher(token, T.Name)) {
      if (!isAny(token, separators)) return {};
    } else if (previous && isAny(previous, separators)) {
      labels.push(nameOf(token));
    } else if (
      previous &&
      tokenMatcher(previous, T.LParen) &&
      tokenMatcher(token, T.VariableName)
    ) {
      variable = nameOf(token);
    } else {
      return {};
    }
  }
  return {};
}

function boundVariables(text: string): string[] {
  const names = new Set<string>();
  const statement = parseGql(text).statement;
  const patterns = [
    ...(statement?.patterns ?? []),
    ...(statement?.optional ?? []).flatMap((clause) => clause.patterns),
  ];
  for (const pattern of patterns) {
    for (const group of pattern.nodes) {
      for (const node of group) if (node.variable) names.add(node.variable.name);
    }
    for (const edge of pattern.edges) if (edge.variable) names.add(edge.variable.name);
  }
  return [...names];
}

function nameOf(token: IToken): string {
  if (tokenMatcher(token, T.Backquoted)) return unquoteBackquoted(token.image);
  if (tokenMatcher(token, T.UnterminatedBackquoted)) return unquoteBackquoted(token.image, false);
  return token.image;
}

function isAny(token: IToken, types: TokenType[]): boolean {
  return types.some((type) => tokenMatcher(token, type));
}

function end(token: IToken): number {
  return token.startOffset + token.image.length;
}
