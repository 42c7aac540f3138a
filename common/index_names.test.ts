import { describe, expect, it } from 'vitest';
import { indexExpressionProblem, indexNameProblem } from './index_names';

describe('indexNameProblem', () => {
  it('accepts valid names', () => {
    for (const name of ['vi-orders', 'a', 'logs.2026', 'ünïcode'])
      expect(indexNameProblem(name)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(indexNameProblem('')).toMatch(/empty/);
    expect(indexNameProblem('Orders')).toMatch(/lowercase/);
    expect(indexNameProblem('a*b')).toMatch(/characters/);
    expect(indexNameProblem('a b')).toMatch(/characters/);
    expect(indexNameProblem('_x')).toMatch(/start with/);
    expect(indexNameProblem('..')).toMatch(/'\.' or '\.\.'/);
    expect(indexNameProblem('a'.repeat(256))).toMatch(/too long/);
  });
});

describe('indexExpressionProblem', () => {
  it('allows lists, patterns and exclusions but not path breakers', () => {
    expect(indexExpressionProblem('a,b*,-b2')).toBeNull();
    expect(indexExpressionProblem('a/b')).toMatch(/\//);
    expect(indexExpressionProblem('a?')).toMatch(/\?/);
  });
});
