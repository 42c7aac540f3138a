/**
 * The host's SQLite worker processes. better-sqlite3 is synchronous: a statement run on the event
 * loop stops every other request until it ends. Each statement therefore runs in a child process
 * (sqlite_worker.js), one statement per worker at a time, in a bounded pool shared by every SQLite
 * datasource of the host.
 *
 * better-sqlite3 has no sqlite3_interrupt, and one step of a statement (a `count(DISTINCT …)`
 * over millions of rows) is a single native call that may last hours. A worker thread cannot be
 * stopped inside native code (terminating it only takes effect once the step returns), but a
 * process can: a statement that must stop (deadline, cancelled request) is stopped by SIGKILL to
 * its worker process. The caller is answered at once; the worker's place in the pool is free as
 * soon as the process has exited, which after SIGKILL is a matter of milliseconds, so a timed-out
 * statement never holds a slot or a core for the time it would have run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Row } from '../connector';

const WORKER_SCRIPT = path.join(__dirname, 'sqlite_worker.js');

/** A partial batch is sent after this long, so slowly arriving rows are not held back. */
const BATCH_MAX_MS = 50;

export interface SqliteWorkerPoolOptions {
  /** Most worker processes alive at once (each runs at most one statement). */
  size: number;
  /** An idle worker process (and its connections) ends after this long. */
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

/** `killed`: sent SIGKILL, not exited yet (it still holds its place in the pool). */
type WorkerState = 'idle' | 'lent' | 'killed' | 'gone';

/** One worker process, lent to one statement at a time. */
export class SqliteWorker {
  state: WorkerState = 'lent';
  idleTimer: NodeJS.Timeout | null = null;
  /** Resolves once the process has exited (or never started). */
  readonly exited: Promise<void>;
  private markExited!: () => void;
  private pending: Pending | null = null;
  /** A statement has started and its last batch has not been read. */
  private statementOpen = false;

  constructor(
    private readonly pool: SqliteWorkerPool,
    readonly child: ChildProcess
  ) {
    this.exited = new Promise<void>((resolve) => (this.markExited = resolve));
    child.on('message', (reply: WorkerReply) => this.onReply(reply));
  }

  get stopped(): boolean {
    return this.state === 'killed' || this.state === 'gone';
  }

  /** Starts a statement and resolves with its first batch. */
  start(request: SqliteStatementRequest): Promise<SqliteBatch> {
    this.statementOpen = true;
    return this.request({
      type: 'run',
      file: request.file,
      memory: request.file === ':memory:',
      busyTimeoutMs: this.pool.options.busyTimeoutMs,
      idleTimeoutMs: this.pool.options.idleTimeoutMs,
      sql: request.sql,
      params: request.params,
      batchSize: this.pool.options.batchSize,
      batchMs: BATCH_MAX_MS,
    });
  }

  /** The next batch of the running statement. */
  next(): Promise<SqliteBatch> {
    return this.request({ type: 'next' });
  }

  /**
   * Stops the batch being computed, if any, by killing the process: nothing else stops a native
   * SQLite step. Between batches nothing runs; `release` then ends the statement cheaply.
   */
  interrupt(reason: unknown): void {
    if (this.pending) this.pool.terminate(this, reason);
  }

  /** Ends the statement if it is still open and gives the worker back to the pool. */
  release(): void {
    if (this.stopped) return;
    if (this.pending) {
      // Still computing a batch nobody will read: only killing the process stops it.
      this.pool.terminate(this, new Error('the statement was abandoned'));
      return;
    }
    if (this.statementOpen) this.send({ type: 'cancel' });
    this.statementOpen = false;
    this.pool.giveBack(this);
  }

  /** Fails the request in flight, if any (the process stopped or is being stopped). */
  fail(err: unknown): void {
    const pending = this.pending;
    this.pending = null;
    pending?.reject(err);
  }

  /** Called once, when the process has exited. */
  onExited(): void {
    this.state = 'gone';
    this.markExited();
  }

  private request(message: object): Promise<SqliteBatch> {
    return new Promise<SqliteBatch>((resolve, reject) => {
      if (this.stopped) {
        reject(new Error('the SQLite worker process has stopped'));
        return;
      }
      this.pending = {
        resolve: (batch) => {
          if (batch.done) this.statementOpen = false;
          resolve(batch);
        },
        reject: (err) => {
          this.statementOpen = false;
          reject(err);
        },
      };
      try {
        this.send(message);
      } catch (err) {
        // A parameter that cannot be serialized (not a plain value) is never bound.
        this.pending = null;
        this.statementOpen = false;
        reject(new SqliteWorkerError(`a statement parameter cannot be bound: ${String(err)}`));
      }
    });
  }

