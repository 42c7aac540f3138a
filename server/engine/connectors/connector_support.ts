/**
 * Pieces every connector shares: the limits it runs under, the errors a user can act on, and the
 * guard that stops a running statement when the caller aborts or its deadline passes.
 */
import fs from 'node:fs';
import { FederationError, badRequest } from '../errors';
import type {
  Connector,
  MappedType,
  QueryOptions,
  RemoteColumn,
  ResourceRef,
  Row,
} from './connector';

export interface ConnectorLimits {
  /** Most connections one datasource holds open at once. */
  poolSize: number;
  /** How long opening a connection (or waiting for a free pooled one) may take. */
  connectTimeoutMs: number;
  /** Default statement timeout, when a call passes no `timeoutMs`; 0 means none. */
  statementTimeoutMs: number;
  /** An idle pooled connection is closed after this long. */
  idleTimeoutMs: number;
  /** Rows fetched from the server per round trip while streaming. */
  batchSize: number;
  /**
   * MariaDB: the most in-memory temporary table one statement may ask for to hold a long key
   * list (`SET STATEMENT tmp_memory_table_size`), so the list is not written to disk; 0 leaves
   * the server's own size.
   */
  keyListTableBytes: number;
}

export const DEFAULT_CONNECTOR_LIMITS: Readonly<ConnectorLimits> = Object.freeze({
  poolSize: 10,
  connectTimeoutMs: 10_000,
  statementTimeoutMs: 60_000,
  idleTimeoutMs: 30_000,
  batchSize: 1_000,
  keyListTableBytes: 256 * 1024 * 1024,
});

// ---------------------------------------------------------------------------------------------
// Errors

export function connectionError(address: string, detail: string, cause?: unknown) {
  return new FederationError(
    502,
    'datasource_connection_exception',
    `cannot connect to the datasource at [${address}]: ${detail}`,
    {},
    { cause }
  );
}

export function authenticationError(user: string | undefined, address: string, cause?: unknown) {
  // The driver's own words say which check failed (password, pg_hba entry, plugin); see
  // errorMessage for why they carry no secret.
  const driverSaid = cause === undefined ? '' : errorMessage(cause).trim();
  return new FederationError(
    502,
    'datasource_authentication_exception',
    `the datasource at [${address}] refused the login for user [${user ?? ''}]` +
      (driverSaid ? ` (${driverSaid})` : '') +
      '; check jdbc.username and jdbc.password',
    {},
    { cause }
  );
}

export function unknownDatabaseError(database: string, address: string, cause?: unknown) {
  return new FederationError(
    502,
    'datasource_connection_exception',
    `database [${database}] does not exist on the datasource at [${address}]; check jdbc.url`,
    {},
    { cause }
  );
}

export function timeoutError(timeoutMs: number, cause?: unknown) {
  return new FederationError(
    504,
    'datasource_timeout_exception',
    `the datasource statement did not complete within the statement timeout of [${timeoutMs}ms]`,
    {},
    { cause }
  );
}

export function abortedError(cause?: unknown) {
  return new FederationError(
    499,
    'request_aborted_exception',
    'the request was cancelled while the datasource statement ran',
    {},
    { cause }
  );
}

export function queryError(detail: string, cause?: unknown) {
  return new FederationError(
    502,
    'datasource_query_exception',
    `the datasource rejected the statement: ${detail}`,
    {},
    { cause }
  );
}

export function resourceNotFound(resource: ResourceRef) {
  return new FederationError(
    404,
    'resource_not_found_exception',
    `table or view [${qualifiedName(resource)}] does not exist in the datasource; check the [resource] name and its [schema]/[catalog]`,
    { resource: qualifiedName(resource) }
  );
}

export function qualifiedName(resource: ResourceRef): string {
  return [resource.catalog, resource.schema, resource.name].filter(Boolean).join('.');
}

