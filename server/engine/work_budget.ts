/**
 * Inside OpenSearch Dashboards the engine runs in the one Dashboards process every user shares:
 * a loop whose length the input decides (path walks, row assembly, grouping, key collection,
 * response shaping, model checks) must not hold the event loop, and must stop when its request
 * is past its deadline or its caller went away.
 *
 * A loop spends its budget one unit of work at a time; about every `sliceMs` of work it pauses
 * (it waits for its turn, so other requests run) and its check runs (which throws the 504 or
 * the 499). Synchronous generators yield a marker where `spend()` says so, and their async
 * consumer awaits `pause()`.
 *
 * Turns are taken one per turn of the event loop (`nextTurn`), not one per loop: with every
 * loop resuming on its own `setImmediate`, one turn ran a slice of each (twenty expensive
 * requests: 200 ms) before the event loop read a socket again, and a small search, which needs
 * three such turns, waited for sixty slices.
 */

/** How long a loop may run before it lets others have the event loop. */
export const DEFAULT_SLICE_MS = 10;

/** Units between two reads of the clock: reading it costs more than a unit of most loops. */
const UNITS_PER_CLOCK_READ = 256;

export class WorkBudget {
  private units = 0;
  private sliceStart = performance.now();

  /**
   * @param check throws when the work must stop: the request's deadline passed (504) or its
   *   caller went away (499); see `stopCheck`.
   */
  constructor(
    private readonly check: () => void,
    private readonly sliceMs = DEFAULT_SLICE_MS
  ) {}

  /** Counts work; true when the loop should now `await pause()` (or yield a pause marker). */
  spend(units = 1): boolean {
    this.units += units;
    if (this.units < UNITS_PER_CLOCK_READ) return false;
    this.units = 0;
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  /** Its next turn, then the check: the loop goes on only if it may. */
  async pause(): Promise<void> {
    await nextTurn();
    this.sliceStart = performance.now();
    this.check();
  }

  /** For async loops: counts `units` and pauses when the slice is used up. */
  async tick(units = 1): Promise<void> {
    if (this.spend(units)) await this.pause();
  }
}

/** Loops waiting for their next slice, first come first served. */
const waiting: Array<() => void> = [];
let turnScheduled = false;

/**
 * Resolves after other loops waiting for a slice had theirs, one per turn of the event loop:
 * between two slices the event loop polls sockets and runs timers, so a request that needs no
 * slice waits for at most one per step whatever the number of loops.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!turnScheduled) {
      turnScheduled = true;
      setImmediate(giveTurn);
    }
  });
}

function giveTurn(): void {
  const resume = waiting.shift();
  // Scheduled from within an immediate, the next one runs on the next turn of the event loop.
  if (waiting.length > 0) setImmediate(giveTurn);
  else turnScheduled = false;
  // The loop runs its slice in the microtasks after this callback, before the next immediate.
  resume?.();
}

/**
 * The usual check: the caller's abort (a 499 as OpenSearch's `request_aborted_exception`, thrown
 * by `signal.throwIfAborted()` with the signal's reason) and a deadline (its own error).
 */
export function stopCheck(
  signal: AbortSignal | undefined,
  deadline: { at: number; error: () => Error } | undefined,
  clock: () => number = Date.now
): () => void {
  return () => {
    signal?.throwIfAborted();
    if (deadline && clock() >= deadline.at) throw deadline.error();
  };
}