  /** Throws at once for a value that cannot be serialized; a broken channel kills the worker. */
  private send(message: object): void {
    this.child.send(message, (err) => {
      if (err) this.pool.terminate(this, err);
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
  /** Worker processes started and not exited yet (idle, lent or killed): at most `size`. */
  private readonly live = new Set<SqliteWorker>();
  private closed = false;
  /**
   * A worker ends by itself when the host's IPC channel closes, but only between statements: one
   * busy in a long SQLite step would outlive the host, so they are killed when the host exits
   * (the hook is there only while the pool has worker processes).
   */
  private readonly killOnExit = () => {
    for (const worker of this.live) worker.child.kill('SIGKILL');
  };

  constructor(readonly options: Readonly<SqliteWorkerPoolOptions>) {}

  /**
   * A worker for one statement. Rejects with `signal.reason` when the signal aborts first, and
   * with `busy()` when none is free within `maxWaitMs`.
   */
  acquire(signal: AbortSignal, maxWaitMs: number, busy: () => Error): Promise<SqliteWorker> {
    if (this.closed) return Promise.reject(new Error('the SQLite worker pool has been closed'));
    if (signal.aborted) return Promise.reject(signal.reason);
    let ready: SqliteWorker | null;
    try {
      ready = this.take();
    } catch (err) {
      return Promise.reject(err);
    }
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

  /** Kills every worker process, lent ones included, and resolves once all have exited. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      this.clearWaiter(waiter);
      waiter.reject(new Error('the SQLite worker pool has been closed'));
    }
    const workers = [...this.live];
    for (const worker of workers)
      this.terminate(worker, new Error('the SQLite worker pool has been closed'));
    await Promise.all(workers.map((worker) => worker.exited));
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
    // An idle worker must not keep the host process alive (its IPC channel would).
    worker.child.unref();
    worker.child.channel?.unref();
    worker.idleTimer = setTimeout(
      () => this.terminate(worker, new Error('idle')),
      this.options.idleTimeoutMs
    );
    worker.idleTimer.unref();
    this.idle.push(worker);
  }

  /**
   * Stops a worker and the statement it runs, now, by SIGKILL to its process, which ends even a
   * native SQLite step. The request in flight fails with `reason` at once; the place in the pool
   * is free on 'exit'.
   */
  terminate(worker: SqliteWorker, reason: unknown): void {
    if (worker.stopped) return;
    this.leaveIdle(worker);
    worker.state = 'killed';
    worker.fail(reason);
    // Its 'exit' (milliseconds away) frees the slot and settles close(): an idle, unreferenced
    // worker must hold the event loop until then, or the host could end before `close()` does.
    worker.child.ref();
    worker.child.kill('SIGKILL');
  }

  private take(): SqliteWorker | null {
    const idle = this.idle.pop();
    if (idle) {
      if (idle.idleTimer) clearTimeout(idle.idleTimer);
      idle.idleTimer = null;
      idle.state = 'lent';
      idle.child.ref();
      idle.child.channel?.ref();
      return idle;
    }
    return this.live.size < this.options.size ? this.spawn() : null;
  }

  private spawn(): SqliteWorker {
    // No loader flags (tsx, vitest) in a plain CommonJS worker: it starts faster without them.
    // 'advanced' serialization carries bigints and buffers (parameters, BLOB values) as they are.
    const child = fork(WORKER_SCRIPT, [], {
      serialization: 'advanced',
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker = new SqliteWorker(this, child);
    if (this.live.size === 0) process.on('exit', this.killOnExit);
    this.live.add(worker);
    let exited = false;
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exited) return;
      exited = true;
      this.live.delete(worker);
      if (this.live.size === 0) process.off('exit', this.killOnExit);
      if (worker.state !== 'killed') {
        this.leaveIdle(worker);
        worker.fail(
          new Error(`the SQLite worker process exited unexpectedly (${signal ?? `code ${code}`})`)
        );
      }
      worker.onExited();
      this.dispatch();
    };
    child.on('exit', onExit);
    child.on('error', (err) => {
      // A process that could not start has no 'exit' to wait for.
      if (child.pid === undefined) {
        worker.fail(err);
        onExit(null, null);
      } else {
        this.terminate(worker, err);
      }
    });
    return worker;
  }

  /** Takes a worker off the idle list, if it is there. */
  private leaveIdle(worker: SqliteWorker): void {
    if (worker.idleTimer) clearTimeout(worker.idleTimer);
    worker.idleTimer = null;
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
  }

  /** Hands freed capacity to the statements waiting for it. */
  private dispatch(): void {
    while (this.waiters.length > 0 && !this.closed) {
      let worker: SqliteWorker | null;
      try {
        worker = this.take();
      } catch (err) {
        const waiter = this.waiters.shift()!;
        this.clearWaiter(waiter);
        waiter.reject(err);
        continue;
      }
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
