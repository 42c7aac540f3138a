import { describe, expect, it } from 'vitest';
import { FederationError } from '../../errors';
import { tokenize } from './query_string_lexer';
import { discardEscapeChar, escapeQueryText } from './query_string_escapes';
import { parseLuceneQuery, type DefaultOperator, type QsNode } from './query_string_parser';

function parse(query: string, defaultOperator: DefaultOperator = 'or'): QsNode {
  return parseLuceneQuery(query, { defaultOperator });
}

const term = (field: string | null, text: string, quoted = false): QsNode => ({
  kind: 'term',
  field,
  text,
  quoted,
});

/** The clauses of a boolean node as `+f:text`, `-f:text`, `f:text` (Lucene's own notation). */
function clauses(node: QsNode): string[] {
  if (node.kind !== 'bool') throw new Error(`not a bool: ${JSON.stringify(node)}`);
  return node.clauses.map(({ occur, query }) => {
    const mark = occur === 'must' ? '+' : occur === 'must_not' ? '-' : '';
    const text = query.kind === 'term' ? `${query.field ?? ''}:${query.text}` : query.kind;
    return `${mark}${text}`;
  });
}

function failure(query: string): FederationError {
  try {
    parse(query);
  } catch (err) {
    expect(err).toBeInstanceOf(FederationError);
    return err as FederationError;
  }
  throw new Error(`expected [${query}] not to parse`);
}

describe('tokenize', () => {
  const kinds = (text: string) => tokenize(text).map((t) => `${t.kind}:${t.image}`);

  it('picks the longest token, and on a tie the one Lucene declares first', () => {
    expect(kinds('AND ANDY && &&& OR || NOT ! a!b')).toEqual([
      'And:AND',
      'Term:ANDY',
      'And:&&',
      'Term:&&&',
      'Or:OR',
      'Or:||',
      'Not:NOT',
      'BareOper:!',
      'Term:a',
      'Not:!',
      'Term:b',
      'EOF:',
    ]);
    expect(kinds('* ab* a*b ?b a\\*b* -a a-b + b')).toEqual([
      'Star:*',
      'PrefixTerm:ab*',
      'WildTerm:a*b',
      'WildTerm:?b',
      'PrefixTerm:a\\*b*',
      'Minus:-',
      'Term:a',
      'Term:a-b',
      'BareOper:+',
      'Term:b',
      'EOF:',
    ]);
  });

  it('reads ranges and boosts in their own lexical states', () => {
    expect(kinds('f:[a TO "b c"}^2.5 x~1')).toEqual([
      'Term:f',
      'Colon::',
      'RangeInStart:[',
      'RangeGoop:a',
      'RangeTo:TO',
      'RangeQuoted:"b c"',
      'RangeExEnd:}',
      'Caret:^',
      'Number:2.5',
      'Term:x',
      'FuzzySlop:~1',
      'EOF:',
    ]);
    expect(kinds('[2024-01-01T10:00:00 TO TOP]')).toEqual([
      'RangeInStart:[',
      'RangeGoop:2024-01-01T10:00:00',
      'RangeTo:TO',
      'RangeGoop:TOP',
      'RangeInEnd:]',
      'EOF:',
    ]);
  });
});

