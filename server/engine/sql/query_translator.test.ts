/**
 * The SQL text and parameters of every query type on every dialect. SQL Server has no server in
 * the test bed, so its statements are checked here as full text, one per query type; the other
 * dialects are also run against real databases and OpenSearch in
 * query_translator.integration.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../../test/support/bad_request';
import type { FieldType, VirtualIndexColumn } from '../../../common/catalog_types';
import { dialectFor } from './dialects';
import type { JsonKeyList } from './json_key_list';
import { renderSql } from './sql_fragment';
import { minimumShouldMatchOf } from './queries/bool_query';
import { MAX_QUERY_DEPTH, translateQuery } from './query_translator';
import type { TranslationContext } from './translation_context';

type Kind = 'postgres' | 'mysql' | 'sqlserver' | 'sqlite';
const KINDS: Kind[] = ['postgres', 'mysql', 'sqlserver', 'sqlite'];

/** The same fields on each database, with the remote types its catalog would report. */
const REMOTE_TYPES: Record<Kind, Record<string, [string, FieldType, boolean?]>> = {
  postgres: {
    id: ['bigint', 'long'],
    k: ['text', 'keyword'],
    u: ['uuid', 'keyword'],
    n: ['integer', 'long'],
    d: ['double precision', 'double'],
    m: ['money', 'double'],
    b: ['boolean', 'boolean'],
    t: ['timestamp without time zone', 'date'],
    tz: ['timestamp with time zone', 'date', true],
  },
  mysql: {
    id: ['bigint(20)', 'long'],
    k: ['varchar(50)', 'keyword'],
    u: ['uuid', 'keyword'],
    n: ['int(11)', 'long'],
    d: ['double', 'double'],
    m: ['decimal(10,2)', 'double'],
    b: ['tinyint(1)', 'boolean'],
    t: ['datetime(3)', 'date'],
    tz: ['timestamp(3)', 'date', true],
  },
  sqlserver: {
    id: ['bigint', 'long'],
    k: ['nvarchar', 'keyword'],
    u: ['uniqueidentifier', 'keyword'],
    n: ['int', 'long'],
    d: ['float', 'double'],
    m: ['money', 'double'],
    b: ['bit', 'boolean'],
    t: ['datetime2', 'date'],
    tz: ['datetimeoffset', 'date', true],
  },
  sqlite: {
    id: ['INTEGER', 'long'],
    k: ['TEXT', 'keyword'],
    u: ['VARCHAR(36)', 'keyword'],
    n: ['INTEGER', 'long'],
    d: ['REAL', 'double'],
    m: ['NUMERIC', 'double'],
    b: ['BOOLEAN', 'boolean'],
    t: ['DATETIME', 'date'],
    tz: ['DATETIME', 'date'],
  },
};

/** 2024-10-27T01:30:15.123Z */
const NOW = Date.UTC(2024, 9, 27, 1, 30, 15, 123);

function context(kind: Kind, options: { key?: string | null; timezone?: string } = {}) {
  const dialect = dialectFor(kind);
  const columns = new Map<string, VirtualIndexColumn>(
    Object.entries(REMOTE_TYPES[kind]).map(([name, [remote_type, type, zoned]]) => [
      name,
      { name, remote_type, type, ...(type === 'date' ? { zoned: zoned === true } : {}) },
    ])
  );
  const ctx: TranslationContext = {
    dialect,
    columns,
    key: options.key === null ? undefined : (options.key ?? 'id'),
    timezone: options.timezone ?? 'Europe/Paris',
    now: NOW,
  };
  return ctx;
}

function translate(kind: Kind, query: unknown, options?: Parameters<typeof context>[1]) {
  const ctx = context(kind, options);
  return renderSql(translateQuery(query, ctx), ctx.dialect);
}

/** The statement a search would run on SQL Server (the translation is its WHERE clause). */
function sqlServerStatement(query: unknown) {
  const { sql, params } = translate('sqlserver', query);
  return { sql: `SELECT [id] FROM [dbo].[t] WHERE ${sql}`, params };
}

const refusal = (kind: Kind, query: unknown, options?: Parameters<typeof context>[1]) =>
  badRequestThrownBy(() => translate(kind, query, options));

// ---------------------------------------------------------------------------------------------

