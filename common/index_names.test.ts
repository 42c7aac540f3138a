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
  it('allows lists, patterns and exclusions', () => {
    expect(indexExpressionProblem('a,b*,-b2')).toBeNull();
  });

  // OpenSearch's _search answers these with 404 index_not_found_exception, not a 400.
  it('leaves names OpenSearch answers with a 404 to OpenSearch', () => {
    for (const name of ['idx ', ' idx', 'IDX', 'a#b', 'a/b', 'a?', 'a"b', 'a<b', 'a|b', 'a\\b']) {
      expect(indexExpressionProblem(name)).toBeNull();
    }
  });

  it('refuses only an empty expression', () => {
    expect(indexExpressionProblem('')).toMatch(/empty/);
  });
});