export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * A driver error's text, passed on as is. Nothing is scrubbed from it: the drivers get the
 * password only as a config field and never put it in a message (pg keeps it non-enumerable,
 * mysql2 and tedious never format it, the servers never echo it), while replacing a password's
 * text wherever it occurs mangled messages and, by where the stars fell, revealed a short one.
 * The one place a credential did reach messages, the jdbc.url quoted in our own 400s, is handled
 * where the URL is parsed (jdbc_url.ts quotes no part of a URL that may hold a credential).
 */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Network-level failures reaching a host, as Node reports them. */
export const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ECONNRESET',
  'EPIPE',
]);

export function networkDetail(code: string, fallback: string): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the server running and listening on that port?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'ETIMEDOUT':
      return 'the connection timed out';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the host is unreachable';
    default:
      return fallback;
  }
}

/** A certificate or key named in jdbc.url; unreadable is the user's to fix, hence a 400. */
export function readTlsFile(path: string, parameter: string): Buffer {
  try {
    return fs.readFileSync(path);
  } catch (err) {
    throw badRequest(
      `the ${parameter} file [${path}] of jdbc.url cannot be read (${errorCode(err) ?? 'error'})`
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Columns

export function remoteColumn(
  name: string,
  remoteType: string,
  mappedType: MappedType | null,
  nullable: boolean,
  zoned: boolean
): RemoteColumn {
  const column: RemoteColumn = { name, remoteType, mappedType, nullable };
  if (mappedType === 'date') column.zoned = zoned;
  return column;
}

// ---------------------------------------------------------------------------------------------
// Stopping statements

export type StopReason = 'aborted' | 'timeout';

/**
 * Watches one statement for the caller's AbortSignal and a client-side deadline. The connector
 * tells it how to stop the statement (`onStop`) once it runs on a connection; the reason is
 * remembered so that the driver's "query cancelled" error becomes a 499 or a 504.
 *
 * Where the server enforces the timeout itself, the deadline gets `graceMs` extra so that the
 * server's own error wins; the client-side deadline is then only a guard against a server or
 * network that stopped answering.
 */
export class StatementGuard {
  readonly timeoutMs: number;
  private stopReason: StopReason | null = null;
  private stopHandler: ((reason: StopReason) => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly signal: AbortSignal | undefined;
  private readonly graceMs: number;
  private readonly onAbort = () => this.stop('aborted');

  constructor(options: QueryOptions | undefined, defaultTimeoutMs: number, graceMs: number) {
    this.signal = options?.signal;
    this.timeoutMs = Math.max(0, options?.timeoutMs ?? defaultTimeoutMs);
    this.graceMs = graceMs;
    if (this.signal?.aborted) throw abortedError();
    this.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  get reason(): StopReason | null {
    return this.stopReason;
  }

  /** Sets how to stop the running statement; runs it at once if a stop is already due. */
  onStop(handler: (reason: StopReason) => void): void {
    this.stopHandler = handler;
    if (this.stopReason) handler(this.stopReason);
  }

  /**
   * Starts (or restarts) the deadline: the timeout plus grace, or `ms` when given (for round
   * trips that must be bounded even when the statement has no timeout). 0 means none.
   */
  arm(ms?: number): void {
    this.disarm();
    const deadline = ms ?? (this.timeoutMs > 0 ? this.timeoutMs + this.graceMs : 0);
    if (deadline <= 0 || this.stopReason) return;
    this.timer = setTimeout(() => this.stop('timeout'), deadline);
    this.timer.unref();
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Throws the 499/504 if the statement has been stopped. */
  check(): void {
    if (this.stopReason) throw this.stoppedError();
  }

  /**
   * Races `promise` against a stop. A value that arrives after the stop is handed to `late`
   * (e.g. to release a connection nobody will use).
   */
  race<T>(promise: Promise<T>, late: (value: T) => void): Promise<T> {
    if (this.stopReason) {
      promise.then(late, () => undefined);
      return Promise.reject(this.stoppedError());
    }
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const previous = this.stopHandler;
      this.stopHandler = (reason) => {
        previous?.(reason);
        if (!settled) {
          settled = true;
          reject(this.stoppedError());
        }
      };
      promise.then(
        (value) => {
          this.stopHandler = previous;
          if (settled) late(value);
          else {
            settled = true;
            resolve(value);
          }
        },
        (err: unknown) => {
          this.stopHandler = previous;
          if (!settled) {
            settled = true;
            reject(err);
          }
        }
      );
    });
  }

  /** The error for a failed statement: our stop reason first, else the translated driver error. */
  error(err: unknown, translate: (err: unknown) => FederationError): FederationError {
    if (err instanceof FederationError) return err;
    if (this.stopReason) return this.stoppedError(err);
    return translate(err);
  }

  dispose(): void {
    this.disarm();
    this.signal?.removeEventListener('abort', this.onAbort);
    this.stopHandler = null;
  }

  private stoppedError(cause?: unknown): FederationError {
    return this.stopReason === 'timeout'
      ? timeoutError(this.timeoutMs, cause)
      : abortedError(cause);
  }

  private stop(reason: StopReason): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.disarm();
    this.stopHandler?.(reason);
  }
}

/**
 * Rejects with `onTimeout()` when `promise` has not settled after `ms`; a value that arrives
 * later is handed to `late` (e.g. to give back a connection nobody waits for any more).
 */
export function withDeadline<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => Error,
  late: (value: T) => void
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let expired = false;
    const timer = setTimeout(() => {
      expired = true;
      reject(onTimeout());
    }, ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (expired) late(value);
        else resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        if (!expired) reject(err);
      }
    );
  });
}

