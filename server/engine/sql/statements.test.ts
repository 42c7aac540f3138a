/**
 * The page statement with a highlight flag column (statements.ts conditionColumn) on every
 * dialect; SQL Server has no server in the test bed, so its text is checked here whole.
 */
import { describe, expect, it } from 'vitest';
import { dialectFor } from './dialects';
import { bound, renderSql, sql } from './sql_fragment';
import { conditionColumn, selectRows } from './statements';

describe('a page with a condition column', () => {
  it.each([
    [
      'sqlserver',
      'SELECT [k], CASE WHEN ([k] = @p1) THEN 1 ELSE 0 END AS [hl] FROM [t] WHERE [n] > @p2 ORDER BY (SELECT NULL) OFFSET 0 ROWS FETCH NEXT 5 ROWS ONLY',
    ],
    [
      'postgres',
      'SELECT "k", CASE WHEN ("k" = $1) THEN 1 ELSE 0 END AS "hl" FROM "t" WHERE "n" > $2 LIMIT 5',
    ],
  ] as const)('%s: the flag binds its values before the WHERE clause', (kind, text) => {
    const dialect = dialectFor(kind);
    const flag = conditionColumn(
      dialect,
      sql`${dialect.quoteIdentifier('k')} = ${bound('a')}`,
      'hl'
    );
    const statement = selectRows(
      dialect,
      sql`${dialect.quoteIdentifier('k')}, ${flag}`,
      dialect.quoteIdentifier('t'),
      sql`${dialect.quoteIdentifier('n')} > ${bound(1)}`,
      '',
      { limit: 5, offset: 0 }
    );
    const rendered = renderSql(statement, dialect);
    expect(rendered.params).toEqual(['a', 1]);
    expect(rendered.sql).toBe(text);
  });
});
