import { describe, expect, it } from 'vitest';
import { badRequestThrownBy } from '../../../../test/support/bad_request';
import {
  dialectFor,
  mysqlDialect,
  postgresDialect,
  sqlServerDialect,
  sqliteDialect,
} from './index';
import type { SqlDialect } from '../dialect';
import { sqlShape } from '../sql_fragment';

describe('dialectFor', () => {
  it('returns the dialect of each kind', () => {
    expect(dialectFor('postgres')).toBe(postgresDialect);
    expect(dialectFor('mysql')).toBe(mysqlDialect);
    expect(dialectFor('sqlserver')).toBe(sqlServerDialect);
    expect(dialectFor('sqlite')).toBe(sqliteDialect);
    for (const kind of ['postgres', 'mysql', 'sqlserver', 'sqlite'] as const) {
      expect(dialectFor(kind).name).toBe(kind);
    }
  });
});

describe('quoteIdentifier', () => {
  it.each([
    [postgresDialect, 'orders', '"orders"'],
    [postgresDialect, 'my "quoted" table', '"my ""quoted"" table"'],
    [postgresDialect, 'a`b]c', '"a`b]c"'],
    [sqliteDialect, 'x"; DROP TABLE t; --', '"x""; DROP TABLE t; --"'],
    [mysqlDialect, 'orders', '`orders`'],
    [mysqlDialect, 'we`ird``', '`we``ird`````'],
    [mysqlDialect, 'a"b', '`a"b`'],
    [sqlServerDialect, 'orders', '[orders]'],
    [sqlServerDialect, 'a]b', '[a]]b]'],
    [sqlServerDialect, '[x]', '[[x]]]'],
    [sqlServerDialect, 'Ünïcødé 表', '[Ünïcødé 表]'],
  ])('%# %s', (dialect, identifier, quoted) => {
    expect(dialect.quoteIdentifier(identifier)).toBe(quoted);
  });

  it.each([postgresDialect, mysqlDialect, sqlServerDialect, sqliteDialect])(
    '$name refuses NUL and empty identifiers with a 400',
    (dialect) => {
      expect(badRequestThrownBy(() => dialect.quoteIdentifier('a\u0000b')).reason).toContain(
        'contains a NUL character'
      );
      expect(badRequestThrownBy(() => dialect.quoteIdentifier('')).reason).toContain(
        'must not be empty'
      );
    }
  );
});

describe('placeholder', () => {
  it('numbers PostgreSQL and SQL Server parameters, not MySQL and SQLite ones', () => {
    expect([1, 2, 10].map((i) => postgresDialect.placeholder(i))).toEqual(['$1', '$2', '$10']);
    expect([1, 2, 10].map((i) => sqlServerDialect.placeholder(i))).toEqual(['@p1', '@p2', '@p10']);
    expect([1, 2].map((i) => mysqlDialect.placeholder(i))).toEqual(['?', '?']);
    expect([1, 2].map((i) => sqliteDialect.placeholder(i))).toEqual(['?', '?']);
  });

  it('refuses indexes below 1', () => {
    for (const dialect of [postgresDialect, mysqlDialect, sqlServerDialect, sqliteDialect]) {
      expect(() => dialect.placeholder(0)).toThrow(RangeError);
      expect(() => dialect.placeholder(1.5)).toThrow(RangeError);
    }
  });
});

