/**
 * The `search` suite's cases: a search body for the virtual index and, written by hand (not
 * captured from the engine) for each database, the SQL a person who knows the table would run
 * directly for the same answer. A search reports `hits.total` (exact up to 10,000 by default),
 * so each direct version also counts matches up to 10,001, as the virtual index has to.
 *
 * Each case also says how to read the answer out of the direct rows (`expected`) and out of the
 * engine's response (`actual`), so the suite checks both give the same before timing them.
 */
import { quote } from './million_row_table';
import type { BenchDialect } from './search_tables';

export interface Statement {
  text: string;
  params: unknown[];
}

type Row = Record<string, unknown>;

export interface BenchCase {
  name: string;
  body: Record<string, unknown>;
  /** Run one after another on one connection; their time is the direct time. */
  sql: Statement[];
  /** The answer from the rows of each statement of `sql`, comparable with `actual`. */
  expected(results: Row[][]): unknown;
  /** The same answer from the engine's response body. */
  actual(response: SearchResponse): unknown;
  /**
   * A page without sort: any rows are a right answer, in whatever order the scan gives; each hit
   * is checked to be a row with this statement (one row when it is).
   */
  unordered?: { rowById(id: string): Statement };
}

export interface SearchResponse {
  hits: {
    total?: { value: number; relation: string };
    hits: Array<{ _id: string; _source?: Row }>;
  };
  aggregations?: Record<string, { buckets: Row[]; sum_other_doc_count?: number }>;
}

const COLUMNS = 'id, category, amount, qty, ok, ts, label';
const CAP = 10_000;

/** How each database spells what the cases need. */
interface Spelling {
  quote(identifier: string): string;
  placeholder(n: number): string;
  /** ORDER BY for "descending, missing values last". */
  descMissingLast(column: string): string;
  /** The UTC day start of `ts`, as the driver returns it. */
  day(column: string): string;
}

const SPELLINGS: Record<BenchDialect, Spelling> = {
  postgres: {
    quote,
    placeholder: (n) => `$${n}`,
    descMissingLast: (c) => `${c} DESC NULLS LAST`,
    day: (c) => `date_trunc('day', ${c} AT TIME ZONE 'UTC')`,
  },
  // NULLs sort last in a descending order on MariaDB and SQLite without being told.
  mysql: {
    quote: (identifier) => `\`${identifier.replace(/`/g, '``')}\``,
    placeholder: () => '?',
    descMissingLast: (c) => `${c} DESC`,
    day: (c) => `DATE(${c})`,
  },
  sqlite: {
    quote,
    placeholder: () => '?',
    descMissingLast: (c) => `${c} DESC`,
    day: (c) => `date(${c})`,
  },
};

