/**
 * Hand-written search-body cases: paging, sorting (order, missing), source filtering,
 * track_total_hits and search_after. Sorted cases end with the key so order is comparable.
 */
import type { Case } from './query_cases';
import type { DataRow, TableSpec } from './table_spec';

function b(name: string, body: Record<string, unknown>, extra: Partial<Case> = {}): Case {
  return { name, body, ...extra };
}

const BY_ID = { id: 'asc' };

export function bodyCases(spec: TableSpec): Case[] {
  const rows = spec.rows;
  const withN = pickRow(rows, 300, (r) => r.n !== null);
  const withT = pickRow(rows, 700, (r) => r.t !== null);
  const withK = pickRow(rows, 900, (r) => r.k !== null);
  return [
    b('default size, sorted by key', { sort: [BY_ID] }),
    b('from and size', { from: 10, size: 5, sort: [BY_ID] }),
    b('from near the end', { from: 1990, size: 20, sort: [BY_ID] }),
    b('from beyond the end', { from: 2500, size: 5, sort: [BY_ID] }, { empty: true }),
    b('unsorted partial page', { from: 5, size: 5, query: { term: { k2: 'beta' } } }),
    b('size 0', { size: 0, query: { term: { k2: 'beta' } } }),
    b('sort string shorthand', { sort: ['k2', 'id'], size: 50 }),
    b('sort on long desc', { sort: [{ n: 'desc' }, BY_ID], size: 60 }),
    b('sort on long missing _first', {
      sort: [{ n: { order: 'asc', missing: '_first' } }, BY_ID],
      size: 60,
    }),
    b('sort on long missing _last desc', {
      sort: [{ n: { order: 'desc', missing: '_last' } }, BY_ID],
      size: 2100,
      _source: ['n'],
    }),
    b('sort with a custom missing value', {
      sort: [{ n: { order: 'asc', missing: 0 } }, BY_ID],
      size: 100,
    }),
    b('sort on keyword (byte order)', { sort: [{ k: 'asc' }, BY_ID], size: 2100, _source: ['k'] }),
    b('sort on keyword desc, missing first', {
      sort: [{ k: { order: 'desc', missing: '_first' } }, BY_ID],
      size: 100,
    }),
    b('sort on double', { sort: [{ d: 'asc' }, BY_ID], size: 100 }),
    b('sort on boolean', { sort: [{ b: 'desc' }, BY_ID], size: 100 }),
    b('sort on date', { sort: [{ t: { order: 'desc' } }, BY_ID], size: 100 }),
    b('sort on date missing first', {
      sort: [{ t: { order: 'asc', missing: '_first' } }, BY_ID],
      size: 150,
    }),
    b('sort on several fields', {
      sort: [{ k2: 'asc' }, { b: 'desc' }, { n: 'desc' }, BY_ID],
      size: 200,
    }),
    b('sort by key desc with a query', {
      sort: [{ id: { order: 'desc' } }],
      query: { prefix: { k: 'a' } },
    }),
    b('sort on an unknown field fails', { sort: [{ nope: 'asc' }] }),
    b('_source false', { _source: false, size: 2100 }),
    b('_source list', { _source: ['k', 'n'], size: 2100 }),
    b('_source string', { _source: 'k2', size: 2100 }),
    b('_source includes pattern', { _source: { includes: ['k*'] }, size: 2100 }),
    b('_source excludes', { _source: { excludes: ['t', 'k2'] }, size: 2100 }),
    b('_source includes and excludes', {
      _source: { includes: ['k*', 'n'], excludes: ['k2'] },
      size: 2100,
    }),
    b('track_total_hits true', { track_total_hits: true, size: 3, sort: [BY_ID] }),
    b('track_total_hits false', { track_total_hits: false, size: 3, sort: [BY_ID] }),
    b('track_total_hits below the count', { track_total_hits: 100, size: 3, sort: [BY_ID] }),
    b('track_total_hits above the count', {
      track_total_hits: 100,
      size: 3,
      sort: [BY_ID],
      query: { term: { k2: 'epsilon' } },
    }),
    b('track_total_hits exact count boundary', { track_total_hits: 2000, size: 0 }),
    b('search_after on the key', { sort: [BY_ID], search_after: [rows[700].id], size: 20 }),
    b('search_after on long and key', {
      sort: [{ n: 'desc' }, BY_ID],
      search_after: [withN.n, withN.id],
      size: 30,
    }),
    b('search_after on date and key', {
      sort: [{ t: 'asc' }, BY_ID],
      search_after: [Date.parse(withT.t as string), withT.id],
      size: 30,
    }),
    b('search_after on keyword and key', {
      sort: [{ k: 'asc' }, BY_ID],
      search_after: [withK.k, withK.id],
      size: 30,
    }),
    b('search_after with a query and size 0 total', {
      sort: [BY_ID],
      search_after: [rows[100].id],
      query: { term: { b: true } },
      size: 10,
    }),
  ];
}

function pickRow(rows: DataRow[], from: number, test: (r: DataRow) => boolean): DataRow {
  const found = rows.slice(from).find(test);
  if (!found) throw new Error('no such row');
  return found;
}
