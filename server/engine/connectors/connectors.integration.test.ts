/**
 * One suite, three real databases: PostgreSQL and MariaDB from the test bed, SQLite in a temp
 * file. Every connector runs with a pool of ONE connection, so a connection leaked by a test
 * (an early break, a timeout, an abort) makes the next statement wait and fail: each test is
 * also a leak check.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseSkip, type Skippable } from '../../../test/bed/context';
import { FederationError } from '../errors';
import type { Connector, MappedType, Row } from './connector';
import { createConnector, type ConnectorLimits } from './create_connector';
import type { JdbcConfig } from './jdbc/jdbc_config';
import { parseDatasourceConfig } from './jdbc_url';
import { DEFAULT_CONNECTOR_LIMITS } from './connector_limits';

const LIMITS: ConnectorLimits = {
  poolSize: 1,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleTimeoutMs: 10_000,
  batchSize: 500,
  keyListTableBytes: DEFAULT_CONNECTOR_LIMITS.keyListTableBytes,
};
const ROWS = 50_000;
/** Every password a test hands a connector: none may appear in any error. */
const SECRETS: string[] = [];

type Kind = 'postgres' | 'mysql' | 'sqlite';

interface ExpectedColumn {
  name: string;
  remoteType: string;
  mappedType: MappedType | null;
  zoned?: boolean;
  nullable?: boolean;
}