export function benchCases(dialect: BenchDialect, table: string): BenchCase[] {
  const s = SPELLINGS[dialect];
  const t = s.quote(table);
  const p = s.placeholder;
  const capped = (where = '', params: unknown[] = []): Statement => ({
    text: `SELECT count(*) AS n FROM (SELECT 1 FROM ${t}${where ? ` ${where}` : ''} LIMIT ${CAP + 1}) capped`,
    params,
  });
  const filter = `WHERE category = ${p(1)} AND amount >= ${p(2)} AND amount < ${p(3)}`;
  const filterParams = ['c07', 1000, 2000];
  const page = (results: Row[][]) => ({
    ids: results[0].map((r) => String(r.id)),
    total: totalOf(results[1]),
  });
  const hitsOf = (r: SearchResponse) => ({
    ids: r.hits.hits.map((h) => h._id),
    total: r.hits.total,
  });
  return [
    {
      name: 'first page',
      body: { size: 10 },
      sql: [{ text: `SELECT ${COLUMNS} FROM ${t} LIMIT 10`, params: [] }, capped()],
      expected: page,
      actual: hitsOf,
      unordered: {
        rowById: (id) => ({ text: `SELECT id FROM ${t} WHERE id = ${p(1)}`, params: [Number(id)] }),
      },
    },
    {
      name: 'sorted page',
      body: { size: 10, sort: [{ amount: 'desc' }, { id: 'asc' }] },
      sql: [
        {
          text: `SELECT ${COLUMNS} FROM ${t} ORDER BY ${s.descMissingLast('amount')}, id LIMIT 10`,
          params: [],
        },
        capped(),
      ],
      expected: page,
      actual: hitsOf,
    },
    {
      name: 'filtered page',
      body: {
        size: 10,
        query: {
          bool: {
            filter: [{ term: { category: 'c07' } }, { range: { amount: { gte: 1000, lt: 2000 } } }],
          },
        },
        sort: [{ ts: 'desc' }, { id: 'asc' }],
      },
      sql: [
        {
          // ts is NOT NULL: no NULL placement to spell.
          text: `SELECT ${COLUMNS} FROM ${t} ${filter} ORDER BY ts DESC, id LIMIT 10`,
          params: filterParams,
        },
        capped(filter, filterParams),
      ],
      expected: page,
      actual: hitsOf,
    },
    {
      name: 'terms',
      body: { size: 0, aggs: { by_category: { terms: { field: 'category', size: 10 } } } },
      sql: [
        {
          // All 20 groups: the top 10 are the buckets, the rest sum_other_doc_count.
          text: `SELECT category, count(*) AS n FROM ${t} GROUP BY category ORDER BY n DESC, category`,
          params: [],
        },
        capped(),
      ],
      expected: (results) => {
        const groups = results[0].map((r) => [String(r.category), Number(r.n)] as const);
        return {
          buckets: groups.slice(0, 10),
          other: groups.slice(10).reduce((sum, [, n]) => sum + n, 0),
          total: totalOf(results[1]),
        };
      },
      actual: (r) => ({
        buckets: r.aggregations!.by_category.buckets.map((b) => [b.key, b.doc_count]),
        other: r.aggregations!.by_category.sum_other_doc_count,
        total: r.hits.total,
      }),
    },
    {
      name: 'histogram + avg',
      body: {
        size: 0,
        aggs: {
          by_amount: {
            histogram: { field: 'amount', interval: 1000 },
            aggs: { avg_qty: { avg: { field: 'qty' } } },
          },
        },
      },
      sql: [
        {
          // No `WHERE amount IS NOT NULL`: SQLite would read the rows through an index on it
          // (ten times slower); the one group of rows without amount is dropped here instead.
          text: `SELECT floor(amount / 1000) * 1000 AS k, count(*) AS n, avg(qty) AS a FROM ${t} GROUP BY 1`,
          params: [],
        },
        capped(),
      ],
      expected: (results) => ({
        buckets: results[0]
          .filter((r) => r.k !== null)
          .map((r) => [Number(r.k), Number(r.n), Number(r.a)])
          .sort(byKey),
        total: totalOf(results[1]),
      }),
      actual: (r) => ({
        buckets: r.aggregations!.by_amount.buckets.map((b) => [
          b.key,
          b.doc_count,
          (b.avg_qty as { value: number }).value,
        ]),
        total: r.hits.total,
      }),
    },
    {
      name: 'date histogram',
      body: {
        size: 0,
        aggs: { per_day: { date_histogram: { field: 'ts', calendar_interval: 'day' } } },
      },
      sql: [
        {
          text: `SELECT ${s.day('ts')} AS d, count(*) AS n FROM ${t} GROUP BY 1`,
          params: [],
        },
        capped(),
      ],
      expected: (results) => ({
        buckets: results[0].map((r) => [utcMs(r.d), Number(r.n)]).sort(byKey),
        total: totalOf(results[1]),
      }),
      actual: (r) => ({
        buckets: r.aggregations!.per_day.buckets.map((b) => [b.key, b.doc_count]),
        total: r.hits.total,
      }),
    },
  ];
}

/**
 * Histogram buckets come back unordered and are sorted here, as the engine sorts its own: with
 * `ORDER BY` PostgreSQL picks a sort-based GROUP BY that is twice as slow as hashing.
 */
function byKey(a: number[], b: number[]): number {
  return a[0] - b[0];
}

function totalOf(rows: Row[]) {
  const n = Number(rows[0].n);
  return n > CAP ? { value: CAP, relation: 'gte' } : { value: n, relation: 'eq' };
}

/** A day as the drivers return it (text or Date), as UTC epoch milliseconds. */
function utcMs(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  const text = String(value);
  if (/^\d{4}-\d\d-\d\d$/.test(text)) return Date.parse(`${text}T00:00:00Z`);
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}
