import { DateTime } from 'luxon';
import type { VirtualIndexColumn } from '../../../common/catalog_types';
import type { Row } from './remote_types';
import { setOwn } from './own_property';
import { fromNaiveMs, parseZone, toEpoch } from './zoned_time';

/**
 * Turns a remote row into a document `_source`, with values typed as the index mapping says
 * (docs/api/interface.md §2.3). Wall-clock dates are read in the datasource's zone and returned as UTC instants
 * in ISO 8601, so results compare with OpenSearch's own date fields.
 */
export function rowToSource(
  row: Row,
  columns: VirtualIndexColumn[],
  timezone: string
): Record<string, unknown> {
  const source: Record<string, unknown> = {};
  for (const column of columns) {
    const value = Object.hasOwn(row, column.name) ? row[column.name] : undefined;
    setOwn(
      source,
      column.name,
      value === null || value === undefined ? null : convert(value, column, timezone)
    );
  }
  return source;
}

function convert(value: unknown, column: VirtualIndexColumn, timezone: string): unknown {
  switch (column.type) {
    case 'keyword':
      return Buffer.isBuffer(value)
        ? value.toString('utf8')
        : value instanceof Date
          ? value.toISOString()
          : String(value);
    case 'long':
      return toLong(value);
    case 'double':
      return typeof value === 'number' ? value : Number(value);
    case 'boolean':
      return toBoolean(value);
    case 'date':
      return toIsoInstant(value, column.zoned === true, timezone);
  }
}

function toLong(value: unknown): number | string {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  const text = String(value);
  const asNumber = Number(text);
  // Beyond 2^53 a JS number loses digits; keep such keys as exact decimal strings.
  return Number.isSafeInteger(asNumber) ? asNumber : text;
}

function toBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return Number(value) !== 0;
  if (Buffer.isBuffer(value)) return value.length > 0 && value[0] !== 0;
  const text = String(value).toLowerCase();
  return text === 't' || text === 'true' || text === '1' || text === 'y' || text === 'yes';
}

/**
 * Parses what drivers hand back for dates (text, Date, epoch numbers) into a UTC ISO instant.
 * Wall-clock text is resolved as java.time (and so OpenSearch's date math) resolves it: a time
 * in a spring gap moves forward by the gap, an ambiguous autumn time is its first occurrence.
 * Two real moments an hour apart in an autumn overlap are stored as the same wall-clock value
 * and cannot be told apart: both read as the first.
 */
export function toIsoInstant(value: unknown, zoned: boolean, timezone: string): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const text = String(value).trim();
  const asUtc = parseText(text, 'UTC');
  if (asUtc === null) return null;
  // Text with its own offset is an instant whatever the column says: it reads the same in any zone.
  if (zoned || parseText(text, 'UTC+1') === asUtc) return new Date(asUtc).toISOString();
  const zone = parseZone(timezone);
  if (zone === null) return null;
  return new Date(toEpoch(fromNaiveMs(asUtc), zone)).toISOString();
}

function parseText(text: string, zone: string): number | null {
  const parsed = [
    DateTime.fromSQL(text, { zone, setZone: false }),
    DateTime.fromISO(text, { zone, setZone: false }),
  ].find((d) => d.isValid);
  return parsed ? parsed.toMillis() : null;
}
