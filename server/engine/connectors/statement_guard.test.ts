import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FederationError } from '../errors';
import { StatementGuard } from './statement_guard';

describe('StatementGuard', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const translate = (err: unknown) => new FederationError(502, 'x', String(err));

  it('refuses to start when the signal is already aborted', () => {
    const controller = new AbortController();
    controller.abort();
    expect(() => new StatementGuard({ signal: controller.signal }, 1_000, 0)).toThrow(
      expect.objectContaining({ status: 499, type: 'request_aborted_exception' })
    );
  });

  it('stops on abort, runs the stop handler once and reports a 499', () => {
    const controller = new AbortController();
    const guard = new StatementGuard({ signal: controller.signal }, 1_000, 0);
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
    const guard = new StatementGuard({ timeoutMs: 300 }, 1_000, 100);
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
    expect(new StatementGuard(undefined, 1_234, 0).timeoutMs).toBe(1_234);
    const guard = new StatementGuard({ timeoutMs: 0 }, 1_234, 0);
    const stop = vi.fn();
    guard.onStop(stop);
    guard.arm();
    vi.advanceTimersByTime(1_000_000);
    expect(stop).not.toHaveBeenCalled();
  });

  it('disarm cancels the deadline', () => {
    const guard = new StatementGuard({ timeoutMs: 10 }, 0, 0);
    const stop = vi.fn();
    guard.onStop(stop);
    guard.arm();
    guard.disarm();
    vi.advanceTimersByTime(100);
    expect(stop).not.toHaveBeenCalled();
  });

  it('race rejects at the stop and hands a late value to the cleanup', async () => {
    const controller = new AbortController();
    const guard = new StatementGuard({ signal: controller.signal }, 0, 0);
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
    const guard = new StatementGuard(undefined, 0, 0);
    expect(guard.error(new Error('syntax'), translate).reason).toBe('Error: syntax');
    const own = new FederationError(404, 'resource_not_found_exception', 'gone');
    expect(guard.error(own, translate)).toBe(own);
  });

  it('stops listening to the signal once disposed', () => {
    const controller = new AbortController();
    const guard = new StatementGuard({ signal: controller.signal }, 0, 0);
    guard.dispose();
    controller.abort();
    expect(guard.reason).toBeNull();
  });
});