describe('parseLuceneQuery', () => {
  it('reads fields, phrases, escapes and field groups', () => {
    expect(parse('alpha')).toEqual(term(null, 'alpha'));
    expect(parse('k:"a b"')).toEqual(term('k', 'a b', true));
    expect(parse('k:x\\:y\\ z')).toEqual(term('k', 'x:y z'));
    expect(parse('k\\*:x')).toEqual(term('k*', 'x'));
    expect(parse('\\u0041b')).toEqual(term(null, 'Ab'));
    expect(clauses(parse('k:(a OR b)'))).toEqual(['k:a', 'k:b']);
    expect(parse('*:*')).toEqual({ kind: 'wildcard', field: '*', pattern: '*' });
  });

  it('joins consecutive plain terms into one text, as OpenSearch does not split on whitespace', () => {
    expect(parse('alpha   beta')).toEqual(term(null, 'alpha beta'));
    expect(parse('k:(alpha beta)')).toEqual(term('k', 'alpha beta'));
    // A term followed by `:` or an operator starts a clause of its own.
    expect(clauses(parse('a b k:c'))).toEqual([':a b', 'k:c']);
    expect(clauses(parse('a b AND c'))).toEqual([':a', '+:b', '+:c']);
    expect(clauses(parse('a b c AND d'))).toEqual([':a b', '+:c', '+:d']);
    expect(clauses(parse('a b k:c', 'and'))).toEqual(['+:a b', '+k:c']);
  });

  it("applies Lucene's clause rules, not operator precedence", () => {
    expect(clauses(parse('a OR b AND c'))).toEqual([':a', '+:b', '+:c']);
    expect(clauses(parse('a AND b OR c'))).toEqual(['+:a', '+:b', ':c']);
    expect(clauses(parse('a OR NOT b'))).toEqual([':a', '-:b']);
    expect(clauses(parse('a && !b || c'))).toEqual(['+:a', '-:b', ':c']);
    expect(clauses(parse('+a -b c'))).toEqual(['+:a', '-:b', ':c']);
    expect(clauses(parse('NOT a'))).toEqual(['-:a']);
    expect(clauses(parse('a b:c', 'and'))).toEqual(['+:a', '+b:c']);
    expect(clauses(parse('a OR b c:d', 'and'))).toEqual([':a', ':b', '+c:d']);
    expect(clauses(parse('-(a OR b)'))).toEqual(['-bool']);
    expect(parse('(a)')).toEqual(term(null, 'a'));
    // `+`, `-` and `!` before whitespace are terms of one character.
    expect(clauses(parse('a + b'))).toEqual([':a', ':+', ':b']);
  });

  it('reads ranges with any brackets, open ends and quoted bounds', () => {
    expect(parse('n:[1 TO 5}')).toEqual({
      kind: 'range',
      field: 'n',
      lower: '1',
      upper: '5',
      includeLower: true,
      includeUpper: false,
    });
    expect(parse('k:{* TO "a b"]')).toMatchObject({
      lower: null,
      upper: 'a b',
      includeLower: false,
      includeUpper: true,
    });
    expect(parse('t:[now-1d TO 2024-01-01||+1M/d]')).toMatchObject({
      lower: 'now-1d',
      upper: '2024-01-01||+1M/d',
    });
    // `>=5` stays a term here: OpenSearch makes it a range when it knows the field.
    expect(parse('n:>=5')).toEqual(term('n', '>=5'));
  });

  it('reads wildcards and prefixes, keeping escapes where the wildcard query reads them', () => {
    expect(parse('k:ab*')).toEqual({ kind: 'prefix', field: 'k', text: 'ab' });
    expect(parse('k:a\\*b*')).toEqual({ kind: 'prefix', field: 'k', text: 'a*b' });
    expect(parse('k:a?c\\*')).toEqual({ kind: 'wildcard', field: 'k', pattern: 'a?c\\*' });
    expect(parse('*')).toEqual({ kind: 'wildcard', field: null, pattern: '*' });
    expect(parse('k:a\\*')).toEqual(term('k', 'a*'));
  });

  it('accepts boosts and ignores them', () => {
    expect(parse('k:a^2.5')).toEqual(term('k', 'a'));
    expect(parse('(k:a)^2')).toEqual(term('k', 'a'));
    expect(parse('k:[a TO b]^3')).toMatchObject({ kind: 'range', lower: 'a', upper: 'b' });
  });

  it('marks fuzziness, proximity and regular expressions with where they are', () => {
    expect(parse('k:ab~2')).toEqual({ kind: 'fuzzy', field: 'k', text: 'ab', offset: 4 });
    expect(parse('k:"a b"~2')).toEqual({ kind: 'proximity', field: 'k', text: 'a b', offset: 7 });
    expect(parse('/a.c/')).toEqual({ kind: 'regexp', field: null, text: '/a.c/', offset: 0 });
    // As in Lucene, a wildcard or prefix wins over a fuzzy modifier.
    expect(parse('ab*~')).toEqual({ kind: 'prefix', field: null, text: 'ab' });
  });

  it.each([
    ['a:(b', 'Encountered <EOF>; expected ")" at line 1, column 5'],
    ['k:alpha AND', 'Encountered <EOF>; expected a term'],
    ['AND a', 'Encountered "AND"'],
    ['k:[a b]', 'Encountered "b"; expected "TO" at line 1, column 6'],
    ['k:a:b', 'Encountered ":"; expected the end of the query at line 1, column 4'],
    ['k:alpha\\', 'Lexical error: unexpected "\\" at line 1, column 8'],
    ['k:"alpha', 'Lexical error: unexpected """ at line 1, column 3'],
    ['n:-5', 'Encountered "-"'],
    ['a^x', 'Lexical error: unexpected "x" at line 1, column 3'],
    ['a\nb)', 'Encountered ")"; expected the end of the query at line 2, column 2'],
    ['\\u00g1', 'Non-hex character in Unicode escape sequence: g'],
    ['()', 'Encountered ")"'],
    [
      `${'('.repeat(101)}a${')'.repeat(101)}`,
      'groups nested more than 100 deep at line 1, column 101',
    ],
  ])('refuses %j as OpenSearch does, naming where: %s', (query, detail) => {
    const error = failure(query);
    expect(error.status).toBe(400);
    expect(error.type).toBe('query_shard_exception');
    expect(error.reason).toContain(`Failed to parse query [${query}]: Cannot parse '${query}': `);
    expect(error.reason).toContain(detail);
    expect(error.details.caused_by).toMatchObject({ type: 'parse_exception' });
  });
});

describe('escapes', () => {
  it("discards escape characters as Lucene's discardEscapeChar does", () => {
    expect(discardEscapeChar('a\\:b\\\\c\\u00e9')).toBe('a:b\\cé');
  });

  it('escapes every syntax character, as Lucene does for `escape: true`', () => {
    const text = 'a+b-c!(d):e^[f]"g"{h}~i*j?k|l&m/n\\o p';
    expect(escapeQueryText(text)).toBe(
      'a\\+b\\-c\\!\\(d\\)\\:e\\^\\[f\\]\\"g\\"\\{h\\}\\~i\\*j\\?k\\|l\\&m\\/n\\\\o p'
    );
    expect(parse(escapeQueryText(text))).toEqual(term(null, text));
  });
});
