/**
 * Values of aggregation rows as drivers return them (numbers, numeric text, bigints, Buffers,
 * date text) turned into what responses hold.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { toIsoInstant } from '../row_to_source';

export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  const n = Number(String(value));
  return Number.isNaN(n) ? null : n;
}

/** Text of a keyword key: MySQL returns byte-ordered (BINARY) text as a Buffer. */
export function toText(value: unknown): string {
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** A date value as stored (wall clock in `timezone` unless zoned) to epoch milliseconds. */
export function dateToEpochMs(
  value: unknown,
  column: VirtualIndexColumn,
  timezone: string
): number | null {
  if (value === null || value === undefined) return null;
  const iso = toIsoInstant(value, column.zoned === true, timezone);
  return iso === null ? null : Date.parse(iso);
}

/** A stable text identity of a grouped value, to match rows of different statements. */
export function identityOf(value: unknown): string {
  if (value === null || value === undefined) return '\u0000null';
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  return toText(value);
}
