import { deserializeKeySet, serializeKeySet } from '../backends/key_set';
import type { ComputedJoin } from '../join/join_executor';
import { deserializeProjection, serializeProjection } from '../join/projection';
import type { StoredPit } from './pit_state';

/**
 * The join key sets of a PIT's first page, as its stored state holds them and as a later page
 * (on any process) needs them back: one place for both directions, so what is written is what
 * is read.
 */
export function encodeJoins(computed: readonly ComputedJoin[]): NonNullable<StoredPit['joins']> {
  return computed.map((c) => ({
    path: c.path,
    root: c.root,
    strategy: c.strategy,
    ...serializeKeySet(c.keys),
    ...(c.projection ? { projection: serializeProjection(c.projection) } : {}),
  }));
}

/** The stored joins by path, decoded: the executor reuses them instead of computing them. */
export function decodeJoins(stored: StoredPit['joins']): Map<string, ComputedJoin> {
  return new Map(
    (stored ?? []).map((j) => [
      j.path,
      {
        path: j.path,
        root: j.root,
        strategy: j.strategy,
        keys: deserializeKeySet(j),
        projection: j.projection === undefined ? undefined : deserializeProjection(j.projection),
      },
    ])
  );
}
