import type { Subscribable } from '../types';

/**
 * A value and its changes, as rxjs's `BehaviorSubject` gives them (a subscriber is called with
 * the current value at once, then with each new one), for the embeddable's input and output
 * streams. rxjs is OSD's (a shared dependency, not installed here), and OSD reads these streams
 * only by subscribing (see `Subscribable` in ../types.ts), so this much is all we need.
 */
export class ValueSubject<T> implements Subscribable<T> {
  private readonly listeners = new Set<(value: T) => void>();
  private closed = false;

  constructor(private value: T) {}

  getValue(): T {
    return this.value;
  }

  next(value: T): void {
    if (this.closed) return;
    this.value = value;
    for (const listener of [...this.listeners]) listener(value);
  }

  subscribe(observer: ((value: T) => void) | { next?: (value: T) => void }): {
    unsubscribe(): void;
  } {
    if (this.closed) return { unsubscribe: () => undefined };
    const next = typeof observer === 'function' ? observer : (value: T) => observer.next?.(value);
    this.listeners.add(next);
    next(this.value);
    return { unsubscribe: () => void this.listeners.delete(next) };
  }

  /** Ends the stream: no more values, every subscriber dropped. */
  complete(): void {
    this.closed = true;
    this.listeners.clear();
  }
}
