import { describe, expect, it } from 'vitest';
import { checkQueryLimits } from './query_limits';

const limits = { maxTermsCount: 3, maxClauseCount: 2 };

describe('checkQueryLimits', () => {
  it('counts bool clauses over the whole query', () => {
    const two = { bool: { must: [{ term: { a: 1 } }], filter: { term: { b: 1 } } } };
    expect(() => checkQueryLimits(two, limits)).not.toThrow();
    expect(() => checkQueryLimits({ bool: { should: [two] } }, limits)).toThrow(
      /maxClauseCount is set to 2/
    );
  });

  it('counts the values of each terms query', () => {
    expect(() => checkQueryLimits({ terms: { a: [1, 2, 3] } }, limits)).not.toThrow();
    expect(() => checkQueryLimits({ terms: { a: [1, 2, 3, 4] } }, limits)).toThrow(
      /The number of terms \[4\]/
    );
  });
});