describe('SQL Server statements, one per query type', () => {
  const S = 'SELECT [id] FROM [dbo].[t] WHERE ';
  it.each<[string, unknown, string, unknown[]]>([
    ['match_all', { match_all: {} }, `${S}1 = 1`, []],
    ['match_none', { match_none: {} }, `${S}1 = 0`, []],
    ['no query', undefined, `${S}1 = 1`, []],
    ['term', { term: { k: "O'Brien" } }, `${S}([k] IS NOT NULL AND [k] = @p1)`, ["O'Brien"]],
    [
      'term, long form, case_insensitive',
      { term: { k: { value: 'Ab', case_insensitive: true, boost: 2 } } },
      `${S}([k] IS NOT NULL AND LOWER([k]) = LOWER(@p1))`,
      ['Ab'],
    ],
    [
      'term on a uniqueidentifier',
      { term: { u: 'not-a-guid' } },
      `${S}(CAST([u] AS nvarchar(36)) IS NOT NULL AND CAST([u] AS nvarchar(36)) = @p1)`,
      ['not-a-guid'],
    ],
    ['term on long', { term: { n: '7' } }, `${S}([n] IS NOT NULL AND [n] = @p1)`, [7]],
    ['term on long with a fraction', { term: { n: 1.5 } }, `${S}1 = 0`, []],
    ['term on double', { term: { d: '2.5' } }, `${S}([d] IS NOT NULL AND [d] = @p1)`, [2.5]],
    ['term on bit', { term: { b: 'true' } }, `${S}([b] IS NOT NULL AND [b] = @p1)`, [true]],
    [
      'term on datetime2 covers the whole day, in the datasource zone',
      { term: { t: '2024-03-31' } },
      `${S}([t] IS NOT NULL AND [t] >= CAST(@p1 AS datetime2(3)) AND [t] < CAST(@p2 AS datetime2(3)))`,
      ['2024-03-31 01:00:00.000', '2024-04-01 02:00:00.000'],
    ],
    [
      'term on datetimeoffset covers the second its text names',
      { term: { tz: '2024-03-31T10:00:00Z' } },
      `${S}([tz] IS NOT NULL AND [tz] >= CAST(@p1 AS datetimeoffset(3)) AND [tz] < CAST(@p2 AS datetimeoffset(3)))`,
      ['2024-03-31T10:00:00.000+00:00', '2024-03-31T10:00:01.000+00:00'],
    ],
    ['term on an unknown field', { term: { nope: 1 } }, `${S}1 = 0`, []],
    ['term on _id', { term: { _id: '42' } }, `${S}([id] IS NOT NULL AND [id] = @p1)`, [42]],
    [
      'terms',
      { terms: { k: ['a', 3, true], boost: 1 } },
      `${S}([k] IS NOT NULL AND [k] IN (@p1, @p2, @p3))`,
      ['a', '3', 'true'],
    ],
    [
      'terms on long drops fractions',
      { terms: { n: [1, 2.5, '3'] } },
      `${S}([n] IS NOT NULL AND [n] IN (@p1, @p2))`,
      [1, 3],
    ],
    [
      'terms on dates',
      { terms: { t: ['2024-01-01', '2024-01-02T10'] } },
      `${S}(([t] IS NOT NULL AND [t] >= CAST(@p1 AS datetime2(3)) AND [t] < CAST(@p2 AS datetime2(3))) OR ([t] IS NOT NULL AND [t] >= CAST(@p3 AS datetime2(3)) AND [t] < CAST(@p4 AS datetime2(3))))`,
      [
        '2024-01-01 01:00:00.000',
        '2024-01-02 01:00:00.000',
        '2024-01-02 11:00:00.000',
        '2024-01-02 12:00:00.000',
      ],
    ],
    ['terms, empty', { terms: { k: [] } }, `${S}1 = 0`, []],
    [
      'range on long',
      { range: { n: { gt: 1.5, lte: '10' } } },
      `${S}([n] IS NOT NULL AND [n] >= @p1 AND [n] <= @p2)`,
      [2, 10],
    ],
    [
      'range on double',
      { range: { d: { gte: -2.5, lt: 3 } } },
      `${S}([d] IS NOT NULL AND [d] >= @p1 AND [d] < @p2)`,
      [-2.5, 3],
    ],
    [
      'range on keyword',
      { range: { k: { gt: 4, lte: 'b' } } },
      `${S}([k] IS NOT NULL AND [k] > @p1 AND [k] <= @p2)`,
      ['4', 'b'],
    ],
    [
      'range on date with date math and time_zone',
      { range: { t: { gte: 'now-1d/d', lte: 'now/d', time_zone: 'Europe/Paris' } } },
      `${S}([t] IS NOT NULL AND [t] >= CAST(@p1 AS datetime2(3)) AND [t] < CAST(@p2 AS datetime2(3)))`,
      ['2024-10-26 00:00:00.000', '2024-10-28 00:00:00.000'],
    ],
    [
      'range on date with format',
      { range: { tz: { gt: '31/12/2023', format: 'dd/MM/yyyy' } } },
      `${S}([tz] IS NOT NULL AND [tz] >= CAST(@p1 AS datetimeoffset(3)))`,
      ['2024-01-01T00:00:00.000+00:00'],
    ],
    [
      'range on bit',
      { range: { b: { gt: false } } },
      `${S}([b] IS NOT NULL AND [b] > @p1)`,
      [false],
    ],
    ['range without bounds', { range: { n: { gte: null } } }, `${S}[n] IS NOT NULL`, []],
    ['exists', { exists: { field: 'k' } }, `${S}[k] IS NOT NULL`, []],
    [
      'exists with a pattern',
      { exists: { field: 't*' } },
      `${S}([t] IS NOT NULL OR [tz] IS NOT NULL)`,
      [],
    ],
    ['exists on an unknown field', { exists: { field: 'nope' } }, `${S}1 = 0`, []],
    [
      'prefix escapes %, _, ! and [',
      { prefix: { k: 'a%_![' } },
      `${S}([k] IS NOT NULL AND [k] LIKE @p1 ESCAPE '!')`,
      ['a!%!_!!![%'],
    ],
    [
      'prefix case_insensitive',
      { prefix: { k: { value: 'Ab', case_insensitive: true } } },
      `${S}([k] IS NOT NULL AND LOWER([k]) LIKE LOWER(@p1) ESCAPE '!')`,
      ['Ab%'],
    ],
    [
      'wildcard',
      { wildcard: { k: 'a*b?\\*c\\\\' } },
      `${S}([k] IS NOT NULL AND [k] LIKE @p1 ESCAPE '!')`,
      ['a%b_*c\\'],
    ],
    [
      'wildcard case_insensitive, wildcard key',
      { wildcard: { k: { wildcard: '*A?', case_insensitive: 'true' } } },
      `${S}([k] IS NOT NULL AND LOWER([k]) LIKE LOWER(@p1) ESCAPE '!')`,
      ['%A_'],
    ],
    [
      'ids',
      { ids: { values: ['1', 'x', '2', '1.5'] } },
      `${S}([id] IS NOT NULL AND [id] IN (@p1, @p2))`,
      [1, 2],
    ],
    [
      'bool with every clause',
      {
        bool: {
          must: { term: { k: 'a' } },
          filter: [{ term: { n: 1 } }],
          should: [{ term: { b: true } }, { term: { d: 1 } }, { term: { k: 'z' } }],
          minimum_should_match: 2,
          must_not: [{ exists: { field: 't' } }, { term: { k: 'q' } }],
        },
      },
      `${S}(([k] IS NOT NULL AND [k] = @p1) AND ([n] IS NOT NULL AND [n] = @p2) AND (CASE WHEN ([b] IS NOT NULL AND [b] = @p3) THEN 1 ELSE 0 END + CASE WHEN ([d] IS NOT NULL AND [d] = @p4) THEN 1 ELSE 0 END + CASE WHEN ([k] IS NOT NULL AND [k] = @p5) THEN 1 ELSE 0 END) >= 2 AND NOT ([t] IS NOT NULL OR ([k] IS NOT NULL AND [k] = @p6)))`,
      ['a', 1, true, 1, 'z', 'q'],
    ],
    [
      'bool should alone needs one',
      { bool: { should: [{ term: { k: 'a' } }, { term: { k: 'b' } }] } },
      `${S}(([k] IS NOT NULL AND [k] = @p1) OR ([k] IS NOT NULL AND [k] = @p2))`,
      ['a', 'b'],
    ],
    [
      'bool should is optional next to filter',
      { bool: { filter: { term: { k: 'a' } }, should: { term: { k: 'b' } } } },
      `${S}([k] IS NOT NULL AND [k] = @p1)`,
      ['a'],
    ],
    [
      'bool must_not alone keeps rows where the field is NULL',
      { bool: { must_not: { term: { b: false } } } },
      `${S}NOT ([b] IS NOT NULL AND [b] = @p1)`,
      [false],
    ],
    ['bool, empty', { bool: {} }, `${S}1 = 1`, []],
    [
      'constant_score',
      { constant_score: { filter: { term: { k: 'a' } }, boost: 2 } },
      `${S}([k] IS NOT NULL AND [k] = @p1)`,
      ['a'],
    ],
    ['match', { match: { k: 'Ab c' } }, `${S}([k] IS NOT NULL AND [k] = @p1)`, ['Ab c']],
    [
      'match, long form, lenient',
      { match: { n: { query: 'abc', lenient: true, operator: 'and' } } },
      `${S}1 = 0`,
      [],
    ],
    ['match_phrase', { match_phrase: { n: '5' } }, `${S}([n] IS NOT NULL AND [n] = @p1)`, [5]],
    [
      'query_string on all fields, leniently',
      { query_string: { query: 'true' } },
      `${S}(([k] IS NOT NULL AND [k] = @p1) OR (CAST([u] AS nvarchar(36)) IS NOT NULL AND CAST([u] AS nvarchar(36)) = @p2) OR ([b] IS NOT NULL AND [b] = @p3))`,
      ['true', 'true', true],
    ],
    [
      'query_string with fields',
      { query_string: { query: 'x y', fields: ['k^2', 'nope'] } },
      `${S}([k] IS NOT NULL AND [k] = @p1)`,
      ['x y'],
    ],
    [
      'simple_query_string splits words',
      { simple_query_string: { query: ' a  b ', fields: ['k'], default_operator: 'AND' } },
      `${S}(([k] IS NOT NULL AND [k] = @p1) AND ([k] IS NOT NULL AND [k] = @p2))`,
      ['a', 'b'],
    ],
  ])('%s', (_name, query, sql, params) => {
    expect(sqlServerStatement(query)).toEqual({ sql, params });
  });
});

