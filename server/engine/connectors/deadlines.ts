/** Bounding a promise in time: a deadline that rejects, or a timeout that falls back. */

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
