import { describe, expect, it } from 'vitest';
import type { StoredDocument } from '../catalog/catalog_store';
import { admitPit, type AdmissionStore } from './pit_admission';
import { callerPlaceIds, type PlaceRef, type StoredPlace } from './pit_places';
import type { StoredPit } from './pit_state';

const LIMITS = { maxOpenPits: 20, maxOpenPitsPerUser: 8 };

/**
 * The places index and the PIT states in memory, with OpenSearch's rule that a document id is
 * created once; every call yields to the event loop first, so concurrent admissions interleave.
 */
function memoryStore() {
  const places = new Map<string, StoredDocument<StoredPlace>>();
  const states = new Map<string, StoredDocument<StoredPit>>();
  let seqNo = 0;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const document = <T>(id: string, source: T): StoredDocument<T> => ({
    _index: 'memory',
    _id: id,
    _version: 1,
    _seq_no: ++seqNo,
    _primary_term: 1,
    _source: source,
  });
  const free = (refs: PlaceRef[]) => {
    for (const ref of refs) if (places.get(ref.id)?._seq_no === ref.seq_no) places.delete(ref.id);
  };
  const store: AdmissionStore = {
    places: {
      async held(ids) {
        await turn();
        return new Map(ids.flatMap((id) => (places.has(id) ? [[id, places.get(id)!]] : [])));
      },
      async take(id, holder) {
        await turn();
        if (places.has(id)) return null;
        const doc = document(id, holder);
        places.set(id, doc);
        return { id, seq_no: doc._seq_no, primary_term: doc._primary_term };
      },
      async free(refs) {
        await turn();
        free(refs);
      },
    },
    async lives(ids) {
      await turn();
      return ids.map((id) => states.get(id) ?? null);
    },
    async retire(read) {
      await turn();
      if (states.get(read._id)?._seq_no !== read._seq_no) return false;
      states.delete(read._id);
      free(read._source.places ?? []);
      return true;
    },
  };
  /** A PIT whose state was written, holding `refs`, with the given stored expiry. */
  const addState = (pit: string, refs: PlaceRef[], expiresAt: number) =>
    states.set(
      pit,
      document(pit, {
        os_pit_id: 'os',
        indices: 'i',
        keep_alive_ms: 60_000,
        expires_at: expiresAt,
        created_at: 0,
        places: refs,
      })
    );
  return { store, places, states, addState };
}

const holder = (pit: string, expiresAt = Date.now() + 60_000): StoredPlace => ({
  pit,
  expires_at: expiresAt,
});

function refusal(error: unknown): string {
  expect(error).toMatchObject({ status: 429, type: 'too_many_point_in_time_exception' });
  return /\(setting (\w+)\)/.exec((error as Error).message)![1];
}

describe('admitPit', () => {
  it('admits exactly maxOpenPits of 100 concurrent opens, at most maxOpenPitsPerUser each', async () => {
    const { store, places } = memoryStore();
    const callers = ['a', 'b', 'c', 'd', 'e'];
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        admitPit(store, callers[i % 5], holder(`pit-${i}`), LIMITS)
      )
    );
    const admitted = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(admitted).toHaveLength(LIMITS.maxOpenPits);
    for (const caller of callers) {
      expect(admitted.filter((i) => callers[i % 5] === caller).length).toBeLessThanOrEqual(
        LIMITS.maxOpenPitsPerUser
      );
    }
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(['maxOpenPits', 'maxOpenPitsPerUser']).toContain(refusal(r.reason));
      }
    }
    // An open refused for maxOpenPits gave its caller's place back: two places per PIT, no more.
    expect(places.size).toBe(2 * LIMITS.maxOpenPits);
    const holders = new Set([...places.values()].map((p) => p._source.pit));
    expect([...holders].sort()).toEqual(admitted.map((i) => `pit-${i}`).sort());
  });

  it('refuses a caller at its limit with maxOpenPitsPerUser, not another caller', async () => {
    const { store } = memoryStore();
    for (let n = 0; n < LIMITS.maxOpenPitsPerUser; n++) {
      await admitPit(store, 'a', holder(`a-${n}`), LIMITS);
    }
    const error = await admitPit(store, 'a', holder('a-more'), LIMITS).catch((e: unknown) => e);
    expect(refusal(error)).toBe('maxOpenPitsPerUser');
    expect(await admitPit(store, 'b', holder('b-0'), LIMITS)).toHaveLength(2);
  });

  it('takes back the places of expired PITs and of opens that died, never of live ones', async () => {
    const { store, places, states, addState } = memoryStore();
    const limits = { maxOpenPits: 20, maxOpenPitsPerUser: 3 };
    const now = Date.now();
    const [live, expired, dead] = await Promise.all(
      ['live', 'expired', 'dead'].map((pit) => admitPit(store, 'a', holder(pit), limits))
    );
    addState('live', live, now + 60_000);
    addState('expired', expired, now - 1);
    // Every caller place is held: the expired PIT's is taken back (its state and both its
    // places go), not the live one's, nor that of 'dead', which never wrote its state but is
    // still within its keep-alive.
    const [callerPlace] = await admitPit(store, 'a', holder('y'), limits);
    expect(callerPlace.id).toBe(expired[0].id);
    expect(states.has('expired')).toBe(false);
    expect([...places.values()].filter((p) => p._source.pit === 'expired')).toEqual([]);
    expect(refusal(await admitPit(store, 'a', holder('x'), limits).catch((e) => e))).toBe(
      'maxOpenPitsPerUser'
    );
    // The dead open's keep-alive runs out: its places are taken back too.
    for (const ref of dead) places.get(ref.id)!._source.expires_at = now - 1;
    const [again] = await admitPit(store, 'a', holder('z'), limits);
    expect(again.id).toBe(dead[0].id);
    expect([...places.values()].filter((p) => p._source.pit === 'live')).toHaveLength(2);
    expect(callerPlaceIds('a', 3)).toContain(live[0].id);
  });
});
