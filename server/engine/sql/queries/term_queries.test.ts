/**
 * Key lists through the translator (`terms`, `ids`, `term` on a keyword) and `selectByKeys`:
 * which keys reach SQL, and in how many parameters. The SQL text of each list form is pinned in
 * dialects/any_of.test.ts; key_lists.integration.test.ts runs them.
 */
import { describe, expect, it } from 'vitest';
import type { FieldType, VirtualIndexColumn } from '../../../../common/catalog_types';
import { dialectFor } from '../dialects';
import { JsonKeyList } from '../json_key_list';
import { renderSql } from '../sql_fragment';
import { translateQuery } from '../query_translator';
import { selectByKeys } from '../select_by_keys';
import type { TranslationContext } from '../translation_context';

type Kind = 'postgres' | 'mysql' | 'sqlserver' | 'sqlite';

const REMOTE: Record<Kind, Record<string, [string, FieldType]>> = {
  postgres: {
    n: ['integer', 'long'],
    k: ['text', 'keyword'],
    u: ['uuid', 'keyword'],
    id: ['bigint', 'long'],
  },
  mysql: { n: ['int(11)', 'long'], k: ['varchar(40)', 'keyword'], u: ['uuid', 'keyword'] },
  sqlserver: { n: ['int', 'long'], k: ['nvarchar', 'keyword'], u: ['uniqueidentifier', 'keyword'] },
  sqlite: { n: ['INTEGER', 'long'], k: ['TEXT', 'keyword'], u: ['TEXT', 'keyword'] },
};

function columnsOf(kind: Kind): VirtualIndexColumn[] {
  return Object.entries(REMOTE[kind]).map(([name, [remote_type, type]]) => ({
    name,
    remote_type,
    type,
  }));
}

function translate(kind: Kind, query: unknown, key = 'n') {
  const dialect = dialectFor(kind);
  const ctx: TranslationContext = {
    dialect,
    columns: new Map(columnsOf(kind).map((c) => [c.name, c])),
    key,
    timezone: 'UTC',
    now: 0,
    limits: { maxTermsCount: 2_000_000, maxClauseCount: 1_024 },
  };
  return renderSql(translateQuery(query, ctx), dialect);
}

const UUID = '0b5e7c1e-6f2a-4c1b-9d3e-2a1f0c9b8d7e';
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);

describe('terms and ids on an integer column', () => {
  it('drop keys the column cannot hold, and fractions', () => {
    expect(
      translate('postgres', { terms: { n: [1, 2.5, 3_000_000_000, -(2 ** 31), 2n ** 40n, '7'] } })
    ).toEqual({
      sql: '("n" IS NOT NULL AND "n" = ANY(CAST($1 AS integer[])))',
      params: [`{1,${-(2 ** 31)},7}`],
    });
    expect(translate('mysql', { terms: { n: [2 ** 31, 2.5] } })).toEqual({
      sql: '1 = 0',
      params: [],
    });
  });

  it('read ids as the key column reads them', () => {
    const ids = ['007', '-0', '1e3', ' 1', '2147483647', '2147483648', '9007199254740993', 'x'];
    expect(translate('postgres', { ids: { values: ids } })).toEqual({
      sql: '("n" IS NOT NULL AND "n" = ANY(CAST($1 AS integer[])))',
      params: ['{7,0,2147483647}'],
    });
    // A 64-bit key keeps ids beyond 2^53 exact.
    const wide = translate('postgres', { ids: { values: ['9007199254740993', '5'] } }, 'id');
    expect(wide.params).toEqual(['{9007199254740993,5}']);
  });

  it('bind a short list without repeats and a long one as it came', () => {
    expect(translate('mysql', { terms: { n: [1, 1, 2, 1] } })).toEqual({
      sql: '(`n` IS NOT NULL AND `n` IN (?, ?))',
      params: [1, 2],
    });
    const long = [...range(5_000), ...range(5_000)];
    expect(translate('mysql', { terms: { n: long } }).params).toEqual([
      new JsonKeyList(JSON.stringify(long), 48 * long.length),
    ]);
  });
});

