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
