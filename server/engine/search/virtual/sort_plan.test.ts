import { describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { postgresDialect } from '../../sql/dialects/postgres';
import { renderSql, type SqlFragment } from '../../sql/sql_fragment';
import { instantOrderColumn } from '../../sql/wall_clock_order';
import type { TranslationContext } from '../../sql/translation_context';
import { orderByClause, resolveSort, searchAfterCondition, sortValues } from './sort_plan';

const columns = new Map<string, VirtualIndexColumn>([
  ['id', { name: 'id', remote_type: 'bigint', type: 'long' }],
  ['n', { name: 'n', remote_type: 'bigint', type: 'long' }],
  ['t', { name: 't', remote_type: 'timestamp', type: 'date', zoned: false }],
]);
const context = (): TranslationContext => ({
  dialect: postgresDialect,
  columns,
  key: 'id',
  timezone: 'Europe/Helsinki',
  now: 0,
});

/** The rendered text of a clause. */
const text = (fragment: SqlFragment) => renderSql(fragment, postgresDialect).sql;

describe('sort plan', () => {
  it('orders NULLs where `missing` says and breaks ties by the key', () => {
    const ctx = context();
    const sort = resolveSort(
      [
        { field: 'n', order: 'desc', missing: '_last' },
        { field: '_score', order: 'desc', missing: '_last' },
      ],
      columns,
      'id'
    );
    expect(text(orderByClause(sort, ctx))).toBe(' ORDER BY "n" DESC NULLS LAST, "id" ASC');
  });

  it('places no NULLs for NOT NULL columns, in ORDER BY and search_after alike', () => {
    const notNull = new Map<string, VirtualIndexColumn>([
      ['id', { name: 'id', remote_type: 'bigint', type: 'long', nullable: false }],
      ['n', { name: 'n', remote_type: 'bigint', type: 'long', nullable: false }],
    ]);
    const ctx = { ...context(), columns: notNull };
    const sort = resolveSort(
      [
        { field: 'n', order: 'desc', missing: '_last' },
        { field: 'id', order: 'asc', missing: '_first' },
      ],
      notNull,
      'id'
    );
    // An index on (n DESC, id) serves this order.
    expect(text(orderByClause(sort, ctx))).toBe(' ORDER BY "n" DESC, "id" ASC');
    expect(text(searchAfterCondition(sort, [5, 7], ctx))).toBe(
      '(("n" < CAST($1 AS bigint)) OR ("n" = CAST($2 AS bigint) AND "id" > CAST($3 AS bigint)))'
    );
    // A missing value's stand-in sent back still compares as missing: nothing is after it.
    const atEnd = text(searchAfterCondition(sort, [-(2 ** 63), 7], ctx));
    expect(atEnd).toContain('CASE WHEN "n" IS NULL');
  });

  it('refuses unknown sort fields like OpenSearch', () => {
    expect(() =>
      resolveSort([{ field: 'nope', order: 'asc', missing: '_last' }], columns, 'id')
    ).toThrow(/No mapping found for \[nope\]/);
  });

  it('writes search_after as a lexicographic comparison with bound values', () => {
    const ctx = context();
    const sort = resolveSort(
      [
        { field: 'n', order: 'asc', missing: '_last' },
        { field: 't', order: 'desc', missing: '_last' },
      ],
      columns,
      'id'
    );
    const statement = renderSql(
      searchAfterCondition(sort, [5, Date.UTC(2024, 1, 29, 21, 30)], ctx),
      postgresDialect
    );
    const condition = statement.sql;
    const instant = instantOrderColumn('"t"', columns.get('t')!, ctx);
    const flag = (c: string) => `CASE WHEN "${c}" IS NULL THEN 1 ELSE 0 END`;
    expect(condition).toBe(
      `((${flag('n')} > 0) OR (${flag('n')} = 0 AND "n" > CAST($1 AS bigint)) OR ` +
        `(${flag('n')} = 0 AND "n" = CAST($2 AS bigint) AND ${flag('t')} > 0) OR ` +
        `(${flag('n')} = 0 AND "n" = CAST($3 AS bigint) AND ${flag('t')} = 0 AND ${instant} < CAST($4 AS timestamp)))`
    );
    // Helsinki has spring gaps: the wall-clock column is compared in instant order, its gap
    // bounds written as literals, so they take no parameters.
    expect(instant).toMatch(
      /^\(CASE WHEN \("t" >= CAST\('1921-05-01 00:00:00\.000' AS timestamp\)/
    );
    expect(instant).toContain(`THEN ("t" + interval '3600 seconds') ELSE "t" END)`);
    // Each use binds afresh (`?` placeholders count by position).
    // Wall-clock dates are compared in the datasource zone.
    expect(statement.params).toEqual([5, 5, 5, '2024-02-29 23:30:00.000']);
  });

  it('treats OpenSearch’s missing stand-ins in search_after as NULL', () => {
    const ctx = context();
    const sort = resolveSort([{ field: 'n', order: 'asc', missing: '_last' }], columns, 'id');
    expect(text(searchAfterCondition(sort, [2 ** 63], ctx))).toBe(
      '((CASE WHEN "n" IS NULL THEN 1 ELSE 0 END > 1))'
    );
  });

  it('produces sort values as OpenSearch does', () => {
    const sort = resolveSort(
      [
        { field: 'n', order: 'asc', missing: '_last' },
        { field: 't', order: 'desc', missing: '_last' },
        { field: '_score', order: 'desc', missing: '_last' },
      ],
      columns,
      'id'
    );
    expect(sortValues({ n: null, t: '2024-01-01T00:00:00.000Z' }, sort)).toEqual([
      2 ** 63,
      1704067200000,
      1,
    ]);
    expect(sortValues({ n: 3, t: null }, sort)).toEqual([3, -(2 ** 63), 1]);
  });
});

describe('search_after values, converted as OpenSearch converts them for the sort field', () => {
  const after = (field: string, value: unknown) => {
    const ctx = context();
    const sort = resolveSort([{ field, order: 'asc', missing: '_last' }], columns, 'id');
    return renderSql(searchAfterCondition(sort, [value], ctx), postgresDialect).params;
  };

  it('takes numbers and numeric text for a long, truncated as Java truncates', () => {
    expect(after('n', 12)).toContain(12);
    expect(after('n', '12')).toContain(12);
    expect(after('n', '1e3')).toContain(1000);
    expect(after('n', 1.5)).toContain(1);
  });

  it('refuses what the field cannot take with OpenSearch’s 400, before any SQL', () => {
    for (const value of ['1; DROP', true, 'true']) {
      expect(() => after('n', value)).toThrow('Failed to parse search_after value for field [n].');
    }
    expect(() => after('n', { a: 1 })).toThrow(/found \[START_OBJECT\] inside search_after/);
    expect(() => after('t', 'x')).toThrow(/failed to parse date field \[x\]/);
  });
});