// ---------------------------------------------------------------------------------------------

describe('dialect differences', () => {
  it('term on keyword-like types that are not text', () => {
    // A uuid column reads as canonical uuid text: other text names no row and is not sent; a
    // canonical uuid is compared as a uuid, so the column's index serves.
    expect(translate('postgres', { term: { u: 'x' } })).toEqual({ sql: '1 = 0', params: [] });
    expect(translate('mysql', { term: { u: 'x' } })).toEqual({ sql: '1 = 0', params: [] });
    const uuid = '0b5e7c1e-6f2a-4c1b-9d3e-2a1f0c9b8d7e';
    expect(translate('postgres', { term: { u: uuid } }).sql).toBe(
      '(CAST("u" AS text) IS NOT NULL AND "u" = CAST($1 AS uuid))'
    );
    expect(translate('mysql', { term: { u: uuid } }).sql).toBe(
      '(CAST(`u` AS CHAR) IS NOT NULL AND `u` = ?)'
    );
    expect(translate('postgres', { term: { u: uuid.toUpperCase() } }).sql).toBe('1 = 0');
    expect(translate('sqlite', { term: { u: 'x' } }).sql).toBe('("u" IS NOT NULL AND "u" = ?)');
  });

  it('casts PostgreSQL parameters that would take a narrower column type', () => {
    expect(translate('postgres', { term: { n: 7 } })).toEqual({
      sql: '("n" IS NOT NULL AND "n" = CAST($1 AS bigint))',
      params: [7],
    });
    // An `integer` column holds no 3000000000: nothing matches, and nothing reaches PostgreSQL
    // to fail on the conversion.
    expect(translate('postgres', { term: { n: 3000000000 } })).toEqual({
      sql: '1 = 0',
      params: [],
    });
    expect(translate('postgres', { terms: { n: [3000000000, 5] } })).toEqual({
      sql: '("n" IS NOT NULL AND "n" = CAST($1 AS bigint))',
      params: [5],
    });
    expect(translate('postgres', { range: { d: { gt: 0.5 } } }).sql).toBe(
      '("d" IS NOT NULL AND "d" > CAST($1 AS double precision))'
    );
    expect(translate('postgres', { term: { m: 1.25 } }).sql).toBe(
      '(CAST("m" AS numeric) IS NOT NULL AND CAST("m" AS numeric) = CAST($1 AS double precision))'
    );
    expect(translate('postgres', { range: { t: { lt: '2024-01-01' } } })).toEqual({
      sql: '("t" IS NOT NULL AND "t" < CAST($1 AS timestamp))',
      params: ['2024-01-01 01:00:00.000'],
    });
    expect(translate('postgres', { range: { tz: { lt: '2024-01-01' } } })).toEqual({
      sql: '("tz" IS NOT NULL AND "tz" < CAST($1 AS timestamptz))',
      params: ['2024-01-01T00:00:00.000+00:00'],
    });
  });

  it('MySQL compares dates as DATETIME(3), TIMESTAMP in UTC, booleans as non-zero', () => {
    expect(translate('mysql', { range: { t: { gte: '2024-01-01', lt: '2024-01-02' } } })).toEqual({
      sql: '(`t` IS NOT NULL AND `t` >= CAST(? AS DATETIME(3)) AND `t` < CAST(? AS DATETIME(3)))',
      params: ['2024-01-01 01:00:00.000', '2024-01-02 01:00:00.000'],
    });
    expect(translate('mysql', { range: { tz: { gte: '2024-01-01' } } }).params).toEqual([
      '2024-01-01 00:00:00.000',
    ]);
    expect(translate('mysql', { term: { b: true } })).toEqual({
      sql: '((`b` <> 0) IS NOT NULL AND (`b` <> 0) = ?)',
      params: [true],
    });
  });

  it('MySQL and PostgreSQL escape LIKE the same way; no collation is forced', () => {
    for (const kind of ['mysql', 'postgres'] as const) {
      const { sql, params } = translate(kind, { wildcard: { k: 'a%_!*[?' } });
      expect(sql).toMatch(/^\(.k. IS NOT NULL AND .k. LIKE (\?|\$1) ESCAPE '!'\)$/);
      expect(sql).not.toMatch(/COLLATE|BINARY/);
      expect(params).toEqual(['a!%!_!!%[_']);
    }
  });

  it('SQLite matches case-sensitively with GLOB, and LIKE only when case_insensitive', () => {
    expect(translate('sqlite', { prefix: { k: 'a%_*?[]' } })).toEqual({
      sql: '("k" IS NOT NULL AND "k" GLOB ?)',
      params: ['a%_[*][?][[]]*'],
    });
    expect(translate('sqlite', { wildcard: { k: 'a*b?\\*' } }).params).toEqual(['a*b?[*]']);
    expect(translate('sqlite', { prefix: { k: { value: 'A%', case_insensitive: true } } })).toEqual(
      {
        sql: '("k" IS NOT NULL AND LOWER("k") LIKE LOWER(?) ESCAPE \'!\')',
        params: ['A!%%'],
      }
    );
  });

  it('SQLite normalises date text and reads booleans as row_to_source does', () => {
    const normalised = `strftime('%Y-%m-%d %H:%M:%f', "t")`;
    expect(translate('sqlite', { range: { t: { gt: '2024-02-29' } } })).toEqual({
      sql: `(${normalised} IS NOT NULL AND ${normalised} >= ?)`,
      params: ['2024-03-01 01:00:00.000'],
    });
    expect(translate('sqlite', { term: { b: false } }).sql).toBe(
      `((CASE WHEN typeof("b") IN ('integer', 'real') THEN "b" <> 0 ELSE lower("b") IN ('t', 'true', '1', 'y', 'yes') END) IS NOT NULL AND (CASE WHEN typeof("b") IN ('integer', 'real') THEN "b" <> 0 ELSE lower("b") IN ('t', 'true', '1', 'y', 'yes') END) = ?)`
    );
  });

  it('quotes identifiers with each dialect, hostile names included', () => {
    const hostile = 'a"b`c]d; DROP TABLE t; --';
    const column: VirtualIndexColumn = { name: hostile, remote_type: 'varchar', type: 'keyword' };
    const expected: Record<Kind, string> = {
      postgres: '"a""b`c]d; DROP TABLE t; --"',
      mysql: '`a"b``c]d; DROP TABLE t; --`',
      sqlserver: '[a"b`c]]d; DROP TABLE t; --]',
      sqlite: '"a""b`c]d; DROP TABLE t; --"',
    };
    for (const kind of KINDS) {
      const ctx = context(kind);
      (ctx.columns as Map<string, VirtualIndexColumn>).set(hostile, column);
      expect(translateQuery({ exists: { field: hostile } }, ctx)).toBe(
        `${expected[kind]} IS NOT NULL`
      );
    }
  });
});

