/**
 * SQLite through `better-sqlite3`, opened read-only. The driver is synchronous: a statement's
 * rows are stepped one at a time with `iterate()`, so stopping means not stepping any further.
 * Each open handle serves one statement at a time (an iterating handle is busy), hence a small
 * pool of handles. The statement timeout counts the time spent inside SQLite, checked between
 * rows; one single step that runs long (a huge aggregate) cannot be interrupted, as
 * better-sqlite3 exposes no sqlite3_interrupt.
 */
import { performance } from 'node:perf_hooks';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { badRequest, FederationError } from '../errors';
import { sqliteDialect } from '../sql/dialects/sqlite';
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
  connectionError,
  errorCode,
  errorMessage,
  queryError,
  remoteColumn,
  resourceNotFound,
  timeoutError,
  type ConnectorLimits,
} from './connector_support';
import type { SqliteSpec } from './jdbc_url';
import { sqliteMappedType } from './sqlite_types';

type Handle = Database.Database;

/** Longest stretch of synchronous SQLite work before other callbacks get a turn. */
const YIELD_EVERY_MS = 20;

interface Waiter {
  resolve: (handle: Handle) => void;
  timer: NodeJS.Timeout;
}

/** pragma_table_xinfo lists generated columns too; `hidden` 1 marks a virtual table's hidden ones. */
const DESCRIBE_SQL = `SELECT name, type, "notnull" AS not_null, hidden FROM pragma_table_xinfo(?)
ORDER BY cid`;
const DESCRIBE_IN_SCHEMA_SQL = `SELECT name, type, "notnull" AS not_null, hidden
FROM pragma_table_xinfo(?, ?) ORDER BY cid`;

export function sqliteResourcesStatement(schema: string): string {
  return `SELECT name, type FROM ${sqliteDialect.quoteIdentifier(schema)}.sqlite_master
WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name`;
}

/** better-sqlite3 binds numbers, strings, bigints, buffers and null only. */
function toParam(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

/** Integers are read as bigint so that none loses digits: unsafe ones become exact strings. */
function convertRow(row: Row): Row {
  for (const key in row) {
    const value = row[key];
    if (typeof value === 'bigint') {
      const n = Number(value);
      row[key] = Number.isSafeInteger(n) ? n : value.toString();
    }
  }
  return row;
}

export class SqliteConnector implements Connector {
  readonly kind = 'sqlite' as const;
  readonly dialect = sqliteDialect;
  private readonly idle: Handle[] = [];
  private readonly idleTimers = new Map<Handle, NodeJS.Timeout>();
  private readonly waiters: Waiter[] = [];
  private open = 0;
  private closed = false;

  constructor(
    private readonly spec: SqliteSpec,
    private readonly limits: ConnectorLimits
  ) {}

  async validate(options?: QueryOptions): Promise<{ server: string }> {
    const rows = await this.query(this.dialect.versionStatement, [], options);
    return { server: `SQLite ${String(Object.values(rows[0] ?? {})[0] ?? '')}` };
  }

  async query(sql: string, params: unknown[], options?: QueryOptions): Promise<Row[]> {
    const rows: Row[] = [];
    for await (const row of this.stream(sql, params, options)) rows.push(row);
    return rows;
  }

  async *stream(sql: string, params: unknown[], options?: QueryOptions): AsyncIterable<Row> {
    // The guard's timer would count the consumer's time too; SQLite's own time is measured below.
    const guard = new StatementGuard({ signal: options?.signal }, 0, 0);
    const timeoutMs = Math.max(0, options?.timeoutMs ?? this.limits.statementTimeoutMs);
    let handle: Handle | undefined;
    let rows: IterableIterator<unknown> | undefined;
    try {
      handle = await this.acquire(guard);
      const statement = handle.prepare(sql);
      if (!statement.reader) {
        // The handle is read-only; running a write here produces SQLite's own refusal.
        statement.run(...params.map(toParam));
        return;
      }
      rows = statement.safeIntegers(true).iterate(...params.map(toParam));
      let spent = 0;
      let sinceYield = 0;
      let lastYield = performance.now();
      for (;;) {
        const started = performance.now();
        const step = rows.next();
        const now = performance.now();
        spent += now - started;
        if (step.done) break;
        if (timeoutMs > 0 && spent > timeoutMs) throw timeoutError(timeoutMs);
        guard.check();
        yield convertRow(step.value as Row);
        // Synchronous stepping never gives timers and I/O (an abort, a closed socket) a turn:
        // hand the event loop one every batch, or sooner when the rows come slowly.
        if (++sinceYield >= this.limits.batchSize || now - lastYield >= YIELD_EVERY_MS) {
          sinceYield = 0;
          await yieldToEventLoop();
          lastYield = performance.now();
        }
      }
    } catch (err) {
      throw guard.error(err, (e) => this.translate(e));
    } finally {
      guard.dispose();
      // Ends the statement early when the consumer stopped (break): the handle is free again.
      rows?.return?.();
      if (handle) this.release(handle);
    }
  }

  async describe(resource: ResourceRef, options?: QueryOptions): Promise<RemoteColumn[]> {
    if (resource.catalog) {
      throw badRequest(
        'SQLite has no catalogs: leave catalog empty (schema is the attached database, e.g. main)'
      );
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

  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) clearTimeout(waiter.timer);
    for (const handle of this.idle.splice(0)) this.closeHandle(handle);
  }

  // -------------------------------------------------------------------------------------------

  private async acquire(guard: StatementGuard): Promise<Handle> {
    if (this.closed) throw connectionError(this.spec.file, 'the connector has been closed');
    const idle = this.idle.pop();
    if (idle) {
      clearTimeout(this.idleTimers.get(idle));
      this.idleTimers.delete(idle);
      return idle;
    }
    if (this.open < this.limits.poolSize) {
      const handle = this.openHandle();
      this.open++;
      return handle;
    }
    const waiting = new Promise<Handle>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          reject(
            connectionError(
              this.spec.file,
              `all ${this.limits.poolSize} connections stayed busy for ${this.limits.connectTimeoutMs}ms`
            )
          );
        }, this.limits.connectTimeoutMs),
      };
      this.waiters.push(waiter);
    });
    return guard.race(waiting, (late) => this.release(late));
  }

  private openHandle(): Handle {
    const memory = this.spec.file === ':memory:';
    // In-memory databases cannot be read-only (and each handle has its own, empty one).
    return new Database(this.spec.file, {
      readonly: !memory,
      fileMustExist: !memory,
      timeout: this.limits.connectTimeoutMs,
    });
  }

  private release(handle: Handle): void {
    if (this.closed) {
      this.closeHandle(handle);
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve(handle);
      return;
    }
    this.idle.push(handle);
    const timer = setTimeout(() => {
      const at = this.idle.indexOf(handle);
      if (at >= 0) this.idle.splice(at, 1);
      this.idleTimers.delete(handle);
      this.closeHandle(handle);
    }, this.limits.idleTimeoutMs);
    timer.unref();
    this.idleTimers.set(handle, timer);
  }

  private closeHandle(handle: Handle): void {
    clearTimeout(this.idleTimers.get(handle));
    this.idleTimers.delete(handle);
    this.open--;
    try {
      handle.close();
    } catch {
      // Already closed.
    }
  }

  /** Every driver error a user can act on, in one place. */
  private translate(err: unknown): FederationError {
    if (err instanceof FederationError) return err;
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
