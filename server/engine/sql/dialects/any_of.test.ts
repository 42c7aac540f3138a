import { describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { MYSQL_SHORT_LIST, mysqlDialect } from './mysql';
import { SQLSERVER_SHORT_LIST, sqlServerDialect } from './sqlserver';

const column = (type: VirtualIndexColumn['type'], zoned = false): VirtualIndexColumn => ({
  name: 'c',
  remote_type: type,
  type,
  zoned,
});

function render(dialect: typeof mysqlDialect, values: unknown[], col: VirtualIndexColumn) {
  const params: unknown[] = [];
  const sql = dialect.anyOf('[c]', values, col, (value) => {
    params.push(value);
    return dialect.placeholder(params.length);
  });
  return { sql, params };
}

describe('anyOf past the IN-list threshold', () => {
  it('SQL Server binds a long list as one OPENJSON parameter, typed by the field', () => {
    const values = Array.from({ length: 70_000 }, (_, i) => i);
    const { sql, params } = render(sqlServerDialect, values, column('long'));
    expect(sql).toBe("[c] IN (SELECT [v] FROM OPENJSON(@p1) WITH ([v] bigint '$'))");
    expect(params).toEqual([JSON.stringify(values)]);
    expect(sqlServerDialect.anyOfParameters(70_000, column('long'))).toBe(1);
    const strings = render(sqlServerDialect, values.map(String), column('keyword'));
    expect(strings.sql).toContain("WITH ([v] nvarchar(max) '$')");
    expect(render(sqlServerDialect, values, column('date', true)).sql).toContain(
      'datetimeoffset(3)'
    );
    expect(render(sqlServerDialect, values, column('double')).sql).toContain("[v] float '$'");
  });

  it('SQL Server keeps short lists as IN lists within its 2,100 parameters', () => {
    const values = Array.from({ length: SQLSERVER_SHORT_LIST }, (_, i) => i);
    const { sql, params } = render(sqlServerDialect, values, column('long'));
    expect(sql.startsWith('[c] IN (@p1, @p2')).toBe(true);
    expect(params).toHaveLength(SQLSERVER_SHORT_LIST);
    expect(SQLSERVER_SHORT_LIST).toBeLessThan(sqlServerDialect.maxParameters);
  });

  it('MySQL binds long numeric lists as one JSON_TABLE parameter, exact past 2^53', () => {
    const values = [2n ** 60n, ...Array.from({ length: MYSQL_SHORT_LIST }, (_, i) => i)];
    const { sql, params } = render(mysqlDialect, values, column('long'));
    expect(sql).toBe(
      "[c] IN (SELECT `v` FROM JSON_TABLE(?, '$[*]' COLUMNS (`v` BIGINT PATH '$')) AS `vs`)"
    );
    expect(String(params[0]).startsWith(`[${2n ** 60n},0,1,`)).toBe(true);
  });

  it('MySQL keeps keyword lists as IN lists, compared under the column collation', () => {
    const values = Array.from({ length: MYSQL_SHORT_LIST + 1 }, (_, i) => `v${i}`);
    expect(render(mysqlDialect, values, column('keyword')).params).toHaveLength(values.length);
    expect(mysqlDialect.anyOfParameters(values.length, column('keyword'))).toBe(values.length);
  });
});
