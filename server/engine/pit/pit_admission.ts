import type { StoredDocument } from '../catalog/catalog_store';
import { FederationError } from '../errors';
import {
  callerPlaceIds,
  globalPlaceIds,
  placeRef,
  type PlaceRef,
  type StoredPlace,
} from './pit_places';
import type { PitStateStore } from './pit_state_store';

/** What admission needs of the state store (pit_state_store.ts). */
export type AdmissionStore = Pick<PitStateStore, 'lives' | 'retire'> & {
  places: Pick<PitStateStore['places'], 'held' | 'take' | 'free'>;
};

export interface PitLimits {
  maxOpenPits: number;
  maxOpenPitsPerUser: number;
}

/**
 * Admits one more PIT for `caller`: takes one of the caller's places (maxOpenPitsPerUser), then
 * one of everybody's (maxOpenPits), or refuses with OpenSearch's 429 naming the limit that is
 * full. The caller's place comes first, so a place of maxOpenPits is only ever held by an open
 * that its caller's limit let through: a refusal for maxOpenPits then means that every place
 * was held by a PIT that stays open, so the count is exact, not only an upper bound.
 * Costs one real-time read of both sets of places and one create for each place taken (more
 * only when another open took a place first), all by id: no search, no refresh.
 */
export async function admitPit(
  store: AdmissionStore,
  caller: string,
  holder: StoredPlace,
  limits: PitLimits
): Promise<PlaceRef[]> {
  const own = callerPlaceIds(caller, limits.maxOpenPitsPerUser);
  const shared = globalPlaceIds(limits.maxOpenPits);
  const held = await store.places.held([...own, ...shared]);
  const mine = await takeOne(store, own, held, holder);
  if (mine === null) throw tooMany(limits.maxOpenPitsPerUser, 'maxOpenPitsPerUser');
  try {
    const ours = await takeOne(store, shared, held, holder);
    if (ours === null) throw tooMany(limits.maxOpenPits, 'maxOpenPits');
    return [mine, ours];
  } catch (error) {
    await store.places.free([mine]).catch(() => undefined);
    throw error;
  }
}

/**
 * A low place of `ids` that can be taken: a free one, else one whose PIT is over. Null when
 * every place is held by a live PIT (or was taken meanwhile).
 */
async function takeOne(
  store: AdmissionStore,
  ids: string[],
  held: Map<string, StoredDocument<StoredPlace>>,
  holder: StoredPlace
): Promise<PlaceRef | null> {
  return (
    (await takeLow(
      store,
      ids.filter((id) => !held.has(id)),
      holder
    )) ?? (await takeLow(store, await reclaim(store, ids, held), holder))
  );
}

/**
 * Tries `free` (lowest first) until one is taken. Low places first keep open PITs on the low
 * places, so a host configured with a smaller limit sees most of them; but opens racing all
 * want the lowest, so each place found taken doubles how far up the next try may land (at
 * random), and a burst of N opens costs about log N tries each rather than N.
 */
async function takeLow(
  store: AdmissionStore,
  free: string[],
  holder: StoredPlace
): Promise<PlaceRef | null> {
  const left = [...free];
  for (let spread = 1; left.length > 0; spread *= 2) {
    const [id] = left.splice(Math.floor(Math.random() * Math.min(spread, left.length)), 1);
    const taken = await store.places.take(id, holder);
    if (taken !== null) return taken;
  }
  return null;
}

/**
 * Frees the places of `ids` held by PITs that are over, and returns them (lowest first). A PIT
 * is over when its stored lease ran out (pit_expiry.ts: the stored `expires_at` is never before
 * the true expiry), or, when its state was never written (an open that died half-way), when the
 * place's own expiry passed (the keep-alive asked for plus the time an open may take,
 * pit_service.ts); its state is deleted and all its places freed.
 */
async function reclaim(
  store: AdmissionStore,
  ids: string[],
  held: Map<string, StoredDocument<StoredPlace>>
): Promise<string[]> {
  const places = ids.flatMap((id) => held.get(id) ?? []);
  const states = await store.lives([...new Set(places.map((place) => place._source.pit))]);
  const stateOf = new Map(states.flatMap((state) => (state === null ? [] : [[state._id, state]])));
  const now = Date.now();
  const freed = await Promise.all(
    places.map(async (place) => {
      const state = stateOf.get(place._source.pit);
      const expiresAt = state === undefined ? place._source.expires_at : state._source.expires_at;
      if (expiresAt >= now) return null;
      // A state written since it was read (a page kept it alive) is not retired.
      if (state !== undefined && !(await store.retire(state))) return null;
      const alreadyFreed = state?._source.places?.some(
        (p) => p.id === place._id && p.seq_no === place._seq_no
      );
      if (alreadyFreed !== true) await store.places.free([placeRef(place)]);
      return place._id;
    })
  );
  return freed.filter((id): id is string => id !== null);
}

function tooMany(limit: number, setting: keyof PitLimits): FederationError {
  const whose =
    setting === 'maxOpenPits'
      ? 'close the ones you no longer need'
      : 'this caller holds that many: close the ones you no longer need';
  return new FederationError(
    429,
    'too_many_point_in_time_exception',
    `Trying to create too many point in time contexts. Must be less than or equal to: [${limit}] (setting ${setting}); ${whose}`
  );
}
