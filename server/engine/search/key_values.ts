import type { FieldType } from '../../../common/catalog_types';

/**
 * Turns a document `_id` (always text) into the value of the key column, or null when no row
 * could have it (e.g. `abc` for an integer key): such ids are simply not found.
 */
export function keyValueOf(id: string, type: FieldType): unknown {
  switch (type) {
    case 'long': {
      if (!/^-?\d+$/.test(id)) return null;
      const n = Number(id);
      return Number.isSafeInteger(n) ? n : id;
    }
    case 'double': {
      const n = Number(id);
      return id.trim() === '' || Number.isNaN(n) ? null : n;
    }
    case 'boolean':
      return id === 'true' ? true : id === 'false' ? false : null;
    default:
      return id;
  }
}

/** The `_id` of a hit: the key column's value as a string (DESIGN §3). */
export function idOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}
