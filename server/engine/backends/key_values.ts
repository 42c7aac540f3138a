/** The `_id` of a hit: the key column's value as a string (docs/api/semantics.md). */
export function idOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}
