/**
 * The benchmark cases: a search body for the virtual index and, written by hand (not captured
 * from the engine), the SQL a person would run directly for the same answer. A search reports
 * `hits.total` (exact up to 10,000 by default), so each direct version also counts matches up
 * to 10,001, as the virtual index has to.
 */
import { quote } from './million_row_table';

export interface BenchCase {
  name: string;
  body: Record<string, unknown>;
  /** Statements run one after another on one connection; their time is the direct time. */
  sql: Array<{ text: string; params: unknown[] }>;
}

const COLUMNS = 'id, category, amount, qty, ok, ts, label';

function capped(t: string, where = '', params: unknown[] = []) {
  return {
    text: `SELECT count(*) FROM (SELECT 1 FROM ${t}${where ? ` ${where}` : ''} LIMIT 10001) AS capped`,
    params,
  };
}

export function benchCases(table: string): BenchCase[] {
  const t = quote(table);
  const filter = 'WHERE category = $1 AND amount >= $2 AND amount < $3';
  const filterParams = ['c07', 1000, 2000];
  return [
    {
      name: 'first page, sorted',
      body: { size: 10, sort: [{ amount: 'desc' }, { id: 'asc' }] },
      sql: [
        {
          text: `SELECT ${COLUMNS} FROM ${t} ORDER BY amount DESC NULLS LAST, id LIMIT 10`,
          params: [],
        },
        capped(t),
      ],
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
          text: `SELECT ${COLUMNS} FROM ${t} ${filter} ORDER BY ts DESC NULLS LAST, id LIMIT 10`,
          params: filterParams,
        },
        capped(t, filter, filterParams),
      ],
    },
    {
      name: 'terms aggregation',
      body: { size: 0, aggs: { by_category: { terms: { field: 'category', size: 10 } } } },
      sql: [
        {
          text: `SELECT category, count(*) FROM ${t} WHERE category IS NOT NULL GROUP BY category ORDER BY 2 DESC, 1`,
          params: [],
        },
        capped(t),
      ],
    },
    {
      name: 'date_histogram (day)',
      body: {
        size: 0,
        aggs: { per_day: { date_histogram: { field: 'ts', calendar_interval: 'day' } } },
      },
      sql: [
        {
          text: `SELECT date_trunc('day', ts AT TIME ZONE 'UTC') AS day, count(*) FROM ${t} WHERE ts IS NOT NULL GROUP BY 1 ORDER BY 1`,
          params: [],
        },
        capped(t),
      ],
    },
  ];
}
