/**
 * Objects keyed by names users choose (aggregation names, column names): a plain assignment
 * `out[name] = v` calls the `__proto__` setter for the name `__proto__` and the entry vanishes;
 * a plain lookup `TABLE[name]` finds `constructor`, `toString`... on Object.prototype. These
 * helpers define and read own properties only.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // Only `__proto__` has a setter on Object.prototype; every other name assigns an own property,
  // and plain assignment keeps the object fast (defineProperty on every key costs a row dearly).
  if (key !== '__proto__') target[key] = value;
  else {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

/** `table[key]` for a table of our own constants, without what Object.prototype holds. */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * A row object from a driver's row as an array (pg `rowMode: 'array'`, mysql2 `rowsAsArray`,
 * mssql `arrayRowMode`) and the result's column names. Drivers that build row objects by
 * assignment lose a column named `__proto__` (or, for an object value, make it the row's
 * prototype), and mysql2 refuses the name outright; here every column is an own property. Rows of
 * one result share their names in order, so they share one object shape.
 */
export function recordOf(
  names: readonly string[],
  values: readonly unknown[]
): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < names.length; i++) setOwn(record, names[i], values[i]);
  return record;
}
