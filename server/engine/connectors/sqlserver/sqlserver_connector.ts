/**
 * SQL Server through `mssql` (tedious). Every statement runs as a streaming request whose rows
 * are buffered up to one batch; the request is paused while the buffer is full, so the socket is
 * read only as the consumer pulls. Stopping a request (abort, deadline, early break) sends a TDS
 * ATTENTION, which makes the server cancel the batch.
 *
 * No SQL Server can run in this project's test bed (DESIGN §6): this file is written against the
 * mssql/tedious sources and covered by statement-text tests.
 */
import {
  ConnectionPool,
  Date as SqlDate,
  DateTime,
  DateTime2,
  DateTimeOffset,
  Request,
  SmallDateTime,
  Time,
  type IColumnMetadata,
  type config as MssqlConfig,
} from 'mssql';
import { sqlServerDialect } from '../../sql/dialects/sqlserver';
import { recordOf } from '../../sql/own_property';
import { connectionAddress } from '../connection_spec';
import type {
  Connector,
  ConnectorMetadata,
  QueryOptions,
  RemoteColumn,
  RemoteResource,
  ResourceRef,
  Row,
} from '../connector';
import { connectionError, resourceNotFound } from '../connector_errors';
import type { ConnectorLimits } from '../connector_limits';
import { withDeadline } from '../deadlines';
import { forEachStreamedRow } from '../for_each_streamed_row';
import { remoteColumn } from '../remote_column';
import { StatementGuard } from '../statement_guard';
import { translateSqlServerError } from './sqlserver_errors';
import { sqlServerMappedType, sqlServerTypeIsZoned } from './sqlserver_types';
import type { SqlServerSpec } from './sqlserver_url';

// ---------------------------------------------------------------------------------------------
// Configuration

