import { describe, expect, it } from 'vitest';
import type { FieldType, VirtualIndexColumn } from '../../../../common/catalog_types';
import { FederationError } from '../../errors';
import { dialectFor } from '../dialects';
import { renderSql } from '../sql_fragment';
import { translateQuery } from '../query_translator';
import type { TranslationContext } from '../translation_context';
import { queryStringDsl, type QueryStringOptions } from './query_string_dsl';
import { parseLuceneQuery } from './query_string_parser';

const COLUMNS: Array<[string, FieldType]> = [
  ['id', 'long'],
  ['k', 'keyword'],
  ['k2', 'keyword'],
  ['n', 'long'],
  ['d', 'double'],
  ['b', 'boolean'],
  ['t', 'date'],
];

function context(kind: 'postgres' | 'mysql' | 'sqlserver' | 'sqlite' = 'postgres') {
  const dialect = dialectFor(kind);
  const columns = new Map<string, VirtualIndexColumn>(
    COLUMNS.map(([name, type]) => [
      name,
      { name, remote_type: type, type, ...(type === 'date' ? { zoned: false } : {}) },
    ])
  );
  const ctx: TranslationContext = {
    dialect,
    columns,
    key: 'id',
    timezone: 'UTC',
    now: Date.UTC(2024, 5, 15),
  };
  return ctx;
}

/** The DSL of `query`; the options default to OpenSearch's (all fields, leniently). */
function dsl(query: string, options: Partial<QueryStringOptions> = {}) {
  const ctx = context();
  const tree = parseLuceneQuery(query, { defaultOperator: 'or' });
  const full: QueryStringOptions = {
    query,
    defaultField: '*',
    fields: [],
    lenient: true,
    allowLeadingWildcard: true,
    ...options,
  };
  // Leniency is decided by translating; the fragments it built bind nothing until rendered.
  return queryStringDsl(tree, full, ctx, (q) => translateQuery(q, ctx));
}

const onK = { defaultField: 'k', lenient: false };

describe('queryStringDsl', () => {
  it('makes terms, phrases, prefixes and wildcards on the named field', () => {
    expect(dsl('k:alpha', onK)).toEqual({ term: { k: 'alpha' } });
    expect(dsl('k:"a b"', onK)).toEqual({ term: { k: 'a b' } });
    expect(dsl('k:ab*', onK)).toEqual({ prefix: { k: 'ab' } });
    expect(dsl('k:a?c', onK)).toEqual({ wildcard: { k: 'a?c' } });
    expect(dsl('alpha', onK)).toEqual({ term: { k: 'alpha' } });
  });

  it('makes bool clauses as Lucene marks them', () => {
    expect(dsl('k:a OR k2:b AND NOT n:1', onK)).toEqual({
      bool: {
        should: [{ term: { k: 'a' } }],
        must: [{ term: { k2: 'b' } }],
        must_not: [{ term: { n: '1' } }],
      },
    });
  });

  it('makes one query per field of a pattern, `*` or list, any of which may match', () => {
    expect(dsl('k\\*:x', onK)).toEqual({
      bool: { should: [{ term: { k: 'x' } }, { term: { k2: 'x' } }] },
    });
    expect(dsl('x', { defaultField: null, fields: ['k^2', 'k*', 'nope'], lenient: false })).toEqual(
      { bool: { should: [{ term: { k: 'x' } }, { term: { k2: 'x' } }, { term: { nope: 'x' } }] } }
    );
  });

  it('leaves out, when lenient, the fields whose type cannot take the value', () => {
    expect(dsl('x')).toEqual({
      bool: {
        should: [
          { match_none: {} },
          { term: { k: 'x' } },
          { term: { k2: 'x' } },
          { match_none: {} },
          { match_none: {} },
          { match_none: {} },
          { match_none: {} },
        ],
      },
    });
    expect(dsl('ab*', { defaultField: null, fields: ['k', 'n'] })).toEqual({
      bool: { should: [{ prefix: { k: 'ab' } }, { match_none: {} }] },
    });
  });

  it('makes `>`, `>=`, `<`, `<=` ranges when the field is known, with `*` as an open end', () => {
    expect(dsl('n:>5', onK)).toEqual({ range: { n: { gt: '5' } } });
    expect(dsl('n:>=5', onK)).toEqual({ range: { n: { gte: '5' } } });
    expect(dsl('n:<5', onK)).toEqual({ range: { n: { lt: '5' } } });
    expect(dsl('n:<=5', onK)).toEqual({ range: { n: { lte: '5' } } });
    expect(dsl('n:[* TO 5}', onK)).toEqual({ range: { n: { lt: '5' } } });
    expect(dsl('n:{1 TO *]', onK)).toEqual({ range: { n: { gt: '1' } } });
    // Quoted, or with a list of fields (no default field), the text is a term.
    expect(dsl('n:">5"', onK)).toEqual({ term: { n: '>5' } });
    expect(dsl('>5', { defaultField: null, fields: ['k'], lenient: false })).toEqual({
      term: { k: '>5' },
    });
  });

  it('applies time_zone to date ranges and to an unquoted term on one date field', () => {
    const zoned = { ...onK, timeZone: '+02:00' };
    expect(dsl('t:[2024-01-01 TO *] n:[1 TO 2]', zoned)).toEqual({
      bool: {
        should: [
          { range: { t: { gte: '2024-01-01', time_zone: '+02:00' } } },
          { range: { n: { gte: '1', lte: '2' } } },
        ],
      },
    });
    expect(dsl('t:2024-01-01', zoned)).toEqual({
      range: { t: { gte: '2024-01-01', lte: '2024-01-01', time_zone: '+02:00' } },
    });
    expect(dsl('t:"2024-01-01"', zoned)).toEqual({ term: { t: '2024-01-01' } });
  });

  it('asks for presence with `_exists_` and `f:*`, and matches all with `*` on all fields', () => {
    expect(dsl('_exists_:k\\*', onK)).toEqual({ exists: { field: 'k*' } });
    // Unescaped, `k*` is a prefix query on a field named `_exists_`, as in OpenSearch.
    expect(dsl('_exists_:k*', onK)).toEqual({ prefix: { _exists_: 'k' } });
    expect(dsl('d:*', onK)).toEqual({ exists: { field: 'd' } });
    expect(dsl('*', onK)).toEqual({ exists: { field: 'k' } });
    expect(dsl('*')).toEqual({ match_all: {} });
    expect(dsl('*:*', onK)).toEqual({ match_all: {} });
    expect(dsl('*', { defaultField: null, fields: ['k', 'd'] })).toEqual({
      bool: { should: [{ exists: { field: 'k' } }, { exists: { field: 'd' } }] },
    });
  });

  it('applies minimum_should_match to the top boolean query only', () => {
    const options = { ...onK, minimumShouldMatch: '2' };
    expect(dsl('a b:true', options)).toMatchObject({ bool: { minimum_should_match: '2' } });
    expect(dsl('(a b:true)', options)).toMatchObject({ bool: { minimum_should_match: '2' } });
    expect(dsl('a', options)).toEqual({ term: { k: 'a' } });
  });

  it.each([
    ['k:ab~1', 'fuzziness (~) at line 1, column 5'],
    ['k:"a b"~1', 'proximity (~ after a phrase) at line 1, column 8'],
    ['x OR k:/a.*/', 'a regular expression (/.../) at line 1, column 8'],
  ])('refuses %s naming %s', (query, syntax) => {
    try {
      dsl(query, onK);
      expect.fail('expected a 400');
    } catch (err) {
      expect(err).toBeInstanceOf(FederationError);
      expect((err as FederationError).status).toBe(400);
      expect((err as FederationError).reason).toContain(
        `[query_string] query [${query}] uses ${syntax}, which is not supported on virtual indices: `
      );
    }
  });

  it('refuses a leading wildcard when allow_leading_wildcard is false, as OpenSearch does', () => {
    expect(() => dsl('k:*ab', { ...onK, allowLeadingWildcard: false })).toThrow(
      "'*' or '?' not allowed as first character in WildcardQuery"
    );
    expect(dsl('k:a*b', { ...onK, allowLeadingWildcard: false })).toEqual({
      wildcard: { k: 'a*b' },
    });
  });
});

