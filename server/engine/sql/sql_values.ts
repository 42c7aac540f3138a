/**
 * Query values (from the DSL's JSON) converted to the bound values of SQL parameters, with the
 * conversions and the errors of OpenSearch's field types, checked against OpenSearch 3:
 * - keyword: strings as they are; numbers and booleans as Java prints them (`true`, `5`);
 * - long: integers, or numeric strings (`"5"`, `"+5"`, `"1e1"`); a value with a fractional part
 *   matches nothing (OpenSearch answers an empty result, not an error); anything else is a 400;
 * - double: numbers or numeric strings (Java's Double.parseDouble: trimmed, `d`/`f` suffix);
 * - boolean: only true/false and "true"/"false";
 * - date: date math, rendered as the column stores it.
 */
import { DateTime, type Zone } from 'luxon';
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { FederationError } from '../errors';
import { DEFAULT_DATE_FORMAT, parseDateMath } from './date_math';
import { fitsIntegerColumn } from './integer_range';
import type { TranslationContext } from './translation_context';
import { naiveMs, parseZone, springGapBefore, wallClockAtLeast } from './zoned_time';

/** An integer in the range of a Java long, exactly (bigint beyond 2^53). */
export type LongValue = number | bigint;

export const LONG_MIN = -(2n ** 63n);
export const LONG_MAX = 2n ** 63n - 1n;

/** The error OpenSearch answers when a value does not fit the field ("failed to create query"). */
export function queryShardError(reason: string): FederationError {
  return new FederationError(400, 'query_shard_exception', `failed to create query: ${reason}`);
}

function inputError(value: unknown): FederationError {
  return queryShardError(`For input string: "${String(value)}"`);
}

/** Java's Double.toString for the numbers JSON gives us (integers print without `.0`). */
export function javaNumberText(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return String(n);
  const abs = Math.abs(n);
  if (abs >= 1e-3 && abs < 1e7) return String(n);
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? 'Infinity' : '-Infinity';
  const [mantissa, exponent] = n.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** A keyword term: the text OpenSearch indexes for the value. */
export function keywordValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return javaNumberText(value);
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  throw new FederationError(
    400,
    'illegal_argument_exception',
    `cannot use [${JSON.stringify(value) ?? String(value)}] as a keyword value; give a string, a number or a boolean`
  );
}

/** The value as a finite JS number and whether it was numeric at all (Long.parseLong, then Double). */
function numericOf(value: unknown, trim: boolean): { exact?: bigint; number: number } | null {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? { number: value } : null;
  }
  if (typeof value === 'bigint') return { exact: value, number: Number(value) };
  if (typeof value !== 'string') return null;
  const text = trim ? value.trim() : value;
  if (/^[+-]?\d+$/.test(text)) return { exact: BigInt(text), number: Number(text) };
  // Double.parseDouble syntax, including a trailing d/f type suffix.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?$/.test(text)) return null;
  const number = Number(text.replace(/[dDfF]$/, ''));
  return Number.isFinite(number) ? { number } : null;
}

function exactLong(n: bigint, original: unknown): LongValue {
  if (n < LONG_MIN || n > LONG_MAX) {
    throw queryShardError(`Value [${keywordValue(original)}] is out of range for a long`);
  }
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(n)
    : n;
}

/**
 * A long term value, or null when the value has a fractional part (which matches nothing).
 * Long.parseLong does not trim: `" 5"` is a 400 in OpenSearch too.
 */
export function longValue(value: unknown): LongValue | null {
  const numeric = numericOf(value, false);
  if (!numeric) throw inputError(typeof value === 'string' ? value : keywordValue(value));
  if (numeric.exact !== undefined) return exactLong(numeric.exact, value);
  if (!Number.isInteger(numeric.number)) {
    // Range first: OpenSearch reports an out-of-range value even when it has a fraction.
    if (Math.abs(numeric.number) >= 2 ** 63) exactLong(2n ** 64n, value);
    return null;
  }
  return exactLong(BigInt(numeric.number), value);
}

/**
 * A long range bound, truncated toward zero, and whether it had a fractional part, with which
 * OpenSearch moves an exclusive bound one way or the other (NumberFieldMapper LONG.rangeQuery).
 */
export function longBound(value: unknown): { value: bigint; fractional: boolean; sign: number } {
  const numeric = numericOf(value, false);
  if (!numeric) throw inputError(typeof value === 'string' ? value : keywordValue(value));
  if (numeric.exact !== undefined) {
    exactLong(numeric.exact, value);
    return { value: numeric.exact, fractional: false, sign: Math.sign(numeric.number) };
  }
  if (Math.abs(numeric.number) >= 2 ** 63) exactLong(2n ** 64n, value);
  const truncated = BigInt(Math.trunc(numeric.number));
  return {
    value: truncated,
    fractional: !Number.isInteger(numeric.number),
    sign: Math.sign(numeric.number),
  };
}

