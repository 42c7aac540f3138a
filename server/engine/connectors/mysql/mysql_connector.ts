/**
 * MySQL and MariaDB through `mysql2`: the callback pool (its query streams pause the socket when
 * the consumer falls behind), dates as the server's text, and the server's own statement timeout
 * (MariaDB `max_statement_time`, MySQL `max_execution_time`). Cancellation is `KILL QUERY` on a
 * separate, unpooled connection, so that it works when the pool is full.
 */
import mysql, {
  type Connection,
  type Pool,
  type PoolConnection,
  type FieldPacket,
  type QueryOptions as MysqlQueryOptions,
} from 'mysql2';
import { FederationError } from '../../errors';
import { mysqlDialect } from '../../sql/dialects/mysql';
import { JsonKeyList } from '../../sql/json_key_list';
import { recordOf } from '../../sql/own_property';
import { connectionAddress } from '../connection_spec';
import type {
  ConnectorMetadata,
  QueryOptions,
  RemoteColumn,
  RemoteResource,
  ResourceRef,
  Row,
} from '../connector';
import { resourceNotFound } from '../connector_errors';
import type { ConnectorLimits } from '../connector_limits';
import { withTimeout } from '../deadlines';
import { LifecycleConnector } from '../lifecycle_connector';
import { remoteColumn } from '../remote_column';
import { StatementLifecycle, type RowSource, type SessionHooks } from '../statement_lifecycle';
import {
  booleanColumns,
  mysqlConnectionOptions,
  mysqlPoolOptions,
  withBooleans,
} from './mysql_driver_config';
import { POOL_WAIT_TIMEOUT, isFatal, translateMysqlError } from './mysql_errors';
import { mysqlParameters } from './mysql_parameters';
import { mysqlMappedType, mysqlTypeIsZoned } from './mysql_types';
import type { MysqlSpec } from './mysql_url';

/** The server enforces the timeout; the client-side deadline only catches a silent server. */
const DEADLINE = { graceMs: 1_000, budget: false };
const SYSTEM_SCHEMAS = ['mysql', 'information_schema', 'performance_schema', 'sys'];
// ---------------------------------------------------------------------------------------------
// Statements

const DESCRIBE_SQL = `SELECT TABLE_SCHEMA AS db, COLUMN_NAME AS name, COLUMN_TYPE AS type,
  IS_NULLABLE AS nullable
FROM information_schema.COLUMNS
WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?
ORDER BY ORDINAL_POSITION`;

/** MariaDB's JSON is LONGTEXT plus a column-level `json_valid` check named after the column. */
const MARIADB_JSON_COLUMNS_SQL = `SELECT CONSTRAINT_NAME AS name
FROM information_schema.CHECK_CONSTRAINTS
WHERE CONSTRAINT_SCHEMA = ? AND TABLE_NAME = ? AND LEVEL = 'Column'
  AND CHECK_CLAUSE LIKE 'json!_valid(%' ESCAPE '!'`;

/** Prepared statements take one placeholder per value: no list expansion as `query` did. */
const SYSTEM_SCHEMA_LIST = SYSTEM_SCHEMAS.map(() => '?').join(', ');

const CATALOGS_SQL = `SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA
WHERE SCHEMA_NAME NOT IN (${SYSTEM_SCHEMA_LIST}) ORDER BY SCHEMA_NAME`;

const RESOURCES_SQL = `SELECT TABLE_SCHEMA AS db, TABLE_NAME AS name, TABLE_TYPE AS type
FROM information_schema.TABLES
WHERE TABLE_SCHEMA NOT IN (${SYSTEM_SCHEMA_LIST}) ORDER BY TABLE_SCHEMA, TABLE_NAME`;

interface DescribeRow {
  db: string;
  name: string;
  type: string;
  nullable: string;
}

/** What a pooled session has been set up with. */
interface Session {
  mariadb: boolean;
  timeoutMs: number;
  /** The server's max_allowed_packet: a larger statement would only reset the connection. */
  maxPacket: number;
  /** The session's in-memory temporary table size: the lower of the two variables bounding it. */
  tmpTableBytes: number;
}

/**
 * Session setup only (`SET`, `KILL QUERY`): text protocol, with nothing but engine-made
 * numbers as values. Every statement that may carry a user's value goes through `execute`.
 */
