/**
 * The SQL each dialect writes for a key or term list (`anyOf`), at the lengths where its form
 * changes and at the parameter limits. SQL Server has no server in the test bed, so its text is
 * pinned here; the others also run in key_lists.integration.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SqlDialect } from '../dialect';
import { JsonKeyList } from '../json_key_list';
import { renderSql } from '../sql_fragment';
import { jsonArrayText, NO_MATCH } from './key_list_forms';
import { canonicalUuidText, canonicalUuids, isCanonicalUuid } from './uuid_text';
import { MYSQL_SHORT_LIST, mysqlDialect } from './mysql';
import { arrayParameter, NO_PARALLEL, postgresDialect, SERIAL_LIST } from './postgres';
import { SQLITE_SHORT_LIST, sqliteDialect } from './sqlite';
import { SQLSERVER_SHORT_LIST, sqlServerDialect } from './sqlserver';

const column = (
  type: VirtualIndexColumn['type'],
  remoteType: string = type,
  zoned = false
): VirtualIndexColumn => ({ name: 'c', remote_type: remoteType, type, zoned });

function render(dialect: SqlDialect, values: readonly unknown[], col: VirtualIndexColumn) {
  return renderSql(dialect.anyOf(dialect.quoteIdentifier('c'), values, col), dialect);
}

const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);
const UUID_A = '0b5e7c1e-6f2a-4c1b-9d3e-2a1f0c9b8d7e';
const UUID_B = 'f0e1d2c3-b4a5-4968-8776-655443322110';

describe('PostgreSQL', () => {
  it('binds any list as one array of the column’s own integer type', () => {
    for (const count of [2, 65_535, 65_536, 1_000_000]) {
      const { sql, params } = render(postgresDialect, range(count), column('long', 'integer'));
      expect(sql.startsWith('"c" = ANY(CAST($1 AS integer[]))')).toBe(true);
      expect(params).toHaveLength(1);
    }
    expect(render(postgresDialect, [1, 2], column('long', 'bigint')).sql).toBe(
      '"c" = ANY(CAST($1 AS bigint[]))'
    );
    expect(render(postgresDialect, [1, 2], column('long', 'smallint')).sql).toBe(
      '"c" = ANY(CAST($1 AS smallint[]))'
    );
    // A type that is no plain integer (numeric(20,0) mapped to long) keeps bigint.
    expect(render(postgresDialect, [1, 2], column('long', 'numeric(20,0)')).sql).toBe(
      '"c" = ANY(CAST($1 AS bigint[]))'
    );
    expect(postgresDialect.anyOfParameters(1_000_000, column('long', 'integer'))).toBe(1);
  });

  it('keeps one value a plain comparison, cast as a term is', () => {
    expect(render(postgresDialect, [7], column('long', 'integer'))).toEqual({
      sql: '"c" = CAST($1 AS bigint)',
      params: [7],
    });
    expect(render(postgresDialect, ['a'], column('keyword', 'text'))).toEqual({
      sql: '"c" = $1',
      params: ['a'],
    });
  });

  it('compares long lists without parallel workers', () => {
    expect(render(postgresDialect, range(SERIAL_LIST - 1), column('long', 'integer')).sql).toBe(
      '"c" = ANY(CAST($1 AS integer[]))'
    );
    expect(render(postgresDialect, range(SERIAL_LIST), column('long', 'integer')).sql).toBe(
      `"c" = ANY(CAST($1 AS integer[]))${NO_PARALLEL}`
    );
  });

  it('compares a uuid column as uuid, with only the canonical keys', () => {
    const uuid = column('keyword', 'uuid');
    expect(render(postgresDialect, [UUID_A, UUID_A.toUpperCase(), 'x', UUID_B], uuid)).toEqual({
      sql: '"c" = ANY(CAST($1 AS uuid[]))',
      params: [`{${UUID_A},${UUID_B}}`],
    });
    expect(render(postgresDialect, [UUID_A, UUID_B], uuid).params).toEqual([
      `{${UUID_A},${UUID_B}}`,
    ]);
    expect(render(postgresDialect, [`{${UUID_A}}`, UUID_A], uuid)).toEqual({
      sql: '"c" = CAST($1 AS uuid)',
      params: [UUID_A],
    });
    // Nothing a uuid reads as: no comparison, and no value reaches the database.
    expect(render(postgresDialect, [UUID_A.toUpperCase(), 'not-a-uuid'], uuid)).toEqual({
      sql: NO_MATCH,
      params: [],
    });
  });

  it('compares other keyword types as text, as queries do', () => {
    expect(render(postgresDialect, ['a', 'b'], column('keyword', 'text')).sql).toBe(
      '"c" = ANY(CAST($1 AS text[]))'
    );
    expect(render(postgresDialect, ['a', 'b'], column('keyword', 'my_enum')).sql).toBe(
      'CAST("c" AS text) = ANY(CAST($1 AS text[]))'
    );
  });

  it('writes array text itself, exactly', () => {
    expect(arrayParameter([1, -2, 9007199254740993n])).toBe('{1,-2,9007199254740993}');
    expect(arrayParameter([1, 2, 3])).toBe('{1,2,3}');
    // JSON's quoting and escapes of " and \ are array text's.
    expect(arrayParameter(['a', 'b"c', 'd\\e', 'NULL', '', ' x ', '{,}', 'é😀'])).toBe(
      '{"a","b\\"c","d\\\\e","NULL",""," x ","{,}","é😀"}'
    );
    // JSON's other escapes are not: such lists go to the driver as arrays.
    expect(arrayParameter(['a\nb', 'c'])).toEqual(['a\nb', 'c']);
    // A backslash before an n is an escaped backslash, not JSON's newline.
    expect(arrayParameter(['a\\nb'])).toBe('{"a\\\\nb"}');
    expect(arrayParameter(['\ud800'])).toEqual(['\ud800']);
    // Doubles, booleans and mixed lists too.
    expect(arrayParameter([1.5, 2])).toEqual([1.5, 2]);
    expect(arrayParameter([true, false])).toEqual([true, false]);
  });

  it('casts dates and doubles as their terms', () => {
    expect(render(postgresDialect, ['a', 'b'], column('date', 'timestamptz', true)).sql).toBe(
      '"c" = ANY(CAST($1 AS timestamptz[]))'
    );
    expect(render(postgresDialect, [1.5, 2], column('double', 'real')).sql).toBe(
      '"c" = ANY(CAST($1 AS double precision[]))'
    );
  });
});

describe('MySQL/MariaDB', () => {
  it('keeps short lists as IN lists of parameters', () => {
    const values = range(MYSQL_SHORT_LIST);
    const { sql, params } = render(mysqlDialect, values, column('long', 'int(11)'));
    expect(sql.startsWith('`c` IN (?, ?')).toBe(true);
    expect(params).toEqual(values);
    expect(render(mysqlDialect, [5], column('long', 'int(11)')).sql).toBe('`c` = ?');
    expect(mysqlDialect.anyOfParameters(MYSQL_SHORT_LIST, column('long'))).toBe(MYSQL_SHORT_LIST);
  });

  it('binds longer lists as one JSON_TABLE parameter of the column’s own type', () => {
    const values = range(MYSQL_SHORT_LIST + 1);
    const { sql, params } = render(mysqlDialect, values, column('long', 'int(11)'));
    expect(sql).toBe(
      "`c` IN (SELECT `v` FROM JSON_TABLE(?, '$[*]' COLUMNS (`v` INT PATH '$')) AS `vs`)"
    );
    // The text, and the memory an in-memory temporary table of it takes (48 bytes a key).
    expect(params).toEqual([new JsonKeyList(JSON.stringify(values), 48 * values.length)]);
    expect(mysqlDialect.anyOfParameters(1_000_000, column('long'))).toBe(1);
    expect(render(mysqlDialect, values, column('long', 'bigint(20) unsigned')).sql).toContain(
      '`v` BIGINT UNSIGNED PATH'
    );
    expect(render(mysqlDialect, values, column('long', 'decimal(20,0)')).sql).toContain(
      '`v` BIGINT PATH'
    );
    expect(render(mysqlDialect, values, column('double', 'double')).sql).toContain(
      '`v` DOUBLE PATH'
    );
    expect(render(mysqlDialect, values, column('date', 'datetime(3)')).sql).toContain(
      '`v` DATETIME(3) PATH'
    );
  });

  it('writes integers beyond 2^53 exactly', () => {
    const values = [2n ** 64n - 1n, ...range(MYSQL_SHORT_LIST)];
    const { params } = render(mysqlDialect, values, column('long', 'bigint unsigned'));
    expect((params[0] as JsonKeyList).text.startsWith(`[${2n ** 64n - 1n},0,1,`)).toBe(true);
  });

  it('binds keyword lists past the parameter limit as JSON compared under the column’s collation', () => {
    for (const count of [MYSQL_SHORT_LIST + 1, 65_535, 65_536, 1_000_000]) {
      const values = range(count).map((i) => `v${i}`);
      const { sql, params } = render(mysqlDialect, values, column('keyword', 'varchar(50)'));
      expect(sql).toBe(
        "`c` IN (SELECT JSON_UNQUOTE(JSON_QUOTE(`v`)) FROM JSON_TABLE(?, '$[*]' COLUMNS (`v` LONGTEXT PATH '$')) AS `vs`)"
      );
      const text = JSON.stringify(values);
      // Text takes up to 4 bytes a character (utf8mb4) besides each key's 48.
      expect(params).toEqual([new JsonKeyList(text, 48 * count + 4 * text.length)]);
    }
  });

  it('compares a UUID column as a UUID, with only the canonical keys', () => {
    const uuid = column('keyword', 'uuid');
    expect(render(mysqlDialect, [UUID_A, 'x', UUID_B.toUpperCase()], uuid)).toEqual({
      sql: '`c` = ?',
      params: [UUID_A],
    });
    const many = [...range(MYSQL_SHORT_LIST).map(() => UUID_A), UUID_B];
    expect(render(mysqlDialect, many, uuid).sql).toBe(
      "`c` IN (SELECT `v` FROM JSON_TABLE(?, '$[*]' COLUMNS (`v` CHAR(36) PATH '$')) AS `vs`)"
    );
    expect(render(mysqlDialect, ['x'], uuid)).toEqual({ sql: NO_MATCH, params: [] });
  });

  it('compares booleans and dates as queries do', () => {
    const values = range(MYSQL_SHORT_LIST + 1).map((i) => i % 2 === 0);
    expect(render(mysqlDialect, values, column('boolean', 'tinyint(1)')).sql).toBe(
      "(`c` <> 0) IN (SELECT `v` FROM JSON_TABLE(?, '$[*]' COLUMNS (`v` INT PATH '$')) AS `vs`)"
    );
    expect(render(mysqlDialect, ['2024-01-01 00:00:00.000'], column('date', 'date')).sql).toBe(
      '`c` = CAST(? AS DATETIME(3))'
    );
  });
});

describe('SQLite', () => {
  it('keeps short lists as IN lists and binds longer ones as one json_each parameter', () => {
    const short = range(SQLITE_SHORT_LIST);
    expect(render(sqliteDialect, short, column('long', 'INTEGER')).params).toEqual(short);
    for (const count of [SQLITE_SHORT_LIST + 1, 32_766, 32_767, 1_000_000]) {
      const values = range(count);
      expect(render(sqliteDialect, values, column('long', 'INTEGER'))).toEqual({
        sql: '"c" IN (SELECT value FROM json_each(?))',
        params: [JSON.stringify(values)],
      });
    }
    expect(sqliteDialect.anyOfParameters(32_767, column('long'))).toBe(1);
  });

  it('compares what queries compare', () => {
    const values = range(SQLITE_SHORT_LIST + 1).map((i) => `2024-01-${(i % 28) + 1}`);
    expect(render(sqliteDialect, values, column('date', 'DATETIME')).sql).toBe(
      `strftime('%Y-%m-%d %H:%M:%f', "c") IN (SELECT value FROM json_each(?))`
    );
  });
});

describe('SQL Server', () => {
  it('keeps short lists as IN lists within its 2,100 parameters', () => {
    const values = range(SQLSERVER_SHORT_LIST);
    const { sql, params } = render(sqlServerDialect, values, column('long', 'int'));
    expect(sql.startsWith('[c] IN (@p1, @p2')).toBe(true);
    expect(params).toHaveLength(SQLSERVER_SHORT_LIST);
    expect(SQLSERVER_SHORT_LIST).toBeLessThan(sqlServerDialect.maxParameters);
  });

  it('binds a long list as one OPENJSON parameter of the column’s own type', () => {
    for (const count of [SQLSERVER_SHORT_LIST + 1, 2_100, 2_101, 1_000_000]) {
      const values = range(count);
      const { sql, params } = render(sqlServerDialect, values, column('long', 'int'));
      expect(sql).toBe("[c] IN (SELECT [v] FROM OPENJSON(@p1) WITH ([v] int '$'))");
      expect(params).toEqual([JSON.stringify(values)]);
    }
    const values = range(SQLSERVER_SHORT_LIST + 1);
    expect(render(sqlServerDialect, values, column('long', 'bigint')).sql).toContain(
      "[v] bigint '$'"
    );
    expect(render(sqlServerDialect, values, column('long', 'tinyint')).sql).toContain(
      "[v] tinyint '$'"
    );
    expect(render(sqlServerDialect, values, column('long', 'decimal(19,0)')).sql).toContain(
      "[v] bigint '$'"
    );
    expect(render(sqlServerDialect, values.map(String), column('keyword', 'nvarchar')).sql).toBe(
      "[c] IN (SELECT [v] FROM OPENJSON(@p1) WITH ([v] nvarchar(max) '$'))"
    );
    expect(
      render(sqlServerDialect, values.map(String), column('keyword', 'uniqueidentifier')).sql
    ).toBe(
      "CAST([c] AS nvarchar(36)) IN (SELECT [v] FROM OPENJSON(@p1) WITH ([v] nvarchar(max) '$'))"
    );
    expect(render(sqlServerDialect, values, column('date', 'datetimeoffset', true)).sql).toContain(
      'datetimeoffset(3)'
    );
    expect(render(sqlServerDialect, values, column('double', 'float')).sql).toContain(
      "[v] float '$'"
    );
    expect(sqlServerDialect.anyOfParameters(1_000_000, column('long'))).toBe(1);
  });
});

describe('helpers', () => {
  it('tells canonical uuid text from anything else', () => {
    expect(isCanonicalUuid(UUID_A)).toBe(true);
    for (const value of [
      UUID_A.toUpperCase(),
      UUID_A.replace(/-/g, ''),
      `{${UUID_A}}`,
      `${UUID_A} `,
      UUID_A.replace('-', 'x'),
      UUID_A.slice(0, 35) + 'g',
      UUID_A.slice(0, 8) + '0' + UUID_A.slice(9),
      42,
      null,
    ]) {
      expect(isCanonicalUuid(value)).toBe(false);
    }
    expect(canonicalUuids([UUID_A, 'x', UUID_B, 7])).toEqual([UUID_A, UUID_B]);
  });

  it('joins a list of canonical uuids, and only such a list', () => {
    expect(canonicalUuidText([UUID_A, UUID_B])).toBe(`${UUID_A},${UUID_B}`);
    // Two uuids in one key, made up for by a short one: still no uuid list.
    expect(canonicalUuidText([`${UUID_A},${UUID_B}`, ''])).toBeNull();
    // A character beyond ASCII whose low byte is a hex digit ('ᅡ' is U+1161).
    expect(canonicalUuidText([UUID_A.slice(0, 35) + '\u1161', UUID_B])).toBeNull();
    expect(canonicalUuidText([UUID_A, UUID_B.toUpperCase()])).toBeNull();
    expect(canonicalUuidText([UUID_A, 7])).toBeNull();
  });

  it('writes JSON arrays exactly, bigints and booleans included', () => {
    expect(jsonArrayText([1, 'a"b', 2.5])).toBe('[1,"a\\"b",2.5]');
    expect(jsonArrayText([2n ** 64n, true, false])).toBe(`[${2n ** 64n},1,0]`);
  });
});
