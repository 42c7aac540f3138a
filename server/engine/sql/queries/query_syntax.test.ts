import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../../../test/support/bad_request';
import { simpleQueryStringWords } from './query_syntax';

const reasonOf = (run: () => unknown): string => badRequestThrownBy(run).reason;

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