describe('limitOffset', () => {
  const sql = 'SELECT a FROM t ORDER BY a';
  const paged = (dialect: SqlDialect, limit: number | null, offset: number) =>
    sqlShape(dialect.limitOffset(sql, limit, offset));

  it('PostgreSQL', () => {
    expect(paged(postgresDialect, 10, 0)).toBe(`${sql} LIMIT 10`);
    expect(paged(postgresDialect, 10, 20)).toBe(`${sql} LIMIT 10 OFFSET 20`);
    expect(paged(postgresDialect, null, 20)).toBe(`${sql} OFFSET 20`);
    expect(paged(postgresDialect, 0, 0)).toBe(`${sql} LIMIT 0`);
    expect(paged(postgresDialect, null, 0)).toBe(sql);
  });

  it('MySQL needs a limit before an offset', () => {
    expect(paged(mysqlDialect, 10, 0)).toBe(`${sql} LIMIT 10`);
    expect(paged(mysqlDialect, 10, 20)).toBe(`${sql} LIMIT 10 OFFSET 20`);
    expect(paged(mysqlDialect, null, 20)).toBe(`${sql} LIMIT 18446744073709551615 OFFSET 20`);
    expect(paged(mysqlDialect, null, 0)).toBe(sql);
  });

  it('SQLite uses LIMIT -1 for "no limit"', () => {
    expect(paged(sqliteDialect, 10, 20)).toBe(`${sql} LIMIT 10 OFFSET 20`);
    expect(paged(sqliteDialect, null, 20)).toBe(`${sql} LIMIT -1 OFFSET 20`);
    expect(paged(sqliteDialect, 5, 0)).toBe(`${sql} LIMIT 5`);
    expect(paged(sqliteDialect, null, 0)).toBe(sql);
  });

  it('SQL Server uses OFFSET ... FETCH, and TOP (0) for an empty page', () => {
    expect(paged(sqlServerDialect, 10, 20)).toBe(`${sql} OFFSET 20 ROWS FETCH NEXT 10 ROWS ONLY`);
    expect(paged(sqlServerDialect, 10, 0)).toBe(`${sql} OFFSET 0 ROWS FETCH NEXT 10 ROWS ONLY`);
    expect(paged(sqlServerDialect, null, 20)).toBe(`${sql} OFFSET 20 ROWS`);
    expect(paged(sqlServerDialect, null, 0)).toBe(sql);
    expect(paged(sqlServerDialect, 0, 5)).toBe(
      `SELECT TOP (0) * FROM (${sql} OFFSET 5 ROWS) AS [paged]`
    );
  });

  it.each([postgresDialect, mysqlDialect, sqlServerDialect, sqliteDialect])(
    '$name refuses negative or fractional paging with a 400',
    (dialect) => {
      expect(badRequestThrownBy(() => dialect.limitOffset(sql, -1, 0)).reason).toContain(
        'row limit'
      );
      expect(badRequestThrownBy(() => dialect.limitOffset(sql, 1.5, 0)).reason).toContain(
        'row limit'
      );
      expect(badRequestThrownBy(() => dialect.limitOffset(sql, 1, -3)).reason).toContain(
        'row offset'
      );
      expect(badRequestThrownBy(() => dialect.limitOffset(sql, null, NaN)).reason).toContain(
        'row offset'
      );
    }
  );
});

describe('versionStatement', () => {
  it('is the trivial version query of each database', () => {
    expect(postgresDialect.versionStatement).toBe('SELECT version()');
    expect(mysqlDialect.versionStatement).toBe('SELECT VERSION()');
    expect(sqlServerDialect.versionStatement).toBe('SELECT @@VERSION');
    expect(sqliteDialect.versionStatement).toBe('SELECT sqlite_version()');
  });
});

describe('orderTerm', () => {
  it('places NULLs natively where the database can, by a flag elsewhere', () => {
    expect(postgresDialect.orderTerm('"n"', true, false)).toBe('"n" DESC NULLS LAST');
    expect(sqliteDialect.orderTerm('"n"', false, true)).toBe('"n" ASC NULLS FIRST');
    expect(mysqlDialect.orderTerm('`n`', false, false)).toBe(
      'CASE WHEN `n` IS NULL THEN 1 ELSE 0 END, `n` ASC'
    );
    expect(sqlServerDialect.orderTerm('[n]', true, true)).toBe(
      'CASE WHEN [n] IS NULL THEN 0 ELSE 1 END, [n] DESC'
    );
  });
});
