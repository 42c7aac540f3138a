/**
 * The SQL of every aggregation as text: complete SQL Server statements (no server can run them
 * here), each database's own spellings, and bound values in the order of their placeholders.
 */
import { describe, expect, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { Row } from '../remote_types';
import { dialectFor } from '../dialects';
import { translateQuery } from '../query_translator';
import { runAggregations } from './index';

type Kind = 'postgres' | 'mysql' | 'sqlite' | 'sqlserver';

const REMOTE_TYPES: Record<Kind, Record<string, string>> = {
  postgres: { k: 'text', n: 'bigint', d: 'double precision', b: 'boolean', t: 'timestamp' },
  mysql: { k: 'varchar(100)', n: 'bigint', d: 'double', b: 'tinyint(1)', t: 'datetime(3)' },
  sqlite: { k: 'TEXT', n: 'INTEGER', d: 'REAL', b: 'BOOLEAN', t: 'DATETIME' },
  sqlserver: { k: 'nvarchar', n: 'bigint', d: 'float', b: 'bit', t: 'datetime2' },
};
const TYPES = { k: 'keyword', n: 'long', d: 'double', b: 'boolean', t: 'date' } as const;

interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Runs the aggregations against a fake datasource that records each statement and answers a
 * range statement with March-April 2024 and any other with one bucket, so that nested
 * statements are built too.
 */
async function statements(
  kind: Kind,
  aggs: Record<string, unknown>,
  timezone = 'UTC',
  /** What the catalog recorded beyond the type, per column (e.g. `deterministic`). */
  recorded: Record<string, Partial<VirtualIndexColumn>> = {}
): Promise<Statement[]> {
  const dialect = dialectFor(kind);
  const columns = new Map<string, VirtualIndexColumn>(
    Object.entries(TYPES).map(([name, type]) => [
      name,
      { name, type, remote_type: REMOTE_TYPES[kind][name], ...recorded[name] },
    ])
  );
  const out: Statement[] = [];
  const q = (name: string) => dialect.quoteIdentifier(name);
  await runAggregations(aggs, {
    resourceSql: `${q('dbo')}.${q('events')}`,
    newContext: () => ({
      dialect,
      columns,
      timezone,
      now: Date.parse('2024-06-15T12:00:00Z'),
    }),
    where: (ctx) => translateQuery({ range: { n: { gt: 5 } } }, ctx),
    query: async (sql, params): Promise<Row[]> => {
      out.push({ sql, params });
      if (sql.includes(q('max0'))) {
        return [
          { min0: Date.parse('2024-03-01T00:00:00Z'), max0: Date.parse('2024-04-30T00:00:00Z') },
        ];
      }
      // Keyword buckets are named `x`; other keys are numbers.
      return [{ g0: sql.includes(q('rep0')) ? 'x' : 0, rep0: 'x', doc_count: 3, total: 4, rn: 1 }];
    },
  });
  return out;
}

const sqlServerStatements = (aggs: Record<string, unknown>, timezone: string) =>
  statements('sqlserver', aggs, timezone);

/** `?` placeholders are positional: the values must come in the order of the text. */
function placeholders(sql: string): number {
  return (sql.match(/\?/g) ?? []).length;
}

describe('SQL Server statements', () => {
  it('top-level metrics', async () => {
    expect(
      await sqlServerStatements(
        {
          a: { avg: { field: 'n' } },
          s: { sum: { field: 'd' } },
          mn: { min: { field: 't' } },
          mx: { max: { field: 'b' } },
          c: { cardinality: { field: 'k' } },
        },
        'UTC'
      )
    ).toEqual([
      {
        sql: 'SELECT SUM(CAST(r.[c0] AS decimal(38, 0))) AS [m0_sum], COUNT(r.[c0]) AS [m0_count], SUM(r.[c1]) AS [m1_sum], MIN(r.[c2]) AS [m2_value], MAX(r.[c3]) AS [m3_value], COUNT(DISTINCT r.[c4]) AS [m4_count] FROM (SELECT [n] AS [c0], CAST([d] AS float) AS [c1], [t] AS [c2], CAST([b] AS int) AS [c3], [k] AS [c4] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) r',
        params: [6],
      },
    ]);
  });

  it('terms ordered by a metric, with a nested terms', async () => {
    expect(
      await sqlServerStatements(
        {
          t: {
            terms: { field: 'k', size: 3, order: { a: 'desc' } },
            aggs: { a: { avg: { field: 'n' } }, i: { terms: { field: 'b' } } },
          },
        },
        'UTC'
      )
    ).toEqual([
      {
        sql: 'SELECT * FROM (SELECT g.*, SUM(g.[doc_count]) OVER () AS [total], ROW_NUMBER() OVER (ORDER BY CASE WHEN g.[m0_avg] IS NULL THEN 1 ELSE 0 END, g.[m0_avg] DESC, g.[rep0] COLLATE Latin1_General_BIN2 ASC) AS [rn] FROM (SELECT r.[c0] AS [g0], MIN(r.[c1]) AS [rep0], COUNT(*) AS [doc_count], SUM(CAST(r.[c2] AS decimal(38, 0))) AS [m0_sum], COUNT(r.[c2]) AS [m0_count], AVG(CAST(r.[c2] AS float)) AS [m0_avg] FROM (SELECT [c0], [c2], [c0] COLLATE Latin1_General_BIN2 AS [c1] FROM (SELECT [k] AS [c0], [n] AS [c2] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) t0) r WHERE r.[c0] IS NOT NULL GROUP BY r.[c0]) g) w WHERE w.[rn] <= 14',
        params: [6],
      },
      {
        sql: 'SELECT * FROM (SELECT g.*, MIN(g.[rep0]) OVER (PARTITION BY g.[g0]) AS [prep0], SUM(CASE WHEN g.[g1] IS NULL THEN 0 ELSE g.[doc_count] END) OVER (PARTITION BY g.[g0]) AS [total], ROW_NUMBER() OVER (PARTITION BY g.[g0] ORDER BY CASE WHEN g.[g1] IS NULL THEN 1 ELSE 0 END, g.[doc_count] DESC, g.[g1] ASC) AS [rn] FROM (SELECT r.[c0] AS [g0], r.[c2] AS [g1], MIN(r.[c1]) AS [rep0], COUNT(*) AS [doc_count] FROM (SELECT [c0], [c2], [c0] COLLATE Latin1_General_BIN2 AS [c1] FROM (SELECT [k] AS [c0], CAST([b] AS int) AS [c2] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) t0) r WHERE r.[c0] IS NOT NULL AND r.[c0] IN (@p2) GROUP BY r.[c0], r.[c2]) g) w WHERE w.[rn] <= 25 AND w.[g1] IS NOT NULL',
        params: [6, 'x'],
      },
    ]);
  });

  it('terms with min_doc_count 0 reads every row', async () => {
    expect(
      await sqlServerStatements({ t: { terms: { field: 'k', min_doc_count: 0 } } }, 'UTC')
    ).toEqual([
      {
        sql: 'SELECT * FROM (SELECT g.*, SUM(g.[doc_count]) OVER () AS [total], ROW_NUMBER() OVER (ORDER BY g.[doc_count] DESC, g.[rep0] COLLATE Latin1_General_BIN2 ASC) AS [rn] FROM (SELECT r.[c1] AS [g0], MIN(r.[c2]) AS [rep0], SUM(r.[c0]) AS [doc_count] FROM (SELECT [c0], [c1], [c1] COLLATE Latin1_General_BIN2 AS [c2] FROM (SELECT CASE WHEN ([n] IS NOT NULL AND [n] >= @p1) THEN 1 ELSE 0 END AS [c0], [k] AS [c1] FROM [dbo].[events]) t0) r WHERE r.[c1] IS NOT NULL GROUP BY r.[c1]) g) w WHERE w.[rn] <= 25',
        params: [6],
      },
    ]);
  });

  it('histogram with a metric', async () => {
    expect(
      await sqlServerStatements(
        {
          h: {
            histogram: { field: 'd', interval: 2.5, offset: 1 },
            aggs: { c: { cardinality: { field: 'k' } } },
          },
        },
        'UTC'
      )
    ).toEqual([
      {
        sql: 'SELECT r.[c1] AS [g0], COUNT(*) AS [doc_count], COUNT(DISTINCT r.[c2]) AS [m0_count] FROM (SELECT [c0], [c2], FLOOR((CAST([c0] AS float) - CAST(@p1 AS float)) / CAST(@p2 AS float)) AS [c1] FROM (SELECT [d] AS [c0], [k] AS [c2] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p3)) t0) r GROUP BY r.[c1]',
        params: [1, 2.5, 6],
      },
    ]);
  });

  it('date_histogram month in New York over Helsinki wall clocks', async () => {
    expect(
      await sqlServerStatements(
        {
          h: {
            date_histogram: {
              field: 't',
              calendar_interval: 'month',
              time_zone: 'America/New_York',
            },
          },
        },
        'Europe/Helsinki'
      )
    ).toEqual([
      {
        sql: "SELECT MIN(r.[c0]) AS [min0], MAX(r.[c0]) AS [max0] FROM (SELECT DATEDIFF_BIG(millisecond, CAST('1970-01-01' AS datetime2), [t]) AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) r",
        params: [6],
      },
      {
        sql: "SELECT r.[c3] AS [g0], COUNT(*) AS [doc_count] FROM (SELECT [c0], [c1], [c2], DATEDIFF_BIG(millisecond, CAST('1970-01-01' AS datetime2), CAST(DATEFROMPARTS(YEAR(DATEADD(day, CAST(([c2] - (([c2] % 86400000) + 86400000) % 86400000) / 86400000 AS int), CAST('1970-01-01' AS date))), MONTH(DATEADD(day, CAST(([c2] - (([c2] % 86400000) + 86400000) % 86400000) / 86400000 AS int), CAST('1970-01-01' AS date))), 1) AS datetime2)) AS [c3] FROM (SELECT [c0], [c1], [c1] + (CASE WHEN [c1] < CAST(1710054000000 AS bigint) THEN (-18000000) ELSE (-14400000) END) AS [c2] FROM (SELECT [c0], [c0] - (CASE WHEN [c0] < CAST(1711857600000 AS bigint) THEN 7200000 ELSE 10800000 END) AS [c1] FROM (SELECT DATEDIFF_BIG(millisecond, CAST('1970-01-01' AS datetime2), [t]) AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) t0) t1) t2) r GROUP BY r.[c3]",
        params: [6],
      },
    ]);
  });

  it('date_histogram week and quarter in fixed zones', async () => {
    expect(
      await sqlServerStatements(
        {
          w: { date_histogram: { field: 't', calendar_interval: 'week' } },
          q: { date_histogram: { field: 't', calendar_interval: 'quarter', time_zone: '+05:30' } },
        },
        'UTC'
      )
    ).toEqual([
      {
        sql: "SELECT r.[c1] AS [g0], COUNT(*) AS [doc_count] FROM (SELECT [c0], [c0] - ((([c0] + 259200000) % 604800000) + 604800000) % 604800000 AS [c1] FROM (SELECT DATEDIFF_BIG(millisecond, CAST('1970-01-01' AS datetime2), [t]) AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) t0) r GROUP BY r.[c1]",
        params: [6],
      },
      {
        sql: "SELECT r.[c2] AS [g0], COUNT(*) AS [doc_count] FROM (SELECT [c0], [c1], DATEDIFF_BIG(millisecond, CAST('1970-01-01' AS datetime2), CAST(DATEFROMPARTS(YEAR(DATEADD(day, CAST(([c1] - (([c1] % 86400000) + 86400000) % 86400000) / 86400000 AS int), CAST('1970-01-01' AS date))), (DATEPART(quarter, DATEADD(day, CAST(([c1] - (([c1] % 86400000) + 86400000) % 86400000) / 86400000 AS int), CAST('1970-01-01' AS date))) - 1) * 3 + 1, 1) AS datetime2)) AS [c2] FROM (SELECT [c0], [c0] + 19800000 AS [c1] FROM (SELECT DATEDIFF_BIG(millisecond, CAST('1970-01-01' AS datetime2), [t]) AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) t0) t1) r GROUP BY r.[c2]",
        params: [6],
      },
    ]);
  });

  it('date_histogram 3h across the Helsinki spring change', async () => {
    expect(
      await sqlServerStatements(
        {
          h: { date_histogram: { field: 't', fixed_interval: '3h', time_zone: 'Europe/Helsinki' } },
        },
        'UTC'
      )
    ).toEqual([
      {
        sql: "SELECT MIN(r.[c0]) AS [min0], MAX(r.[c0]) AS [max0] FROM (SELECT DATEDIFF_BIG(millisecond, CAST('1970-01-01' AS datetime2), [t]) AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) r",
        params: [6],
      },
      {
        sql: "SELECT r.[c1] AS [g0], COUNT(*) AS [doc_count] FROM (SELECT [c0], CASE WHEN [c0] < CAST(1711846800000 AS bigint) THEN [c0] - ((([c0] + 7200000) % 10800000) + 10800000) % 10800000 ELSE CASE WHEN [c0] < CAST(1711854000000 AS bigint) THEN CAST(1711846800000 AS bigint) ELSE [c0] - ((([c0] + 10800000) % 10800000) + 10800000) % 10800000 END END AS [c1] FROM (SELECT DATEDIFF_BIG(millisecond, CAST('1970-01-01' AS datetime2), [t]) AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p1)) t0) r GROUP BY r.[c1]",
        params: [6],
      },
    ]);
  });

  it('range and date_range', async () => {
    expect(
      await sqlServerStatements(
        {
          r: { range: { field: 'd', ranges: [{ to: 0 }, { from: 0, to: 10 }] } },
          dr: { date_range: { field: 't', ranges: [{ from: '2024-01-01', to: '2024-07-01' }] } },
        },
        'Europe/Helsinki'
      )
    ).toEqual([
      {
        sql: 'SELECT r.[b0] AS [g0], COUNT(*) AS [doc_count] FROM (SELECT t.[c0], t.[c1], t.[c2], bucket_rows.[b0] FROM (SELECT [c0], CASE WHEN [c0] < CAST(@p1 AS float) THEN 1 ELSE 0 END AS [c1], CASE WHEN [c0] >= CAST(@p2 AS float) AND [c0] < CAST(@p3 AS float) THEN 1 ELSE 0 END AS [c2] FROM (SELECT CAST([d] AS float) AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p4)) t0) t CROSS JOIN (SELECT 0 AS [b0] UNION ALL SELECT 1 AS [b0]) bucket_rows WHERE (bucket_rows.[b0] = 0 AND [c1] = 1) OR (bucket_rows.[b0] = 1 AND [c2] = 1)) r GROUP BY r.[b0]',
        params: [0, 0, 10, 6],
      },
      {
        sql: 'SELECT r.[b0] AS [g0], COUNT(*) AS [doc_count] FROM (SELECT t.[c0], t.[c1], bucket_rows.[b0] FROM (SELECT [c0], CASE WHEN [c0] >= CAST(@p1 AS datetime2(3)) AND [c0] < CAST(@p2 AS datetime2(3)) THEN 1 ELSE 0 END AS [c1] FROM (SELECT [t] AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p3)) t0) t CROSS JOIN (SELECT 0 AS [b0]) bucket_rows WHERE (bucket_rows.[b0] = 0 AND [c1] = 1)) r GROUP BY r.[b0]',
        params: ['2024-01-01 02:00:00.000', '2024-07-01 03:00:00.000', 6],
      },
    ]);
  });

  it('filters with the other bucket', async () => {
    expect(
      await sqlServerStatements(
        {
          f: {
            filters: {
              filters: { a: { term: { k: 'x' } }, b: { exists: { field: 't' } } },
              other_bucket: true,
            },
          },
        },
        'UTC'
      )
    ).toEqual([
      {
        sql: 'SELECT r.[b0] AS [g0], COUNT(*) AS [doc_count] FROM (SELECT t.[c0], t.[c1], t.[c2], bucket_rows.[b0] FROM (SELECT CASE WHEN (([k] IS NOT NULL AND [k] = @p1)) THEN 1 ELSE 0 END AS [c0], CASE WHEN ([t] IS NOT NULL) THEN 1 ELSE 0 END AS [c1], CASE WHEN (([k] IS NOT NULL AND [k] = @p2)) OR ([t] IS NOT NULL) THEN 0 ELSE 1 END AS [c2] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p3)) t CROSS JOIN (SELECT 0 AS [b0] UNION ALL SELECT 1 AS [b0] UNION ALL SELECT 2 AS [b0]) bucket_rows WHERE (bucket_rows.[b0] = 0 AND [c0] = 1) OR (bucket_rows.[b0] = 1 AND [c1] = 1) OR (bucket_rows.[b0] = 2 AND [c2] = 1)) r GROUP BY r.[b0]',
        params: ['x', 'x', 6],
      },
    ]);
  });

  it('terms nested in a range', async () => {
    expect(
      await sqlServerStatements(
        {
          r: {
            range: { field: 'n', ranges: [{ to: 0 }] },
            aggs: { i: { terms: { field: 'k', size: 2 } } },
          },
        },
        'UTC'
      )
    ).toEqual([
      {
        sql: 'SELECT r.[b0] AS [g0], COUNT(*) AS [doc_count] FROM (SELECT t.[c0], t.[c1], bucket_rows.[b0] FROM (SELECT [c0], CASE WHEN [c0] < CAST(@p1 AS float) THEN 1 ELSE 0 END AS [c1] FROM (SELECT CAST([n] AS float) AS [c0] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p2)) t0) t CROSS JOIN (SELECT 0 AS [b0]) bucket_rows WHERE (bucket_rows.[b0] = 0 AND [c1] = 1)) r GROUP BY r.[b0]',
        params: [0, 6],
      },
      {
        sql: 'SELECT * FROM (SELECT g.*, SUM(CASE WHEN g.[g1] IS NULL THEN 0 ELSE g.[doc_count] END) OVER (PARTITION BY g.[g0]) AS [total], ROW_NUMBER() OVER (PARTITION BY g.[g0] ORDER BY CASE WHEN g.[g1] IS NULL THEN 1 ELSE 0 END, g.[doc_count] DESC, g.[rep1] COLLATE Latin1_General_BIN2 ASC) AS [rn] FROM (SELECT r.[b0] AS [g0], r.[c2] AS [g1], MIN(r.[c3]) AS [rep1], COUNT(*) AS [doc_count] FROM (SELECT t.[c0], t.[c2], t.[c1], t.[c3], bucket_rows.[b0] FROM (SELECT [c0], [c2], CASE WHEN [c0] < CAST(@p1 AS float) THEN 1 ELSE 0 END AS [c1], [c2] COLLATE Latin1_General_BIN2 AS [c3] FROM (SELECT CAST([n] AS float) AS [c0], [k] AS [c2] FROM [dbo].[events] WHERE ([n] IS NOT NULL AND [n] >= @p2)) t0) t CROSS JOIN (SELECT 0 AS [b0]) bucket_rows WHERE (bucket_rows.[b0] = 0 AND [c1] = 1)) r WHERE r.[b0] IS NOT NULL GROUP BY r.[b0], r.[c2]) g) w WHERE w.[rn] <= 13 AND w.[g1] IS NOT NULL',
        params: [0, 6],
      },
    ]);
  });
});

describe('each database spells dates its own way', () => {
  const monthInNewYork = {
    h: {
      date_histogram: { field: 't', calendar_interval: 'month', time_zone: 'America/New_York' },
    },
  };

  it('PostgreSQL converts zones itself: AT TIME ZONE and date_trunc, no range statement', async () => {
    const [statement, ...rest] = await statements('postgres', monthInNewYork, 'Europe/Helsinki');
    expect(rest).toEqual([]);
    // Grouped by the local start itself: TypeScript reads the timestamp text.
    expect(statement.sql).toBe(
      `SELECT r."c0" AS "g0", COUNT(*) AS "doc_count" FROM (SELECT date_trunc('month', (CAST("t" AS timestamp) AT TIME ZONE $1) AT TIME ZONE $2) AS "c0" FROM "dbo"."events" WHERE ("n" IS NOT NULL AND "n" >= CAST($3 AS bigint))) r GROUP BY r."c0"`
    );
    expect(statement.params).toEqual(['Europe/Helsinki', 'America/New_York', 6]);
  });

  it('MariaDB measures the range, then writes the zones offsets as CASE', async () => {
    const [range, statement] = await statements('mysql', monthInNewYork, 'Europe/Helsinki');
    expect(range.sql).toBe(
      "SELECT MIN(r.`c0`) AS `min0`, MAX(r.`c0`) AS `max0` FROM (SELECT FLOOR(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', `t`) / 1000) AS `c0` FROM `dbo`.`events` WHERE (`n` IS NOT NULL AND `n` >= ?)) r"
    );
    // Helsinki's spring change (wall clock 04:00 on 31 March) and New York's (10 March).
    expect(statement.sql).toContain(
      '`c0` - (CASE WHEN `c0` < 1711857600000 THEN 7200000 ELSE 10800000 END)'
    );
    expect(statement.sql).toContain(
      '`c1` + (CASE WHEN `c1` < 1710054000000 THEN (-18000000) ELSE (-14400000) END)'
    );
    expect(statement.sql).toContain(
      "DATE_FORMAT(DATE_ADD('1970-01-01', INTERVAL FLOOR(`c2` / 1000) SECOND), '%Y-%m-01')"
    );
    expect(statement.params).toEqual([6]);
  });

  it('SQLite reads dates with julianday and truncates with strftime', async () => {
    const [, statement] = await statements('sqlite', monthInNewYork, 'Europe/Helsinki');
    expect(statement.sql).toContain(
      `CAST(ROUND((julianday(strftime('%Y-%m-%d %H:%M:%f', "t")) - 2440587.5) * 86400000.0) AS INTEGER)`
    );
    expect(statement.sql).toContain(`strftime('%Y-%m-01', "c2" / 1000.0, 'unixepoch')`);
  });

  it('quarters and years on every database', async () => {
    const aggs = {
      q: { date_histogram: { field: 't', calendar_interval: 'quarter' } },
      y: { date_histogram: { field: 't', calendar_interval: 'year' } },
    };
    const [pq, py] = await statements('postgres', aggs);
    expect(pq.sql).toContain(
      `date_trunc('quarter', (CAST("t" AS timestamp) AT TIME ZONE 'UTC') AT TIME ZONE INTERVAL '0 milliseconds')`
    );
    expect(py.sql).toContain(`date_trunc('year'`);
    // UTC wall clocks in UTC buckets: MariaDB and SQLite truncate the stored value itself.
    const [mq, my] = await statements('mysql', aggs);
    expect(mq.sql).toContain(
      '(TO_DAYS(MAKEDATE(YEAR(`t`), 1) + INTERVAL (QUARTER(`t`) - 1) QUARTER) - 719528) * 86400000'
    );
    expect(my.sql).toContain('(TO_DAYS(`t`) - DAYOFYEAR(`t`) + 1 - 719528) * 86400000');
    const [sq, sy] = await statements('sqlite', aggs);
    expect(sq.sql).toContain(`printf('%04d-%02d-01'`);
    expect(sy.sql).toContain(`strftime('%Y-01-01', "t") AS`);
    // In another zone, calendar functions on local milliseconds.
    const zoned = {
      q: { date_histogram: { field: 't', calendar_interval: 'quarter', time_zone: '+02:00' } },
      y: { date_histogram: { field: 't', calendar_interval: 'year', time_zone: '+02:00' } },
    };
    const [mzq, mzy] = await statements('mysql', zoned);
    expect(mzq.sql).toContain('+ INTERVAL (QUARTER(');
    expect(mzy.sql).toContain('MAKEDATE(YEAR(');
    const [, szy] = await statements('sqlite', zoned);
    expect(szy.sql).toContain(`strftime('%Y-01-01', "c1" / 1000.0, 'unixepoch')`);
  });

  it('UTC days, weeks and months: one date function per row on MariaDB and SQLite', async () => {
    const aggs = {
      d: { date_histogram: { field: 't', calendar_interval: 'day' } },
      w: { date_histogram: { field: 't', calendar_interval: 'week' } },
      m: { date_histogram: { field: 't', calendar_interval: 'month' } },
    };
    const [md, mw, mm] = await statements('mysql', aggs);
    expect(md.sql).toContain('SELECT (TO_DAYS(`t`) - 719528) * 86400000 AS `c0`');
    expect(mw.sql).toContain('(TO_DAYS(`t`) - WEEKDAY(`t`) - 719528) * 86400000');
    expect(mm.sql).toContain('(TO_DAYS(`t`) - DAYOFMONTH(`t`) + 1 - 719528) * 86400000');
    const [sd, sw, sm] = await statements('sqlite', aggs);
    expect(sd.sql).toContain(`SELECT date("t") AS "c0"`);
    expect(sw.sql).toContain(`date("t", '-6 days', 'weekday 1')`);
    expect(sm.sql).toContain(`strftime('%Y-%m-01', "t")`);
    // An offset, or a datasource zone other than UTC, keeps the arithmetic.
    const offset = {
      d: { date_histogram: { field: 't', calendar_interval: 'day', offset: '+6h' } },
    };
    expect((await statements('sqlite', offset))[0].sql).toContain('julianday(');
    const helsinki = await statements('mysql', { d: aggs.d }, 'Europe/Helsinki');
    expect(helsinki[helsinki.length - 1].sql).toContain('TIMESTAMPDIFF(MICROSECOND');
  });

  it('fixed intervals are integer arithmetic per offset period on every database', async () => {
    const aggs = {
      h: { date_histogram: { field: 't', fixed_interval: '3h', time_zone: 'Europe/Helsinki' } },
    };
    for (const kind of ['postgres', 'mysql', 'sqlite'] as const) {
      const all = await statements(kind, aggs);
      const statement = all[all.length - 1];
      expect(statement.sql).toMatch(
        /CASE WHEN .c0. < 1711846800000 THEN .c0. - \(\(\(.c0. \+ 7200000\) % 10800000\) \+ 10800000\) % 10800000 ELSE CASE WHEN .c0. < 1711854000000 THEN 1711846800000 ELSE/
      );
    }
  });
});

describe('other spellings', () => {
  it('keyword keys are ordered by their bytes', async () => {
    const aggs = { t: { terms: { field: 'k', order: { _key: 'asc' } } } };
    expect((await statements('postgres', aggs))[0].sql).toContain(
      `CAST(g."rep0" AS text) COLLATE "C" ASC`
    );
    expect((await statements('mysql', aggs))[0].sql).toContain('CAST(g.`rep0` AS BINARY) ASC');
    expect((await statements('sqlite', aggs))[0].sql).toContain('g."rep0" COLLATE BINARY ASC');
    expect((await statements('sqlserver', aggs))[0].sql).toContain(
      'g.[rep0] COLLATE Latin1_General_BIN2 ASC'
    );
  });

  it('a column of a deterministic collation names its buckets by value, no MIN over its rows', async () => {
    const aggs = { t: { terms: { field: 'k', order: { _key: 'asc' } } } };
    const [byValue] = await statements('postgres', aggs, 'UTC', { k: { deterministic: true } });
    expect(byValue.sql).toContain('r."c0" AS "rep0"');
    expect(byValue.sql).not.toContain('MIN(r.');
    // Keys are still ordered by their bytes, over the groups.
    expect(byValue.sql).toContain(`CAST(g."rep0" AS text) COLLATE "C" ASC`);
    const [byBytes] = await statements('postgres', aggs);
    expect(byBytes.sql).toContain('MIN(r."c1") AS "rep0"');
  });

  it('booleans are 0/1 and sums of longs do not overflow', async () => {
    const aggs = { b: { sum: { field: 'b' } }, n: { sum: { field: 'n' } } };
    expect((await statements('postgres', aggs))[0].sql).toContain('CAST("b" AS integer)');
    expect((await statements('mysql', aggs))[0].sql).toContain('(`b` <> 0)');
    expect((await statements('sqlserver', aggs))[0].sql).toContain(
      'SUM(CAST(r.[c1] AS decimal(38, 0)))'
    );
  });

  it('identifiers are quoted, and only generated aliases leave the innermost SELECT', async () => {
    const dialect = dialectFor('postgres');
    const columns = new Map<string, VirtualIndexColumn>([
      ['we"ird c0', { name: 'we"ird c0', type: 'keyword', remote_type: 'text' }],
    ]);
    let seen = '';
    await runAggregations(
      { t: { terms: { field: 'we"ird c0' } } },
      {
        resourceSql: '"t"',
        newContext: () => ({
          dialect,
          columns,
          timezone: 'UTC',
          now: 0,
        }),
        where: () => '1 = 1',
        query: async (sql) => {
          seen = sql;
          return [];
        },
      }
    );
    expect(seen).toContain('SELECT "we""ird c0" AS "c0" FROM "t" WHERE 1 = 1');
  });
});

describe('bound values follow the text for positional placeholders', () => {
  it.each(['mysql', 'sqlite'] as const)('%s', async (kind) => {
    const aggs = {
      h: {
        histogram: { field: 'd', interval: 2.5, offset: 1 },
        aggs: { i: { terms: { field: 'k' } } },
      },
      r: { range: { field: 'n', ranges: [{ from: 1, to: 2 }] } },
      f: { filters: { filters: [{ term: { k: 'a' } }], other_bucket: true } },
    };
    const all = await statements(kind, aggs);
    for (const statement of all) expect(placeholders(statement.sql)).toBe(statement.params.length);
    expect(all[0].params).toEqual([1, 2.5, 6]);
    expect(all[1].params).toEqual([1, 2.5, 6]);
    expect(all[2].params).toEqual([1, 2, 6]);
    expect(all[3].params).toEqual(['a', 'a', 6]);
  });
});
