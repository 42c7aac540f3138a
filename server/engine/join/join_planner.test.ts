import { describe, expect, it } from 'vitest';
import type { OpenSearchBackend } from '../backends/opensearch_backend';
import { planJoin } from './join_planner';

/** A parent whose key count is `keys`, counting how often it is asked. */
function parentWith(keys: number) {
  const asked = { count: 0 };
  const backend = {
    cardinality: async () => {
      asked.count += 1;
      return keys;
    },
  } as unknown as OpenSearchBackend;
  return { asked, parent: { backend, field: 'id' } };
}

describe('planJoin', () => {
  it('broadcasts without counting the parent when the child read is done in one page', async () => {
    const { asked, parent } = parentWith(10);
    const plan = await planJoin(
      undefined,
      async () => ({ docs: 50_000, complete: true }),
      parent,
      1e6
    );
    expect(plan).toEqual({ strategy: 'BROADCAST_JOIN', estimates: { child_docs: 50_000 } });
    expect(asked.count).toBe(0);
  });

  it('reverses when the child matches far more documents than the parent has keys', async () => {
    const { asked, parent } = parentWith(500);
    const plan = await planJoin(
      undefined,
      async () => ({ docs: 8_000, complete: false }),
      parent,
      1e6
    );
    expect(plan).toEqual({
      strategy: 'INDEX_JOIN',
      estimates: { child_docs: 8_000, parent_keys: 500 },
    });
    expect(asked.count).toBe(1);
  });

  it('broadcasts when the parent has too many keys to read first, or enough', async () => {
    const tooMany = parentWith(500);
    expect(
      (
        await planJoin(
          undefined,
          async () => ({ docs: 8_000, complete: false }),
          tooMany.parent,
          100
        )
      ).strategy
    ).toBe('BROADCAST_JOIN');
    const enough = parentWith(1_000);
    expect(
      (
        await planJoin(
          undefined,
          async () => ({ docs: 8_000, complete: false }),
          enough.parent,
          1e6
        )
      ).strategy
    ).toBe('BROADCAST_JOIN');
  });

  it('takes a forced strategy without counting anything', async () => {
    const { asked, parent } = parentWith(1);
    let counted = false;
    const plan = await planJoin(
      'HASH_JOIN',
      async () => {
        counted = true;
        return { docs: 1, complete: false };
      },
      parent,
      1e6
    );
    expect(plan).toEqual({ strategy: 'HASH_JOIN' });
    expect([counted, asked.count]).toEqual([false, 0]);
  });
});
