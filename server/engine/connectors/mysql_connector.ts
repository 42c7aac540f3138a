/**
 * MySQL and MariaDB through `mysql2`: the callback pool (its query streams pause the socket when
 * the consumer falls behind), dates as the server's text, and the server's own statement timeout
 * (MariaDB `max_statement_time`, MySQL `max_execution_time`). Cancellation is `KILL QUERY` on a
 * separate, unpooled connection, so that it works when the pool is full.
 */
import mysql, {
  type Connection,
  type ConnectionOptions,
  type Pool,
  type PoolConnection,
  type PoolOptions,
  type SslOptions,
  type TypeCastField,
  type TypeCastNext,
} from 'mysql2';
import { FederationError } from '../errors';
import { mysqlDialect } from '../sql/dialects/mysql';
import type {
  Connector,
  ConnectorMetadata,
  QueryOptions,
  RemoteColumn,
  RemoteResource,
  ResourceRef,
  Row,
} from './connector';
import {
  StatementGuard,
  abortedError,
  authenticationError,
  connectionError,
  errorCode,
  errorMessage,
  networkDetail,
  NETWORK_ERROR_CODES,
  queryError,
  readTlsFile,
  remoteColumn,
  resourceNotFound,
  scrub,
  timeoutError,
  unknownDatabaseError,
  withTimeout,
  type ConnectorLimits,
} from './connector_support';
import { connectionAddress, type MysqlSpec, type TlsSpec } from './jdbc_url';
import { mysqlMappedType, mysqlTypeIsZoned } from './mysql_types';

/** The server enforces the timeout; the client-side deadline only catches a silent server. */
const GRACE_MS = 1_000;
const SYSTEM_SCHEMAS = ['mysql', 'information_schema', 'performance_schema', 'sys'];
const POOL_WAIT_TIMEOUT = 'FEDERATION_POOL_WAIT_TIMEOUT';

// ---------------------------------------------------------------------------------------------
// Configuration

/**
 * BIT(1) and TINYINT(1) are booleans, as Connector/J reads them (BIT would otherwise be a
 * Buffer); everything else keeps mysql2's conversion, which `dateStrings` makes raw text.
 */
export function mysqlTypeCast(field: TypeCastField, next: TypeCastNext): unknown {
  if (field.type === 'BIT' && field.length === 1) {
    const bytes = field.buffer();
    return bytes === null ? null : bytes[0] === 1;
  }
  if (field.type === 'TINY' && field.length === 1) {
    const text = field.string();
    return text === null ? null : text !== '0';
  }
  return next();
}

function mysqlSsl(tls: TlsSpec | undefined): SslOptions | undefined {
  if (!tls) return undefined;
  const ssl: SslOptions = {
    rejectUnauthorized: tls.verify !== 'none',
    verifyIdentity: tls.verify === 'full',
  };
  if (tls.caFile) ssl.ca = readTlsFile(tls.caFile, 'CA certificate');
  if (tls.certFile) ssl.cert = readTlsFile(tls.certFile, 'client certificate');
  if (tls.keyFile) ssl.key = readTlsFile(tls.keyFile, 'client key');
  return ssl;
}

export function mysqlConnectionOptions(
  spec: MysqlSpec,
  limits: ConnectorLimits
): ConnectionOptions {
  return {
    host: spec.host,
    port: spec.port,
    user: spec.user,
    password: spec.password,
    database: spec.database,
    ssl: mysqlSsl(spec.ssl),
    connectTimeout: limits.connectTimeoutMs,
    charset: 'utf8mb4',
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    decimalNumbers: true,
    // Only used to serialise Date parameters: as UTC, never the process's zone.
    timezone: 'Z',
    multipleStatements: false,
    typeCast: mysqlTypeCast,
  };
}

