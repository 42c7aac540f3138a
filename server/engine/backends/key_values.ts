/** The `_id` of a hit: the key column's value as a string (DESIGN §3). */
export function idOf(value: unknown): string {
  return value instanceof Date ? value.toISOString() : String(value);
}
