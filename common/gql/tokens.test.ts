import { describe, expect, it } from 'vitest';
import { GQL_KEYWORDS, gqlLexer } from './tokens';
import { unquoteBackquoted, unquoteDouble, unquoteSingle } from './unescape';

function lex(text: string): [string, string][] {
  const { tokens, errors } = gqlLexer.tokenize(text);
  expect(errors).toEqual([]);
  return tokens.map((token) => [token.tokenType.name, token.image]);
}

describe('GQL lexer', () => {
  it('splits edges into -, [, ], -> and <- with or without spaces', () => {
    expect(lex('-[e:R]->')).toEqual([
      ['Minus', '-'],
      ['LBracket', '['],
      ['Identifier', 'e'],
      ['Colon', ':'],
      ['Identifier', 'R'],
      ['RBracket', ']'],
      ['RightArrow', '->'],
    ]);
    expect(lex('<-[ ]-').map(([type]) => type)).toEqual([
      'LeftArrow',
      'LBracket',
      'RBracket',
      'Minus',
    ]);
  });

  it('reads <- before a digit as less-than and a negative number', () => {
    expect(lex('x<-1')).toEqual([
      ['Identifier', 'x'],
      ['Less', '<'],
      ['NumberLiteral', '-1'],
    ]);
  });

  it('reads keywords case-insensitively but not inside longer names', () => {
    expect(lex('select SeLeCt selection orders order_ ORDER or')).toEqual([
      ['SELECT', 'select'],
      ['SELECT', 'SeLeCt'],
      ['Identifier', 'selection'],
      ['Identifier', 'orders'],
      ['Identifier', 'order_'],
      ['ORDER', 'ORDER'],
      ['OR', 'or'],
    ]);
  });

  it('has a token for every keyword', () => {
    for (const keyword of GQL_KEYWORDS) {
      expect(lex(keyword.toLowerCase())).toEqual([[keyword, keyword.toLowerCase()]]);
    }
  });

  it('reads != and <> as the same operator', () => {
    expect(lex('!= <>').map(([type]) => type)).toEqual(['NotEquals', 'NotEquals']);
  });

  it('keeps comments out of the token stream, in their own group', () => {
    const result = gqlLexer.tokenize('a -- one\n/* two\n */ b');
    expect(result.tokens.map((token) => token.image)).toEqual(['a', 'b']);
    expect(result.groups.comments.map((token) => token.image)).toEqual(['-- one', '/* two\n */']);
  });

  it('reads quoted tokens with their escapes in one piece', () => {
    expect(lex(`'a''b\\'c' "d\\"e" \`f\`\`g\``)).toEqual([
      ['SingleQuoted', `'a''b\\'c'`],
      ['DoubleQuoted', '"d\\"e"'],
      ['Backquoted', '`f``g`'],
    ]);
  });
});

describe('unquoting', () => {
  it("single-quoted strings: doubled quotes, \\' and \\\\", () => {
    expect(unquoteSingle(`'it''s'`)).toBe("it's");
    expect(unquoteSingle(`'it\\'s'`)).toBe("it's");
    expect(unquoteSingle(`'a\\\\b'`)).toBe('a\\b');
    expect(unquoteSingle(`'a\\\\'`)).toBe('a\\');
    expect(unquoteSingle(`'\\t'`)).toBe('\\t');
    expect(unquoteSingle(`'abc`, false)).toBe('abc');
  });

  it('double-quoted strings: \\" and \\\\ only', () => {
    expect(unquoteDouble('"say \\"hi\\""')).toBe('say "hi"');
    expect(unquoteDouble('"a\\\\b"')).toBe('a\\b');
    expect(unquoteDouble('"a\\:b"')).toBe('a\\:b');
    expect(unquoteDouble('"open', false)).toBe('open');
  });

  it('backquoted names: doubled backquotes', () => {
    expect(unquoteBackquoted('`a``b`')).toBe('a`b');
    expect(unquoteBackquoted('`first name`')).toBe('first name');
    expect(unquoteBackquoted('`x', false)).toBe('x');
  });
});
