import { describe, expect, it } from 'vitest';
import { GqlParser } from './parser';

describe('GQL grammar', () => {
  it('passes chevrotain validations: no ambiguity, no left recursion, no duplicates', () => {
    expect(() => new GqlParser({ validate: true })).not.toThrow();
  });

  it('has one rule per production, starting from statement', () => {
    const rules = Object.keys(new GqlParser().getGAstProductions());
    expect(rules[0]).toBe('statement');
    expect(rules).toEqual(
      expect.arrayContaining(['pathPattern', 'node', 'edge', 'quantifier', 'expression', 'operand'])
    );
  });
});
