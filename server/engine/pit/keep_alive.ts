import { badRequest } from '../errors';
import { parseTimeValue } from '../time_value';

/** The `keep_alive` used when none is given. */
export const DEFAULT_KEEP_ALIVE = '5m';

/**
 * `keep_alive` as OpenSearch parses time values (`30s`, `5m`, `1h`; see time_value.ts), in
 * whole milliseconds. OpenSearch itself refuses a keep_alive above its
 * `point_in_time.max_keep_alive` when we forward it; a keep_alive of zero or less would open a
 * point in time that has already expired, so it is refused here.
 */
export function parseKeepAlive(value: unknown): number {
  const text = value === undefined ? DEFAULT_KEEP_ALIVE : value;
  const ms = Math.floor(parseTimeValue(text, 'keep_alive'));
  if (ms <= 0) {
    throw badRequest(
      `[keep_alive] must be a positive time value such as 30s, 5m or 1h, got [${String(text)}]`
    );
  }
  return ms;
}
