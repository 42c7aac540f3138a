import { badRequest } from '../errors';

/** OpenSearch's default PIT duration (spec §2.5). */
export const DEFAULT_KEEP_ALIVE = '5m';

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `keep_alive` as OpenSearch writes durations (`30s`, `5m`, `1h`), in milliseconds. */
export function parseKeepAlive(value: unknown): number {
  const text = value === undefined ? DEFAULT_KEEP_ALIVE : String(value);
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  if (!match || Number(match[1]) <= 0) {
    throw badRequest(
      `[keep_alive] must be a positive duration such as 30s, 5m or 1h, got [${text}]`
    );
  }
  return Number(match[1]) * UNITS[match[2]];
}
