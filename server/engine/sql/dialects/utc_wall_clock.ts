/** Instants as the wall-clock text that MySQL's TIMESTAMP and SQLite read in UTC. */

/** `YYYY-MM-DD HH:mm:ss.SSS` of an instant in UTC. */
export function utcWallClockText(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('T', ' ').replace('Z', '');
}