export function sqlServerPoolConfig(spec: SqlServerSpec, limits: ConnectorLimits): MssqlConfig {
  return {
    server: spec.host,
    // JDBC semantics: an explicit port wins over the instance name (mssql would drop the port).
    port: spec.port,
    database: spec.database,
    user: spec.user,
    password: spec.password,
    connectionTimeout: limits.connectTimeoutMs,
    // tedious's request timer runs from the request's start to its end, paused time included,
    // so a slow stream consumer would time out; the connector's own deadline covers only the
    // time spent waiting for the server, and cancels with an ATTENTION just like tedious.
    requestTimeout: 0,
    pool: {
      max: limits.poolSize,
      min: 0,
      idleTimeoutMillis: limits.idleTimeoutMs,
      acquireTimeoutMillis: limits.connectTimeoutMs,
    },
    options: {
      // tedious accepts 'strict' (TDS 8) besides booleans; its typings say boolean only.
      encrypt: spec.encrypt as boolean,
      trustServerCertificate: spec.trustServerCertificate,
      instanceName: spec.port === undefined ? spec.instanceName : undefined,
      // Wall-clock types are read as UTC fields, so the text we build is the stored value.
      useUTC: true,
      appName: 'federation',
      // An ATTENTION the server does not acknowledge in time (a server or network that stopped
      // answering) makes tedious close the connection, so the pool never gets it back.
      cancelTimeout: limits.connectTimeoutMs,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Statements

/** The catalog cannot be a parameter, so it is quoted into the three-part name. */
export function sqlServerDescribeStatement(catalog?: string): string {
  const prefix = catalog ? `${sqlServerDialect.quoteIdentifier(catalog)}.` : '';
  return `SELECT COLUMN_NAME AS name, DATA_TYPE AS type, IS_NULLABLE AS nullable
FROM ${prefix}INFORMATION_SCHEMA.COLUMNS
WHERE TABLE_SCHEMA = COALESCE(@p1, SCHEMA_NAME()) AND TABLE_NAME = @p2
ORDER BY ORDINAL_POSITION`;
}

export const SQLSERVER_CATALOGS_SQL = `SELECT name FROM sys.databases
WHERE HAS_DBACCESS(name) = 1 AND name NOT IN ('master', 'tempdb', 'model', 'msdb')
ORDER BY name`;

/** Leaves out the system schemas and the fixed database roles' schemas (db_owner, ...). */
export const SQLSERVER_SCHEMAS_SQL = `SELECT DB_NAME() AS catalog, SCHEMA_NAME AS name
FROM INFORMATION_SCHEMA.SCHEMATA
WHERE SCHEMA_NAME NOT IN ('sys', 'INFORMATION_SCHEMA', 'guest') AND SCHEMA_NAME NOT LIKE 'db[_]%'
ORDER BY SCHEMA_NAME`;

export const SQLSERVER_RESOURCES_SQL = `SELECT TABLE_CATALOG AS catalog, TABLE_SCHEMA AS [schema],
  TABLE_NAME AS name, TABLE_TYPE AS type
FROM INFORMATION_SCHEMA.TABLES
WHERE TABLE_SCHEMA NOT IN ('sys', 'INFORMATION_SCHEMA')
ORDER BY TABLE_SCHEMA, TABLE_NAME`;

// ---------------------------------------------------------------------------------------------
// Values

type DateConverter = (value: Date) => string;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function utcDate(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function utcTime(d: Date): string {
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

/**
 * tedious hands every date type back as a JS Date. With `useUTC` the wall-clock types carry the
 * stored value in their UTC fields, so this rebuilds the server's text (to milliseconds);
 * datetimeoffset is an instant and becomes ISO 8601 UTC.
 */
export function sqlServerDateConverter(type: unknown): DateConverter | undefined {
  switch (type) {
    case SqlDate:
      return utcDate;
    case DateTime:
    case DateTime2:
    case SmallDateTime:
      return (d) => `${utcDate(d)} ${utcTime(d)}`;
    case DateTimeOffset:
      return (d) => d.toISOString();
    case Time:
      return utcTime;
    default:
      return undefined;
  }
}

/** A result's columns as mssql gives them in `arrayRowMode`: in order, one per row value. */
type ColumnList = ReadonlyArray<IColumnMetadata[string]>;

/** The converters of the date columns, by position. */
function dateConverters(columns: ColumnList): Array<[number, DateConverter]> {
  const converters: Array<[number, DateConverter]> = [];
  columns.forEach((column, i) => {
    const convert = sqlServerDateConverter(column.type);
    if (convert) converters.push([i, convert]);
  });
  return converters;
}

/** mssql infers parameter types from JS values; it has none for bigint. */
function toParam(value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/**
 * Rows of one request, buffered up to `highWater` and handed out a batch at a time. The request
 * is paused while the buffer is full and resumed when the consumer takes it.
 */
class RowBuffer {
  private rows: Row[] = [];
  private ended = false;
  private failure: { error: unknown } | null = null;
  private paused = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly request: Request,
    private readonly highWater: number
  ) {}

  push(row: Row): void {
    this.rows.push(row);
    if (!this.paused && this.rows.length >= this.highWater) {
      this.paused = this.request.pause();
    }
    this.notify();
  }

  fail(error: unknown): void {
    this.failure ??= { error };
    this.notify();
  }

  end(): void {
    this.ended = true;
    this.notify();
  }

  get done(): boolean {
    return this.ended;
  }

  /** The buffered rows; an empty array means the result is complete. */
  async take(): Promise<Row[]> {
    for (;;) {
      if (this.rows.length > 0) {
        const batch = this.rows;
        this.rows = [];
        if (this.paused) {
          this.paused = false;
          this.request.resume();
        }
        return batch;
      }
      if (this.failure) throw this.failure.error;
      if (this.ended) return [];
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

const noop = () => undefined;

export class SqlServerConnector implements Connector {
  readonly kind = 'sqlserver' as const;
  readonly dialect = sqlServerDialect;
  private readonly address: string;
  private pool: Promise<ConnectionPool> | null = null;
  private closed = false;

  constructor(
    private readonly spec: SqlServerSpec,
    private readonly limits: ConnectorLimits
  ) {
    this.address = connectionAddress(spec);
  }

  async validate(options?: QueryOptions): Promise<{ server: string }> {
    const rows = await this.query(this.dialect.versionStatement, [], options);
    return { server: String(Object.values(rows[0] ?? {})[0] ?? '') };
  }

  async query(sql: string, params: unknown[], options?: QueryOptions): Promise<Row[]> {
    const rows: Row[] = [];
    for await (const row of this.stream(sql, params, options)) rows.push(row);
    return rows;
  }

  forEachRow(
    sql: string,
    params: unknown[],
    onRow: (row: Row) => void,
    options?: QueryOptions
  ): Promise<void> {
    return forEachStreamedRow(this.stream(sql, params, options), onRow);
  }

  async *stream(sql: string, params: unknown[], options?: QueryOptions): AsyncIterable<Row> {
    // No grace: the deadline is the timeout (see requestTimeout in sqlServerPoolConfig).
    const guard = new StatementGuard(options, this.limits.statementTimeoutMs, 0);
    let request: Request | undefined;
    let buffer: RowBuffer | undefined;
    try {
      // Connecting is a round trip like any other: under the connect timeout (tedious's own
      // connectionTimeout should fire first; this is the backstop).
      const pool = await guard.race(
        withDeadline(
          this.connectedPool(),
          this.limits.connectTimeoutMs + 1_000,
          () =>
            connectionError(
              connectionAddress(this.spec),
              `no connection within ${this.limits.connectTimeoutMs}ms`
            ),
          noop
        ),
        noop
      );
      ({ request, buffer } = this.startRequest(pool, sql, params));
      const running = request;
      guard.onStop(() => this.stopRequest(running));
      for (;;) {
        guard.arm();
        const rows = await guard.race(buffer.take(), noop);
        guard.disarm();
        if (rows.length === 0) break;
        for (const row of rows) {
          guard.check();
          yield row;
        }
      }
    } catch (err) {
      throw guard.error(err, (e) =>
        translateSqlServerError(e, {
          spec: this.spec,
          limits: this.limits,
          timeoutMs: guard.timeoutMs,
        })
      );
    } finally {
      guard.dispose();
      // Stopped early (break, error, abort): cancel, and mssql returns the connection to the
      // pool when the server acknowledges.
      if (request && buffer && !buffer.done) this.stopRequest(request);
    }
  }

  async describe(resource: ResourceRef, options?: QueryOptions): Promise<RemoteColumn[]> {
    const rows = await this.query(
      sqlServerDescribeStatement(resource.catalog),
      [resource.schema ?? null, resource.name],
      options
    );
    if (rows.length === 0) throw resourceNotFound(resource);
    return rows.map((row) => {
      const remoteType = String(row.type);
      return remoteColumn(
        String(row.name),
        remoteType,
        sqlServerMappedType(remoteType),
        row.nullable === 'YES',
        sqlServerTypeIsZoned(remoteType)
      );
    });
  }

  async metadata(options?: QueryOptions): Promise<ConnectorMetadata> {
    const catalogs = await this.query(SQLSERVER_CATALOGS_SQL, [], options);
    const schemas = await this.query(SQLSERVER_SCHEMAS_SQL, [], options);
    const resources = await this.query(SQLSERVER_RESOURCES_SQL, [], options);
    return {
      catalogs: catalogs.map((r) => String(r.name)),
      schemas: schemas.map((r) => ({ catalog: String(r.catalog), name: String(r.name) })),
      resources: resources.map((r): RemoteResource => ({
        catalog: String(r.catalog),
        schema: String(r.schema),
        name: String(r.name),
        kind: r.type === 'VIEW' ? 'view' : 'table',
      })),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    if (pool) await (await pool.catch(() => null))?.close();
  }

  // -------------------------------------------------------------------------------------------

  /** One pool, connected on first use; a failed connect is forgotten so the next call retries. */
  private connectedPool(): Promise<ConnectionPool> {
    if (this.closed) {
      return Promise.reject(connectionError(this.address, 'the connector has been closed'));
    }
    if (!this.pool) {
      const pool = new ConnectionPool(sqlServerPoolConfig(this.spec, this.limits));
      pool.on('error', noop);
      this.pool = pool.connect().catch((err: unknown) => {
        this.pool = null;
        void pool.close().catch(noop);
        throw err;
      });
    }
    return this.pool;
  }

  private startRequest(
    pool: ConnectionPool,
    sql: string,
    params: unknown[]
  ): { request: Request; buffer: RowBuffer } {
    const request = new Request(pool);
    request.stream = true;
    // Rows as arrays, built by recordOf: mssql builds row objects by assignment, which loses a
    // column named `__proto__` or makes its value the row's prototype (issue 20, defect 3).
    request.arrayRowMode = true;
    params.forEach((value, i) => request.input(`p${i + 1}`, toParam(value)));
    const buffer = new RowBuffer(request, this.limits.batchSize);
    let names: string[] = [];
    let converters: Array<[number, DateConverter]> = [];
    request.on('recordset', (columns: ColumnList) => {
      names = columns.map((column) => column.name);
      converters = dateConverters(columns);
    });
    request.on('row', (values: unknown[]) => {
      for (const [i, convert] of converters) {
        const value = values[i];
        if (value instanceof Date) values[i] = convert(value);
      }
      buffer.push(recordOf(names, values));
    });
    request.on('error', (err: unknown) => buffer.fail(err));
    request.on('done', () => buffer.end());
    void request.query(sql, noop);
    return { request, buffer };
  }

  private stopRequest(request: Request): void {
    request.cancel();
    // A paused request would never read the server's acknowledgement of the ATTENTION.
    request.resume();
  }
}
