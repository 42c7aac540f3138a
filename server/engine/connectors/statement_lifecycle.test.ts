import { describe, expect, it, vi } from 'vitest';
import { FederationError } from '../errors';
import type { Row } from './connector';
import { DEFAULT_CONNECTOR_LIMITS } from './connector_limits';
import { StatementLifecycle, type RowSource, type SessionHooks } from './statement_lifecycle';

const LIMITS = { ...DEFAULT_CONNECTOR_LIMITS, connectTimeoutMs: 1_000, statementTimeoutMs: 0 };

/** A connection that exists only as a number, and hooks that record what was done with it. */
function fakeHooks(acquire: (signal: AbortSignal) => Promise<number> = async () => 1) {
  const hooks = {
    acquire: vi.fn(acquire),
    acquireTimeout: () => new Error('no connection'),
    cancel: vi.fn(async () => undefined),
    release: vi.fn(),
    translate: (err: unknown) => new FederationError(502, 'x', String(err)),
  } satisfies SessionHooks<number>;
  return hooks;
}

/** Rows 1..n in batches of two, each batch after `delayMs`. */
function counting(n: number, delayMs = 0): RowSource & { closed: boolean } {
  let next = 1;
  const source = {
    closed: false,
    read: async (): Promise<Row[]> => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      const batch: Row[] = [];
      while (batch.length < 2 && next <= n) batch.push({ n: next++ });
      return batch;
    },
    close: async () => {
      source.closed = true;
      return true;
    },
  };
  return source;
}

async function failure(work: Promise<unknown>): Promise<FederationError> {
  try {
    await work;
  } catch (err) {
    return err as FederationError;
  }
  throw new Error('expected a failure');
}

describe('StatementLifecycle', () => {
  it('streams every batch without a setup hook and gives the connection back', async () => {
    const hooks = fakeHooks();
    const lifecycle = new StatementLifecycle(hooks, LIMITS, { graceMs: 0, budget: false });
    const rows: Row[] = [];
    for await (const row of lifecycle.stream(undefined, () => counting(5))) rows.push(row);
    expect(rows.map((row) => row.n)).toEqual([1, 2, 3, 4, 5]);
    expect(hooks.release).toHaveBeenCalledWith(1, false);
  });

  it('closes the statement of a consumer that stopped early, keeping the connection', async () => {
    const hooks = fakeHooks();
    const lifecycle = new StatementLifecycle(hooks, LIMITS, { graceMs: 0, budget: false });
    const source = counting(100);
    for await (const row of lifecycle.stream(undefined, () => source)) if (row.n === 3) break;
    expect(source.closed).toBe(true);
    expect(hooks.release).toHaveBeenCalledWith(1, false);
  });

  it('spends a budget across batches, never while the consumer holds rows', async () => {
    const hooks = fakeHooks();
    const lifecycle = new StatementLifecycle(hooks, LIMITS, { graceMs: 0, budget: true });
    // Each batch takes 100ms of a 250ms budget: the third runs out, though the consumer's own
    // 300ms per batch far exceed the budget.
    const seen: unknown[] = [];
    const error = await failure(
      (async () => {
        for await (const row of lifecycle.stream({ timeoutMs: 250 }, () => counting(100, 100))) {
          seen.push(row.n);
          await new Promise((resolve) => setTimeout(resolve, 150));
        }
      })()
    );
    expect(error).toMatchObject({ status: 504, type: 'datasource_timeout_exception' });
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(hooks.cancel).toHaveBeenCalledWith(1);
    expect(hooks.release).toHaveBeenCalledWith(1, true);
  });

  it('counts the wait for a connection against a budget, and aborts the waiting borrow', async () => {
    let borrow: AbortSignal | undefined;
    const hooks = fakeHooks(
      (signal) =>
        new Promise<number>(() => {
          borrow = signal;
        })
    );
    const lifecycle = new StatementLifecycle(hooks, LIMITS, { graceMs: 0, budget: true });
    const error = await failure(lifecycle.run({ timeoutMs: 50 }, async () => 'never'));
    expect(error).toMatchObject({ status: 504 });
    expect(borrow?.aborted).toBe(true);
    expect(hooks.release).not.toHaveBeenCalled();
  });

  it('leaves the wait for a connection to the connect timeout when counted per round trip', async () => {
    const hooks = fakeHooks(
      () => new Promise<number>((resolve) => setTimeout(() => resolve(7), 100))
    );
    const lifecycle = new StatementLifecycle(hooks, LIMITS, { graceMs: 0, budget: false });
    expect(await lifecycle.run({ timeoutMs: 50 }, async (conn) => conn)).toBe(7);
  });
});
