import { describe, expect, it } from 'vitest';
import { GqlParser } from './parser';

describe('GQL grammar', () => {
  it('passes chevrotain validations: no ambiguity, no left recursion, no duplicates', () => {
    expect(() => new GqlParser({ validate: true })).not.toThrow();
  });

  it('has one rule per production, the statement (where completion starts) among them', () => {
    // Rules are listed in the order the parser's layers define them (parser_base.ts), base first.
    const rules = Object.keys(new GqlParser().getGAstProductions());
    expect(rules).toEqual(
      expect.arrayContaining([
        'statement',
        'pathPattern',
        'node',
        'edge',
        'quantifier',
        'expression',
        'operand',
      ])
    );
  });
});