/** Resolves with `promise`, or with `fallback` after `ms`; used when cleanup must not hang. */
export function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      }
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Naming the datasource

/** The error with `datasource [id]: ` in front, so a user with many datasources knows which. */
export function withDatasourceName(id: string, err: unknown): unknown {
  if (!(err instanceof FederationError) || err.status < 500) return err;
  if (err.details.datasource === id) return err;
  return new FederationError(
    err.status,
    err.type,
    `datasource [${id}]: ${err.reason}`,
    { ...err.details, datasource: id },
    { cause: err.cause }
  );
}

/** `forEachRow` for connectors that read it as their stream. */
export async function forEachStreamedRow(
  rows: AsyncIterable<Row>,
  onRow: (row: Row) => void
): Promise<void> {
  for await (const row of rows) onRow(row);
}

/** The connector of datasource `id`, whose remote failures (5xx) name the datasource. */
/**
 * The connector with `signal` added to every call's own: a request's statements are cancelled
 * when its caller leaves (RequestScope.signal), whatever layer started them and whether or not
 * that layer passed a signal of its own. The pool is the same; only the calls are bound.
 */
export function signalledConnector(
  connector: Connector,
  signal: AbortSignal | undefined
): Connector {
  if (signal === undefined) return connector;
  const bound = (options: QueryOptions | undefined): QueryOptions => ({
    ...options,
    signal: options?.signal ? AbortSignal.any([signal, options.signal]) : signal,
  });
  return {
    kind: connector.kind,
    dialect: connector.dialect,
    validate: (options) => connector.validate(bound(options)),
    query: (sql, params, options) => connector.query(sql, params, bound(options)),
    forEachRow: (sql, params, onRow, options) =>
      connector.forEachRow(sql, params, onRow, bound(options)),
    describe: (resource, options) => connector.describe(resource, bound(options)),
    metadata: (options) => connector.metadata(bound(options)),
    stream: (sql, params, options) => connector.stream(sql, params, bound(options)),
    close: () => connector.close(),
  };
}

export function namedConnector(id: string, connector: Connector): Connector {
  const name = <T>(promise: Promise<T>) =>
    promise.catch((err: unknown) => {
      throw withDatasourceName(id, err);
    });
  return {
    kind: connector.kind,
    dialect: connector.dialect,
    validate: (options) => name(connector.validate(options)),
    query: (sql, params, options) => name(connector.query(sql, params, options)),
    forEachRow: (sql, params, onRow, options) =>
      name(connector.forEachRow(sql, params, onRow, options)),
    describe: (resource, options) => name(connector.describe(resource, options)),
    metadata: (options) => name(connector.metadata(options)),
    async *stream(sql, params, options) {
      try {
        yield* connector.stream(sql, params, options);
      } catch (err) {
        throw withDatasourceName(id, err);
      }
    },
    close: () => connector.close(),
  };
}