/** A test bed database: admin access for set-up, and the jdbc settings for the connector. */
interface Fixture {
  jdbc: JdbcConfig;
  /** `schema` in ResourceRef terms (MySQL: the database). */
  schema: string;
  exec(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

interface Target {
  kind: Kind;
  unavailable(): string | null;
  open(): Promise<Fixture>;
  typeTable(t: string): string[];
  dropTypeTable(t: string): string[];
  expectedColumns(t: string): ExpectedColumn[];
  /** Statements run before typeTable, allowed to fail (then `optionalColumns` are left out). */
  optionalSetup?: string[];
  optionalColumns?: string[];
  /** Inserts one row into the type table and the values the connector must read back. */
  typeValues(t: string): { insert: string; expected: Row };
  fillBig(fixture: Fixture, t: string): Promise<void>;
  /** A statement that runs for seconds. */
  slowStatement(bigTable: string): string;
  dateTable(t: string): string[];
  expectedDates: Row;
  wrongPort(jdbc: JdbcConfig): JdbcConfig;
  wrongDatabase(jdbc: JdbcConfig, name: string): JdbcConfig;
  /** Creates a login with a password; returns how to drop it. */
  createUser?(fixture: Fixture, user: string, password: string): Promise<() => Promise<void>>;
  /** Makes the login fail whatever the password (for servers that trust 127.0.0.1). */
  disableLogin?(fixture: Fixture, user: string): Promise<void>;
}

function token(): string {
  return randomBytes(4).toString('hex');
}

function withUrl(jdbc: JdbcConfig, url: string): JdbcConfig {
  return { ...jdbc, url };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

const postgres: Target = {
  kind: 'postgres',
  unavailable: () => databaseSkip('postgres'),
  async open() {
    const url = new URL(inject('postgresUrl')!);
    const client = new Client({ connectionString: url.toString() });
    await client.connect();
    // The bed trusts 127.0.0.1, so any password is accepted: one more secret to look for.
    const suitePassword = decodeURIComponent(url.password) || `suite-${token()}`;
    SECRETS.push(suitePassword);
    return {
      jdbc: {
        driver: 'org.postgresql.Driver',
        url: `jdbc:postgresql://${url.hostname}:${url.port || 5432}${url.pathname}`,
        username: decodeURIComponent(url.username),
        password: suitePassword,
      },
      schema: 'public',
      exec: async (sql, params) => void (await client.query(sql, params)),
      close: () => client.end(),
    };
  },
  // citext needs postgresql-contrib and a superuser; without them the column is left out.
  optionalSetup: ['CREATE EXTENSION IF NOT EXISTS citext'],
  optionalColumns: ['c_citext'],
  typeTable: (t) => [
    `CREATE TYPE ${t}_mood AS ENUM ('happy', 'sad')`,
    `CREATE TABLE ${t} (id integer NOT NULL PRIMARY KEY,
      c_varchar varchar(20), c_char char(3), c_text text, c_citext citext, c_uuid uuid,
      c_enum ${t}_mood, c_bool boolean, c_date date, c_ts timestamp, c_tstz timestamptz,
      c_smallint smallint, c_int integer, c_bigint bigint, c_serial serial,
      c_real real, c_double double precision, c_numeric numeric(10,2), c_money money,
      c_json json, c_jsonb jsonb, c_bytea bytea, c_int_array integer[], c_interval interval,
      c_time time)`,
    `CREATE VIEW ${t}_v AS SELECT id, c_text FROM ${t}`,
  ],
  dropTypeTable: (t) => [
    `DROP VIEW IF EXISTS ${t}_v`,
    `DROP TABLE IF EXISTS ${t}`,
    `DROP TYPE IF EXISTS ${t}_mood`,
  ],
  expectedColumns: (t) => [
    { name: 'id', remoteType: 'integer', mappedType: 'long', nullable: false },
    { name: 'c_varchar', remoteType: 'character varying', mappedType: 'keyword' },
    { name: 'c_char', remoteType: 'character', mappedType: 'keyword' },
    { name: 'c_text', remoteType: 'text', mappedType: 'keyword' },
    { name: 'c_citext', remoteType: 'citext', mappedType: 'keyword' },
    { name: 'c_uuid', remoteType: 'uuid', mappedType: 'keyword' },
    { name: 'c_enum', remoteType: `${t}_mood`, mappedType: 'keyword' },
    { name: 'c_bool', remoteType: 'boolean', mappedType: 'boolean' },
    { name: 'c_date', remoteType: 'date', mappedType: 'date', zoned: false },
    { name: 'c_ts', remoteType: 'timestamp without time zone', mappedType: 'date', zoned: false },
    { name: 'c_tstz', remoteType: 'timestamp with time zone', mappedType: 'date', zoned: true },
    { name: 'c_smallint', remoteType: 'smallint', mappedType: 'long' },
    { name: 'c_int', remoteType: 'integer', mappedType: 'long' },
    { name: 'c_bigint', remoteType: 'bigint', mappedType: 'long' },
    { name: 'c_serial', remoteType: 'integer', mappedType: 'long', nullable: false },
    { name: 'c_real', remoteType: 'real', mappedType: 'double' },
    { name: 'c_double', remoteType: 'double precision', mappedType: 'double' },
    { name: 'c_numeric', remoteType: 'numeric', mappedType: 'double' },
    { name: 'c_money', remoteType: 'money', mappedType: 'double' },
    { name: 'c_json', remoteType: 'json', mappedType: null },
    { name: 'c_jsonb', remoteType: 'jsonb', mappedType: null },
    { name: 'c_bytea', remoteType: 'bytea', mappedType: null },
    { name: 'c_int_array', remoteType: 'int4[]', mappedType: null },
    { name: 'c_interval', remoteType: 'interval', mappedType: null },
    { name: 'c_time', remoteType: 'time without time zone', mappedType: null },
  ],
  typeValues: (t) => ({
    insert: `INSERT INTO ${t} (id, c_varchar, c_enum, c_bool, c_int, c_bigint, c_numeric, c_money,
      c_double) VALUES (1, 'abc', 'sad', true, 42, 9007199254740993, 12.50, 1234.5, 0.25)`,
    expected: {
      id: 1,
      c_varchar: 'abc',
      c_enum: 'sad',
      c_bool: true,
      c_int: 42,
      c_bigint: '9007199254740993',
      c_numeric: 12.5,
      c_money: 1234.5,
      c_double: 0.25,
    },
  }),
  async fillBig(fixture, t) {
    await fixture.exec(`CREATE TABLE ${t} (id integer NOT NULL PRIMARY KEY, label varchar(40))`);
    await fixture.exec(`INSERT INTO ${t} SELECT g, 'row ' || g FROM generate_series(1, ${ROWS}) g`);
  },
  slowStatement: () => 'SELECT pg_sleep(5) AS slept',
  dateTable: (t) => [
    `CREATE TABLE ${t} (id integer, d date, ts timestamp, tz timestamptz)`,
    `INSERT INTO ${t} VALUES (1, '2024-02-29', '2024-02-29 23:30:00', '2024-02-29 23:30:00+00')`,
  ],
  expectedDates: { d: '2024-02-29', ts: '2024-02-29 23:30:00', tz: '2024-02-29 23:30:00+00' },
  wrongPort: (jdbc) => withUrl(jdbc, 'jdbc:postgresql://127.0.0.1:1/test'),
  wrongDatabase: (jdbc, name) => withUrl(jdbc, jdbc.url.replace(/\/[^/]*$/, `/${name}`)),
  async createUser(fixture, user, password) {
    await fixture.exec(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
    return () => fixture.exec(`DROP ROLE IF EXISTS ${user}`);
  },
  async disableLogin(fixture, user) {
    await fixture.exec(`ALTER ROLE ${user} NOLOGIN`);
  },
};

// ---------------------------------------------------------------------------------------------
// MariaDB

const mariadb: Target = {
  kind: 'mysql',
  unavailable: () => databaseSkip('mysql'),
  async open() {
    const url = new URL(inject('mysqlUrl')!);
    const conn = await mysql.createConnection({ uri: url.toString() });
    // TIMESTAMP literals are read in the session zone: make the fixture's inserts UTC.
    await conn.query("SET time_zone = '+00:00'");
    const database = decodeURIComponent(url.pathname.slice(1));
    const password = decodeURIComponent(url.password);
    if (password) SECRETS.push(password);
    return {
      jdbc: {
        driver: 'org.mariadb.jdbc.Driver',
        url: `jdbc:mariadb://${url.hostname}:${url.port || 3306}/${database}`,
        username: decodeURIComponent(url.username),
        password,
      },
      schema: database,
      exec: async (sql, params) => void (await conn.query(sql, params)),
      close: () => conn.end(),
    };
  },
  typeTable: (t) => [
    `CREATE TABLE ${t} (id int NOT NULL PRIMARY KEY,
      c_varchar varchar(20), c_char char(3), c_text text, c_enum enum('a','b'), c_uuid uuid,
      c_bool boolean, c_bit bit(1), c_date date, c_datetime datetime, c_timestamp timestamp NULL,
      c_tinyint tinyint, c_smallint smallint, c_mediumint mediumint, c_int int, c_bigint bigint,
      c_float float, c_double double, c_decimal decimal(10,2),
      c_json json, c_blob blob, c_time time)`,
    `CREATE VIEW ${t}_v AS SELECT id, c_text FROM ${t}`,
  ],
  dropTypeTable: (t) => [`DROP VIEW IF EXISTS ${t}_v`, `DROP TABLE IF EXISTS ${t}`],
  expectedColumns: () => [
    { name: 'id', remoteType: 'int(11)', mappedType: 'long', nullable: false },
    { name: 'c_varchar', remoteType: 'varchar(20)', mappedType: 'keyword' },
    { name: 'c_char', remoteType: 'char(3)', mappedType: 'keyword' },
    { name: 'c_text', remoteType: 'text', mappedType: 'keyword' },
    { name: 'c_enum', remoteType: "enum('a','b')", mappedType: 'keyword' },
    { name: 'c_uuid', remoteType: 'uuid', mappedType: 'keyword' },
    { name: 'c_bool', remoteType: 'tinyint(1)', mappedType: 'boolean' },
    { name: 'c_bit', remoteType: 'bit(1)', mappedType: 'boolean' },
    { name: 'c_date', remoteType: 'date', mappedType: 'date', zoned: false },
    { name: 'c_datetime', remoteType: 'datetime', mappedType: 'date', zoned: false },
    { name: 'c_timestamp', remoteType: 'timestamp', mappedType: 'date', zoned: true },
    { name: 'c_tinyint', remoteType: 'tinyint(4)', mappedType: 'long' },
    { name: 'c_smallint', remoteType: 'smallint(6)', mappedType: 'long' },
    { name: 'c_mediumint', remoteType: 'mediumint(9)', mappedType: 'long' },
    { name: 'c_int', remoteType: 'int(11)', mappedType: 'long' },
    { name: 'c_bigint', remoteType: 'bigint(20)', mappedType: 'long' },
    { name: 'c_float', remoteType: 'float', mappedType: 'double' },
    { name: 'c_double', remoteType: 'double', mappedType: 'double' },
    { name: 'c_decimal', remoteType: 'decimal(10,2)', mappedType: 'double' },
    { name: 'c_json', remoteType: 'json', mappedType: null },
    { name: 'c_blob', remoteType: 'blob', mappedType: null },
    { name: 'c_time', remoteType: 'time', mappedType: null },
  ],
  typeValues: (t) => ({
    insert: `INSERT INTO ${t} (id, c_varchar, c_enum, c_bool, c_bit, c_int, c_bigint, c_decimal,
      c_double) VALUES (1, 'abc', 'b', true, b'1', 42, 9007199254740993, 12.50, 0.25)`,
    expected: {
      id: 1,
      c_varchar: 'abc',
      c_enum: 'b',
      c_bool: true,
      c_bit: true,
      c_int: 42,
      c_bigint: '9007199254740993',
      c_decimal: 12.5,
      c_double: 0.25,
    },
  }),
  async fillBig(fixture, t) {
    await fixture.exec(`CREATE TABLE ${t} (id int NOT NULL PRIMARY KEY, label varchar(40))`);
    for (let start = 1; start <= ROWS; start += 5_000) {
      const rows = Array.from({ length: 5_000 }, (_, i) => [start + i, `row ${start + i}`]);
      await fixture.exec(`INSERT INTO ${t} (id, label) VALUES ?`, [rows]);
    }
  },
  slowStatement: () => 'SELECT SLEEP(5) AS slept',
  dateTable: (t) => [
    `CREATE TABLE ${t} (id int, d date, ts datetime, tz timestamp NULL)`,
    `INSERT INTO ${t} VALUES (1, '2024-02-29', '2024-02-29 23:30:00', '2024-02-29 23:30:00')`,
  ],
  expectedDates: { d: '2024-02-29', ts: '2024-02-29 23:30:00', tz: '2024-02-29 23:30:00' },
  wrongPort: (jdbc) => withUrl(jdbc, 'jdbc:mariadb://127.0.0.1:1/test'),
  wrongDatabase: (jdbc, name) => withUrl(jdbc, jdbc.url.replace(/\/[^/]*$/, `/${name}`)),
  async createUser(fixture, user, password) {
    await fixture.exec(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
    await fixture.exec(`GRANT SELECT ON *.* TO '${user}'@'%'`);
    return () => fixture.exec(`DROP USER IF EXISTS '${user}'@'%'`);
  },
};

// ---------------------------------------------------------------------------------------------
// SQLite

const sqlite: Target = {
  kind: 'sqlite',
  unavailable: () => null,
  async open() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-sqlite-'));
    const file = path.join(dir, 'test.db');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    return {
      jdbc: { driver: 'org.sqlite.JDBC', url: `jdbc:sqlite:${file}` },
      schema: 'main',
      exec: async (sql, params) => void db.prepare(sql).run(...(params ?? [])),
      close: async () => {
        db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  },
  typeTable: (t) => [
    `CREATE TABLE ${t} (id INTEGER NOT NULL PRIMARY KEY, c_varchar VARCHAR(20), c_text TEXT,
      c_clob CLOB, c_bool BOOLEAN, c_date DATE, c_datetime DATETIME, c_timestamp TIMESTAMP,
      c_int INT, c_bigint BIGINT, c_real REAL, c_double DOUBLE, c_float FLOAT, c_numeric NUMERIC,
      c_decimal DECIMAL(10,2), c_blob BLOB, c_none, c_json JSON)`,
    `CREATE VIEW ${t}_v AS SELECT id, c_text FROM ${t}`,
  ],
  dropTypeTable: (t) => [`DROP VIEW IF EXISTS ${t}_v`, `DROP TABLE IF EXISTS ${t}`],
  expectedColumns: () => [
    { name: 'id', remoteType: 'INTEGER', mappedType: 'long', nullable: false },
    { name: 'c_varchar', remoteType: 'VARCHAR(20)', mappedType: 'keyword' },
    { name: 'c_text', remoteType: 'TEXT', mappedType: 'keyword' },
    { name: 'c_clob', remoteType: 'CLOB', mappedType: 'keyword' },
    { name: 'c_bool', remoteType: 'BOOLEAN', mappedType: 'boolean' },
    { name: 'c_date', remoteType: 'DATE', mappedType: 'date', zoned: false },
    { name: 'c_datetime', remoteType: 'DATETIME', mappedType: 'date', zoned: false },
    { name: 'c_timestamp', remoteType: 'TIMESTAMP', mappedType: 'date', zoned: false },
    { name: 'c_int', remoteType: 'INT', mappedType: 'long' },
    { name: 'c_bigint', remoteType: 'BIGINT', mappedType: 'long' },
    { name: 'c_real', remoteType: 'REAL', mappedType: 'double' },
    { name: 'c_double', remoteType: 'DOUBLE', mappedType: 'double' },
    { name: 'c_float', remoteType: 'FLOAT', mappedType: 'double' },
    { name: 'c_numeric', remoteType: 'NUMERIC', mappedType: 'double' },
    { name: 'c_decimal', remoteType: 'DECIMAL(10,2)', mappedType: 'double' },
    { name: 'c_blob', remoteType: 'BLOB', mappedType: null },
    { name: 'c_none', remoteType: '', mappedType: null },
    { name: 'c_json', remoteType: 'JSON', mappedType: null },
  ],
  typeValues: (t) => ({
    insert: `INSERT INTO ${t} (id, c_varchar, c_bool, c_int, c_bigint, c_decimal, c_double)
      VALUES (1, 'abc', 1, 42, 9007199254740993, 12.50, 0.25)`,
    expected: {
      id: 1,
      c_varchar: 'abc',
      c_bool: 1,
      c_int: 42,
      c_bigint: '9007199254740993',
      c_decimal: 12.5,
      c_double: 0.25,
    },
  }),
  async fillBig(fixture, t) {
    await fixture.exec(`CREATE TABLE ${t} (id INTEGER NOT NULL PRIMARY KEY, label VARCHAR(40))`);
    await fixture.exec(
      `INSERT INTO ${t} WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g
        WHERE n < ${ROWS}) SELECT n, 'row ' || n FROM g`
    );
  },
  // Never ends; each row scans the big table, so SQLite is busy between rows.
  slowStatement: (big) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
    SELECT x, (SELECT count(*) FROM ${big} WHERE label <> 'x' || c.x) AS n FROM c`,
  dateTable: (t) => [
    `CREATE TABLE ${t} (id INTEGER, d DATE, ts DATETIME)`,
    `INSERT INTO ${t} VALUES (1, '2024-02-29', '2024-02-29 23:30:00')`,
  ],
  expectedDates: { d: '2024-02-29', ts: '2024-02-29 23:30:00' },
  wrongPort: (jdbc) => withUrl(jdbc, `${jdbc.url}.missing`),
  wrongDatabase: (jdbc, name) => withUrl(jdbc, jdbc.url.replace(/[^/]*$/, `${name}.db`)),
};

// ---------------------------------------------------------------------------------------------
// Helpers

async function failure(promise: Promise<unknown>): Promise<FederationError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e
  );
  expect(err, 'expected the call to fail').toBeInstanceOf(FederationError);
  const error = err as FederationError;
  for (const secret of SECRETS) {
    expect(error.message).not.toContain(secret);
    expect(inspect(error, { depth: 6 })).not.toContain(secret);
  }
  return error;
}

async function collect(iterable: AsyncIterable<Row>, stopAfter = Infinity): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const row of iterable) {
    rows.push(row);
    if (rows.length >= stopAfter) break;
  }
  return rows;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

function connect(jdbc: JdbcConfig, limits: Partial<ConnectorLimits> = {}): Connector {
  return createConnector(parseDatasourceConfig(jdbc), { ...LIMITS, ...limits });
}

/** Proves the single pooled connection is free and working. */
async function expectUsable(connector: Connector): Promise<void> {
  const { server } = await connector.validate();
  expect(server).not.toBe('');
}

// ---------------------------------------------------------------------------------------------
// The suite

function defineSuite(target: Target): void {
  describe(`${target.kind} connector`, () => {
    const id = token();
    const typeTable = `fed_types_${id}`;
    const bigTable = `fed_big_${id}`;
    const dateTable = `fed_dates_${id}`;
    let fixture: Fixture | undefined;
    let connector: Connector | undefined;

    function ready(ctx: Skippable): { fixture: Fixture; connector: Connector } {
      const reason = target.unavailable();
      if (reason) return ctx.skip(reason);
      if (!fixture || !connector) throw new Error('set-up failed: see beforeAll');
      return { fixture, connector };
    }

    /** Columns of the type table that this server could not create. */
    const missingColumns = new Set<string>();

    /** The type table's DDL without the columns in `missingColumns`. */
    function typeTableStatements(): string[] {
      return target
        .typeTable(typeTable)
        .map((sql) =>
          [...missingColumns].reduce(
            (text, column) => text.replace(new RegExp(`\\s*${column} [^,]*,`), ''),
            sql
          )
        );
    }

    beforeAll(async () => {
      if (target.unavailable()) return;
      fixture = await target.open();
      for (const sql of target.optionalSetup ?? []) {
        await fixture.exec(sql).catch(() => {
          for (const column of target.optionalColumns ?? []) missingColumns.add(column);
        });
      }
      for (const sql of typeTableStatements()) await fixture.exec(sql);
      await fixture.exec(target.typeValues(typeTable).insert);
      await target.fillBig(fixture, bigTable);
      for (const sql of target.dateTable(dateTable)) await fixture.exec(sql);
      connector = connect(fixture.jdbc);
    });

    afterAll(async () => {
      await connector?.close();
      if (!fixture) return;
      try {
        for (const sql of target.dropTypeTable(typeTable)) await fixture.exec(sql);
        await fixture.exec(`DROP TABLE IF EXISTS ${bigTable}`);
        await fixture.exec(`DROP TABLE IF EXISTS ${dateTable}`);
      } finally {
        await fixture.close();
      }
    });

    it('validates and reports the server version', async (ctx) => {
      const { connector } = ready(ctx);
      const { server } = await connector.validate();
      expect(server).toMatch(/\d+\.\d+/);
    });

    it('describes every column in table order with remote and mapped types', async (ctx) => {
      const { connector, fixture } = ready(ctx);
      if (missingColumns.size) ctx.annotate(`not created here: ${[...missingColumns].join(', ')}`);
      const expected = target
        .expectedColumns(typeTable)
        .filter((c) => !missingColumns.has(c.name))
        .map((c) => ({
          name: c.name,
          remoteType: c.remoteType,
          mappedType: c.mappedType,
          nullable: c.nullable ?? true,
          ...(c.mappedType === 'date' ? { zoned: c.zoned ?? false } : {}),
          // Only PostgreSQL tells a deterministic collation (the fixture's text columns have
          // the database's own).
          ...(c.mappedType === 'keyword' && target.kind === 'postgres'
            ? { deterministic: true }
            : {}),
        }));
      expect(await connector.describe({ name: typeTable })).toEqual(expected);
      expect(await connector.describe({ schema: fixture.schema, name: typeTable })).toEqual(
        expected
      );
      const view = await connector.describe({ name: `${typeTable}_v` });
      expect(view.map((c) => c.name)).toEqual(['id', 'c_text']);
    });

    it('answers 404 for a table that does not exist', async (ctx) => {
      const { connector, fixture } = ready(ctx);
      const error = await failure(
        connector.describe({ schema: fixture.schema, name: `${typeTable}_missing` })
      );
      expect(error).toMatchObject({ status: 404, type: 'resource_not_found_exception' });
      expect(error.reason).toBe(
        `table or view [${fixture.schema}.${typeTable}_missing] does not exist in the datasource; check the [resource] name and its [schema]/[catalog]`
      );
    });

    it('reads values with exact integers and decimal numbers', async (ctx) => {
      const { connector } = ready(ctx);
      const { expected } = target.typeValues(typeTable);
      const columns = Object.keys(expected).join(', ');
      const [row] = await connector.query(`SELECT ${columns} FROM ${typeTable}`, []);
      expect(row).toEqual(expected);
      // Streamed rows are read alike (MySQL's booleans are converted on both paths).
      const streamed: Row[] = [];
      for await (const r of connector.stream(`SELECT ${columns} FROM ${typeTable}`, [])) {
        streamed.push(r);
      }
      expect(streamed).toEqual([expected]);
    });

    it('lists catalogs, schemas, tables and views without system schemas', async (ctx) => {
      const { connector, fixture } = ready(ctx);
      const metadata = await connector.metadata();
      const mine = metadata.resources.filter((r) => r.name.startsWith(typeTable));
      expect(mine.map((r) => [r.name, r.kind]).sort()).toEqual([
        [typeTable, 'table'],
        [`${typeTable}_v`, 'view'],
      ]);
      const system = ['pg_catalog', 'information_schema', 'mysql', 'performance_schema', 'sys'];
      const places = [
        ...metadata.catalogs,
        ...metadata.schemas.map((s) => s.name),
        ...metadata.resources.flatMap((r) => [r.catalog, r.schema]),
      ].map((name) => name?.toLowerCase());
      for (const name of system) expect(places).not.toContain(name);
      if (target.kind === 'mysql') {
        expect(metadata.catalogs).toContain(fixture.schema);
        expect(mine[0].catalog).toBe(fixture.schema);
      } else {
        expect(metadata.schemas.map((s) => s.name)).toContain(fixture.schema);
        expect(mine[0].schema).toBe(fixture.schema);
      }
    });

    it('streams 50,000 rows in order', async (ctx) => {
      const { connector } = ready(ctx);
      const rows = await collect(
        connector.stream(`SELECT id, label FROM ${bigTable} ORDER BY id`, [])
      );
      expect(rows).toHaveLength(ROWS);
      expect(rows[0]).toEqual({ id: 1, label: 'row 1' });
      expect(rows[ROWS - 1]).toEqual({ id: ROWS, label: `row ${ROWS}` });
      expect(rows.every((row, i) => row.id === i + 1)).toBe(true);
    });

    it('releases the connection when the consumer breaks early', async (ctx) => {
      const { connector } = ready(ctx);
      const sql = `SELECT id, label FROM ${bigTable} ORDER BY id`;
      for (let round = 0; round < 3; round++) {
        const { value: rows, ms } = await timed(() => collect(connector.stream(sql, []), 1_234));
        expect(rows).toHaveLength(1_234);
        expect(ms).toBeLessThan(4_000);
      }
      // The pool has one connection: had the break leaked it, this would wait and fail.
      const [count] = await connector.query(`SELECT count(*) AS n FROM ${bigTable}`, []);
      expect(Number(count.n)).toBe(ROWS);
    });

    it('hands every row to forEachRow, and a throwing consumer ends the statement', async (ctx) => {
      const { connector } = ready(ctx);
      const p = connector.dialect.placeholder;
      const sql = `SELECT id FROM ${bigTable} WHERE id > ${p(1)} ORDER BY id`;
      const seen: unknown[] = [];
      await connector.forEachRow(sql, [10], (row) => seen.push(row.id));
      expect(seen).toHaveLength(ROWS - 10);
      expect(seen.every((id, i) => id === i + 11)).toBe(true);
      let calls = 0;
      const stop = new Error('enough keys');
      const error = await connector
        .forEachRow(sql, [0], () => {
          if (++calls === 1_000) throw stop;
        })
        .catch((e: unknown) => e);
      expect(error).toBe(stop);
      expect(calls).toBe(1_000);
      // The pool has one connection: it was dropped or freed, and the next statement runs.
      await expectUsable(connector);
      const timeout = await failure(
        connector.forEachRow(target.slowStatement(bigTable), [], () => undefined, {
          timeoutMs: 300,
        })
      );
      expect(timeout).toMatchObject({ status: 504, type: 'datasource_timeout_exception' });
      await expectUsable(connector);
    });

    if (target.kind === 'mysql') {
      it('answers a statement over max_allowed_packet with a 400 naming the setting', async (ctx) => {
        const { connector } = ready(ctx);
        const [row] = await connector.query('SELECT @@max_allowed_packet AS max', []);
        const tooLarge = 'x'.repeat(Number(row.max) + 1024);
        const error = await failure(connector.query('SELECT ? AS v', [tooLarge]));
        expect(error).toMatchObject({ status: 400, type: 'illegal_argument_exception' });
        expect(error.reason).toContain('max_allowed_packet');
        await expectUsable(connector);
      });
    }

    it('streams with parameters', async (ctx) => {
      const { connector } = ready(ctx);
      const p = connector.dialect.placeholder;
      const rows = await collect(
        connector.stream(
          `SELECT id FROM ${bigTable} WHERE id > ${p(1)} AND id <= ${p(2)} ORDER BY id`,
          [100, 105]
        )
      );
      expect(rows.map((r) => r.id)).toEqual([101, 102, 103, 104, 105]);
    });

    if (target.kind === 'postgres') {
      it('reads only the batches the consumer pulls', async (ctx) => {
        const { connector } = ready(ctx);
        // Row 40,000 divides by zero: never reached when only the first batches are read. (No
        // ORDER BY: a sort would compute every row before returning the first.)
        const sql = `SELECT id, 1 / (id - 40000) AS x FROM ${bigTable}`;
        expect(await collect(connector.stream(sql, []), 10)).toHaveLength(10);
        const error = await failure(collect(connector.stream(sql, [])));
        expect(error).toMatchObject({ status: 502, type: 'datasource_query_exception' });
        expect(error.reason).toContain('division by zero');
        await expectUsable(connector);
      });
    }

    it('enforces the statement timeout on query and stream', async (ctx) => {
      const { connector } = ready(ctx);
      const slow = target.slowStatement(bigTable);
      const query = await timed(() => failure(connector.query(slow, [], { timeoutMs: 300 })));
      expect(query.value).toMatchObject({ status: 504, type: 'datasource_timeout_exception' });
      expect(query.value.reason).toContain('[300ms]');
      expect(query.ms).toBeLessThan(2_500);
      await expectUsable(connector);

      const stream = await timed(() =>
        failure(collect(connector.stream(slow, [], { timeoutMs: 300 })))
      );
      expect(stream.value).toMatchObject({ status: 504, type: 'datasource_timeout_exception' });
      expect(stream.ms).toBeLessThan(2_500);
      await expectUsable(connector);
    });

    it('cancels a running statement when the signal aborts', async (ctx) => {
      const { connector } = ready(ctx);
      const slow = target.slowStatement(bigTable);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const query = await timed(() =>
        failure(connector.query(slow, [], { signal: controller.signal }))
      );
      expect(query.value).toMatchObject({ status: 499, type: 'request_aborted_exception' });
      expect(query.ms).toBeLessThan(2_000);
      await expectUsable(connector);

      const during = new AbortController();
      let seen = 0;
      const stream = failure(
        (async () => {
          for await (const _row of connector.stream(`SELECT id FROM ${bigTable} ORDER BY id`, [], {
            signal: during.signal,
          })) {
            if (++seen === 100) during.abort();
          }
        })()
      );
      expect(await stream).toMatchObject({ status: 499 });
      expect(seen).toBe(100);
      await expectUsable(connector);

      const before = new AbortController();
      before.abort();
      expect(
        await failure(connector.query('SELECT 1', [], { signal: before.signal }))
      ).toMatchObject({ status: 499 });
      await expectUsable(connector);
    });

    it('reports SQL errors with the driver message', async (ctx) => {
      const { connector } = ready(ctx);
      const error = await failure(connector.query(`SELECT * FROM ${typeTable}_nope`, []));
      expect(error).toMatchObject({ status: 502, type: 'datasource_query_exception' });
      expect(error.reason).toContain(`${typeTable}_nope`);
      const streamed = await failure(collect(connector.stream('SELECT FROM WHERE', [])));
      expect(streamed).toMatchObject({ status: 502, type: 'datasource_query_exception' });
      await expectUsable(connector);
    });

    it('returns dates and timestamps as the stored wall time, whatever the process zone', async (ctx) => {
      const { connector } = ready(ctx);
      const columns = Object.keys(target.expectedDates).join(', ');
      const sql = `SELECT ${columns} FROM ${dateTable} WHERE id = 1`;
      const original = process.env.TZ;
      try {
        for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles']) {
          process.env.TZ = zone;
          expect(await connector.query(sql, [])).toEqual([target.expectedDates]);
          expect(await collect(connector.stream(sql, []))).toEqual([target.expectedDates]);
        }
      } finally {
        if (original === undefined) delete process.env.TZ;
        else process.env.TZ = original;
      }
    });

    it('fails validation with a 502 naming the address when nothing listens', async (ctx) => {
      const { fixture } = ready(ctx);
      const broken = connect(target.wrongPort(fixture.jdbc), { connectTimeoutMs: 3_000 });
      try {
        const error = await failure(broken.validate());
        expect(error).toMatchObject({ status: 502, type: 'datasource_connection_exception' });
        const address = target.kind === 'sqlite' ? '.missing' : '127.0.0.1:1]';
        expect(error.reason).toContain(address);
      } finally {
        await broken.close();
      }
    });

    it('fails validation with a 502 naming a database that does not exist', async (ctx) => {
      const { fixture } = ready(ctx);
      const name = `no_such_db_${token()}`;
      const broken = connect(target.wrongDatabase(fixture.jdbc, name));
      try {
        const error = await failure(broken.validate());
        expect(error.status).toBe(502);
        expect(error.reason).toContain(name);
      } finally {
        await broken.close();
      }
    });

    if (target.createUser) {
      it('reports a refused login without revealing the password', async (ctx) => {
        const { fixture } = ready(ctx);
        const user = `fed_login_${token()}`;
        const password = `Right-${token()}`;
        const wrong = `Wrong-${token()}`;
        SECRETS.push(password, wrong);
        const drop = await target.createUser!(fixture, user, password);
        try {
          const good = connect({ ...fixture.jdbc, username: user, password });
          try {
            await expectUsable(good);
          } finally {
            await good.close();
          }
          const bad = connect({ ...fixture.jdbc, username: user, password: wrong });
          try {
            let error = await bad.validate().then(
              () => null,
              (e: unknown) => e
            );
            if (error === null && target.disableLogin) {
              // The bed trusts 127.0.0.1 and accepts any password: refuse the login instead.
              ctx.annotate('server trusts 127.0.0.1; checked a refused login (NOLOGIN) instead');
              await target.disableLogin(fixture, user);
              const fresh = connect({ ...fixture.jdbc, username: user, password: wrong });
              error = await fresh.validate().then(
                () => null,
                (e: unknown) => e
              );
              await fresh.close();
            }
            const refused = await failure(Promise.reject(error));
            expect(refused).toMatchObject({
              status: 502,
              type: 'datasource_authentication_exception',
            });
            expect(refused.reason).toContain(`login for user [${user}]`);
            expect(refused.reason).toContain('check jdbc.username and jdbc.password');
          } finally {
            await bad.close();
          }
        } finally {
          await drop();
        }
      });
    }
  });
}

for (const target of [postgres, mariadb, sqlite]) defineSuite(target);
