/**
 * SQLite through `better-sqlite3`, opened read-only. The driver is synchronous, so statements
 * never run on the event loop: each runs in a worker process of the host's SQLite worker pool
 * (sqlite_worker_pool.ts), which streams rows back in batches as the consumer pulls them. A
 * statement past its timeout, or whose caller went away, is stopped by killing its worker
 * process (better-sqlite3 exposes no sqlite3_interrupt, and only a process can be stopped inside
 * a native SQLite step). Only files inside the host's allowed directories are opened
 * (sqlite_files.ts).
 */
import { FederationError, badRequest } from '../../errors';
import { sqliteDialect } from '../../sql/dialects/sqlite';
import type {
  ConnectorMetadata,
  QueryOptions,
  RemoteColumn,
  RemoteResource,
  ResourceRef,
  Row,
} from '../connector';
import { connectionError, queryError, resourceNotFound } from '../connector_errors';
import type { ConnectorLimits } from '../connector_limits';
import { errorCode, errorMessage } from '../driver_errors';
import { LifecycleConnector } from '../lifecycle_connector';
import { remoteColumn } from '../remote_column';
import { StatementLifecycle, type RowSource, type SessionHooks } from '../statement_lifecycle';
import type { SqliteSpec } from './sqlite_url';
import { SqliteDriver, type SqliteDriverLoader } from './sqlite_driver';
import { SqliteFileAccess } from './sqlite_files';
import { sqliteMappedType } from './sqlite_types';
import { SqliteWorkerError, SqliteWorkerPool, type SqliteWorker } from './sqlite_worker_pool';

/**
 * What every SQLite datasource of one host shares: its worker processes, allowed files, and
 * whether the native driver loads on this Node at all.
 */
export interface SqliteHost {
  pool: SqliteWorkerPool;
  files: SqliteFileAccess;
  driver: SqliteDriver;
}

export interface SqliteHostOptions {
  /** Most SQLite statements running at once, each in its own worker process. */
  workers: number;
  /** Directories whose files may be opened; `null` allows any file (tests and scripts only). */
  directories: readonly string[] | null;
  /** Tests replace the driver load to see a failed native load. */
  loadDriver?: SqliteDriverLoader;
}

export function createSqliteHost(options: SqliteHostOptions, limits: ConnectorLimits): SqliteHost {
  return {
    driver: new SqliteDriver(options.loadDriver),
    pool: new SqliteWorkerPool({
      size: options.workers,
      idleTimeoutMs: limits.idleTimeoutMs,
      busyTimeoutMs: limits.connectTimeoutMs,
      batchSize: limits.batchSize,
    }),
    files: new SqliteFileAccess(options.directories),
  };
}

/**
 * SQLite enforces no timeout itself. Its timeout is one budget for the statement, spent while
 * it waits for a worker or a worker computes a batch, never while the consumer holds rows.
 */
const DEADLINE = { graceMs: 0, budget: true };

/** pragma_table_xinfo lists generated columns too; `hidden` 1 marks a virtual table's hidden ones. */
const DESCRIBE_SQL = `SELECT name, type, "notnull" AS not_null, hidden FROM pragma_table_xinfo(?)
ORDER BY cid`;
const DESCRIBE_IN_SCHEMA_SQL = `SELECT name, type, "notnull" AS not_null, hidden
FROM pragma_table_xinfo(?, ?) ORDER BY cid`;
/** Attached database names are case-insensitive, as everywhere in SQLite. */
const SCHEMA_EXISTS_SQL =
  'SELECT 1 AS known FROM pragma_database_list WHERE name = ? COLLATE NOCASE';

export function sqliteResourcesStatement(schema: string): string {
  return `SELECT name, type FROM ${sqliteDialect.quoteIdentifier(schema)}.sqlite_master
WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`;
}

