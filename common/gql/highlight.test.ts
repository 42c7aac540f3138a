import { describe, expect, it } from 'vitest';
import { gqlTokens } from './highlight';

describe('gqlTokens', () => {
  it('classifies every token and keeps comments and bad characters', () => {
    const text =
      'SELECT a.count -- c\nFROM "g" MATCH (a:Match)->(b) WHERE a.x <> \'q\' AND a.n > -1 # ;';
    expect(gqlTokens(text).map((token) => [token.kind, token.text])).toEqual([
      ['keyword', 'SELECT'],
      ['identifier', 'a'],
      ['punctuation', '.'],
      ['identifier', 'count'],
      ['comment', '-- c'],
      ['keyword', 'FROM'],
      ['string', '"g"'],
      ['keyword', 'MATCH'],
      ['punctuation', '('],
      ['identifier', 'a'],
      ['punctuation', ':'],
      ['identifier', 'Match'],
      ['punctuation', ')'],
      ['operator', '->'],
      ['punctuation', '('],
      ['identifier', 'b'],
      ['punctuation', ')'],
      ['keyword', 'WHERE'],
      ['identifier', 'a'],
      ['punctuation', '.'],
      ['identifier', 'x'],
      ['operator', '<>'],
      ['string', "'q'"],
      ['keyword', 'AND'],
      ['identifier', 'a'],
      ['punctuation', '.'],
      ['identifier', 'n'],
      ['operator', '>'],
      ['number', '-1'],
      ['invalid', '#'],
      ['punctuation', ';'],
    ]);
  });

  it('gives ranges with lines and columns', () => {
    const tokens = gqlTokens('SELECT\n  `a b`');
    expect(tokens[1]).toEqual({
      kind: 'identifier',
      text: '`a b`',
      range: { start: 9, end: 14, line: 2, column: 3, endLine: 2, endColumn: 8 },
    });
  });

  it('spans multi-line comments and unterminated strings', () => {
    const tokens = gqlTokens("/* a\nb */ 'open");
    expect(tokens.map((token) => token.kind)).toEqual(['comment', 'string']);
    expect(tokens[0].range).toMatchObject({ line: 1, endLine: 2, endColumn: 5 });
    expect(tokens[1].text).toBe("'open");
  });
});
