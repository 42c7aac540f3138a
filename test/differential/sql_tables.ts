/**
 * Creates a table from a TableSpec on PostgreSQL, MariaDB or SQLite, loads its rows with
 * parameterised multi-row inserts, and reads it back for integrity checks. Identifiers are
 * quoted here by hand (the test must not borrow the engine's quoting, which is under test).
 */
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import {
  sqlDateText,
  type ColumnSpec,
  type FieldType,
  type TableSpec,
  type Value,
} from './table_spec';

export type SqlKind = 'postgres' | 'mysql' | 'sqlite';
export const SQL_KINDS: readonly SqlKind[] = ['postgres', 'mysql', 'sqlite'];

export interface SqlTable {
  kind: SqlKind;
  name: string;
  /** Where it lives: the database URL, or the SQLite file. */
  location: string;
  /** Every row, ordered by key, as stable JSON text: equal text means an unchanged table. */
  snapshot(): Promise<string>;
  /** True when a table of that name exists (the canary of the hostile suite). */
  exists(table: string): Promise<boolean>;
  /** Runs trusted test SQL (DDL of extra tables). */
  exec(sql: string): Promise<void>;
  drop(): Promise<void>;
}

export function quoteIdent(kind: SqlKind, name: string): string {
  return kind === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
}

/**
 * MariaDB: `utf8mb4_nopad_bin` makes comparisons byte-exact like OpenSearch keyword fields:
 * case-sensitive (the `_bin` part) and without PAD SPACE, under which `'a' = 'a '` would be
 * true. No collation is forced (docs/api/interface.md §8.2.10): which one a table has is the user's choice,
 * and a case-insensitive or padding collation legitimately changes what term queries match.
 * PostgreSQL: `COLLATE "C"` orders by bytes, which for UTF-8 is OpenSearch's keyword order.
 */
const DDL_TYPES: Record<SqlKind, Record<FieldType, string>> = {
  postgres: {
    long: 'bigint',
    keyword: 'text COLLATE "C"',
    double: 'double precision',
    boolean: 'boolean',
    date: 'timestamptz(3)',
  },
  mysql: {
    long: 'bigint',
    keyword: 'text CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin',
    double: 'double',
    boolean: 'boolean',
    date: 'datetime(3)',
  },
  sqlite: {
    long: 'INTEGER',
    keyword: 'TEXT',
    double: 'REAL',
    boolean: 'BOOLEAN',
    date: 'DATETIME',
  },
};

function createTableSql(kind: SqlKind, name: string, spec: TableSpec): string {
  const columns = spec.columns.map(
    (c) =>
      `${quoteIdent(kind, c.name)} ${DDL_TYPES[kind][c.type]}${c.name === spec.key ? ' PRIMARY KEY' : ''}`
  );
  const suffix = kind === 'mysql' ? ' DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin' : '';
  return `CREATE TABLE ${quoteIdent(kind, name)} (${columns.join(', ')})${suffix}`;
}

/** A row value as the driver should bind it for this column. */
function bindValue(kind: SqlKind, column: ColumnSpec, value: Value): unknown {
  if (value === null) return null;
  switch (column.type) {
    case 'boolean':
      return kind === 'postgres' ? value : value ? 1 : 0;
    case 'date':
      // PostgreSQL's timestamptz reads the ISO instant; the others store UTC wall-clock text.
      return kind === 'postgres' ? value : sqlDateText(String(value));
    case 'long':
      // Text keeps every digit through drivers that would otherwise bind a double.
      return kind === 'sqlite' ? BigInt(value as number) : String(value);
    default:
      return value;
  }
}

const BATCH_ROWS = 200;

function insertSql(kind: SqlKind, name: string, spec: TableSpec, rowCount: number): string {
  const columns = spec.columns.map((c) => quoteIdent(kind, c.name)).join(', ');
  let p = 0;
  const tuples = Array.from(
    { length: rowCount },
    () => `(${spec.columns.map(() => (kind === 'postgres' ? `$${++p}` : '?')).join(', ')})`
  );
  return `INSERT INTO ${quoteIdent(kind, name)} (${columns}) VALUES ${tuples.join(', ')}`;
}

