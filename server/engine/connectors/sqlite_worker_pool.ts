/**
 * The host's SQLite worker threads. better-sqlite3 is synchronous: a statement run on the event
 * loop stops every other request until it ends. Each statement therefore runs in a worker thread
 * (sqlite_worker.js), one statement per worker at a time, in a bounded pool shared by every SQLite
 * datasource of the host.
 *
 * better-sqlite3 has no sqlite3_interrupt, so a statement that must stop (deadline, cancelled
 * request) is stopped by terminating its worker; the caller is answered at once and the worker's
 * place in the pool is freed for a fresh one. A terminated thread still finishes the SQLite step
 * it is inside before it exits (V8 cannot stop native code), so terminated threads that have not
 * exited yet are bounded as well: at most `size` of them, after which new statements wait.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Row } from './connector';

const WORKER_SCRIPT = path.join(__dirname, 'sqlite_worker.js');

/** A partial batch is sent after this long, so slowly arriving rows are not held back. */
const BATCH_MAX_MS = 50;

export interface SqliteWorkerPoolOptions {
  /** Most worker threads running statements at once. */
  size: number;
  /** An idle worker thread (and its connections) ends after this long. */
  idleTimeoutMs: number;
  /** SQLite's busy timeout: how long a connection waits for a writer's lock. */
  busyTimeoutMs: number;
  /** Rows per batch sent from a worker to the consumer. */
  batchSize: number;
}

export interface SqliteStatementRequest {
  /** The resolved database file, or `:memory:`. */
  file: string;
  sql: string;
  params: unknown[];
}

export interface SqliteBatch {
  rows: Row[];
  done: boolean;
}

/** An error raised by SQLite (or the driver) inside a worker, with SQLite's code. */
export class SqliteWorkerError extends Error {
  constructor(
    message: string,
    readonly code?: string
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

type WorkerReply =
  { type: 'batch'; rows: Row[]; done: boolean } | { type: 'error'; message: string; code?: string };

interface Pending {
  resolve: (batch: SqliteBatch) => void;
  reject: (err: unknown) => void;
}

interface Waiter {
  resolve: (worker: SqliteWorker) => void;
  reject: (err: unknown) => void;
  signal: AbortSignal;
  onAbort: () => void;
  timer: NodeJS.Timeout;
}

type WorkerState = 'idle' | 'lent' | 'exiting' | 'gone';

/** One worker thread, lent to one statement at a time. */
export class SqliteWorker {
  state: WorkerState = 'lent';
  idleTimer: NodeJS.Timeout | null = null;
  private pending: Pending | null = null;
  /** A statement has started and its last batch has not been read. */
  private statementOpen = false;

  constructor(
    private readonly pool: SqliteWorkerPool,
    readonly thread: Worker
  ) {
    thread.on('message', (reply: WorkerReply) => this.onReply(reply));
  }

  get stopped(): boolean {
    return this.state === 'exiting' || this.state === 'gone';
  }

  /** Starts a statement and resolves with its first batch. */
  start(request: SqliteStatementRequest, signal: AbortSignal): Promise<SqliteBatch> {
    this.statementOpen = true;
    return this.request(
      {
        type: 'run',
        file: request.file,
        memory: request.file === ':memory:',
        busyTimeoutMs: this.pool.options.busyTimeoutMs,
        idleTimeoutMs: this.pool.options.idleTimeoutMs,
        sql: request.sql,
        params: request.params,
        batchSize: this.pool.options.batchSize,
        batchMs: BATCH_MAX_MS,
      },
      signal
    );
  }

  /** The next batch of the running statement. */
  next(signal: AbortSignal): Promise<SqliteBatch> {
    return this.request({ type: 'next' }, signal);
  }

  /** Ends the statement if it is still open and gives the worker back to the pool. */
  release(): void {
    if (this.stopped) return;
    if (this.pending) {
      // Still computing a batch nobody will read: only terminating stops it.
      this.pool.terminate(this, new Error('the statement was abandoned'));
      return;
    }
    if (this.statementOpen) this.thread.postMessage({ type: 'cancel' });
    this.statementOpen = false;
    this.pool.giveBack(this);
  }

  /** Fails the request in flight, if any (the thread stopped or is being stopped). */
  fail(err: unknown): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(err);
  }

  private request(message: object, signal: AbortSignal): Promise<SqliteBatch> {
    return new Promise<SqliteBatch>((resolve, reject) => {
      if (this.stopped) {
        reject(new Error('the SQLite worker thread has stopped'));
        return;
      }
      if (signal.aborted) {
        reject(signal.reason);
        this.pool.terminate(this, signal.reason);
        return;
      }
      const onAbort = () => this.pool.terminate(this, signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal.removeEventListener('abort', onAbort);
      this.pending = {
        resolve: (batch) => {
          settle();
          if (batch.done) this.statementOpen = false;
          resolve(batch);
        },
        reject: (err) => {
          settle();
          this.statementOpen = false;
          reject(err);
        },
      };
      try {
        this.thread.postMessage(message);
      } catch (err) {
        // A parameter that cannot cross to the worker (not a plain value) is never bound.
        this.pending = null;
        settle();
        this.statementOpen = false;
        reject(new SqliteWorkerError(`a statement parameter cannot be bound: ${String(err)}`));
      }
    });
  }

  private onReply(reply: WorkerReply): void {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    if (reply.type === 'batch') pending.resolve({ rows: reply.rows, done: reply.done });
    else pending.reject(new SqliteWorkerError(reply.message, reply.code));
  }
}

export class SqliteWorkerPool {
  private readonly idle: SqliteWorker[] = [];
  private readonly waiters: Waiter[] = [];
  /** Workers started and not terminated (idle or lent). */
  private active = 0;
  /** Workers terminated whose thread has not exited yet (still finishing a SQLite step). */
  private exiting = 0;
  private closed = false;

  constructor(readonly options: Readonly<SqliteWorkerPoolOptions>) {}

  /**
   * A worker for one statement. Rejects with `signal.reason` when the signal aborts first, and
   * with `busy()` when none is free within `maxWaitMs`.
   */
  acquire(signal: AbortSignal, maxWaitMs: number, busy: () => Error): Promise<SqliteWorker> {
    if (this.closed) return Promise.reject(new Error('the SQLite worker pool has been closed'));
    if (signal.aborted) return Promise.reject(signal.reason);
    const ready = this.take();
    if (ready) return Promise.resolve(ready);
    return new Promise<SqliteWorker>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          this.dropWaiter(waiter);
          reject(signal.reason);
        },
        timer: setTimeout(() => {
          this.dropWaiter(waiter);
          reject(busy());
        }, maxWaitMs),
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Terminates the idle workers; lent ones are terminated as their statements end. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      this.clearWaiter(waiter);
      waiter.reject(new Error('the SQLite worker pool has been closed'));
    }
    for (const worker of [...this.idle]) this.terminate(worker, new Error('closed'));
  }

