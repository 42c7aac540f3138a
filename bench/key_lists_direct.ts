/**
 * The direct side of the key-list benchmark: for a list of keys, the statements a person would
 * write by hand for the same answer, run with the database's own driver in this process. Each
 * dialect offers several forms (an IN list, the list as one array or JSON parameter compared
 * with `= ANY`/`IN (SELECT ...)`, a join with the unnested list); the benchmark times them all
 * briefly and holds the engine against the fastest, per case.
 *
 * Lists are sent the cheapest way each driver allows (array text written in one join for
 * PostgreSQL, one JSON.stringify for MariaDB and SQLite), so the engine is compared with the
 * best a client could do, not with a driver's slower defaults.
 */
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { TABLE, type KeyColumn } from './key_lists_data';

export type Dialect = 'postgres' | 'mysql' | 'sqlite';

/** One hand-written way to get the answer: `count` rows, or the rows' count for `rows`. */
export interface Form {
  name: string;
  /** The statement's text, for the report (lists are one parameter or `?, ...`). */
  sql: string;
  run(): Promise<number>;
}

export interface Direct {
  /** Forms counting the rows whose `column` is one of `values` (distinct). */
  countForms(column: KeyColumn, values: Array<number | string>): Form[];
  /** Forms reading every column of the rows whose pid is one of `pids` (what `_mget` does). */
  rowForms(pids: number[]): Form[];
  close(): Promise<void>;
}

/** Lists up to this long are also tried as IN lists of one parameter per value. */
const IN_LIST_MAX = 4_000;

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const PG_TYPES: Record<KeyColumn, string> = { pid: 'integer', kw: 'text', u: 'uuid' };

/** Array text: numbers and uuids need no quoting; the keywords here none either. */
function pgArray(values: Array<number | string>): string {
  return `{${values.join(',')}}`;
}

export async function postgresDirect(url: string): Promise<Direct> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const count = async (text: string, values: unknown[]) =>
    Number((await client.query<{ n: string }>(text, values)).rows[0].n);
  return {
    countForms(column, values) {
      const type = PG_TYPES[column];
      const forms: Form[] = [
        {
          name: '= ANY(array)',
          sql: `SELECT count(*) AS n FROM ${TABLE} WHERE ${column} = ANY($1::${type}[])`,
          run() {
            return count(this.sql, [pgArray(values)]);
          },
        },
        {
          name: 'JOIN unnest(array)',
          sql: `SELECT count(*) AS n FROM ${TABLE} t JOIN unnest($1::${type}[]) AS v(x) ON t.${column} = v.x`,
          run() {
            return count(this.sql, [pgArray(values)]);
          },
        },
      ];
      if (values.length <= IN_LIST_MAX) {
        const list = values.map((_, i) => `$${i + 1}::${type}`).join(', ');
        forms.push({
          name: 'IN ($1, ...)',
          sql: `SELECT count(*) AS n FROM ${TABLE} WHERE ${column} IN (${list})`,
          run() {
            return count(this.sql, values);
          },
        });
      }
      return forms;
    },
    rowForms(pids) {
      return [
        {
          name: '= ANY(array)',
          sql: `SELECT id, pid, kw, u FROM ${TABLE} WHERE pid = ANY($1::integer[])`,
          async run() {
            return (await client.query(this.sql, [pgArray(pids)])).rows.length;
          },
        },
      ];
    },
    close: () => client.end(),
  };
}

// ---------------------------------------------------------------------------------------------
// MariaDB

/** The JSON_TABLE column a person would declare: the key column's own type and collation. */
const MYSQL_JSON_TYPES: Record<KeyColumn, string> = {
  pid: 'INT',
  kw: 'VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci',
  u: 'CHAR(36) CHARACTER SET ascii',
};

