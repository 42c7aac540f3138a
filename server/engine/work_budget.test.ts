import { describe, expect, it } from 'vitest';
import { nextTurn, WorkBudget } from './work_budget';

/** A loop that spends slices of `sliceMs` until told to stop, counting them in `slices`. */
async function busyLoop(budget: WorkBudget, state: { stop: boolean; slices: number }) {
  while (!state.stop) {
    if (budget.spend()) {
      state.slices++;
      await budget.pause();
    }
  }
}

describe('WorkBudget', () => {
  it('lets one loop slice run per turn of the event loop, so timers and sockets wait for one, not for all', async () => {
    const state = { stop: false, slices: 0 };
    const loops = Array.from({ length: 10 }, () => busyLoop(new WorkBudget(() => {}, 1), state));
    // Every loop has had a first slice and waits for its next turn now.
    await new Promise((resolve) => setImmediate(resolve));
    const before = state.slices;
    await new Promise((resolve) => setTimeout(resolve, 0));
    const ranMeanwhile = state.slices - before;
    state.stop = true;
    await Promise.all(loops);
    // One per turn: the turn the timer was set in, and at most the one it came due in. With a
    // turn for each loop (setImmediate each), all ten ran first.
    expect(ranMeanwhile).toBeLessThanOrEqual(2);
  });

  it('gives waiting loops their turns first come first served', async () => {
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map(async (n) => {
        await nextTurn();
        order.push(n);
        await nextTurn();
        order.push(n + 10);
      })
    );
    expect(order).toEqual([1, 2, 3, 11, 12, 13]);
  });

  it('stops a loop at its pause when its check throws', async () => {
    let stopped = false;
    const budget = new WorkBudget(() => {
      if (stopped) throw new Error('past its deadline');
    }, 0);
    stopped = true;
    await expect(budget.pause()).rejects.toThrow('past its deadline');
  });
});