function batches(kind: SqlKind, name: string, spec: TableSpec) {
  const out: Array<{ sql: string; params: unknown[] }> = [];
  for (let start = 0; start < spec.rows.length; start += BATCH_ROWS) {
    const rows = spec.rows.slice(start, start + BATCH_ROWS);
    out.push({
      sql: insertSql(kind, name, spec, rows.length),
      params: rows.flatMap((row) =>
        spec.columns.map((c) => bindValue(kind, c, row[c.name] ?? null))
      ),
    });
  }
  return out;
}

export async function createSqlTable(
  kind: SqlKind,
  connection: { url?: string; sqliteFile?: string },
  name: string,
  spec: TableSpec
): Promise<SqlTable> {
  const keySql = quoteIdent(kind, spec.key);
  const selectAll = `SELECT * FROM ${quoteIdent(kind, name)} ORDER BY ${keySql}`;
  if (kind === 'sqlite') return sqliteTable(connection.sqliteFile!, name, spec, selectAll);
  if (kind === 'postgres') return postgresTable(connection.url!, name, spec, selectAll);
  return mysqlTable(connection.url!, name, spec, selectAll);
}

/** JSON with bigint and Buffer made printable; identical input gives identical text. */
function stableJson(rows: unknown[]): string {
  return JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
}

async function postgresTable(
  url: string,
  name: string,
  spec: TableSpec,
  selectAll: string
): Promise<SqlTable> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(createTableSql('postgres', name, spec));
  for (const batch of batches('postgres', name, spec)) await client.query(batch.sql, batch.params);
  await client.query(`ANALYZE ${quoteIdent('postgres', name)}`);
  return {
    kind: 'postgres',
    name,
    location: url,
    snapshot: async () => stableJson((await client.query(selectAll)).rows),
    exists: async (table) =>
      (await client.query('SELECT to_regclass($1) AS r', [quoteIdent('postgres', table)])).rows[0]
        .r !== null,
    exec: async (sql) => void (await client.query(sql)),
    drop: async () => {
      await client.query(`DROP TABLE IF EXISTS ${quoteIdent('postgres', name)}`);
      await client.end();
    },
  };
}

async function mysqlTable(
  url: string,
  name: string,
  spec: TableSpec,
  selectAll: string
): Promise<SqlTable> {
  const connection = await mysql.createConnection({
    uri: url,
    charset: 'utf8mb4_bin',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
  await connection.query(createTableSql('mysql', name, spec));
  // execute(): server-side prepared statements, so values never pass through SQL text.
  for (const batch of batches('mysql', name, spec))
    await connection.execute(batch.sql, batch.params as never[]);
  return {
    kind: 'mysql',
    name,
    location: url,
    snapshot: async () => stableJson((await connection.query(selectAll))[0] as unknown[]),
    exists: async (table) => {
      const [rows] = await connection.execute(
        'SELECT COUNT(*) AS c FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
        [table]
      );
      return Number((rows as Array<{ c: number }>)[0].c) > 0;
    },
    exec: async (sql) => void (await connection.query(sql)),
    drop: async () => {
      await connection.query(`DROP TABLE IF EXISTS ${quoteIdent('mysql', name)}`);
      await connection.end();
    },
  };
}

function sqliteTable(file: string, name: string, spec: TableSpec, selectAll: string): SqlTable {
  const db = new Database(file);
  db.exec(createTableSql('sqlite', name, spec));
  db.transaction(() => {
    for (const batch of batches('sqlite', name, spec)) db.prepare(batch.sql).run(...batch.params);
  })();
  const select = db.prepare(selectAll).safeIntegers(true);
  return {
    kind: 'sqlite',
    name,
    location: file,
    snapshot: async () => stableJson(select.all()),
    exists: async (table) =>
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !==
      undefined,
    exec: async (sql) => void db.exec(sql),
    drop: async () => {
      db.exec(`DROP TABLE IF EXISTS ${quoteIdent('sqlite', name)}`);
      db.close();
    },
  };
}