export async function mysqlDirect(url: string): Promise<Direct> {
  const conn = await mysql.createConnection({ uri: url, supportBigNumbers: true });
  // Prepared statements (binary protocol), as the engine runs them; statements differ per list
  // length, so mysql2's cache of prepared statements is bypassed (closed after each run).
  const execute = async (sql: string, values: unknown[]) => {
    const [rows] = await conn.execute<mysql.RowDataPacket[]>(sql, values as string[]);
    conn.unprepare(sql);
    return rows;
  };
  const count = async (sql: string, values: unknown[]) => Number((await execute(sql, values))[0].n);
  const jsonTable = (column: KeyColumn) =>
    `JSON_TABLE(?, '$[*]' COLUMNS (v ${MYSQL_JSON_TYPES[column]} PATH '$')) AS vs`;
  return {
    countForms(column, values) {
      const json = () => [JSON.stringify(values)];
      const forms: Form[] = [
        {
          name: 'IN (SELECT JSON_TABLE)',
          sql: `SELECT COUNT(*) AS n FROM ${TABLE} WHERE ${column} IN (SELECT v FROM ${jsonTable(column)})`,
          run() {
            return count(this.sql, json());
          },
        },
        {
          name: 'JOIN JSON_TABLE',
          sql: `SELECT COUNT(*) AS n FROM ${TABLE} t JOIN ${jsonTable(column)} ON t.${column} = vs.v`,
          run() {
            return count(this.sql, json());
          },
        },
      ];
      if (values.length <= IN_LIST_MAX) {
        const list = values.map(() => '?').join(', ');
        forms.push({
          name: 'IN (?, ...)',
          sql: `SELECT COUNT(*) AS n FROM ${TABLE} WHERE ${column} IN (${list})`,
          run() {
            return count(this.sql, values);
          },
        });
      }
      return forms;
    },
    rowForms(pids) {
      const forms: Form[] = [
        {
          name: 'IN (SELECT JSON_TABLE)',
          sql: `SELECT id, pid, kw, u FROM ${TABLE} WHERE pid IN (SELECT v FROM ${jsonTable('pid')})`,
          async run() {
            return (await execute(this.sql, [JSON.stringify(pids)])).length;
          },
        },
      ];
      if (pids.length <= IN_LIST_MAX) {
        forms.push({
          name: 'IN (?, ...)',
          sql: `SELECT id, pid, kw, u FROM ${TABLE} WHERE pid IN (${pids.map(() => '?').join(', ')})`,
          async run() {
            return (await execute(this.sql, pids)).length;
          },
        });
      }
      return forms;
    },
    close: () => conn.end(),
  };
}

/** The server's max_allowed_packet: no statement (with its parameters) may be longer. */
export async function mysqlMaxPacket(url: string): Promise<number> {
  const conn = await mysql.createConnection(url);
  try {
    const [rows] = await conn.query<mysql.RowDataPacket[]>('SELECT @@max_allowed_packet AS m');
    return Number(rows[0].m);
  } finally {
    await conn.end();
  }
}

// ---------------------------------------------------------------------------------------------
// SQLite

/** SQLITE_MAX_VARIABLE_NUMBER of better-sqlite3's build. */
const SQLITE_MAX_PARAMETERS = 32_766;

export function sqliteDirect(file: string): Direct {
  const db = new Database(file, { readonly: true });
  // Statements prepared once per text, as an application keeps them.
  const prepared = new Map<string, Database.Statement>();
  const statement = (sql: string) => {
    let s = prepared.get(sql);
    if (s === undefined) prepared.set(sql, (s = db.prepare(sql)));
    return s;
  };
  const count = (sql: string, values: unknown[]) =>
    Promise.resolve(Number((statement(sql).get(...values) as { n: number }).n));
  return {
    countForms(column, values) {
      const forms: Form[] = [
        {
          name: 'IN (SELECT json_each)',
          sql: `SELECT count(*) AS n FROM ${TABLE} WHERE ${column} IN (SELECT value FROM json_each(?))`,
          run() {
            return count(this.sql, [JSON.stringify(values)]);
          },
        },
        {
          name: 'JOIN json_each',
          sql: `SELECT count(*) AS n FROM ${TABLE} t JOIN json_each(?) AS j ON t.${column} = j.value`,
          run() {
            return count(this.sql, [JSON.stringify(values)]);
          },
        },
      ];
      if (values.length <= Math.min(IN_LIST_MAX, SQLITE_MAX_PARAMETERS)) {
        forms.push({
          name: 'IN (?, ...)',
          sql: `SELECT count(*) AS n FROM ${TABLE} WHERE ${column} IN (${values.map(() => '?').join(', ')})`,
          run() {
            return count(this.sql, values);
          },
        });
      }
      return forms;
    },
    rowForms(pids) {
      return [
        {
          name: 'IN (SELECT json_each)',
          sql: `SELECT id, pid, kw FROM ${TABLE} WHERE pid IN (SELECT value FROM json_each(?))`,
          run() {
            return Promise.resolve(statement(this.sql).all(JSON.stringify(pids)).length);
          },
        },
      ];
    },
    close: async () => {
      db.close();
    },
  };
}
