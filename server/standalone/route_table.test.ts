import { describe, expect, it } from 'vitest';
import { RouteTable } from './route_table';

describe('RouteTable', () => {
  const table = new RouteTable<string>();
  table.add('post', '/svc/_search', 'search-all');
  table.add('post', '/svc/{index}/_search', 'search-index');
  table.add('get', '/svc/{index}/_doc/{id}', 'get-doc');
  table.add('get', '/ui/{file*}', 'static');

  it('prefers a literal segment over a parameter', () => {
    expect(table.match('post', '/svc/_search')?.entry).toBe('search-all');
    expect(table.match('post', '/svc/logs-*/_search')).toEqual({
      entry: 'search-index',
      params: { index: 'logs-*' },
    });
  });

  it('decodes parameters and matches catch-alls', () => {
    expect(table.match('get', '/svc/a%2Cb/_doc/x%20y')?.params).toEqual({
      index: 'a,b',
      id: 'x y',
    });
    expect(table.match('get', '/ui/fonts/a.woff2')?.params).toEqual({ file: 'fonts/a.woff2' });
  });

  it('does not match other methods, shorter or longer paths', () => {
    expect(table.match('get', '/svc/_search')).toBeNull();
    expect(table.match('post', '/svc/a/b/_search')).toBeNull();
    expect(table.match('get', '/svc/a/_doc')).toBeNull();
    expect(table.methodsFor('/svc/_search')).toEqual(['post']);
  });

  it('refuses relative paths and duplicates', () => {
    expect(() => table.add('get', 'svc', 'x')).toThrow(/absolute/);
    expect(() => table.add('post', '/svc/_search', 'again')).toThrow(/already registered/);
  });
});
