import { describe, expect, it } from 'vitest';
import type { OpenSearchGateway } from '../opensearch/opensearch_gateway';
import { SystemAliases } from './system_indices';

/** A gateway answering `_alias` reads with what `aliases` holds when the read is answered. */
function fakeGateway() {
  const state = { aliases: ['a1'], reads: 0, fail: false, pending: [] as Array<() => void> };
  const gateway = {
    request: () => {
      state.reads += 1;
      return new Promise((resolve, reject) =>
        state.pending.push(() =>
          state.fail
            ? reject(new Error('cluster unavailable'))
            : resolve({
                '.federation-datasources': {
                  aliases: Object.fromEntries(state.aliases.map((a) => [a, {}])),
                },
              })
        )
      );
    },
  } as unknown as OpenSearchGateway;
  const answerAll = async () => {
    for (const answer of state.pending.splice(0)) answer();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { state, gateway, answerAll };
}

describe('SystemAliases', () => {
  it('shares one read among requests and keeps its answer for ttlMs', async () => {
    let now = 0;
    const { state, gateway, answerAll } = fakeGateway();
    const aliases = new SystemAliases(gateway, 1_000, () => now);
    const first = [aliases.names(), aliases.names()];
    expect(state.reads).toBe(1);
    await answerAll();
    expect([...(await first[0])]).toEqual(['a1']);
    now = 400;
    expect([...(await aliases.names())]).toEqual(['a1']);
    expect(state.reads).toBe(1);
  });

  it('reads again in the background past half of ttlMs, and sees a new alias', async () => {
    let now = 0;
    const { state, gateway, answerAll } = fakeGateway();
    const aliases = new SystemAliases(gateway, 1_000, () => now);
    const kept = aliases.names();
    await answerAll();
    state.aliases.push('a2');
    now = 600;
    // Served from what was kept while the background read is on its way; one read only.
    expect(aliases.names()).toBe(kept);
    expect(aliases.names()).toBe(kept);
    expect(state.reads).toBe(2);
    await answerAll();
    expect([...(await aliases.names())].sort()).toEqual(['a1', 'a2']);
  });

  it('never serves an answer older than ttlMs', async () => {
    let now = 0;
    const { state, gateway, answerAll } = fakeGateway();
    const aliases = new SystemAliases(gateway, 1_000, () => now);
    aliases.names();
    await answerAll();
    state.aliases = ['a3'];
    now = 1_000;
    const names = aliases.names();
    expect(state.reads).toBe(2);
    await answerAll();
    expect([...(await names)]).toEqual(['a3']);
  });

  it('keeps no failed read, and reads for every call with ttlMs 0', async () => {
    const now = 0;
    const { state, gateway, answerAll } = fakeGateway();
    const aliases = new SystemAliases(gateway, 1_000, () => now);
    state.fail = true;
    const failed = aliases.names();
    await answerAll();
    await expect(failed).rejects.toThrow('cluster unavailable');
    state.fail = false;
    const next = aliases.names();
    expect(state.reads).toBe(2);
    await answerAll();
    expect([...(await next)]).toEqual(['a1']);

    const uncached = new SystemAliases(gateway, 0, () => now);
    uncached.names();
    uncached.names();
    expect(state.reads).toBe(4);
    await answerAll();
  });
});
