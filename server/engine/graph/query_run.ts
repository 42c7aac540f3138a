/**
 * One graph query's run: its deadline, the abort every backend call of it shares, the work
 * budget its loops spend from, and each step's time, rows and calls by step id (beside the
 * plan, never in it).
 */
import type { BackendCall, CallOptions } from '../backends/backend';
import { FederationError } from '../errors';
import { callerGone } from '../request_scope';
import { stopCheck, WorkBudget } from '../work_budget';
import type { GraphLimits } from './graph_limits';

export interface StepStats {
  rows: number;
  start: number;
  stop: number;
  requests: BackendCall[];
}

export class QueryRun {
  private readonly stats = new Map<number, StepStats>();
  /** Aborts every backend call of the query: at its deadline, when done, when the caller left. */
  private readonly controller = new AbortController();
  private readonly deadline: number;
  private readonly timer: NodeJS.Timeout;
  private readonly unlinkCaller: () => void;
  /** Throws the 499 when the caller left, the 504 past the deadline. */
  readonly check: () => void;
  /** What every loop over fetched documents, bindings and paths spends from. */
  readonly budget: WorkBudget;
  private currentStep = 'planning';

  constructor(
    private readonly limits: GraphLimits,
    readonly clock: () => number,
    private readonly request: { preference?: string; debug: boolean },
    /** The caller's abort (RequestScope.signal). */
    private readonly callerSignal: AbortSignal | undefined
  ) {
    this.deadline = clock() + limits.timeoutMs;
    this.timer = setTimeout(() => this.controller.abort(), limits.timeoutMs);
    this.timer.unref();
    // The caller leaving stops the statements and streams under way, as the deadline does.
    const onCallerGone = () => this.controller.abort(callerSignal?.reason ?? callerGone());
    if (callerSignal?.aborted) onCallerGone();
    else callerSignal?.addEventListener('abort', onCallerGone, { once: true });
    this.unlinkCaller = () => callerSignal?.removeEventListener('abort', onCallerGone);
    this.check = stopCheck(
      callerSignal,
      { at: this.deadline, error: () => this.timeoutError(this.currentStep) },
      clock
    );
    this.budget = new WorkBudget(this.check);
  }

  /** Stops the deadline timer, and any statement or stream still running for this query. */
  dispose(): void {
    clearTimeout(this.timer);
    this.unlinkCaller();
    this.controller.abort();
  }

  /** What the step's backend calls carry: the abort, the time left, the trace with `debug`. */
  options(stepId: number): CallOptions {
    const stats = this.statsOf(stepId);
    return {
      ...(this.request.preference !== undefined ? { preference: this.request.preference } : {}),
      signal: this.controller.signal,
      remainingMs: () => Math.max(1, this.deadline - this.clock()),
      ...(this.request.debug ? { trace: (call: BackendCall) => stats.requests.push(call) } : {}),
    };
  }

  /** The step's statistics; undefined for a step that never ran. */
  statsOfStep(stepId: number): StepStats | undefined {
    return this.stats.get(stepId);
  }

  private statsOf(stepId: number): StepStats {
    let stats = this.stats.get(stepId);
    if (!stats) this.stats.set(stepId, (stats = { rows: 0, start: 0, stop: 0, requests: [] }));
    return stats;
  }

  /** Runs one step, recording its time and rows; past the deadline, a 504 naming the step. */
  async step<T>(
    id: number,
    work: () => Promise<T>,
    pattern = '',
    rows: (result: T) => number = (r) => Number(r)
  ): Promise<T> {
    const stats = this.statsOf(id);
    this.currentStep = pattern || this.currentStep;
    this.check();
    stats.start = this.clock();
    try {
      const result = await work();
      stats.rows = rows(result);
      return result;
    } catch (error) {
      // Whatever a call failed with once its caller left or its deadline passed, that is why.
      if (this.callerSignal?.aborted) throw this.callerSignal.reason ?? callerGone();
      if (this.controller.signal.aborted || this.clock() >= this.deadline)
        throw this.timeoutError(this.currentStep, error);
      throw error;
    } finally {
      stats.stop = this.clock();
    }
  }

  private timeoutError(step: string, cause?: unknown): FederationError {
    return new FederationError(
      504,
      'graph_timeout_exception',
      `the graph query did not finish within ${this.limits.timeoutMs} ms (setting graphTimeoutMs); it was at the step [${step}]`,
      {},
      { cause }
    );
  }
}