// ---------------------------------------------------------------------------------------------

/** Queries of every type for the invariants below. */
const CORPUS: unknown[] = [
  { term: { k: 'a' } },
  { term: { t: '2024-01-01' } },
  { terms: { n: [1, 2, 3] } },
  { terms: { t: ['2024-01-01', 'now/d'] } },
  { range: { t: { gt: 'now-1M/M', lte: 'now' } } },
  { range: { n: { gte: 1, lt: 9 } } },
  { prefix: { k: 'x' } },
  { wildcard: { k: { value: 'a*', case_insensitive: true } } },
  { ids: { values: ['1', '2'] } },
  { match: { k: 'a' } },
  { query_string: { query: '2024-01-01' } },
  { simple_query_string: { query: 'a b c' } },
  {
    bool: {
      must_not: [{ term: { k: 'z' } }, { range: { d: { lt: 0 } } }],
      should: [{ term: { k: 'a' } }, { prefix: { k: 'b' } }, { term: { n: 3 } }],
      filter: { bool: { should: [{ term: { b: true } }], must: { exists: { field: 'k' } } } },
      must: [{ terms: { k: ['x', 'y'] } }],
      minimum_should_match: '2<67%',
    },
  },
  // Translated for validation, then left out: their parameters must go too.
  { bool: { must: [{ term: { k: 'a' } }], minimum_should_match: 1 } },
  { bool: { should: [{ term: { k: 'a' } }], minimum_should_match: 3, filter: { term: { n: 1 } } } },
  { match: { n: { query: 'x', lenient: true } } },
];