describe('keyword lists', () => {
  it.each(['postgres', 'mysql', 'sqlserver', 'sqlite'] as const)(
    '%s binds 1,000,000 keywords in one parameter',
    (kind) => {
      const words = range(1_000_000).map((i) => `w${i}`);
      const { params } = translate(kind, { terms: { k: words } });
      expect(params).toHaveLength(1);
    }
  );

  it('keeps a one-value term the comparison it always was', () => {
    expect(translate('postgres', { term: { k: 'a' } }).sql).toBe('("k" IS NOT NULL AND "k" = $1)');
    expect(translate('mysql', { term: { k: 'a' } }).sql).toBe('(`k` IS NOT NULL AND `k` = ?)');
    expect(translate('sqlserver', { term: { k: 'a' } }).sql).toBe(
      '([k] IS NOT NULL AND [k] = @p1)'
    );
  });

  it('never sends NUL to PostgreSQL', () => {
    expect(translate('postgres', { terms: { k: ['a\u0000', 'b'] } }).params).toEqual(['b']);
  });
});

describe('uuid columns', () => {
  it('compare canonical keys as uuids and drop the rest', () => {
    const keys = [UUID, UUID.toUpperCase(), `{${UUID}}`, 'x', 42];
    expect(translate('postgres', { terms: { u: keys } })).toEqual({
      sql: '(CAST("u" AS text) IS NOT NULL AND "u" = CAST($1 AS uuid))',
      params: [UUID],
    });
    expect(translate('mysql', { terms: { u: keys } })).toEqual({
      sql: '(CAST(`u` AS CHAR) IS NOT NULL AND `u` = ?)',
      params: [UUID],
    });
    // No uuid database elsewhere: SQL Server's uniqueidentifier keeps its text comparison.
    expect(translate('sqlserver', { terms: { u: ['x'] } }).sql).toBe(
      '(CAST([u] AS nvarchar(36)) IS NOT NULL AND CAST([u] AS nvarchar(36)) = @p1)'
    );
  });

  it('match nothing with no canonical key, and must_not then keeps every row', () => {
    expect(translate('postgres', { terms: { u: ['x', UUID.toUpperCase()] } })).toEqual({
      sql: '1 = 0',
      params: [],
    });
    expect(translate('postgres', { ids: { values: ['x'] } }, 'u').sql).toBe('1 = 0');
    expect(translate('postgres', { bool: { must_not: [{ terms: { u: ['x'] } }] } }).sql).toBe(
      '1 = 1'
    );
  });
});

describe('selectByKeys', () => {
  const resource = { name: 't' };

  it('reads any number of keys in one statement', () => {
    for (const kind of ['postgres', 'mysql', 'sqlserver', 'sqlite'] as const) {
      const statements = selectByKeys(
        dialectFor(kind),
        resource,
        columnsOf(kind),
        'n',
        range(70_000)
      );
      expect(statements).toHaveLength(1);
      expect(statements[0].params).toHaveLength(1);
    }
  });

  it('compares a uuid key as a uuid, and reads nothing for keys no row can have', () => {
    const postgres = dialectFor('postgres');
    expect(selectByKeys(postgres, resource, columnsOf('postgres'), 'u', [UUID, 'x'])).toEqual([
      { sql: 'SELECT "n", "k", "u", "id" FROM "t" WHERE "u" = CAST($1 AS uuid)', params: [UUID] },
    ]);
    expect(selectByKeys(postgres, resource, columnsOf('postgres'), 'u', ['x'])).toEqual([]);
    expect(selectByKeys(postgres, resource, columnsOf('postgres'), 'k', ['a\u0000'])).toEqual([]);
  });
});
