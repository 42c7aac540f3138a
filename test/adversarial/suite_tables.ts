/**
 * The suite's SQL data, on PostgreSQL and MariaDB alike: `adversarial_people`, the dense
 * relation (2,000 rows, `company_id = g % 12 + 1`, about 166 rows a company), and
 * `adversarial_slow_people`, a view over it that sleeps 5 ms a row, so reading it whole takes
 * about 10 s (a statement that is still running when its caller leaves). Tables and views are
 * kept between runs: they are created only when missing or not what this file makes.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';

export const PEOPLE_TABLE = 'adversarial_people';
export const SLOW_VIEW = 'adversarial_slow_people';
/** Every statement the host runs on the suite's data names this (activity checks look for it). */
export const SUITE_SQL_MARK = 'adversarial_';

export const PEOPLE_ROWS = 2_000;
export const COMPANIES = 12;

export type SqlKind = 'postgres' | 'mysql';

export interface Person {
  id: number;
  company_id: number;
}

export function people(): Person[] {
  return Array.from({ length: PEOPLE_ROWS }, (_, i) => ({
    id: i + 1,
    company_id: ((i + 1) % COMPANIES) + 1,
  }));
}

/** Runs `sql` on one short-lived connection and returns its rows. */
export async function queryRows(
  kind: SqlKind,
  url: string,
  sql: string,
  params: unknown[] = []
): Promise<Record<string, unknown>[]> {
  if (kind === 'postgres') {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
  const connection = await mysql.createConnection(url);
  try {
    const [rows] = await connection.query(sql, params);
    return rows as Record<string, unknown>[];
  } finally {
    await connection.end();
  }
}

const SLEEP_PER_ROW: Record<SqlKind, string> = {
  // pg_sleep returns void, whose text is ''; volatile, so it runs for every row.
  postgres: `pg_sleep(0.005)::text = ''`,
  mysql: 'SLEEP(0.005) = 0',
};

/** Creates (or keeps, when its content is right) the table and the slow view on `kind`. */
export async function ensureSuiteTables(kind: SqlKind, url: string): Promise<void> {
  const rows = people();
  const expectedSum = rows.reduce((sum, row) => sum + row.id * 31 + row.company_id, 0);
  await queryRows(
    kind,
    url,
    `CREATE TABLE IF NOT EXISTS ${PEOPLE_TABLE} (id INTEGER PRIMARY KEY, company_id INTEGER NOT NULL)`
  );
  const [check] = await queryRows(
    kind,
    url,
    `SELECT COUNT(*) AS n, COALESCE(SUM(id * 31 + company_id), 0) AS s FROM ${PEOPLE_TABLE}`
  );
  if (Number(check.n) !== rows.length || Number(check.s) !== expectedSum) {
    await queryRows(kind, url, `DELETE FROM ${PEOPLE_TABLE}`);
    const values = rows.map((row) => `(${row.id}, ${row.company_id})`).join(', ');
    await queryRows(kind, url, `INSERT INTO ${PEOPLE_TABLE} (id, company_id) VALUES ${values}`);
  }
  await queryRows(
    kind,
    url,
    `CREATE OR REPLACE VIEW ${SLOW_VIEW} AS SELECT id, company_id FROM ${PEOPLE_TABLE} WHERE ${SLEEP_PER_ROW[kind]}`
  );
}

/**
 * Statements of the suite still running on `kind` (other than this check's own): the host's
 * pools must be idle once every request ended or was abandoned.
 */
export async function runningSuiteStatements(kind: SqlKind, url: string): Promise<string[]> {
  const rows =
    kind === 'postgres'
      ? await queryRows(
          kind,
          url,
          `SELECT pid, state, query FROM pg_stat_activity
            WHERE pid <> pg_backend_pid() AND state <> 'idle' AND query LIKE $1`,
          [`%${SUITE_SQL_MARK}%`]
        )
      : await queryRows(
          kind,
          url,
          `SELECT ID AS pid, COMMAND AS state, INFO AS query FROM information_schema.PROCESSLIST
            WHERE ID <> CONNECTION_ID() AND INFO LIKE ?`,
          [`%${SUITE_SQL_MARK}%`]
        );
  return rows.map((row) => `${kind} ${row.pid} (${row.state}): ${String(row.query).slice(0, 200)}`);
}
