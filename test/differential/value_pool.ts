/**
 * The values the random generators draw from: the data set's own values per field, so that
 * generated queries match something instead of almost always nothing.
 */
import type { DataRow, FieldType, TableSpec } from './table_spec';

export interface ValuePool {
  key: string;
  types: Map<string, FieldType>;
  /** Non-null values per field, in row order. */
  values: Map<string, Array<string | number | boolean>>;
  rows: DataRow[];
}

export function valuePool(spec: TableSpec): ValuePool {
  const values = new Map<string, Array<string | number | boolean>>();
  for (const column of spec.columns) {
    values.set(
      column.name,
      spec.rows.map((r) => r[column.name]).filter((v): v is string | number | boolean => v !== null)
    );
  }
  return {
    key: spec.key,
    types: new Map(spec.columns.map((c) => [c.name, c.type])),
    values,
    rows: spec.rows,
  };
}

export function fieldsOfType(pool: ValuePool, ...types: FieldType[]): string[] {
  return [...pool.types].filter(([, t]) => types.includes(t)).map(([f]) => f);
}
