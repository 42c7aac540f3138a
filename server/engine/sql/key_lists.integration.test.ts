/**
 * Key lists into SQL at the parameter limits of each database the test bed runs: `terms` on an
 * integer, a keyword and a uuid column, `ids` on a virtual index keyed by each, and `_mget`,
 * with lists one below, at and one above the limit of one statement (PostgreSQL and MariaDB
 * 65,535 parameters, SQLite 32,766). Every answer is compared with a direct SQL count. Each list
 * also holds keys that can match nothing (an integer the column cannot hold, a fraction, a uuid in
 * upper case, text with NUL, quotes and backslashes), which must drop out, never fail.
 *
 * Then EXPLAIN: the list forms must let each database use the key column's index (a uuid column
 * compared as a uuid, a MariaDB column of any collation compared under its own), and PostgreSQL
 * must plan a long list without parallel workers.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { databaseSkip, uniqueName } from '../../../test/bed/context';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../../../test/support/in_process_host';
import type { Connector, ResourceRef } from '../connectors/connector';
import { createConnector } from '../connectors/create_connector';
import type { JdbcConfig } from '../connectors/jdbc/jdbc_config';
import { parseDatasourceConfig } from '../connectors/jdbc_url';
import { JsonKeyList } from './json_key_list';
import { renderSql, sql as fragment } from './sql_fragment';
import { translateQuery } from './query_translator';
import type { TranslationContext } from './translation_context';
import { DEFAULT_CONNECTOR_LIMITS } from '../connectors/connector_limits';
import { DATASOURCES, VIRTUAL_INDICES } from '../../../test/support/api_paths';

/** Rows 1..ROWS. */
const ROWS = 40_000;
/** Where the short lists of the last tests start. */
const FIRST = 5_001;

/** Where a list of about `size` keys starts so that its second half names no row. */
const firstOf = (size: number) => ROWS - Math.floor(size / 2) + 1;
const LIMITS = {
  poolSize: 2,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 60_000,
  idleTimeoutMs: 10_000,
  batchSize: 1_000,
  keyListTableBytes: DEFAULT_CONNECTOR_LIMITS.keyListTableBytes,
};

type Kind = 'postgres' | 'mysql' | 'sqlite';
type KeyColumn = 'id' | 'kw' | 'u';

