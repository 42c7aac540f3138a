/**
 * A 1,000,000-row PostgreSQL table generated server-side with generate_series (seconds, and no
 * row ever passes through Node), shared by the scale test and the benchmark. Values are
 * deterministic functions of the id, so expectations can be computed with plain SQL.
 */
import type pg from 'pg';

export const MILLION = 1_000_000;

/** Every column type of docs/api/interface.md §2.3; `amount` is null on every 1000th row. */
export async function createMillionRowTable(
  client: pg.Client,
  table: string,
  rows = MILLION
): Promise<void> {
  const t = quote(table);
  await client.query(`CREATE TABLE ${t} (
    id bigint PRIMARY KEY,
    category text COLLATE "C" NOT NULL,
    amount double precision,
    qty integer NOT NULL,
    ok boolean NOT NULL,
    ts timestamptz NOT NULL,
    label text NOT NULL
  )`);
  // category: 20 values of unequal size ((g % 97) % 20); amount: a scrambled 0..10000.02;
  // ts: one row every 31 s from 2024-01-01 UTC (about 359 days for a million rows).
  await client.query(
    `INSERT INTO ${t}
     SELECT g,
            'c' || lpad(((g % 97) % 20)::text, 2, '0'),
            CASE WHEN g % 1000 = 0 THEN NULL ELSE ((g * 2654435761) % 1000003) / 100.0 END,
            (g % 1000)::int,
            g % 3 = 0,
            timestamptz '2024-01-01 00:00:00+00' + g * interval '31 seconds',
            md5(g::text)
     FROM generate_series(1::bigint, $1::bigint) AS g`,
    [rows]
  );
  await client.query(`ANALYZE ${t}`);
}

export async function dropTable(client: pg.Client, table: string): Promise<void> {
  await client.query(`DROP TABLE IF EXISTS ${quote(table)}`);
}

export function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** Whether `table` exists with `marker` as its comment and exactly `rows` rows (reusable as is). */
export async function markedTableHolds(
  client: pg.Client,
  table: string,
  marker: string,
  rows: number
): Promise<boolean> {
  const found = await client.query<{ comment: string | null }>(
    `SELECT obj_description(to_regclass($1), 'pg_class') AS comment`,
    [table]
  );
  if (found.rows[0]?.comment !== marker) return false;
  const counted = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(table)}`);
  return Number(counted.rows[0].n) === rows;
}
