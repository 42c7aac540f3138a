import { badRequest } from './errors';

/** The units of OpenSearch's TimeValue, in milliseconds, in the order it tries the suffixes. */
const UNITS: Array<[string, number]> = [
  ['nanos', 1e-6],
  ['micros', 1e-3],
  ['ms', 1],
  ['s', 1_000],
  ['m', 60_000],
  ['h', 3_600_000],
  ['d', 86_400_000],
];

/** Java's Long.MAX_VALUE: TimeValue.millis() saturates there. */
const LONG_MAX = 2n ** 63n - 1n;

/**
 * OpenSearch's TimeValue.parseTimeValue, in milliseconds: lower-cased and trimmed, a whole
 * number and a unit (`500ms`, `5S`, `30d`), or `-1` / `0` without one. -1 (in any unit) means
 * "none" and is returned as -1. Errors are worded as OpenSearch words them, naming `setting`.
 * Durations beyond what a JavaScript number holds exactly saturate, as Java's do at Long.MAX.
 */
export function parseTimeValue(value: unknown, setting: string): number {
  const text = typeof value === 'string' ? value : String(value);
  const normalized = text.toLowerCase().trim();
  if (normalized === '-1') return -1;
  if (normalized === '0') return 0;
  const unit = UNITS.find(([suffix]) => normalized.endsWith(suffix));
  if (typeof value !== 'string' || unit === undefined) {
    throw badRequest(
      `failed to parse setting [${setting}] with value [${text}] as a time value: unit is missing or unrecognized`
    );
  }
  const number = normalized.slice(0, -unit[0].length).trim();
  if (!/^[+-]?\d+$/.test(number) || BigInt(number) > LONG_MAX) {
    if (number !== '' && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(number)) {
      throw badRequest(`failed to parse [${text}], fractional time values are not supported`);
    }
    throw badRequest(`failed to parse [${text}]`);
  }
  const amount = BigInt(number);
  if (amount < -1n) {
    throw badRequest(
      `failed to parse setting [${setting}] with value [${text}] as a time value: negative durations are not supported`
    );
  }
  if (amount === -1n) return -1;
  return Math.min(Number(amount) * unit[1], Number.MAX_SAFE_INTEGER);
}