export function mysqlPoolOptions(spec: MysqlSpec, limits: ConnectorLimits): PoolOptions {
  return {
    ...mysqlConnectionOptions(spec, limits),
    connectionLimit: limits.poolSize,
    maxIdle: limits.poolSize,
    idleTimeout: limits.idleTimeoutMs,
    queueLimit: 0,
    enableKeepAlive: true,
  };
}

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
  AND CHECK_CLAUSE LIKE 'json\\_valid(%'`;

const CATALOGS_SQL = `SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA
WHERE SCHEMA_NAME NOT IN (?) ORDER BY SCHEMA_NAME`;

const RESOURCES_SQL = `SELECT TABLE_SCHEMA AS db, TABLE_NAME AS name, TABLE_TYPE AS type
FROM information_schema.TABLES
WHERE TABLE_SCHEMA NOT IN (?) ORDER BY TABLE_SCHEMA, TABLE_NAME`;

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
}

function run(conn: Connection, sql: string, values: unknown[] = []): Promise<Row[]> {
  return new Promise((resolve, reject) => {
    conn.query({ sql, values }, (err, rows) => (err ? reject(err) : resolve(rows as Row[])));
  });
}

function errno(err: unknown): number | undefined {
  const value = (err as { errno?: unknown } | null)?.errno;
  return typeof value === 'number' ? value : undefined;
}

/** mysql2 marks errors after which the connection is unusable as `fatal`. */
function isFatal(err: unknown): boolean {
  return (err as { fatal?: unknown } | null)?.fatal === true;
}

const noop = () => undefined;

export class MysqlConnector implements Connector {
  readonly kind = 'mysql' as const;
  readonly dialect = mysqlDialect;
  private readonly pool: Pool;
  private readonly address: string;
  private readonly sessions = new WeakMap<PoolConnection, Session>();

  constructor(
    private readonly spec: MysqlSpec,
    private readonly limits: ConnectorLimits
  ) {
    this.address = connectionAddress(spec);
    this.pool = mysql.createPool(mysqlPoolOptions(spec, limits));
    // A connection that breaks while idle in the pool emits here; the pool drops it.
    this.pool.on('connection', (conn) => conn.on('error', noop));
  }

  async validate(options?: QueryOptions): Promise<{ server: string }> {
    const rows = await this.query(this.dialect.versionStatement, [], options);
    return { server: String(Object.values(rows[0] ?? {})[0] ?? '') };
  }

  query(sql: string, params: unknown[], options?: QueryOptions): Promise<Row[]> {
    return this.withConnection(options, (conn) => run(conn, sql, params));
  }

  async *stream(sql: string, params: unknown[], options?: QueryOptions): AsyncIterable<Row> {
    const guard = new StatementGuard(options, this.limits.statementTimeoutMs, GRACE_MS);
    const conn = await this.acquire(guard);
    let destroy = false;
    let finished = false;
    let rows: AsyncIterator<unknown> | undefined;
    try {
      guard.onStop(() => {
        destroy = true;
        void this.killQuery(conn.threadId);
      });
      await guard.race(this.prepare(conn, guard.timeoutMs), noop);
      // The stream's buffer holds one batch; when it is full mysql2 pauses the socket, so the
      // server blocks on writing and the next rows are read only as the consumer pulls.
      const stream = conn.query({ sql, values: params }).stream({
        highWaterMark: this.limits.batchSize,
      });
      rows = stream[Symbol.asyncIterator]();
      for (;;) {
        guard.arm();
        const next = await guard.race(rows.next(), noop);
        guard.disarm();
        if (next.done) break;
        yield next.value as Row;
      }
      finished = true;
    } catch (err) {
      destroy = true;
      throw guard.error(err, (e) => this.translate(e, guard.timeoutMs));
    } finally {
      guard.dispose();
      // Stopped early, the rest of the result is still on its way: only closing the connection
      // ends it (the server's write fails), where draining could take as long as the query.
      if (destroy || !finished) conn.destroy();
      else conn.release();
      void rows?.return?.().catch(noop);
    }
  }

  describe(resource: ResourceRef, options?: QueryOptions): Promise<RemoteColumn[]> {
    // MySQL has databases only; a virtual index may name one as catalog (JDBC's view) or schema.
    const database = resource.schema ?? resource.catalog ?? null;
    return this.withConnection(options, async (conn) => {
      const rows = (await run(conn, DESCRIBE_SQL, [
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
      const databases = await run(conn, CATALOGS_SQL, [SYSTEM_SCHEMAS]);
      const tables = await run(conn, RESOURCES_SQL, [SYSTEM_SCHEMAS]);
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

  close(): Promise<void> {
    return new Promise((resolve) => this.pool.end(() => resolve()));
  }

  // -------------------------------------------------------------------------------------------

  private async withConnection<T>(
    options: QueryOptions | undefined,
    work: (conn: PoolConnection) => Promise<T>
  ): Promise<T> {
    const guard = new StatementGuard(options, this.limits.statementTimeoutMs, GRACE_MS);
    const conn = await this.acquire(guard);
    let destroy = false;
    try {
      guard.onStop(() => {
        destroy = true;
        void this.killQuery(conn.threadId);
      });
      await guard.race(this.prepare(conn, guard.timeoutMs), noop);
      guard.arm();
      return await guard.race(work(conn), noop);
    } catch (err) {
      destroy ||= isFatal(err);
      throw guard.error(err, (e) => this.translate(e, guard.timeoutMs));
    } finally {
      guard.dispose();
      // After a KILL QUERY the connection is dropped: the kill could otherwise hit the next
      // borrower's statement.
      if (destroy) conn.destroy();
      else conn.release();
    }
  }

  /** mysql2's pool waits for a free connection forever; bound the wait like a connect. */
  private async acquire(guard: StatementGuard): Promise<PoolConnection> {
    const pending = new Promise<PoolConnection>((resolve, reject) => {
      let done = false;
      const timer = setTimeout(() => {
        done = true;
        reject(
          Object.assign(new Error('no pooled connection became free'), { code: POOL_WAIT_TIMEOUT })
        );
      }, this.limits.connectTimeoutMs);
      this.pool.getConnection((err, conn) => {
        if (done) {
          conn?.release();
          return;
        }
        done = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(conn);
      });
    });
    try {
      return await guard.race(pending, (late) => late.release());
    } catch (err) {
      guard.dispose();
      throw guard.error(err, (e) => this.translate(e, guard.timeoutMs));
    }
  }

  /**
   * Once per connection: learn the flavour and pin the session zone to UTC (TIMESTAMP columns
   * then read as UTC; DATETIME is unaffected). Then the statement timeout, when it changed.
   */
  private async prepare(conn: PoolConnection, timeoutMs: number): Promise<Session> {
    let session = this.sessions.get(conn);
    if (!session) {
      const [version] = await run(conn, 'SELECT VERSION() AS version');
      await run(conn, "SET time_zone = '+00:00'");
      session = { mariadb: /mariadb/i.test(String(version?.version)), timeoutMs: -1 };
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
      const rows = await run(conn, MARIADB_JSON_COLUMNS_SQL, [database, table]);
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

  /** Every driver error a user can act on, in one place. */
  private translate(err: unknown, timeoutMs: number): FederationError {
    if (err instanceof FederationError) return err;
    const code = errorCode(err);
    const message = scrub(errorMessage(err), this.spec.password);
    switch (errno(err)) {
      case 1045: // ER_ACCESS_DENIED_ERROR
      case 1698: // ER_ACCESS_DENIED_NO_PASSWORD_ERROR
        return authenticationError(this.spec.user, this.address, err);
      case 1044: // ER_DBACCESS_DENIED_ERROR: no grant, or (MariaDB) no such database
        return new FederationError(
          502,
          'datasource_authentication_exception',
          `user [${this.spec.user ?? ''}] may not use database [${this.spec.database ?? ''}] on ` +
            `the datasource at [${this.address}], or it does not exist; check jdbc.url and ` +
            "the user's grants",
          {},
          { cause: err }
        );
      case 1049: // ER_BAD_DB_ERROR
        return unknownDatabaseError(this.spec.database ?? '', this.address, err);
      case 1969: // ER_STATEMENT_TIMEOUT (MariaDB max_statement_time)
      case 3024: // ER_QUERY_TIMEOUT (MySQL max_execution_time)
        return timeoutError(timeoutMs, err);
      case 1317: // ER_QUERY_INTERRUPTED: someone else's KILL QUERY
        return abortedError(err);
    }
    if (code && NETWORK_ERROR_CODES.has(code)) {
      return connectionError(this.address, networkDetail(code, message), err);
    }
    if (code === POOL_WAIT_TIMEOUT) {
      return connectionError(
        this.address,
        `no connection within ${this.limits.connectTimeoutMs}ms (all ` +
          `${this.limits.poolSize} pooled connections stayed busy)`,
        err
      );
    }
    if (isFatal(err) || code?.startsWith('PROTOCOL_')) {
      return connectionError(this.address, `the connection was lost: ${message}`, err);
    }
    return queryError(message, err);
  }
}