export function doubleValue(value: unknown): number {
  const numeric = numericOf(value, true);
  if (numeric) return numeric.number;
  if (typeof value === 'string' && /^\s*[+-]?(Infinity|NaN)\s*$/.test(value)) {
    throw queryShardError(`[double] supports only finite values, but got [${value.trim()}]`);
  }
  throw inputError(typeof value === 'string' ? value : keywordValue(value));
}

export function booleanValue(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  const text = typeof value === 'string' ? value : keywordValue(value);
  throw queryShardError(`Can't parse boolean value [${text}], expected [true] or [false]`);
}

/**
 * An instant as the bound value for a date column: the dialect's instant text for zoned
 * columns; for wall-clock columns the smallest wall time in the datasource's zone that reads
 * back (row_to_source.ts, Java's rule) as this instant or later, so that `instant >= X` is
 * `column >= dateValue(X)` and `instant < X` is `column < dateValue(X)`. That is the wall time
 * of X, except in the second pass of an autumn overlap, which no stored wall time reads as.
 * Wall times in a spring gap need one more condition: see `springGapTwin`.
 */
export function dateValue(
  epochMs: number,
  column: VirtualIndexColumn,
  ctx: Pick<TranslationContext, 'dialect' | 'timezone'>
) {
  if (column.zoned) return ctx.dialect.instantText(epochMs);
  return wallClockText(naiveMs(wallClockAtLeast(epochMs, zoneOf(ctx.timezone))));
}

/** Wall-clock text of naive milliseconds (see zoned_time.ts `naiveMs`). */
export function wallClockText(naive: number): string {
  const local = DateTime.fromMillis(naive, { zone: 'UTC' });
  if (!local.isValid) {
    throw new FederationError(
      400,
      'illegal_argument_exception',
      `the date [${naive}] (epoch milliseconds) is out of range; give a date between the years -271821 and 275760`
    );
  }
  return local.toFormat('yyyy-MM-dd HH:mm:ss.SSS');
}

export function zoneOf(timezone: string): Zone {
  const zone = parseZone(timezone);
  if (zone === null) {
    throw new FederationError(
      400,
      'illegal_argument_exception',
      `the datasource's time zone [${timezone}] is not a time zone; set jdbc.timezone to an id such as [Europe/Paris] or [+01:00]`
    );
  }
  return zone;
}

/**
 * For a wall-clock column, the spring gap whose wall times read as the same instants as the
 * wall times from `dateValue(epochMs)` up to the end of the gap's twin hour: a condition
 * `column >= dateValue(X)` must also take the gap's wall times from `twinStart` on, and
 * `column < dateValue(X)` leave them out. Texts are bound values; null when there is no such gap.
 */
export function springGapTwin(
  epochMs: number,
  column: VirtualIndexColumn,
  ctx: Pick<TranslationContext, 'timezone'>
): { twinStart: string; gapEnd: string } | null {
  if (column.zoned) return null;
  const zone = zoneOf(ctx.timezone);
  const gap = springGapBefore(epochMs, zone);
  if (gap === null) return null;
  const wall = naiveMs(wallClockAtLeast(epochMs, zone));
  return { twinStart: wallClockText(wall - gap.length), gapEnd: wallClockText(gap.end) };
}

/**
 * The bound value of a term on a non-date column; null when the value can match nothing.
 * Dates are ranges (a term on a date covers what its text leaves out), see range_query.ts.
 */
export function termValue(value: unknown, column: VirtualIndexColumn): unknown {
  switch (column.type) {
    case 'keyword':
      return keywordValue(value);
    case 'long':
      return longValue(value);
    case 'double':
      return doubleValue(value);
    case 'boolean':
      return booleanValue(value);
    case 'date':
      throw new Error('a term on a date column is a range');
  }
}

/**
 * The key value whose `_id` is `id`, or null when no row can have it: an `_id` is the key as
 * text, so `abc` or `3000000000` name no row of an `integer` key and are simply not found
 * (never a database error), as OpenSearch answers an id that does not exist.
 */
export function keyValueOfId(
  id: string,
  column: VirtualIndexColumn,
  ctx: Pick<TranslationContext, 'dialect' | 'timezone' | 'now'>
): unknown {
  switch (column.type) {
    case 'keyword':
      return id;
    case 'long': {
      if (!/^-?\d+$/.test(id)) return null;
      const n = BigInt(id);
      if (!fitsIntegerColumn(n, column, ctx.dialect)) return null;
      return Number.isSafeInteger(Number(n)) ? Number(n) : n;
    }
    case 'double': {
      const n = Number(id);
      return id.trim() === '' || !Number.isFinite(n) ? null : n;
    }
    case 'boolean':
      return id === 'true' ? true : id === 'false' ? false : null;
    case 'date':
      try {
        return dateValue(
          parseDateMath(id, { format: DEFAULT_DATE_FORMAT, now: ctx.now }),
          column,
          ctx
        );
      } catch {
        return null;
      }
  }
}
