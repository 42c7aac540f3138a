/**
 * The time budget of one SQLite statement. It runs while the statement waits for a worker
 * process or a worker computes a batch, and pauses while the consumer holds rows, so a slow
 * consumer never makes the statement time out. Past the budget, or when the caller aborts, the
 * signal handed to the work aborts with the 504 or 499 to answer; the worker pool reacts by
 * killing the worker process (better-sqlite3 cannot interrupt a statement otherwise).
 */
import { performance } from 'node:perf_hooks';
import { abortedError, timeoutError } from '../connector_errors';

export class SqliteDeadline {
  private readonly controller = new AbortController();
  private remainingMs: number;
  private readonly onCallerAbort = () => this.controller.abort(abortedError());

  /**
   * @param timeoutMs the statement timeout; 0 means none
   * @param callerSignal the caller's cancellation
   */
  constructor(
    private readonly timeoutMs: number,
    private readonly callerSignal: AbortSignal | undefined
  ) {
    this.remainingMs = timeoutMs;
    if (callerSignal?.aborted) throw abortedError();
    callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  /** Runs `work` under the rest of the budget; the work must honour the signal it is given. */
  async run<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const signal = this.controller.signal;
    if (this.timeoutMs > 0 && this.remainingMs <= 0) this.expire();
    if (signal.aborted) throw signal.reason;
    let timer: NodeJS.Timeout | undefined;
    if (this.timeoutMs > 0) timer = setTimeout(() => this.expire(), this.remainingMs);
    const started = performance.now();
    try {
      return await work(signal);
    } finally {
      clearTimeout(timer);
      this.remainingMs -= performance.now() - started;
    }
  }

  /** Throws the 499 once the caller has aborted (checked between rows already fetched). */
  check(): void {
    const signal = this.controller.signal;
    if (signal.aborted) throw signal.reason;
  }

  dispose(): void {
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }

  private expire(): void {
    this.controller.abort(timeoutError(this.timeoutMs));
  }
}
