import { describe, expect, it } from 'vitest';
import { CallerTurns } from './caller_turns';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CallerTurns', () => {
  it("runs one caller's admissions one at a time, in order; other callers never wait", async () => {
    const turns = new CallerTurns();
    const order: string[] = [];
    const first = turns.take('alice');
    const second = turns.take('alice');
    const other = turns.take('bob');
    void second.ready.then(() => order.push('alice 2'));
    void other.ready.then(() => order.push('bob'));
    await settle();
    expect(order).toEqual(['bob']);
    first.release(true);
    await settle();
    expect(order).toEqual(['bob', 'alice 2']);
  });

  it('opens eagerly only with nobody ahead and no refusal last time', async () => {
    const turns = new CallerTurns();
    const first = turns.take('alice');
    const queued = turns.take('alice');
    expect([first.eager, queued.eager]).toEqual([true, false]);
    first.release(true);
    queued.release(false);
    await settle();
    // Refused last time: probably full, so the next open is admitted before its PIT opens.
    const afterRefusal = turns.take('alice');
    expect(afterRefusal.eager).toBe(false);
    afterRefusal.release(false);
    await settle();
    // One of its PITs closed here: eager again.
    turns.closed('alice');
    const afterClose = turns.take('alice');
    expect(afterClose.eager).toBe(true);
    afterClose.release(true);
    await settle();
    expect(turns.take('alice').eager).toBe(true);
  });

  it('forgets the oldest refusal past maxRemembered', async () => {
    const turns = new CallerTurns(2);
    for (const caller of ['a', 'b', 'c']) turns.take(caller).release(false);
    await settle();
    expect(['a', 'b', 'c'].map((caller) => turns.take(caller).eager)).toEqual([true, false, false]);
  });
});
