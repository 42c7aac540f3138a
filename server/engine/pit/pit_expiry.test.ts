import { describe, expect, it } from 'vitest';
import { leaseMs, lifeToWrite, type PitLife } from './pit_expiry';

const K = 60_000;
const L = leaseMs(K);
/** Written by a page at t = 40,000: true expiry 100,000, leased to 115,000. */
const stored: PitLife = { os_pit_id: 'os', keep_alive_ms: K, expires_at: 100_000 + L };
const pageAt = (now: number, changes: Partial<PitLife> = {}): PitLife => ({
  os_pit_id: 'os',
  keep_alive_ms: K,
  expires_at: now + K,
  ...changes,
});

describe('PIT expiry leases', () => {
  it('leases a quarter of the keep-alive, at most a minute', () => {
    expect(leaseMs(60_000)).toBe(15_000);
    expect(leaseMs(1_000)).toBe(250);
    expect(leaseMs(24 * 3_600_000)).toBe(60_000);
  });

  it('skips the write while the lease covers the new expiry', () => {
    expect(lifeToWrite(stored, pageAt(40_001))).toBeNull();
    expect(lifeToWrite(stored, pageAt(40_000 + L))).toBeNull();
    expect(lifeToWrite(stored, pageAt(40_001 + L))).toEqual({
      ...pageAt(40_001 + L),
      expires_at: 40_001 + L + K + L,
    });
  });

  it('writes when the wrapped PIT id or the keep-alive changes', () => {
    expect(lifeToWrite(stored, pageAt(41_000, { os_pit_id: 'other' }))).not.toBeNull();
    const shorter = pageAt(41_000, { keep_alive_ms: K / 2, expires_at: 41_000 + K / 2 });
    expect(lifeToWrite(stored, shorter)).toMatchObject({
      keep_alive_ms: K / 2,
      expires_at: 41_000 + K / 2 + leaseMs(K / 2),
    });
  });

  it('keeps the stored expiry between the true one and the true one plus the lease', () => {
    let held = stored;
    for (let now = 40_000; now < 1_000_000; now += 7_919) {
      const moved = pageAt(now);
      held = lifeToWrite(held, moved) ?? held;
      expect(held.expires_at).toBeGreaterThanOrEqual(moved.expires_at);
      expect(held.expires_at).toBeLessThanOrEqual(moved.expires_at + L);
    }
  });
});