describe('invariants', () => {
  it.each(KINDS)('%s: parameters are added in text order, one per placeholder', (kind) => {
    for (const query of CORPUS) {
      const { sql, params } = translate(kind, query);
      // No literal text in our SQL contains ? or @p or $<digit>.
      const placeholders =
        kind === 'postgres'
          ? [...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))
          : kind === 'sqlserver'
            ? [...sql.matchAll(/@p(\d+)/g)].map((m) => Number(m[1]))
            : [...sql.matchAll(/\?/g)].map((_, i) => i + 1);
      expect(placeholders, JSON.stringify(query)).toEqual(params.map((_, i) => i + 1));
    }
  });

  it('never writes a value into the SQL text', () => {
    const marker = "zz'; DROP TABLE t; --";
    for (const kind of KINDS) {
      for (const query of [
        { term: { k: marker } },
        { terms: { k: [marker] } },
        { prefix: { k: marker } },
        { wildcard: { k: marker } },
        { range: { k: { gte: marker } } },
        { match: { k: marker } },
        // Escaped: unescaped, `--` is two `-` operators, a syntax error in Lucene's query syntax.
        { query_string: { query: marker.replace('--', '\\-\\-') } },
        { ids: { values: [marker] } },
      ]) {
        const { sql, params } = translate(kind, query, { key: 'k' });
        expect(sql).not.toContain('zz');
        expect(params.length).toBeGreaterThan(0);
      }
    }
  });

  it('guards every comparison with IS NOT NULL so that NOT keeps NULL rows', () => {
    for (const query of CORPUS) {
      const { sql } = translate('postgres', query);
      for (const comparison of sql.matchAll(/("[a-z]+") (=|>=|>|<|<=|IN|LIKE) /g)) {
        expect(sql, JSON.stringify(query)).toContain(`(${comparison[1]} IS NOT NULL AND`);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('bool semantics', () => {
  it('computes minimum_should_match as OpenSearch does', () => {
    expect(minimumShouldMatchOf(3, '2')).toBe(2);
    expect(minimumShouldMatchOf(3, '-1')).toBe(2);
    expect(minimumShouldMatchOf(3, '-5')).toBe(0);
    expect(minimumShouldMatchOf(3, '34%')).toBe(1);
    expect(minimumShouldMatchOf(3, '67%')).toBe(2);
    expect(minimumShouldMatchOf(3, '-34%')).toBe(2);
    expect(minimumShouldMatchOf(7, '100%')).toBe(7);
    expect(minimumShouldMatchOf(2, '2<50%')).toBe(2);
    expect(minimumShouldMatchOf(5, '2<50%')).toBe(2);
    expect(minimumShouldMatchOf(10, '2<-25% 9<-3')).toBe(7);
    expect(minimumShouldMatchOf(8, '2 < -25% 9 < -3')).toBe(6);
  });

  it('refuses minimum_should_match that is not an integer or a percentage', () => {
    const should = [{ term: { k: 'a' } }, { term: { k: 'b' } }];
    for (const msm of ['abc', 1.5]) {
      expect(refusal('postgres', { bool: { should, minimum_should_match: msm } }).reason).toBe(
        `failed to create query: For input string: "${msm}"`
      );
    }
  });

  it('needs more should clauses than there are: matches nothing', () => {
    expect(
      translate('postgres', { bool: { must: { term: { k: 'a' } }, minimum_should_match: 1 } })
    ).toEqual({ sql: '1 = 0', params: [] });
  });

  it('uses a count for minimum_should_match between 1 and all', () => {
    const { sql } = translate('postgres', {
      bool: {
        should: [{ term: { k: 'a' } }, { term: { k: 'b' } }, { term: { k: 'c' } }],
        minimum_should_match: '-1',
      },
    });
    expect(sql).toBe(
      '(CASE WHEN ("k" IS NOT NULL AND "k" = $1) THEN 1 ELSE 0 END + CASE WHEN ("k" IS NOT NULL AND "k" = $2) THEN 1 ELSE 0 END + CASE WHEN ("k" IS NOT NULL AND "k" = $3) THEN 1 ELSE 0 END) >= 2'
    );
  });

  it('requires all should clauses when minimum_should_match is their number', () => {
    const { sql } = translate('sqlite', {
      bool: {
        should: [{ term: { k: 'a' } }, { exists: { field: 'n' } }],
        minimum_should_match: '100%',
      },
    });
    expect(sql).toBe('(("k" IS NOT NULL AND "k" = ?) AND "n" IS NOT NULL)');
  });
});

// ---------------------------------------------------------------------------------------------

const SUPPORTED_QUERIES =
  'rewrite it with the queries they support: [match_all, match_none, term, terms, range, exists, ' +
  'prefix, wildcard, ids, bool, constant_score, match, match_phrase, query_string, simple_query_string, multi_match]';

describe('refusals', () => {
  it.each<[string, unknown, string, string]>([
    ['an unknown query', { foo: {} }, 'parsing_exception', 'unknown query [foo]'],
    [
      'script',
      { script: { script: 'true' } },
      'illegal_argument_exception',
      `[script] queries are not supported on virtual indices; ${SUPPORTED_QUERIES}`,
    ],
    [
      'nested',
      { nested: { path: 'x', query: { match_all: {} } } },
      'illegal_argument_exception',
      `[nested] queries are not supported on virtual indices; ${SUPPORTED_QUERIES}`,
    ],
    [
      'geo_distance',
      { geo_distance: {} },
      'illegal_argument_exception',
      `[geo_distance] queries are not supported on virtual indices; ${SUPPORTED_QUERIES}`,
    ],
    [
      'more_like_this',
      { more_like_this: {} },
      'illegal_argument_exception',
      `[more_like_this] queries are not supported on virtual indices; ${SUPPORTED_QUERIES}`,
    ],
    [
      'join',
      { join: {} },
      'illegal_argument_exception',
      `[join] queries are not supported on virtual indices; ${SUPPORTED_QUERIES}`,
    ],
    [
      'match_bool_prefix',
      { match_bool_prefix: { k: 'a' } },
      'illegal_argument_exception',
      `[match_bool_prefix] queries are not supported on virtual indices; ${SUPPORTED_QUERIES}`,
    ],
    [
      'two queries in one object',
      { term: { k: 'a' }, range: { n: {} } },
      'parsing_exception',
      '[term] malformed query, expected [END_OBJECT] but found [FIELD_NAME]',
    ],
    ['an empty query', {}, 'illegal_argument_exception', 'query malformed, empty clause found'],
    [
      'a query that is no object',
      'match_all',
      'parsing_exception',
      'query malformed, must start with start_object',
    ],
    [
      'terms lookup',
      { terms: { k: { index: 'i', id: '1', path: 'k' } } },
      'parsing_exception',
      '[terms] lookup (terms from the document [1] of index [i]) is not supported on virtual indices',
    ],
    [
      'terms with a null',
      { terms: { k: ['a', null] } },
      'parsing_exception',
      'No value specified for terms query',
    ],
    [
      'terms not a list',
      { terms: { k: 'a' } },
      'parsing_exception',
      '[terms] query does not support [k]',
    ],
    [
      'term on several fields',
      { term: { k: 'a', n: 1 } },
      'parsing_exception',
      "[term] query doesn't support multiple fields, found [k] and [n]",
    ],
    [
      'term with an array',
      { term: { k: ['a'] } },
      'parsing_exception',
      '[term] query does not support array of values',
    ],
    [
      'term with an unknown option',
      { term: { k: { valu: 'a' } } },
      'parsing_exception',
      '[term] query does not support [valu]',
    ],
    [
      'term without a field',
      { term: {} },
      'illegal_argument_exception',
      'field name is null or empty',
    ],
    [
      'term case_insensitive on a long',
      { term: { n: { value: 1, case_insensitive: true } } },
      'query_shard_exception',
      '[n] field which is of type [long], does not support case insensitive term queries',
    ],
    [
      'case_insensitive not a boolean',
      { term: { k: { value: 'a', case_insensitive: 'yes' } } },
      'illegal_argument_exception',
      'Failed to parse value [yes] as only [true] or [false] are allowed.',
    ],
    [
      'term on long with text',
      { term: { n: 'abc' } },
      'query_shard_exception',
      'failed to create query: For input string: "abc"',
    ],
    [
      'term on boolean with 1',
      { term: { b: 1 } },
      'query_shard_exception',
      "failed to create query: Can't parse boolean value [1], expected [true] or [false]",
    ],
    [
      'term on a date that is none',
      { term: { t: 'yesterday' } },
      'parse_exception',
      'failed to parse date field [yesterday] with format [strict_date_optional_time||epoch_millis]',
    ],
    [
      'range with two lower bounds',
      { range: { n: { gte: 1, gt: 2 } } },
      'parsing_exception',
      'invalid lower bound for [range] query',
    ],
    [
      'range with an unknown option',
      { range: { n: { gte: 1, foo: 2 } } },
      'parsing_exception',
      '[range] query does not support [foo]',
    ],
    [
      'range with an unknown zone',
      { range: { t: { gte: '2024', time_zone: 'Mars/Olympus' } } },
      'illegal_argument_exception',
      'Unknown time-zone ID: Mars/Olympus',
    ],
    [
      'range on _id',
      { range: { _id: { gte: '1' } } },
      'query_shard_exception',
      'failed to create query: Field [_id] of type [_id] does not support range queries',
    ],
    [
      'range on long out of range',
      { range: { n: { lte: 1e30 } } },
      'query_shard_exception',
      'failed to create query: Value [1.0E30] is out of range for a long',
    ],
    [
      'prefix on a long',
      { prefix: { n: '1' } },
      'query_shard_exception',
      'failed to create query: Can only use prefix queries on keyword and text fields - not on [n] which is of type [long]',
    ],
    [
      'wildcard on a date',
      { wildcard: { t: '2*' } },
      'query_shard_exception',
      'failed to create query: Can only use wildcard queries on keyword and text fields - not on [t] which is of type [date]',
    ],
    [
      'prefix on _id',
      { prefix: { _id: '1' } },
      'query_shard_exception',
      'failed to create query: Can only use prefix queries on keyword and text fields - not on [_id] which is of type [_id]',
    ],
    [
      'exists without a field',
      { exists: {} },
      'parsing_exception',
      '[exists] must be provided with a [field]',
    ],
    [
      'bool with an unknown clause',
      { bool: { foo: [] } },
      'x_content_parse_exception',
      '[bool] unknown field [foo]',
    ],
    [
      'bool with a bad clause',
      { bool: { must: 'x' } },
      'parsing_exception',
      '[bool] query does not support a value of "x" for [must]',
    ],
    [
      'an unknown query inside bool',
      { bool: { filter: [{ foo: {} }] } },
      'parsing_exception',
      'unknown query [foo]',
    ],
    [
      'constant_score with query',
      { constant_score: { query: { match_all: {} } } },
      'parsing_exception',
      '[constant_score] query does not support [query]',
    ],
    [
      'constant_score without filter',
      { constant_score: {} },
      'parsing_exception',
      "[constant_score] requires a 'filter' element",
    ],
    [
      'match with fuzziness',
      { match: { k: { query: 'a', fuzziness: 2 } } },
      'illegal_argument_exception',
      '[match] with [fuzziness] is not supported on virtual indices: queries compare whole keyword values; leave [fuzziness] out, or use a [prefix] or [wildcard] query',
    ],
    [
      'match on long, not lenient',
      { match: { n: 'abc' } },
      'query_shard_exception',
      'failed to create query: For input string: "abc"',
    ],
    [
      'query_string with fields, not lenient',
      { query_string: { query: 'abc', fields: ['n'] } },
      'query_shard_exception',
      'failed to create query: For input string: "abc"',
    ],
    [
      'query_string without query',
      { query_string: { fields: ['k'] } },
      'parsing_exception',
      '[query_string] must be provided with a [query]',
    ],
  ])('%s', (_name, query, type, reason) => {
    for (const kind of KINDS) {
      const error = refusal(kind, query);
      expect(error.type).toBe(type);
      expect(error.reason).toBe(reason);
    }
  });

  it('refuses ids, and _id, on an index without a key, saying so', () => {
    for (const query of [
      { ids: { values: ['1'] } },
      { term: { _id: '1' } },
      { exists: { field: '_id' } },
    ]) {
      expect(refusal('postgres', query, { key: null }).reason).toMatch(
        /this virtual index has no key/
      );
    }
  });

  it('refuses queries nested too deeply instead of overflowing the stack', () => {
    let query: unknown = { match_all: {} };
    for (let i = 0; i < MAX_QUERY_DEPTH + 5; i++) query = { bool: { filter: query } };
    expect(refusal('postgres', query).reason).toBe(
      `the query is nested more than ${MAX_QUERY_DEPTH} levels deep; nest fewer bool/compound queries, e.g. combine clauses into one [bool]`
    );
  });
});

describe('ids and _id follow the key column type', () => {
  it('drops ids no row of an integer key can have', () => {
    expect(
      translate('postgres', { ids: { values: ['x', '1.5', '99999999999999999999'] } })
    ).toEqual({
      sql: '1 = 0',
      params: [],
    });
    expect(translate('postgres', { ids: { values: [7, '9007199254740993'] } })).toEqual({
      sql: '("id" IS NOT NULL AND "id" = ANY(CAST($1 AS bigint[])))',
      // Integer lists go as PostgreSQL array text, exact beyond 2^53.
      params: ['{7,9007199254740993}'],
    });
    // An `integer` key holds no 3000000000: such an id is not found, never a database error.
    expect(translate('postgres', { ids: { values: ['3000000000'] } }, { key: 'n' })).toEqual({
      sql: '1 = 0',
      params: [],
    });
  });

  it('sends long key and term lists as one parameter where the database allows', () => {
    const values = Array.from({ length: 70_000 }, (_, i) => i);
    const postgres = translate('postgres', { terms: { id: values } });
    // A list this long is planned without parallel workers (see dialects/postgres.ts).
    expect(postgres.sql).toBe(
      '("id" IS NOT NULL AND "id" = ANY(CAST($1 AS bigint[])) AND (current_schema() IS NULL OR TRUE))'
    );
    expect(postgres.params).toEqual([`{${values.join(',')}}`]);
    // Text lists go as array text written by the dialect, quoted and escaped.
    const words = translate('postgres', { terms: { k: ['a', 'b"c'] } });
    expect(words.params).toEqual(['{"a","b\\"c"}']);
    // An `integer` column is compared with an integer array.
    expect(translate('postgres', { terms: { n: [1, 2] } }).sql).toBe(
      '("n" IS NOT NULL AND "n" = ANY(CAST($1 AS integer[])))'
    );
    const sqlite = translate('sqlite', { terms: { id: values } });
    expect(sqlite.sql).toBe('("id" IS NOT NULL AND "id" IN (SELECT value FROM json_each(?)))');
    expect(sqlite.params).toEqual([JSON.stringify(values)]);
    expect(translate('sqlite', { terms: { k: ['a', 'b'] } }).sql).toBe(
      '("k" IS NOT NULL AND "k" IN (?, ?))'
    );
  });

  it('binds a list past the parameter limit of one statement as one JSON parameter', () => {
    const values = Array.from({ length: 2_101 }, (_, i) => i);
    expect(translate('sqlserver', { terms: { id: values } }).params).toHaveLength(1);
    const many = Array.from({ length: 65_536 }, (_, i) => i);
    expect(translate('mysql', { terms: { id: many } }).params).toHaveLength(1);
    // Keyword lists too, compared under the column's own collation (see dialects/mysql.ts).
    const words = translate('mysql', { terms: { k: many.map(String) } }, { key: 'k' });
    expect((words.params[0] as JsonKeyList).text).toBe(JSON.stringify(many.map(String)));
    expect(words.sql).toContain('JSON_UNQUOTE(JSON_QUOTE(`v`))');
  });

  it('matches keyword keys as text', () => {
    expect(translate('mysql', { terms: { _id: ['a', 1] } }, { key: 'k' })).toEqual({
      sql: '(`k` IS NOT NULL AND `k` IN (?, ?))',
      params: ['a', '1'],
    });
  });
});

describe('dates beyond what databases store', () => {
  it('settles bounds outside years 1-9999 without binding them', () => {
    expect(
      translate('mysql', { range: { t: { gte: '12000-01-01', format: 'date_optional_time' } } })
    ).toEqual({
      sql: '1 = 0',
      params: [],
    });
    expect(
      translate('mysql', {
        range: { t: { gte: '2024-01-01', lt: '12000-01-01', format: 'date_optional_time' } },
      })
    ).toEqual({
      sql: '(`t` IS NOT NULL AND `t` >= CAST(? AS DATETIME(3)))',
      params: ['2024-01-01 01:00:00.000'],
    });
    expect(translate('sqlserver', { range: { t: { lte: -1e14 } } })).toEqual({
      sql: '1 = 0',
      params: [],
    });
    expect(translate('sqlserver', { range: { t: { gt: -1e14 } } })).toEqual({
      sql: '[t] IS NOT NULL',
      params: [],
    });
  });
});

describe('multi_match (DQL free text in OpenSearch Dashboards)', () => {
  it('is a term on every column when it names none, leniently', () => {
    const { sql, params } = translate('postgres', {
      multi_match: { type: 'best_fields', query: 'abc', lenient: true },
    });
    // Only the text column can read `abc` (not the uuid, numbers, dates): the others match nothing.
    expect(params).toEqual(['abc']);
    expect(sql).toContain('"k"');
  });

  it('searches the named fields and patterns, strictly unless lenient', () => {
    expect(translate('postgres', { multi_match: { query: '5', fields: ['n^2', 'k*'] } })).toEqual(
      translate('postgres', { bool: { should: [{ term: { n: '5' } }, { term: { k: '5' } }] } })
    );
    expect(refusal('postgres', { multi_match: { query: 'abc', fields: ['n'] } }).type).toBe(
      'query_shard_exception'
    );
  });

  it('refuses what compares anything but whole values', () => {
    for (const body of [
      { query: 'a', type: 'phrase_prefix' },
      { query: 'a', fuzziness: 'AUTO' },
      { query: 'a', zero_terms_query: 'all' },
    ]) {
      expect(refusal('postgres', { multi_match: body }).status).toBe(400);
    }
    expect(refusal('postgres', { multi_match: { query: 'a', nope: 1 } }).type).toBe(
      'parsing_exception'
    );
    expect(refusal('postgres', { multi_match: { query: { a: 1 } } }).type).toBe(
      'parsing_exception'
    );
  });
});