describe('query_string through the translator', () => {
  const QUERIES = [
    'alpha',
    'x OR n:>5 AND -(k:a* OR t:[2024-01-01 TO now/d]) k2:"a b"',
    '_exists_:k* OR *:zz OR d:[* TO 2.5} OR b:true',
    'k:a?c*d n:[1 TO 9] 2024-01-01',
  ];

  it.each(['postgres', 'mysql', 'sqlserver', 'sqlite'] as const)(
    '%s: numbers the parameters in text order, after lenient checks gave theirs back',
    (kind) => {
      for (const query of QUERIES) {
        const ctx = context(kind);
        const { sql, params } = renderSql(
          translateQuery({ query_string: { query } }, ctx),
          ctx.dialect
        );
        const placeholders =
          kind === 'postgres'
            ? [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))
            : kind === 'sqlserver'
              ? [...sql.matchAll(/@p(\d+)/g)].map((m) => Number(m[1]))
              : [...sql.matchAll(/\?/g)].map((_, i) => i + 1);
        expect(placeholders.length, query).toBeGreaterThan(0);
        expect(placeholders, query).toEqual(params.map((_, i) => i + 1));
      }
    }
  );

  it('answers blank text with no document, and escape: true with the literal text', () => {
    expect(translateQuery({ query_string: { query: '  ' } }, context())).toBe('1 = 0');
    const ctx = context();
    const { sql, params } = renderSql(
      translateQuery({ query_string: { query: 'a*b:c', escape: true, default_field: 'k' } }, ctx),
      ctx.dialect
    );
    expect(sql).toBe('(CAST("k" AS text) IS NOT NULL AND CAST("k" AS text) = $1)');
    expect(params).toEqual(['a*b:c']);
  });

  it('refuses default_field with fields, as OpenSearch does', () => {
    expect(() =>
      translateQuery({ query_string: { query: 'a', default_field: 'k', fields: ['k'] } }, context())
    ).toThrow('cannot use [fields] parameter in conjunction with [default_field]');
  });
});
