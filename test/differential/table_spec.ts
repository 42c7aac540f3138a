/**
 * The shape shared by every differential data set: typed columns and rows whose values are
 * already what a search hit's `_source` holds (dates as UTC ISO strings with milliseconds), so
 * the same row object is indexed into OpenSearch and inserted into each SQL table.
 */
export type FieldType = 'long' | 'keyword' | 'double' | 'boolean' | 'date';

export type Value = string | number | boolean | null;

export interface ColumnSpec {
  name: string;
  type: FieldType;
}

export type DataRow = Record<string, Value>;

export interface TableSpec {
  columns: ColumnSpec[];
  /** The key column (a long): `_id` on both sides. */
  key: string;
  rows: DataRow[];
}

export function fieldTypes(spec: TableSpec): Map<string, FieldType> {
  return new Map(spec.columns.map((c) => [c.name, c.type]));
}

/** `2024-03-10T07:00:00.000Z` -> `2024-03-10 07:00:00.000`: the wall-clock text SQL stores. */
export function sqlDateText(iso: string): string {
  return iso.replace('T', ' ').replace('Z', '');
}
