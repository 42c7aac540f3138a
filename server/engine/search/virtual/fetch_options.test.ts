import { describe, expect, it } from 'vitest';
import { parseSearchRequest } from './search_body';
import { planHitExtras } from './hit_extras';
import { highlightClauses, highlightedColumns } from './highlight_clauses';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';

/** The fetch options of a Discover request (search_source.ts flatten, index_pattern.ts getComputedFields). */
const DISCOVER = {
  version: true,
  stored_fields: ['*'],
  script_fields: {},
  docvalue_fields: [{ field: 't', format: 'date_time' }],
  _source: { excludes: [] },
  highlight: {
    pre_tags: ['@opensearch-dashboards-highlighted-field@'],
    post_tags: ['@/opensearch-dashboards-highlighted-field@'],
    fields: { '*': {} },
    fragment_size: 2147483647,
  },
};

const column = (name: string, type: VirtualIndexColumn['type']): VirtualIndexColumn => ({
  name,
  type,
  remote_type: type,
});
const COLUMNS = [column('k', 'keyword'), column('n', 'long'), column('t', 'date')];
const BY_NAME = new Map(COLUMNS.map((c) => [c.name, c]));

describe('fetch options', () => {
  it("reads Discover's request", () => {
    const fetch = parseSearchRequest(DISCOVER, {}).fetch!;
    expect(fetch).toEqual({
      storedFields: ['*'],
      docvalueFields: [{ field: 't', format: 'date_time' }],
      version: true,
      highlight: {
        preTag: '@opensearch-dashboards-highlighted-field@',
        postTag: '@/opensearch-dashboards-highlighted-field@',
        fields: ['*'],
      },
      sourceRequested: true,
    });
    expect(parseSearchRequest({ size: 1 }, {}).fetch).toBeUndefined();
  });

  it('hides _source behind stored_fields unless it is asked for', () => {
    const hidden = parseSearchRequest({ stored_fields: ['*'] }, {}).fetch!;
    expect(planHitExtras(hidden, BY_NAME, hidden.sourceRequested).source).toBe(false);
    const listed = parseSearchRequest({ stored_fields: ['*', '_source'] }, {}).fetch!;
    expect(planHitExtras(listed, BY_NAME, listed.sourceRequested).source).toBe(true);
  });

  it('prints docvalue fields as OpenSearch does, leaving unknown fields and nulls out', () => {
    const fetch = parseSearchRequest(
      {
        docvalue_fields: [
          { field: 't', format: 'date_time' },
          { field: 't', format: 'epoch_millis' },
          'n',
          'nope',
        ],
      },
      {}
    ).fetch!;
    const extras = planHitExtras(fetch, BY_NAME, false);
    expect(extras.fields({ t: '2024-03-10T07:00:00.123Z', n: 5 })).toEqual({
      t: ['2024-03-10T07:00:00.123Z', '1710054000123'],
      n: [5],
    });
    expect(extras.fields({ t: null, n: null })).toBeUndefined();
  });

  it('refuses what it cannot answer as OpenSearch does', () => {
    const plan = (body: Record<string, unknown>) => {
      const fetch = parseSearchRequest(body, {}).fetch!;
      return planHitExtras(fetch, BY_NAME, false);
    };
    expect(() => plan({ docvalue_fields: [{ field: 'k', format: 'x' }] })).toThrow(
      'Field [k] of type [keyword] does not support custom formats'
    );
    expect(() => plan({ docvalue_fields: [{ field: 'n', format: '0.00' }] })).toThrow(
      /number formats/
    );
    expect(() => plan({ docvalue_fields: ['*'] })).toThrow(/pattern/);
    expect(() => plan({ stored_fields: '_none_' })).toThrow(/_none_/);
    expect(() => plan({ highlight: { fields: { '*': {} }, encoder: 'html' } })).toThrow(/encoder/);
    expect(() => plan({ highlight: { fields: { '*': {} }, boundary_chars: '.' } })).toThrow(
      /boundary_chars/
    );
    expect(() => plan({ version: 'yes' })).toThrow(/\[version\] must be true or false/);
  });

  it('finds the clauses that highlight each keyword column, outside must_not', () => {
    const highlighted = highlightedColumns(COLUMNS, ['*']);
    expect(highlighted.map((c) => c.name)).toEqual(['k']);
    const query = {
      bool: {
        filter: [{ match_all: {} }, { range: { t: { gte: 'now-1d' } } }, { prefix: { k: 'a' } }],
        should: [{ terms: { k: ['x'], boost: 2 } }],
        must_not: [{ term: { k: 'b' } }],
      },
    };
    expect(highlightClauses(query, highlighted)).toEqual(
      new Map([['k', [{ prefix: { k: 'a' } }, { terms: { k: ['x'], boost: 2 } }]]])
    );
    expect(highlightClauses({ multi_match: { query: 'x', lenient: true } }, highlighted)).toEqual(
      new Map([['k', [{ term: { k: 'x' } }]]])
    );
    expect(highlightClauses({ query_string: { query: 'k:a' } }, [])).toEqual(new Map());
    expect(() => highlightClauses({ query_string: { query: 'k:a' } }, highlighted)).toThrow(
      /\[highlight\] with a \[query_string\] query/
    );
  });
});
