import { describe, expect, it } from 'vitest';
import { savedQueryIdFromPath, savedQueryPath } from './saved_query_path';

describe('saved query paths', () => {
  it('reads the id after the tab, decoded', () => {
    expect(savedQueryIdFromPath('/graph-query/3f2a-b')).toBe('3f2a-b');
    expect(savedQueryIdFromPath('/graph-query/a%20b/')).toBe('a b');
  });

  it('tells the tab without an id from another tab', () => {
    expect(savedQueryIdFromPath('/graph-query')).toBeNull();
    expect(savedQueryIdFromPath('/graph-query/')).toBeNull();
    expect(savedQueryIdFromPath('/datasources')).toBeUndefined();
    expect(savedQueryIdFromPath('/')).toBeUndefined();
  });

  it('keeps a malformed escape as written', () => {
    expect(savedQueryIdFromPath('/graph-query/%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('writes the path of an id, or of a new query, and reads it back', () => {
    expect(savedQueryPath(null)).toBe('/graph-query');
    expect(savedQueryPath('a/b')).toBe('/graph-query/a%2Fb');
    expect(savedQueryIdFromPath(savedQueryPath('a/b'))).toBe('a/b');
  });
});