/** Values a worker can bind: better-sqlite3 takes numbers, strings, bigints, buffers and null. */
function toParam(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/** A BLOB may cross the process boundary as a plain Uint8Array; the engine expects a Buffer. */
function fromWorker(row: Row): Row {
  for (const key in row) {
    const value = row[key];
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
      row[key] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }
  return row;
}

/** A worker lent to one statement, and the checked file it runs on. */
interface SqliteLease {
  worker: SqliteWorker;
  file: string;
}

export class SqliteConnector extends LifecycleConnector<SqliteLease> {
  readonly kind = 'sqlite' as const;
  readonly dialect = sqliteDialect;
  protected readonly lifecycle: StatementLifecycle<SqliteLease>;
  private readonly host: SqliteHost;
  /** A connector built without a host has a pool of its own, closed with it. */
  private readonly ownsHost: boolean;
  private closed = false;
  private resolvedFile: Promise<string> | null = null;

  constructor(
    private readonly spec: SqliteSpec,
    limits: ConnectorLimits,
    host?: SqliteHost
  ) {
    super(limits);
    this.ownsHost = host === undefined;
    this.host = host ?? createSqliteHost({ workers: limits.poolSize, directories: null }, limits);
    this.lifecycle = new StatementLifecycle(this.hooks(), limits, DEADLINE);
  }

  protected override serverText(version: string): string {
    return `SQLite ${version}`;
  }

  protected open({ worker, file }: SqliteLease, sql: string, params: unknown[]): RowSource {
    let started = false;
    let done = false;
    return {
      read: async () => {
        if (done) return [];
        const batch = started
          ? await worker.next()
          : await worker.start({ file, sql, params: params.map(toParam) });
        started = true;
        done = batch.done;
        return batch.rows.map(fromWorker);
      },
      // Nothing runs between batches: release ends the statement and frees the worker.
      close: async () => true,
    };
  }

  async describe(resource: ResourceRef, options?: QueryOptions): Promise<RemoteColumn[]> {
    if (resource.catalog) {
      throw badRequest(
        'SQLite has no catalogs: leave catalog empty (schema is the attached database, e.g. main)'
      );
    }
    if (resource.schema) {
      // SQLite fails the describe of an unknown schema; it is the same mistake as a missing table.
      const known = await this.query(SCHEMA_EXISTS_SQL, [resource.schema], options);
      if (known.length === 0) throw resourceNotFound(resource);
    }
    const rows = resource.schema
      ? await this.query(DESCRIBE_IN_SCHEMA_SQL, [resource.name, resource.schema], options)
      : await this.query(DESCRIBE_SQL, [resource.name], options);
    const visible = rows.filter((row) => row.hidden !== 1);
    if (visible.length === 0) throw resourceNotFound(resource);
    return visible.map((row) => {
      const remoteType = String(row.type ?? '');
      return remoteColumn(
        String(row.name),
        remoteType,
        sqliteMappedType(remoteType),
        row.not_null !== 1,
        false
      );
    });
  }

  async metadata(options?: QueryOptions): Promise<ConnectorMetadata> {
    const databases = await this.query('SELECT name FROM pragma_database_list', [], options);
    const schemas = databases.map((r) => String(r.name)).filter((name) => name !== 'temp');
    const resources: RemoteResource[] = [];
    for (const schema of schemas) {
      for (const row of await this.query(sqliteResourcesStatement(schema), [], options)) {
        resources.push({
          schema,
          name: String(row.name),
          kind: row.type === 'view' ? 'view' : 'table',
        });
      }
    }
    return { catalogs: [], schemas: schemas.map((name) => ({ name })), resources };
  }

  /**
   * The real path of the file, checked against the allowed directories once per connector (a
   * connector lives as long as its datasource's settings); a refusal is not kept, so a file
   * created later is found.
   */
  private resolveFile(): Promise<string> {
    this.resolvedFile ??= this.host.files.resolve(this.spec.file).catch((err: unknown) => {
      this.resolvedFile = null;
      throw err;
    });
    return this.resolvedFile;
  }

  /** Worker processes are the host's; each closes its connections once they sit idle. */
  protected async end(): Promise<void> {
    this.closed = true;
    if (this.ownsHost) await this.host.pool.close();
  }

  // -------------------------------------------------------------------------------------------

  /** What differs from the shared lifecycle: a worker process stands for a connection. */
  private hooks(): SessionHooks<SqliteLease> {
    return {
      acquire: async (signal) => {
        if (this.closed) throw connectionError(this.spec.file, 'the connector has been closed');
        this.host.driver.assertAvailable();
        const file = await this.resolveFile();
        const worker = await this.host.pool.acquire(signal, this.limits.connectTimeoutMs, () =>
          this.busyError()
        );
        return { worker, file };
      },
      // The pool's own wait (connectTimeoutMs) ends first, with this same error.
      acquireTimeout: () => this.busyError(),
      cancel: async ({ worker }) => worker.interrupt(new Error('the statement was stopped')),
      // Whatever happened, the worker knows whether its process must go (a batch still being
      // computed) or it can take the next statement (a SQLite error leaves it sound).
      release: ({ worker }) => worker.release(),
      translate: (err) => this.translate(err),
    };
  }

  private busyError(): FederationError {
    return new FederationError(
      429,
      'rejected_execution_exception',
      `the statement on SQLite datasource [${this.spec.file}] could not start: all ` +
        `${this.host.pool.options.size} SQLite worker processes of this host stayed busy for ` +
        `${this.limits.connectTimeoutMs}ms; retry later`
    );
  }

  /** Every driver error a user can act on, in one place. */
  private translate(err: unknown): FederationError {
    if (err instanceof FederationError) return err;
    if (!(err instanceof SqliteWorkerError)) {
      return connectionError(
        this.spec.file,
        `the SQLite worker process failed (${errorMessage(err)})`,
        err
      );
    }
    const code = errorCode(err);
    const message = errorMessage(err);
    if (code === 'SQLITE_CANTOPEN' || /directory does not exist|unable to open/i.test(message)) {
      return connectionError(
        this.spec.file,
        'the database file does not exist or cannot be opened; check jdbc.url',
        err
      );
    }
    if (code === 'SQLITE_NOTADB') {
      return connectionError(this.spec.file, 'the file is not a SQLite database', err);
    }
    return queryError(message, err);
  }
}
