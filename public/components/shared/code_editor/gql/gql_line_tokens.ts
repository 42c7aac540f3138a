/**
 * GQL highlighting for Monaco, line by line, from the shared lexer (`gqlTokens`), so the editor
 * colours exactly what the parser reads. Monaco tokenizes one line at a time and hands each line
 * the state the previous one ended in; GQL has tokens that span lines (block comments, strings,
 * backquoted names) and one rule that looks back across lines (a keyword after `.` or `:` is a
 * name: `v.\n count`). The state therefore carries a short text that reproduces that context: the
 * opening `'`, `"`, `` ` `` or `/*` of a token still open at the end of the line, and a `.` or `:`
 * that the next word follows. Lexing `carry + line` gives the line's tokens as the whole text would.
 */
import { gqlTokens, type GqlToken, type GqlTokenKind } from '../../../../../common/gql/highlight';
import { gqlLexer, UNTERMINATED } from '../../../../../common/gql/tokens';

/** Monaco's `languages.IState`: immutable here, so `clone` returns the same object. */
export class GqlLineState {
  constructor(
    /** Text lexed before the next line (ends with a line break, or is empty). */
    readonly carry: string
  ) {}

  clone(): GqlLineState {
    return this;
  }

  equals(other: unknown): boolean {
    return other instanceof GqlLineState && other.carry === this.carry;
  }
}

export const GQL_INITIAL_STATE = new GqlLineState('');

/** A Monaco token: it starts at `startIndex` and runs to the next token's start. */
export interface GqlLineToken {
  startIndex: number;
  scopes: string;
}

const SCOPES: Record<GqlTokenKind, string> = {
  keyword: 'keyword.gql',
  identifier: 'identifier.gql',
  string: 'string.gql',
  number: 'number.gql',
  comment: 'comment.gql',
  operator: 'operator.gql',
  punctuation: 'delimiter.gql',
  invalid: 'invalid.gql',
};

/** Whitespace between tokens; themes give it no colour. */
const WHITESPACE_SCOPE = '';

/** The Monaco scope of a shared token kind (`keyword.gql`, `string.gql`, ...). */
export function gqlScope(kind: GqlTokenKind): string {
  return SCOPES[kind];
}

export function tokenizeGqlLine(
  line: string,
  state: GqlLineState
): { tokens: GqlLineToken[]; endState: GqlLineState } {
  const shift = state.carry.length;
  const all = gqlTokens(state.carry + line);
  const tokens: GqlLineToken[] = [];
  let covered = 0;
  for (const token of all) {
    const end = token.range.end - shift;
    // Tokens wholly inside the carried text belong to earlier lines.
    if (end <= 0) continue;
    const start = Math.max(0, token.range.start - shift);
    if (start > covered) tokens.push({ startIndex: covered, scopes: WHITESPACE_SCOPE });
    tokens.push({ startIndex: start, scopes: SCOPES[token.kind] });
    covered = end;
  }
  if (covered < line.length || tokens.length === 0) {
    tokens.push({ startIndex: covered, scopes: WHITESPACE_SCOPE });
  }
  return { tokens, endState: endState(all) };
}

/** What the next line must be lexed after; see the file comment. */
function endState(tokens: GqlToken[]): GqlLineState {
  const last = tokens[tokens.length - 1];
  const opener = last ? openerOf(last) : undefined;
  // An open string or name is itself the token the next line's first word follows; an open
  // comment is skipped by the parser, so the `.` or `:` before it still counts.
  if (opener !== undefined && opener !== '/*') return new GqlLineState(`${opener}\n`);
  const significant = tokens.filter(
    (token) => token.kind !== 'comment' && token.kind !== 'invalid'
  );
  const previous = significant[significant.length - 1];
  const namePrefix =
    previous && previous.kind === 'punctuation' && (previous.text === '.' || previous.text === ':')
      ? `${previous.text}\n`
      : '';
  return namePrefix === '' && opener === undefined
    ? GQL_INITIAL_STATE
    : new GqlLineState(`${namePrefix}${opener ? `${opener}\n` : ''}`);
}

type Opener = "'" | '"' | '`' | '/*';

/**
 * The opening characters of `token` when the lexer saw it unterminated (an unterminated token
 * always runs to the end of the text, so only the last token can be one).
 */
function openerOf(token: GqlToken): Opener | undefined {
  if (token.kind !== 'string' && token.kind !== 'comment' && token.kind !== 'identifier') {
    return undefined;
  }
  const lexed = gqlLexer.tokenize(token.text);
  const alone = lexed.tokens[0] ?? lexed.groups.comments?.[0];
  if (!alone || !UNTERMINATED.has(alone.tokenType)) return undefined;
  return alone.image.startsWith('/*') ? '/*' : (alone.image[0] as Opener);
}