function run(conn: Connection, sql: string, values: unknown[] = []): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    conn.query({ sql, values }, (err, rows) => (err ? reject(err) : resolve(rows as Row[])));
  });
}

/**
 * A statement with bound values as a server-side prepared statement (binary protocol): the
 * values never become SQL text, so no escaping is needed and none can be wrong. Client-side
 * formatting (`query` with `?`) escapes quotes with a backslash, which a server running with
 * `sql_mode=NO_BACKSLASH_ESCAPES` reads as a plain character: the quote then ends the string
 * and the rest of the value is SQL. See mysql_parameters.ts for how values are typed.
 */
function execute(conn: Connection, sql: string, values: readonly unknown[]): Promise<Row[]> {
  const bound = mysqlParameters(values);
  return new Promise((resolve, reject) => {
    conn.execute(arrayRows(sql, bound), (err, rows, fields) => {
      if (err) return reject(err);
      // A statement without a result set (DDL, DML) answers a header: it has no rows. A throw
      // here would be uncaught (a driver callback): every failure goes to the promise.
      try {
        resolve(Array.isArray(rows) ? (rows as unknown[][]).map(rowReader(fields)) : []);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * Column names mysql2's generated row parser refuses even for rows read as arrays (its
 * lib/helpers.js `privateObjectProps`). Its static parser (`disableEval`, a per-statement option
 * its typings leave out) reads them, a little slower, so it is used only for a statement that
 * names one: every statement the engine sends names the columns it reads.
 */
const REFUSED_BY_GENERATED_PARSER = [
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

/** A statement whose rows come as arrays, for rowReader. */
function arrayRows(sql: string, values: unknown[]): MysqlQueryOptions {
  const options: MysqlQueryOptions & { disableEval: boolean } = {
    sql,
    values,
    rowsAsArray: true,
    disableEval: REFUSED_BY_GENERATED_PARSER.some((name) => sql.includes(name)),
  };
  return options;
}

/**
 * Row objects from mysql2's arrays (`rowsAsArray`), booleans read as booleans. mysql2 refuses to
 * build an object row with a column named `__proto__` ("can't be the same as an object's private
 * property"), which failed every read of such a table (issue 20, defect 3); recordOf keeps every
 * column an own property.
 */
function rowReader(fields: readonly FieldPacket[] | undefined): (values: unknown[]) => Row {
  const names = (fields ?? []).map((field) => field.name);
  const booleans = booleanColumns(fields);
  return (values) => withBooleans(recordOf(names, values), booleans);
}

const noop = () => undefined;

export class MysqlConnector extends LifecycleConnector<PoolConnection> {
  readonly kind = 'mysql' as const;
  readonly dialect = mysqlDialect;
  protected readonly lifecycle: StatementLifecycle<PoolConnection>;
  private readonly pool: Pool;
  private readonly address: string;
  private readonly sessions = new WeakMap<PoolConnection, Session>();

  constructor(
    private readonly spec: MysqlSpec,
    limits: ConnectorLimits
  ) {
    super(limits);
    this.address = connectionAddress(spec);
    this.pool = mysql.createPool(mysqlPoolOptions(spec, limits));
    // A connection that breaks while idle in the pool emits here; the pool drops it.
    this.pool.on('connection', (conn) => conn.on('error', noop));
    this.lifecycle = new StatementLifecycle(this.hooks(), limits, DEADLINE);
  }

  override query(sql: string, params: unknown[], options?: QueryOptions): Promise<Row[]> {
    return this.withConnection(options, (conn) => {
      const statement = this.withKeyListMemory(conn, sql, params);
      this.checkPacket(conn, statement, params);
      return execute(conn, statement, params);
    });
  }

  protected open(
    conn: PoolConnection,
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined
  ): RowSource {
    const statement = this.withKeyListMemory(conn, sql, params);
    this.checkPacket(conn, statement, params);
    // The stream's buffer holds one batch; when it is full mysql2 pauses the socket, so the
    // server blocks on writing and the next rows are read only as the consumer pulls. A
    // prepared statement (see `execute`) streams the same way: without a cursor the server
    // sends the whole result and TCP back-pressure holds it, exactly as for a text query.
    const command = conn.execute(arrayRows(statement, mysqlParameters(params)));
    let toRow = rowReader([]);
    command.on('fields', (fields: FieldPacket[]) => (toRow = rowReader(fields)));
    const stream = command.stream({
      highWaterMark: options?.batchSize ?? this.limits.batchSize,
    });
    const rows = stream[Symbol.asyncIterator]();
    return {
      read: async () => {
        const next = await rows.next();
        return next.done ? [] : [toRow(next.value as unknown[])];
      },
      // Stopped early, the rest of the result is still on its way: only closing the
      // connection ends it (the server's write fails), where draining could take as long as
      // the query.
      close: async () => {
        void rows.return?.().catch(noop);
        return false;
      },
    };
  }

  describe(resource: ResourceRef, options?: QueryOptions): Promise<RemoteColumn[]> {
    // MySQL has databases only; a virtual index may name one as catalog (JDBC's view) or schema.
    const database = resource.schema ?? resource.catalog ?? null;
    return this.withConnection(options, async (conn) => {
      const rows = (await execute(conn, DESCRIBE_SQL, [
        database,
        resource.name,
      ])) as unknown as DescribeRow[];
      if (rows.length === 0) throw resourceNotFound(resource);
      const jsonColumns = await this.mariadbJsonColumns(conn, rows[0].db, resource.name);
      return rows.map((row) => {
        const remoteType = jsonColumns.has(row.name) ? 'json' : row.type;
        return remoteColumn(
          row.name,
          remoteType,
          jsonColumns.has(row.name) ? null : mysqlMappedType(row.type),
          row.nullable === 'YES',
          mysqlTypeIsZoned(row.type)
        );
      });
    });
  }

  metadata(options?: QueryOptions): Promise<ConnectorMetadata> {
    return this.withConnection(options, async (conn) => {
      const databases = await execute(conn, CATALOGS_SQL, SYSTEM_SCHEMAS);
      const tables = await execute(conn, RESOURCES_SQL, SYSTEM_SCHEMAS);
      return {
        catalogs: databases.map((r) => String(r.name)),
        schemas: [],
        resources: tables.map((r): RemoteResource => ({
          catalog: String(r.db),
          name: String(r.name),
          kind: r.type === 'VIEW' || r.type === 'SYSTEM VIEW' ? 'view' : 'table',
        })),
      };
    });
  }

  protected end(): Promise<void> {
    return new Promise<void>((resolve) => this.pool.end(() => resolve()));
  }

  // -------------------------------------------------------------------------------------------

  private withConnection<T>(
    options: QueryOptions | undefined,
    work: (conn: PoolConnection) => Promise<T>
  ): Promise<T> {
    return this.lifecycle.run(options, work);
  }

  /** What differs from the shared lifecycle: mysql2's pool, the session, KILL QUERY. */
  private hooks(): SessionHooks<PoolConnection> {
    return {
      acquire: () => this.acquire(),
      acquireTimeout: () =>
        Object.assign(new Error('no pooled connection became free'), { code: POOL_WAIT_TIMEOUT }),
      setup: async (conn, timeoutMs) => {
        await this.prepare(conn, timeoutMs);
      },
      cancel: (conn) => this.killQuery(conn.threadId),
      // PoolConnection.destroy closes the socket and frees the pool slot at once.
      release: (conn, destroy) => (destroy ? conn.destroy() : conn.release()),
      reusableAfter: (err) => !isFatal(err),
      translate: (err, timeoutMs) =>
        translateMysqlError(err, { spec: this.spec, limits: this.limits, timeoutMs }),
    };
  }

  /**
   * MariaDB materialises a key list bound as JSON (`IN (SELECT ... JSON_TABLE)`) into a
   * temporary table with a unique index. Past the session's tmp_memory_table_size (16 MB by
   * default: about 400,000 integer keys) that table goes to disk, and the statement takes 1.5x
   * to 4x as long (1,000,000 keywords: 14.3 s against 3.6 s). For such a statement only, the
   * size is raised to what its lists need (a power of two, so few statement texts are prepared),
   * at most `keyListTableBytes`. MySQL 8's TempTable engine holds up to 1 GB in memory by default:
   * it is left as it is.
   */
  private withKeyListMemory(conn: PoolConnection, sql: string, params: unknown[]): string {
    const session = this.sessions.get(conn);
    const cap = this.limits.keyListTableBytes;
    if (!session?.mariadb || cap === 0) return sql;
    let needed = 0;
    for (const p of params) if (p instanceof JsonKeyList) needed += p.tableBytes;
    if (needed <= session.tmpTableBytes) return sql;
    const bytes = Math.min(cap, 2 ** Math.ceil(Math.log2(needed)));
    if (bytes <= session.tmpTableBytes) return sql;
    return `SET STATEMENT tmp_memory_table_size = ${bytes}, max_heap_table_size = ${bytes} FOR ${sql}`;
  }

  /**
   * A statement larger than the server's max_allowed_packet is refused before it is sent: the
   * server would answer it by resetting the connection (seen as a lost connection, a 502), where
   * the cause is the request's size (e.g. a `terms` list of a million uuids, 39 MB as JSON).
   */
  private checkPacket(conn: PoolConnection, sql: string, params: unknown[]): void {
    const max = this.sessions.get(conn)?.maxPacket ?? Infinity;
    // An estimate from above: the text, each value's bytes and a few bytes of framing each.
    let bytes = Buffer.byteLength(sql) + 64;
    for (const param of params) {
      const p = param instanceof JsonKeyList ? param.text : param;
      bytes +=
        9 +
        (typeof p === 'string'
          ? Buffer.byteLength(p)
          : Buffer.isBuffer(p)
            ? p.length
            : typeof p === 'number' || typeof p === 'bigint' || typeof p === 'boolean'
              ? 8
              : Buffer.byteLength(String(p)));
      if (bytes > max) break;
    }
    if (bytes <= max) return;
    throw new FederationError(
      400,
      'illegal_argument_exception',
      `the statement for this request needs about ${bytes} bytes, more than the datasource at ` +
        `[${this.address}] accepts in one packet (max_allowed_packet = ${max}): send fewer ` +
        'values, e.g. a shorter [terms] or [ids] list, or raise max_allowed_packet on the server'
    );
  }

  /** mysql2's pool waits for a free connection forever; the lifecycle bounds the wait. */
  private acquire(): Promise<PoolConnection> {
    return new Promise<PoolConnection>((resolve, reject) => {
      this.pool.getConnection((err, conn) => (err ? reject(err) : resolve(conn)));
    });
  }

  /**
   * Once per connection: learn the flavour and pin the session zone to UTC (TIMESTAMP columns
   * then read as UTC; DATETIME is unaffected). Then the statement timeout, when it changed.
   */
  private async prepare(conn: PoolConnection, timeoutMs: number): Promise<Session> {
    let session = this.sessions.get(conn);
    if (!session) {
      const [version] = await run(
        conn,
        'SELECT VERSION() AS version, @@max_allowed_packet AS max_packet, ' +
          'LEAST(@@tmp_table_size, @@max_heap_table_size) AS tmp_table'
      );
      await run(conn, "SET time_zone = '+00:00'");
      session = {
        mariadb: /mariadb/i.test(String(version?.version)),
        timeoutMs: -1,
        maxPacket: Number(version?.max_packet) || Infinity,
        tmpTableBytes: Number(version?.tmp_table) || 0,
      };
      this.sessions.set(conn, session);
    }
    if (session.timeoutMs !== timeoutMs) {
      // MariaDB counts seconds (fractions allowed) for any statement; MySQL milliseconds, and
      // only for SELECT. 0 turns either off.
      await run(
        conn,
        session.mariadb
          ? 'SET SESSION max_statement_time = ?'
          : 'SET SESSION max_execution_time = ?',
        [session.mariadb ? timeoutMs / 1000 : timeoutMs]
      );
      session.timeoutMs = timeoutMs;
    }
    return session;
  }

  private async mariadbJsonColumns(
    conn: PoolConnection,
    database: string,
    table: string
  ): Promise<Set<string>> {
    if (!this.sessions.get(conn)?.mariadb) return new Set();
    try {
      const rows = await execute(conn, MARIADB_JSON_COLUMNS_SQL, [database, table]);
      return new Set(rows.map((r) => String(r.name)));
    } catch {
      // Servers before MariaDB 10.2.22 have no CHECK_CONSTRAINTS: JSON then reads as text.
      return new Set();
    }
  }

  /** Best effort, on its own connection; never throws. */
  private async killQuery(threadId: number | null): Promise<void> {
    if (threadId === null) return;
    const side = mysql.createConnection(mysqlConnectionOptions(this.spec, this.limits));
    side.on('error', noop);
    await withTimeout(
      run(side, 'KILL QUERY ?', [threadId]).then(noop),
      this.limits.connectTimeoutMs,
      undefined
    );
    side.destroy();
  }
}
