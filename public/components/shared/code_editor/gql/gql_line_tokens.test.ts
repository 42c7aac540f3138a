import { describe, expect, it } from 'vitest';
import { gqlTokens } from '../../../../../common/gql/highlight';
import {
  GQL_INITIAL_STATE,
  gqlScope,
  GqlLineState,
  tokenizeGqlLine,
  type GqlLineToken,
} from './gql_line_tokens';

/** The scope of every character of `line`, from Monaco-style tokens. */
function charScopes(line: string, tokens: GqlLineToken[]): string[] {
  return [...line].map((_, i) => {
    let scope = '';
    for (const token of tokens) if (token.startIndex <= i) scope = token.scopes;
    return scope;
  });
}

/** Tokenizes `text` line by line, as Monaco does, and returns each line's character scopes. */
function byLines(text: string): string[][] {
  let state = GQL_INITIAL_STATE;
  return text.split('\n').map((line) => {
    const { tokens, endState } = tokenizeGqlLine(line, state);
    state = endState;
    return charScopes(line, tokens);
  });
}

/** The same from one `gqlTokens` call over the whole text: what the parser sees. */
function whole(text: string): string[][] {
  const scopes = [...text].map(() => '');
  for (const token of gqlTokens(text)) {
    for (let i = token.range.start; i < token.range.end; i++) scopes[i] = gqlScope(token.kind);
  }
  const lines: string[][] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    lines.push(scopes.slice(offset, offset + line.length));
    offset += line.length + 1;
  }
  return lines;
}

const SAMPLES = [
  'SELECT a.name, COUNT(*) FROM "g" MATCH (a:Person)-[e:KNOWS]->(b) WHERE a.age >= 21',
  'SELECT a.\n  count\nFROM "g"\nMATCH (a:\n  Match)',
  "SELECT a FROM \"g\" MATCH (a) WHERE a.x = 'multi\nline\\'\n' AND a.y <> 'z'",
  'SELECT a /* a comment\nthat spans\nlines */ FROM "my\ngraph" MATCH (a)',
  'SELECT `a\nb`.c FROM "g" MATCH (`a\nb`)',
  'SELECT a. /* skip */\n  order FROM "g" MATCH (a)',
  'SELECT a. /* open\n */ select FROM "g"',
  'SELECT a -- to the end\nFROM "g" -- another\nMATCH (a) # bad\nWHERE a.n < -1',
  "SELECT 'unterminated\nstill inside\n",
  "'ab\\\n'x'\n",
  '/*/\nstill a comment */ SELECT',
  '\n\n  \nSELECT\n',
  // The MATCH … RETURN form: its keywords, property maps, Cypher's bounds, and names after `:`.
  "MATCH (a:Person {name: 'Ada'})-[:KNOWS*1..3]->(b)\nOPTIONAL MATCH (b)-[:Return]->(c)\nWHERE c.skip > 1\nRETURN b.name AS `as`, count(*) AS n\nORDER BY n DESC SKIP 2 LIMIT 5",
];

describe('tokenizeGqlLine', () => {
  it.each(SAMPLES)('colours each line as the whole text is lexed: %j', (text) => {
    expect(byLines(text)).toEqual(whole(text));
  });

  it('colours the MATCH … RETURN keywords as keywords, and a keyword after `:` or `.` as a name', () => {
    const text = 'OPTIONAL MATCH (a:Return) RETURN a.skip AS s SKIP 1';
    const scopes = charScopes(text, tokenizeGqlLine(text, GQL_INITIAL_STATE).tokens);
    const scopeOf = (word: string, from = 0) => scopes[text.indexOf(word, from)];
    expect(['OPTIONAL', 'MATCH', 'RETURN', 'AS', 'SKIP'].map((w) => scopeOf(w))).toEqual(
      Array(5).fill('keyword.gql')
    );
    expect([scopeOf('Return'), scopeOf('skip'), scopeOf('1')]).toEqual([
      'identifier.gql',
      'identifier.gql',
      'number.gql',
    ]);
  });

  it('starts every line at column 0 and gives whitespace no colour', () => {
    const { tokens } = tokenizeGqlLine('  SELECT  a', GQL_INITIAL_STATE);
    expect(tokens).toEqual([
      { startIndex: 0, scopes: '' },
      { startIndex: 2, scopes: 'keyword.gql' },
      { startIndex: 8, scopes: '' },
      { startIndex: 10, scopes: 'identifier.gql' },
    ]);
    expect(tokenizeGqlLine('', GQL_INITIAL_STATE).tokens).toEqual([{ startIndex: 0, scopes: '' }]);
  });

  it('carries open strings, comments and a name position, and nothing else', () => {
    expect(tokenizeGqlLine('SELECT a', GQL_INITIAL_STATE).endState).toBe(GQL_INITIAL_STATE);
    expect(tokenizeGqlLine("WHERE a = 'x", GQL_INITIAL_STATE).endState.carry).toBe("'\n");
    expect(tokenizeGqlLine('FROM "my', GQL_INITIAL_STATE).endState.carry).toBe('"\n');
    expect(tokenizeGqlLine('SELECT a. /* c', GQL_INITIAL_STATE).endState.carry).toBe('.\n/*\n');
    expect(tokenizeGqlLine('MATCH (a:', GQL_INITIAL_STATE).endState.carry).toBe(':\n');
  });

  it('compares states by what they carry, as Monaco does to stop re-tokenizing', () => {
    const state = new GqlLineState("'\n");
    expect(state.clone()).toBe(state);
    expect(state.equals(new GqlLineState("'\n"))).toBe(true);
    expect(state.equals(GQL_INITIAL_STATE)).toBe(false);
  });
});
