/**
 * SQLite declared column types to index field types. SQLite has no fixed types: it derives a
 * column's affinity from substrings of the declared type (https://sqlite.org/datatype3.html
 * §3.1), and so do we, refining its NUMERIC affinity by the names people declare.
 */
import type { MappedType } from '../connector';

export function sqliteMappedType(declaredType: string): MappedType | null {
  const type = declaredType.toUpperCase();
  // Rules 1-4 of the affinity algorithm, in its order (so `POINT` is an integer, as in SQLite).
  if (type.includes('INT')) return 'long';
  if (type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT')) return 'keyword';
  if (type.trim() === '' || type.includes('BLOB')) return null;
  if (type.includes('REAL') || type.includes('FLOA') || type.includes('DOUB')) return 'double';
  // NUMERIC affinity: what the declared name says the values are.
  if (type.includes('BOOL')) return 'boolean';
  if (type.includes('DATE') || type.includes('TIMESTAMP')) return 'date';
  if (type.includes('NUMERIC') || type.includes('DECIMAL') || type.includes('NUMBER')) {
    return 'double';
  }
  // `TIME` alone is a time of day, which no other database maps to a date either; `JSON` and
  // other names are not understood.
  return null;
}