  /** Called by a worker released after its statement. */
  giveBack(worker: SqliteWorker): void {
    if (this.closed) {
      this.terminate(worker, new Error('the SQLite worker pool has been closed'));
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) {
      this.clearWaiter(waiter);
      waiter.resolve(worker);
      return;
    }
    worker.state = 'idle';
    // An idle thread must not keep the host process alive.
    worker.thread.unref();
    worker.idleTimer = setTimeout(
      () => this.terminate(worker, new Error('idle')),
      this.options.idleTimeoutMs
    );
    worker.idleTimer.unref();
    this.idle.push(worker);
  }

  /** Stops a worker (and the statement it runs); its place in the pool is free at once. */
  terminate(worker: SqliteWorker, reason: unknown): void {
    if (worker.stopped) return;
    this.leave(worker);
    worker.state = 'exiting';
    this.exiting++;
    worker.fail(reason);
    // A thread finishing its last SQLite step must not hold up the host's shutdown.
    worker.thread.unref();
    void worker.thread.terminate();
    this.dispatch();
  }

  private take(): SqliteWorker | null {
    const idle = this.idle.pop();
    if (idle) {
      if (idle.idleTimer) clearTimeout(idle.idleTimer);
      idle.idleTimer = null;
      idle.state = 'lent';
      idle.thread.ref();
      return idle;
    }
    // Terminated threads still inside a SQLite step use a core each: bound them too.
    if (this.active >= this.options.size || this.active + this.exiting >= 2 * this.options.size) {
      return null;
    }
    return this.spawn();
  }

  private spawn(): SqliteWorker {
    // No loader flags (tsx, vitest) in a plain CommonJS worker: it starts faster without them.
    const thread = new Worker(WORKER_SCRIPT, { execArgv: [] });
    const worker = new SqliteWorker(this, thread);
    this.active++;
    // An uncaught error inside the worker; 'exit' follows.
    thread.on('error', (err) => worker.fail(err));
    thread.on('exit', () => {
      if (worker.state === 'exiting') {
        this.exiting--;
      } else if (worker.state !== 'gone') {
        this.leave(worker);
        worker.fail(new Error('the SQLite worker thread exited unexpectedly'));
      }
      worker.state = 'gone';
      this.dispatch();
    });
    return worker;
  }

  /** Takes a live worker out of the pool's count (idle list included). */
  private leave(worker: SqliteWorker): void {
    if (worker.idleTimer) clearTimeout(worker.idleTimer);
    worker.idleTimer = null;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    this.active--;
  }

  /** Hands freed capacity to the statements waiting for it. */
  private dispatch(): void {
    while (this.waiters.length > 0 && !this.closed) {
      const worker = this.take();
      if (!worker) return;
      const waiter = this.waiters.shift()!;
      this.clearWaiter(waiter);
      waiter.resolve(worker);
    }
  }

  private dropWaiter(waiter: Waiter): void {
    const at = this.waiters.indexOf(waiter);
    if (at >= 0) this.waiters.splice(at, 1);
    this.clearWaiter(waiter);
  }

  private clearWaiter(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    waiter.signal.removeEventListener('abort', waiter.onAbort);
  }
}
