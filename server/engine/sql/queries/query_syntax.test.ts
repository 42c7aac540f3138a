import { describe, expect, it } from 'vitest';
import { FederationError } from '../../errors';
import { simpleQueryStringWords } from './query_syntax';

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
