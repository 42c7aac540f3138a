import { FederationError } from '../errors';
import type { QueryOptions } from './connector';
import { abortedError, timeoutError } from './connector_errors';

export type StopReason = 'aborted' | 'timeout';

/** How a database's statement timeout is counted, client-side. */
export interface DeadlineRule {
  /** Extra time past a timeout the server enforces itself, so that its own error wins; 0: none. */
  graceMs: number;
  /**
   * False: each round trip gets the whole timeout, as a server that enforces it counts it. True:
   * the timeout is one budget for the whole statement (the wait for a connection included),
   * spent only while the database works, for a database that enforces none itself (SQLite).
   */
  budget: boolean;
}

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
  private readonly callerSignal: AbortSignal | undefined;
  private readonly rule: DeadlineRule;
  /** What is left of a budget (`rule.budget`), and since when the running timer spends it. */
  private remainingMs: number;
  private spendingSince: number | null = null;
  private stopSignal: AbortController | null = null;
  private readonly onAbort = () => this.stop('aborted');

  constructor(options: QueryOptions | undefined, defaultTimeoutMs: number, rule: DeadlineRule) {
    this.callerSignal = options?.signal;
    this.timeoutMs = Math.max(0, options?.timeoutMs ?? defaultTimeoutMs);
    this.rule = rule;
    this.remainingMs = this.timeoutMs + this.rule.graceMs;
    if (this.callerSignal?.aborted) throw abortedError();
    this.callerSignal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /**
   * Aborts, with the 499 or 504 as its reason, once the statement is stopped: for driver calls
   * that take a signal (a pool that queues waiters drops the one nobody waits for any more).
   */
  get signal(): AbortSignal {
    if (!this.stopSignal) {
      this.stopSignal = new AbortController();
      if (this.stopReason) this.stopSignal.abort(this.stoppedError());
    }
    return this.stopSignal.signal;
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
    if (this.stopReason) return;
    if (this.rule.budget && ms === undefined) {
      if (this.timeoutMs === 0) return;
      // A budget spent to the last millisecond is due now: the next round trip must not start.
      if (this.remainingMs <= 0) return this.stop('timeout');
      // The global performance, not perf_hooks': fake timers in tests replace only the global.
      this.spendingSince = performance.now();
      this.startTimer(this.remainingMs);
      return;
    }
    const deadline = ms ?? (this.timeoutMs > 0 ? this.timeoutMs + this.rule.graceMs : 0);
    if (deadline > 0) this.startTimer(deadline);
  }

  disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.spendingSince !== null) this.remainingMs -= performance.now() - this.spendingSince;
    this.spendingSince = null;
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
    this.callerSignal?.removeEventListener('abort', this.onAbort);
    this.stopHandler = null;
  }

  private startTimer(ms: number): void {
    this.timer = setTimeout(() => this.stop('timeout'), ms);
    this.timer.unref();
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
    this.stopSignal?.abort(this.stoppedError());
    this.stopHandler?.(reason);
  }
}
