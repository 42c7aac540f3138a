/**
 * The statement lifecycle every connector repeats, in one place (as Trino's BaseJdbcClient holds
 * it for its connectors): borrow a connection, set the session up, run the statement or stream
 * its rows, cancel on abort or deadline, and give the connection back or destroy it. A database
 * supplies only what differs, through `SessionHooks`; what it borrows need not be a socket
 * (SQL Server's is a request on mssql's own pool, SQLite's a worker process).
 *
 * Every round trip runs under a deadline: borrowing under the connect timeout, each session
 * setup statement, the statement and each streamed fetch under the statement timeout (counted
 * as the database's `DeadlineRule` says). A connection that missed a deadline, or whose state
 * is unknown after an error or a cancel, is destroyed, never returned to its pool, so its slot
 * is free for the next request.
 */
import type { FederationError } from '../errors';
import type { QueryOptions, Row } from './connector';
import type { ConnectorLimits } from './connector_limits';
import { withDeadline, withTimeout } from './deadlines';
import { StatementGuard, type DeadlineRule } from './statement_guard';

/**
 * How long past the connect timeout a borrow may take before the lifecycle gives up on it: the
 * driver's own connect timeout should fire first, with its more precise error.
 */
const CONNECT_BACKSTOP_MS = 1_000;

export interface SessionHooks<C> {
  /** Borrows a connection; `signal` aborts when the statement is stopped before one came. */
  acquire(signal: AbortSignal): Promise<C>;
  /** The error for a borrow that missed the connect timeout. */
  acquireTimeout(): Error;
  /** Session setup before a statement (statement timeout, zone); called under a deadline. */
  setup?(conn: C, timeoutMs: number): Promise<void>;
  /** Asks the server to stop what `conn` runs; best effort, bounded, never throws. */
  cancel(conn: C): Promise<void>;
  /** Returns `conn` to its pool, or (`destroy`) closes its socket at once and frees its slot. */
  release(conn: C, destroy: boolean): void;
  /**
   * True when the server answered `err` and the connection is still in a known state; absent:
   * never (only `run` asks).
   */
  reusableAfter?(err: unknown): boolean;
  /** The driver's error in words a user can act on. */
  translate(err: unknown, timeoutMs: number): FederationError;
}

/** The rows of one running statement, fetched a batch at a time. */
export interface RowSource {
  /** The next rows; an empty array when the result is complete. */
  read(): Promise<Row[]>;
  /** Ends the statement early; resolves false when the connection cannot be reused. */
  close(): Promise<boolean>;
}

const noop = () => undefined;

export class StatementLifecycle<C> {
  constructor(
    private readonly hooks: SessionHooks<C>,
    private readonly limits: ConnectorLimits,
    private readonly rule: DeadlineRule
  ) {}

  /** Runs `work` on a set-up connection under the statement deadline. */
  async run<T>(options: QueryOptions | undefined, work: (conn: C) => Promise<T>): Promise<T> {
    const guard = this.guard(options);
    const conn = await this.acquire(guard);
    let destroy = false;
    try {
      guard.onStop(() => {
        destroy = true;
        void this.hooks.cancel(conn);
      });
      await this.setup(guard, conn);
      return await this.roundTrip(guard, () => work(conn));
    } catch (err) {
      destroy ||= guard.reason !== null || !(this.hooks.reusableAfter?.(err) ?? false);
      throw guard.error(err, (e) => this.hooks.translate(e, guard.timeoutMs));
    } finally {
      guard.dispose();
      // A connection we sent a cancel for is dropped too: the cancel could otherwise land on
      // whatever statement the next borrower runs.
      this.hooks.release(conn, destroy);
    }
  }

  /**
   * Streams the rows of the statement `open` starts. The deadline covers the server's work for
   * each batch; the consumer's own pace is not the database's fault.
   */
  async *stream(
    options: QueryOptions | undefined,
    open: (conn: C) => RowSource
  ): AsyncIterable<Row> {
    const guard = this.guard(options);
    const conn = await this.acquire(guard);
    let destroy = false;
    let finished = false;
    let source: RowSource | undefined;
    try {
      guard.onStop(() => {
        destroy = true;
        void this.hooks.cancel(conn);
      });
      await this.setup(guard, conn);
      const opened = open(conn);
      source = opened;
      for (;;) {
        const batch = await this.roundTrip(guard, () => opened.read());
        if (batch.length === 0) break;
        for (const row of batch) {
          guard.check();
          yield row;
        }
      }
      finished = true;
    } catch (err) {
      // After an error mid-stream the session's state is not worth reasoning about.
      destroy = true;
      throw guard.error(err, (e) => this.hooks.translate(e, guard.timeoutMs));
    } finally {
      guard.dispose();
      if (!finished && !destroy && source) {
        // The consumer stopped early: end the statement within a bound, or drop the connection.
        destroy = !(await withTimeout(source.close(), this.limits.connectTimeoutMs, false));
      }
      this.hooks.release(conn, destroy);
    }
  }

  private guard(options: QueryOptions | undefined): StatementGuard {
    return new StatementGuard(options, this.limits.statementTimeoutMs, this.rule);
  }

  /**
   * Borrows under the connect timeout; a connection that arrives too late goes back unused. A
   * budget (`rule.budget`) is spent while waiting too: a statement that waited its whole
   * timeout for a free connection has had its time.
   */
  private async acquire(guard: StatementGuard): Promise<C> {
    try {
      if (this.rule.budget) guard.arm();
      return await guard.race(
        withDeadline(
          this.hooks.acquire(guard.signal),
          this.limits.connectTimeoutMs + CONNECT_BACKSTOP_MS,
          () => this.hooks.acquireTimeout(),
          (late) => this.hooks.release(late, false)
        ),
        (late) => this.hooks.release(late, false)
      );
    } catch (err) {
      guard.dispose();
      throw guard.error(err, (e) => this.hooks.translate(e, guard.timeoutMs));
    } finally {
      guard.disarm();
    }
  }

  /**
   * Session setup statements are round trips like any other: under the statement's deadline
   * (or the connect timeout when the statement has none).
   */
  private async setup(guard: StatementGuard, conn: C): Promise<void> {
    if (!this.hooks.setup) return;
    guard.arm(guard.timeoutMs > 0 ? undefined : this.limits.connectTimeoutMs);
    await guard.race(this.hooks.setup(conn, guard.timeoutMs), noop);
    guard.disarm();
  }

  /**
   * One round trip under the deadline. A stop already due (a budget spent by the last one) is
   * thrown before the trip starts, so nothing is sent that would only have to be stopped.
   */
  private async roundTrip<T>(guard: StatementGuard, trip: () => Promise<T>): Promise<T> {
    guard.arm();
    guard.check();
    const result = await guard.race(trip(), noop);
    guard.disarm();
    return result;
  }
}
