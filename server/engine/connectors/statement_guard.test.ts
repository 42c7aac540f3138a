import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FederationError } from '../errors';
import { StatementGuard } from './statement_guard';

const ROUND_TRIP = { graceMs: 0, budget: false };

describe('StatementGuard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const translate = (err: unknown) => new FederationError(502, 'x', String(err));

  it('refuses to start when the signal is already aborted', () => {
    const controller = new AbortController();
    controller.abort();
    expect(() => new StatementGuard({ signal: controller.signal }, 1_000, ROUND_TRIP)).toThrow(
      expect.objectContaining({ status: 499, type: 'request_aborted_exception' })
    );
  });

  it('stops on abort, runs the stop handler once and reports a 499', () => {
    const controller = new AbortController();
    const guard = new StatementGuard({ signal: controller.signal }, 1_000, ROUND_TRIP);
    const stop = vi.fn();
    guard.onStop(stop);
    controller.abort();
    controller.abort();
    expect(stop).toHaveBeenCalledTimes(1);
    expect(stop).toHaveBeenCalledWith('aborted');
    expect(() => guard.check()).toThrow(expect.objectContaining({ status: 499 }));
    expect(guard.error(new Error('driver said cancelled'), translate).status).toBe(499);
  });

  it('stops after timeout plus grace and reports a 504 naming the timeout', () => {
    const guard = new StatementGuard({ timeoutMs: 300 }, 1_000, { graceMs: 100, budget: false });
    const stop = vi.fn();
    guard.onStop(stop);
    guard.arm();
    vi.advanceTimersByTime(399);
    expect(stop).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stop).toHaveBeenCalledWith('timeout');
    const error = guard.error(new Error('x'), translate);
    expect(error).toMatchObject({ status: 504, type: 'datasource_timeout_exception' });
    expect(error.reason).toContain('[300ms]');
  });

  it('uses the default timeout, and 0 means none', () => {
    expect(new StatementGuard(undefined, 1_234, ROUND_TRIP).timeoutMs).toBe(1_234);
    const guard = new StatementGuard({ timeoutMs: 0 }, 1_234, ROUND_TRIP);
    const stop = vi.fn();
    guard.onStop(stop);
    guard.arm();
    vi.advanceTimersByTime(1_000_000);
    expect(stop).not.toHaveBeenCalled();
  });

  it('disarm cancels the deadline', () => {
    const guard = new StatementGuard({ timeoutMs: 10 }, 0, ROUND_TRIP);
    const stop = vi.fn();
    guard.onStop(stop);
    guard.arm();
    guard.disarm();
    vi.advanceTimersByTime(100);
    expect(stop).not.toHaveBeenCalled();
  });

  it('race rejects at the stop and hands a late value to the cleanup', async () => {
    const controller = new AbortController();
    const guard = new StatementGuard({ signal: controller.signal }, 0, ROUND_TRIP);
    let resolveLate!: (v: string) => void;
    const late = vi.fn();
    const raced = guard.race(new Promise<string>((r) => (resolveLate = r)), late);
    controller.abort();
    await expect(raced).rejects.toMatchObject({ status: 499 });
    resolveLate('connection');
    await Promise.resolve();
    expect(late).toHaveBeenCalledWith('connection');
  });

  it('passes driver errors to the translation when nothing was stopped', () => {
    const guard = new StatementGuard(undefined, 0, ROUND_TRIP);
    expect(guard.error(new Error('syntax'), translate).reason).toBe('Error: syntax');
    const own = new FederationError(404, 'resource_not_found_exception', 'gone');
    expect(guard.error(own, translate)).toBe(own);
  });

  it('stops listening to the signal once disposed', () => {
    const controller = new AbortController();
    const guard = new StatementGuard({ signal: controller.signal }, 0, ROUND_TRIP);
    guard.dispose();
    controller.abort();
    expect(guard.reason).toBeNull();
  });

  it('spends a budget only while armed, across round trips, and stops when it runs out', () => {
    const guard = new StatementGuard({ timeoutMs: 300 }, 0, { graceMs: 0, budget: true });
    const stop = vi.fn();
    guard.onStop(stop);
    guard.arm();
    vi.advanceTimersByTime(200);
    guard.disarm();
    // The consumer's own time is not the database's.
    vi.advanceTimersByTime(10_000);
    guard.arm();
    vi.advanceTimersByTime(99);
    expect(stop).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(stop).toHaveBeenCalledWith('timeout');
    expect(guard.error(new Error('x'), translate).reason).toContain('[300ms]');
  });

  it('aborts its signal with the answer once stopped, also when asked after the stop', () => {
    const controller = new AbortController();
    const guard = new StatementGuard({ signal: controller.signal }, 0, ROUND_TRIP);
    const signal = guard.signal;
    expect(signal.aborted).toBe(false);
    controller.abort();
    expect(signal.reason).toMatchObject({ status: 499 });
    expect(guard.signal.aborted).toBe(true);
    const late = new StatementGuard({ timeoutMs: 5 }, 0, ROUND_TRIP);
    late.arm();
    vi.advanceTimersByTime(5);
    expect(late.signal.reason).toMatchObject({ status: 504 });
  });
});