/** Version 4, variant 8 uuid text of md5(`u<id>`), as the tables hold it (MariaDB needs both). */
function uuidOf(id: number): string {
  const h = createHash('md5').update(`u${id}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20)}`;
}

const UUID_SQL = (m: string) =>
  `CONCAT(SUBSTR(${m}, 1, 8), '-', SUBSTR(${m}, 9, 4), '-4', SUBSTR(${m}, 14, 3), '-8', SUBSTR(${m}, 18, 3), '-', SUBSTR(${m}, 21))`;

const keywordOf = (id: number) => `k${id}`;

/** The key of row `id` in `column`, as a `terms` value and as an `_id`. */
function keyOf(column: KeyColumn, id: number): number | string {
  return column === 'id' ? id : column === 'kw' ? keywordOf(id) : uuidOf(id);
}

/**
 * Keys that name no row other than `first` (in every list already): each must drop out or
 * simply not match, never fail the statement.
 */
function strays(kind: Kind, column: KeyColumn, first: number): unknown[] {
  if (column === 'id') return [3_000_000_000, -1, 2.5];
  if (column === 'u') return [uuidOf(first).toUpperCase(), `{${uuidOf(first)}}`, 'not-a-uuid'];
  // NUL cannot be sent to PostgreSQL (dropped there); elsewhere it names no row but `first`
  // (a collation may ignore it).
  return [`${keywordOf(first)}\u0000`, 'q"uo\\te', kind === 'mysql' ? 'zz-none' : 'K-none'];
}

interface Table {
  kind: Kind;
  maxParameters: number;
  columns: KeyColumn[];
  /** Virtual index per key column. */
  index: Record<string, string>;
  /** Direct count of rows with first <= id <= last. */
  countRange(first: number, last: number): Promise<number>;
  connector: Connector;
  resource: ResourceRef;
  jdbc: JdbcConfig;
  explain(sql: string, params: unknown[]): Promise<string>;
  close(): Promise<void>;
}

/** A table made for the tests, before its virtual indices exist. */
type Opened = Omit<Table, 'index' | 'connector' | 'resource'> & { name: string };

async function openPostgres(): Promise<Opened> {
  const url = inject('postgresUrl')!;
  const name = `kl_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    `CREATE TABLE ${name} (id integer PRIMARY KEY, kw varchar(40) NOT NULL, u uuid NOT NULL)`
  );
  await admin.query(
    `INSERT INTO ${name} SELECT g, 'k' || g, CAST(${UUID_SQL("md5('u' || g)")} AS uuid)
     FROM generate_series(1, ${ROWS}) AS g`
  );
  await admin.query(`CREATE INDEX ${name}_kw ON ${name} (kw)`);
  await admin.query(`CREATE INDEX ${name}_u ON ${name} (u)`);
  await admin.query(`ANALYZE ${name}`);
  return {
    kind: 'postgres',
    maxParameters: 65_535,
    columns: ['id', 'kw', 'u'],
    name,
    jdbc: jdbcFor('postgres', url),
    async countRange(first, last) {
      const r = await admin.query(`SELECT count(*) AS n FROM ${name} WHERE id BETWEEN $1 AND $2`, [
        first,
        last,
      ]);
      return Number(r.rows[0].n);
    },
    async explain(sql, params) {
      // Parallel plans made as cheap as they can be: only the list form can keep them out.
      await admin.query('SET parallel_setup_cost = 0');
      await admin.query('SET parallel_tuple_cost = 0');
      await admin.query('SET min_parallel_table_scan_size = 0');
      const r = await admin.query(`EXPLAIN ${sql}`, params);
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    },
    async close() {
      await admin.query(`DROP TABLE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

async function openMariaDb(): Promise<Opened> {
  const url = inject('mysqlUrl')!;
  const name = `kl_${Math.random().toString(36).slice(2, 10)}`;
  const admin = await mysql.createConnection({ uri: url, supportBigNumbers: true });
  // A keyword column whose collation is not the connection's (utf8mb4_general_ci): compared
  // with a JSON_TABLE column directly, that is "Illegal mix of collations".
  await admin.query(`CREATE TABLE ${name} (id INT PRIMARY KEY,
    kw VARCHAR(40) COLLATE utf8mb4_unicode_ci NOT NULL,
    kw_latin VARCHAR(40) CHARACTER SET latin1 NOT NULL,
    u UUID NOT NULL, KEY (kw), KEY (kw_latin), KEY (u)) CHARACTER SET utf8mb4`);
  await admin.query(
    `INSERT INTO ${name} SELECT seq, CONCAT('k', seq), CONCAT('k', seq),
       CAST(${UUID_SQL("MD5(CONCAT('u', seq))")} AS UUID) FROM seq_1_to_${ROWS}`
  );
  await admin.query(`ANALYZE TABLE ${name}`);
  return {
    kind: 'mysql',
    maxParameters: 65_535,
    columns: ['id', 'kw', 'u'],
    name,
    jdbc: jdbcFor('mysql', url),
    async countRange(first, last) {
      const [rows] = await admin.query<mysql.RowDataPacket[]>(
        `SELECT COUNT(*) AS n FROM ${name} WHERE id BETWEEN ? AND ?`,
        [first, last]
      );
      return Number(rows[0].n);
    },
    async explain(sql, params) {
      const [rows] = await admin.execute<mysql.RowDataPacket[]>(
        `EXPLAIN ${sql}`,
        params as string[]
      );
      return rows.map((row) => `${row.table} ${row.type} key=${row.key}`).join('\n');
    },
    async close() {
      await admin.query(`DROP TABLE IF EXISTS ${name}`);
      await admin.end();
    },
  };
}

async function openSqlite(): Promise<Opened> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'federation-keylists-'));
  const file = path.join(dir, 'data.sqlite');
  const name = 'kl';
  const db = new Database(file);
  db.exec(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY, kw TEXT NOT NULL);
    INSERT INTO ${name} WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < ${ROWS})
      SELECT n, 'k' || n FROM g;
    CREATE INDEX ${name}_kw ON ${name} (kw);
    ANALYZE;`);
  return {
    kind: 'sqlite',
    maxParameters: 32_766,
    columns: ['id', 'kw'],
    name,
    jdbc: sqliteJdbc(file),
    async countRange(first, last) {
      return (
        db
          .prepare(`SELECT count(*) AS n FROM ${name} WHERE id BETWEEN ? AND ?`)
          .get(first, last) as { n: number }
      ).n;
    },
    async explain(sql, params) {
      const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{
        detail: string;
      }>;
      return rows.map((row) => row.detail).join('\n');
    },
    async close() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const OPENERS: Record<Kind, () => Promise<Opened>> = {
  postgres: openPostgres,
  mysql: openMariaDb,
  sqlite: openSqlite,
};

function unavailable(kind: Kind): string | null {
  return kind === 'sqlite' ? null : databaseSkip(kind);
}

let api: FederationApi;

beforeAll(async () => {
  api = await startFederationApi({ maxTermsCount: 100_000, maxMgetDocs: 100_000 });
});

afterAll(async () => {
  await api?.close();
});

describe.each(['postgres', 'mysql', 'sqlite'] as const)('%s', (kind) => {
  let table: Table | undefined;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    if (unavailable(kind)) return;
    const opened = await OPENERS[kind]();
    cleanups.push(() => opened.close());
    const datasource = uniqueName(`kl-${kind}`);
    expect(
      (await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc: opened.jdbc })).status
    ).toBe(201);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    const index: Record<string, string> = {};
    for (const key of opened.columns) {
      index[key] = uniqueName(`kl-${kind}-${key}`);
      const created = await api.call('PUT', `${VIRTUAL_INDICES}/${index[key]}`, {
        datasource,
        resource: opened.name,
        key,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      cleanups.push(() => api.call('DELETE', `${VIRTUAL_INDICES}/${index[key]}`));
    }
    const config = parseDatasourceConfig(
      opened.jdbc as Parameters<typeof parseDatasourceConfig>[0]
    );
    const connector = createConnector(config, LIMITS);
    cleanups.push(() => connector.close());
    table = { ...opened, index, connector, resource: { name: opened.name } };
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  function need(ctx: { skip(note?: string): never }): Table {
    const reason = unavailable(kind);
    if (reason !== null) ctx.skip(reason);
    return table!;
  }

  /** `count` keys in all: strays, then ids first, first + 1, ..., half of them past the rows. */
  function keys(column: KeyColumn, count: number) {
    const first = firstOf(count);
    const stray = strays(kind, column, first);
    const n = count - stray.length;
    const values = [...stray, ...Array.from({ length: n }, (_, i) => keyOf(column, first + i))];
    return { values, first, last: Math.min(first + n - 1, ROWS) };
  }

  async function total(index: string, query: unknown): Promise<number> {
    const r = await api.call('POST', `/svc/${index}/_search`, {
      size: 0,
      track_total_hits: true,
      query,
    });
    expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
    expect(r.body.hits.total.relation).toBe('eq');
    return r.body.hits.total.value;
  }

  const sizes = (t: Table) => [t.maxParameters - 1, t.maxParameters, t.maxParameters + 1];

  it.for(['id', 'kw', 'u'] as const)(
    'terms on %s at the parameter limit find the rows a direct count finds',
    async (column, ctx) => {
      const t = need(ctx);
      if (!t.columns.includes(column)) ctx.skip(`${kind} has no ${column} column here`);
      for (const size of sizes(t)) {
        const { values, first, last } = keys(column, size);
        expect(values).toHaveLength(size);
        const expected = await t.countRange(first, last);
        expect(expected).toBe(ROWS - first + 1);
        expect(await total(t.index.id, { terms: { [column]: values } }), `${size} keys`).toBe(
          expected
        );
      }
    }
  );

  it.for(['id', 'kw', 'u'] as const)(
    'ids on an index keyed by %s at the parameter limit',
    async (column, ctx) => {
      const t = need(ctx);
      if (!t.columns.includes(column)) ctx.skip(`${kind} has no ${column} column here`);
      for (const size of sizes(t)) {
        const { values, first, last } = keys(column, size);
        const ids = values.map((v) => String(v));
        expect(await total(t.index[column], { ids: { values: ids } }), `${size} ids`).toBe(
          await t.countRange(first, last)
        );
      }
    }
  );

  it('_mget past the parameter limit finds every row there is', async (ctx) => {
    const t = need(ctx);
    for (const column of t.columns) {
      const { values, first, last } = keys(column, t.maxParameters + 1);
      const r = await api.call('POST', `/svc/${t.index[column]}/_mget`, {
        ids: values.map(String),
      });
      expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
      const docs = r.body.docs as Array<{ _id: string; found: boolean; _source?: { id: number } }>;
      expect(docs).toHaveLength(values.length);
      expect(docs.filter((d) => d.found)).toHaveLength(await t.countRange(first, last));
      // Each found document is the row its id names.
      const found = docs.find((d) => d.found)!;
      expect(String(keyOf(column, found._source!.id))).toBe(found._id);
    }
  });

  it('keeps odd keyword text exact in long lists', async (ctx) => {
    const t = need(ctx);
    const odd = ['a"b', 'c\\d', 'e\nf', 'g,h', '{i}', 'NULL', '', ' j ', 'é😀', 'k\\nl'];
    const values = [...odd, ...Array.from({ length: 5_000 }, (_, i) => keywordOf(FIRST + i))];
    // None of the odd ones is a row; the rest are 5,000 rows.
    expect(await total(t.index.id, { terms: { kw: values } })).toBe(5_000);
    expect(await total(t.index.id, { terms: { kw: ['k7', ...odd] } })).toBe(1);
  });

  function context(t: Table, columns: Map<string, VirtualIndexColumn>): TranslationContext {
    const dialect = t.connector.dialect;
    return {
      dialect,
      columns,
      key: 'id',
      timezone: 'UTC',
      now: Date.now(),
    };
  }

  async function plan(t: Table, query: unknown): Promise<string> {
    const remote = await t.connector.describe(t.resource);
    const columns = new Map<string, VirtualIndexColumn>();
    for (const c of remote) {
      if (c.mappedType !== null) {
        columns.set(c.name, { name: c.name, remote_type: c.remoteType, type: c.mappedType });
      }
    }
    const ctx = context(t, columns);
    const where = translateQuery(query, ctx);
    const { sql, params } = renderSql(
      fragment`SELECT count(*) FROM ${t.connector.dialect.quoteIdentifier(t.resource.name)} WHERE ${where}`,
      ctx.dialect
    );
    // A driver of its own binds the text of a list the engine binds as JSON.
    const values = params.map((v) => (v instanceof JsonKeyList ? v.text : v));
    return t.explain(sql, values);
  }

  it('lets the database use each key column’s index', async (ctx) => {
    const t = need(ctx);
    const columns: string[] = kind === 'mysql' ? ['id', 'kw', 'kw_latin', 'u'] : t.columns;
    for (const column of columns) {
      const key = (id: number) =>
        column === 'kw_latin' ? keywordOf(id) : keyOf(column as KeyColumn, id);
      for (const count of [10, 5_000]) {
        const values = Array.from({ length: count }, (_, i) => key(FIRST + i * 7));
        const text = await plan(t, { terms: { [column]: values } });
        if (kind === 'postgres') {
          // Few keys: an index scan; many: the planner may scan, with the list hashed.
          if (count === 10) expect(text, text).toMatch(/Index (Only )?Scan/);
          expect(text).not.toMatch(/CAST\(u AS text\)|u\)::text =/);
        } else if (kind === 'mysql') {
          const row = text.split('\n').find((line) => line.startsWith(t.resource.name))!;
          expect(row, text).toMatch(/ (ref|eq_ref|range) key=(PRIMARY|kw|kw_latin|u)$/);
        } else {
          expect(text, text).toMatch(/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/);
        }
      }
    }
  });

  it.runIf(kind === 'mysql')(
    'holds a list past the server’s temporary table size in memory, not on disk',
    async (ctx) => {
      const t = need(ctx);
      const remote = await t.connector.describe(t.resource);
      const columns = new Map<string, VirtualIndexColumn>();
      for (const c of remote) {
        if (c.mappedType !== null) {
          columns.set(c.name, { name: c.name, remote_type: c.remoteType, type: c.mappedType });
        }
      }
      // 16 MB by default: 500,000 integers need more, as a temporary table with its index.
      const [sizes] = await t.connector.query(
        'SELECT LEAST(@@tmp_table_size, @@max_heap_table_size) AS bytes',
        []
      );
      const count = Math.max(500_000, Math.ceil(Number(sizes.bytes) / 30));
      const values = Array.from({ length: count }, (_, i) => i * 3);
      // Each connector has one connection here, so the session counters are the statement's.
      const diskTables = async (connector: Connector) =>
        Number(
          (
            await connector.query(
              `SELECT VARIABLE_VALUE AS n FROM information_schema.SESSION_STATUS
               WHERE VARIABLE_NAME = 'CREATED_TMP_DISK_TABLES'`,
              []
            )
          )[0].n
        );
      const run = async (keyListTableBytes: number) => {
        const connector = createConnector(parseDatasourceConfig(t.jdbc), {
          ...LIMITS,
          poolSize: 1,
          keyListTableBytes,
        });
        try {
          const ctx = context(t, columns);
          const where = translateQuery({ terms: { id: values } }, ctx);
          const { sql, params } = renderSql(
            fragment`SELECT COUNT(*) AS n FROM ${connector.dialect.quoteIdentifier(t.resource.name)} WHERE ${where}`,
            ctx.dialect
          );
          const before = await diskTables(connector);
          const [row] = await connector.query(sql, params);
          return { rows: Number(row.n), disk: (await diskTables(connector)) - before };
        } finally {
          await connector.close();
        }
      };
      const expected = Math.floor((ROWS - 1) / 3);
      // The setting at 0 leaves the server's size: the list goes to disk (what this test guards).
      expect(await run(0)).toEqual({ rows: expected, disk: 1 });
      expect(await run(LIMITS.keyListTableBytes)).toEqual({ rows: expected, disk: 0 });
    }
  );

  it.runIf(kind === 'postgres')('plans a long list without parallel workers', async (ctx) => {
    const t = need(ctx);
    const short = await plan(t, { terms: { id: Array.from({ length: 9_000 }, (_, i) => i) } });
    const long = await plan(t, { terms: { id: Array.from({ length: 20_000 }, (_, i) => i) } });
    // With parallel plans made free, a short list gets workers and a long one none.
    expect(short).toMatch(/Gather/);
    expect(long).not.toMatch(/Gather/);
    expect(long).not.toMatch(/current_schema/);
  });
});
