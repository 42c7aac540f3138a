import { describe, expect, it } from 'vitest';
import { queryStringGroupDepth } from './query_string_depth';

describe('queryStringGroupDepth', () => {
  it('counts nested groups', () => {
    expect(queryStringGroupDepth('a AND b')).toBe(0);
    expect(queryStringGroupDepth('(a OR (b AND c)) OR (d)')).toBe(2);
    expect(queryStringGroupDepth('('.repeat(5000) + 'a' + ')'.repeat(5000))).toBe(5000);
  });

  it('ignores escaped parentheses and parentheses inside phrases', () => {
    expect(queryStringGroupDepth('\\(\\(a\\)\\)')).toBe(0);
    expect(queryStringGroupDepth('"((((" AND (b)')).toBe(1);
    expect(queryStringGroupDepth('"a \\" (((" (b)')).toBe(1);
  });
});
