import { describe, expect, it } from 'vitest';
import { FederationError } from '../../errors';
import { queryStringTerm, simpleQueryStringWords } from './query_syntax';

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(FederationError);
    expect((err as FederationError).status).toBe(400);
    return (err as FederationError).reason;
  }
  throw new Error('expected a 400');
}

describe('queryStringTerm', () => {
  it('keeps plain text (and escapes) as the one keyword OpenSearch compares', () => {
    expect(queryStringTerm('abc')).toBe('abc');
    expect(queryStringTerm('a b')).toBe('a b');
    expect(queryStringTerm('a\\:b')).toBe('a:b');
    expect(queryStringTerm('a-b')).toBe('a-b');
  });

  it.each([
    ['a AND b', 'the operator [AND]'],
    ['NOT a', 'the operator [NOT]'],
    ['a && b', 'the operator [&&]'],
    ['-a', 'the operator [-]'],
    ['field:x', 'a field prefix'],
    ['a*', 'a wildcard (*)'],
    ['(a OR b)', 'grouping'],
    ['[1 TO 5]', 'a range'],
    ['>5', 'a range'],
    ['abc~2', 'fuzziness'],
    ['a^2', 'a boost'],
    ['/ab.*/', 'a regular expression'],
  ])('refuses %s naming %s', (query, syntax) => {
    const reason = reasonOf(() => queryStringTerm(query));
    expect(reason).toContain(`[query_string] query [${query}] uses ${syntax}`);
    expect(reason).toContain('use a [bool] query');
  });
});

describe('simpleQueryStringWords', () => {
  it('splits plain text into words', () => {
    expect(simpleQueryStringWords(' a  b:c ', undefined)).toEqual(['a', 'b:c']);
    expect(simpleQueryStringWords('a* +b', 'NONE')).toEqual(['a*', '+b']);
  });

  it.each(['a + b', 'a | b', '"a b"', 'a*', '(a)', 'a~1', '-a'])('refuses %s', (query) => {
    expect(reasonOf(() => simpleQueryStringWords(query, undefined))).toContain(
      '[simple_query_string] query'
    );
  });
});
