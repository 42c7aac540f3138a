import type { StoredPit } from './pit_state';

/** The fields of the stored state that say how long a PIT lives and what it wraps. */
export type PitLife = Pick<StoredPit, 'os_pit_id' | 'keep_alive_ms' | 'expires_at'>;

/** The longest lease: OpenSearch itself frees expired PITs only when its reaper runs (1m). */
const MAX_LEASE_MS = 60_000;

/**
 * Every page moves a PIT's expiry to `now + keep_alive`, but writing that to the stored state on
 * every page re-indexes the whole state document, key sets included (measured: 14 ms of a 44 ms
 * page with 40,000 keyword keys). So the stored `expires_at` is a lease: written ahead of the
 * true expiry by a quarter of the keep-alive (at most a minute), and written again only when a
 * page moves the true expiry past it. Every process can then rely on
 *
 *   true expiry ≤ stored `expires_at` ≤ true expiry + lease
 *
 * so no process calls a live PIT expired, and one that expired is served at most a lease longer
 * (as OpenSearch serves its own PITs past their keep-alive until its reaper runs).
 */
export function leaseMs(keepAliveMs: number): number {
  return Math.min(Math.floor(keepAliveMs / 4), MAX_LEASE_MS);
}

/**
 * The life to write after a page that moved the true expiry to `moved`, or null when the stored
 * one still holds: same OpenSearch PIT, same keep-alive, and a lease that covers the new expiry.
 */
export function lifeToWrite(stored: PitLife, moved: PitLife): PitLife | null {
  if (
    moved.os_pit_id === stored.os_pit_id &&
    moved.keep_alive_ms === stored.keep_alive_ms &&
    moved.expires_at <= stored.expires_at
  ) {
    return null;
  }
  return { ...moved, expires_at: moved.expires_at + leaseMs(moved.keep_alive_ms) };
}
