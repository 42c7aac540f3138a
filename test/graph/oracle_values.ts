/**
 * Value semantics of the GQL oracle, written naively from the contract (docs/api/semantics.md and the
 * scenario corpus brief) rather than from the engine: field lookup, WHERE comparisons, sort keys,
 * aggregates, and a canonical text form used for deep equality and multisets.
 */

/** The value at a dotted path of `_source`; `undefined` when any step is missing. */
export function valueAt(source: unknown, path: readonly string[]): unknown {
  let current: unknown = source;
  for (const step of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, step)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

/** The values a field holds: an array gives its elements, a scalar itself, missing or null none. */
export function valuesOf(raw: unknown): unknown[] {
  if (raw === undefined || raw === null) return [];
  if (Array.isArray(raw)) return raw.flatMap(valuesOf);
  return [raw];
}

/** Join keys compare as text, as a `terms` filter does on OpenSearch (3 matches "3"). */
export function keyText(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
    return String(value);
  }
  return undefined;
}

/** UTF-16 code unit order, what JavaScript's `<` does on strings. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders two scalars for WHERE: numbers numerically, strings by UTF-16 code units, booleans
 * false < true; with `asInstant` (a date field on either side) both sides as epoch milliseconds.
 * Undefined when the two cannot be compared (different types, an unparseable date): such a pair
 * satisfies no comparison.
 */
export function compareForWhere(a: unknown, b: unknown, asInstant: boolean): number | undefined {
  if (asInstant) {
    const x = typeof a === 'number' ? a : typeof a === 'string' ? Date.parse(a) : NaN;
    const y = typeof b === 'number' ? b : typeof b === 'string' ? Date.parse(b) : NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) return undefined;
    return x - y;
  }
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return compareText(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return undefined;
}

const TYPE_RANK: Record<string, number> = { number: 0, string: 1, boolean: 2, object: 3 };

/** Total order on scalars for ORDER BY, MIN and MAX (mixed types by a fixed type rank). */
export function compareScalars(a: unknown, b: unknown): number {
  const ta = TYPE_RANK[typeof a] ?? 4;
  const tb = TYPE_RANK[typeof b] ?? 4;
  if (ta !== tb) return ta - tb;
  if (typeof a === 'number') return a - (b as number);
  if (typeof a === 'string') return compareText(a, b as string);
  if (typeof a === 'boolean') return Number(a) - Number(b);
  return compareText(canonical(a), canonical(b));
}

/**
 * The key a column value sorts by: an array by its smallest element ascending and its largest
 * descending; null, missing and empty arrays have no key (they sort last in both directions).
 */
export function sortKey(value: unknown, descending: boolean): unknown {
  const values = valuesOf(value);
  if (values.length === 0) return null;
  return values.reduce((best, v) => {
    const c = compareScalars(v, best);
    return (descending ? c > 0 : c < 0) ? v : best;
  });
}

/** Compares two rows' sort keys for the given columns: nulls last, then by direction. */
export function compareKeys(
  a: readonly unknown[],
  b: readonly unknown[],
  descending: readonly boolean[]
): number {
  for (let i = 0; i < descending.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === null && y === null) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    const c = compareScalars(x, y);
    if (c !== 0) return descending[i] ? -c : c;
  }
  return 0;
}

/**
 * A canonical text for deep equality: object keys sorted, non-integer numbers rounded to 12
 * significant digits (an AVG computed in another order may differ in the last bits).
 */
export function canonical(value: unknown): string {
  return JSON.stringify(normalise(value));
}

function normalise(value: unknown): unknown {
  if (typeof value === 'number') {
    return Number.isInteger(value) ? value : Number(value.toPrecision(12));
  }
  if (Array.isArray(value)) return value.map(normalise);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, normalise((value as Record<string, unknown>)[k])])
    );
  }
  return value;
}

export type AggregateName = 'COUNT' | 'SUM' | 'AVG' | 'MIN' | 'MAX' | 'COLLECT';

/**
 * One aggregate over a group. `inputs` holds one entry per row: the argument's value (a field's
 * raw value, or the bound document), or `undefined` for COUNT(*). Arrays contribute each of their
 * elements (COUNT(p.tags) counts tags, not people); null and missing contribute nothing. With no
 * values, SUM, AVG, MIN and MAX are null; COUNT is 0.
 */
export function aggregate(
  fn: AggregateName,
  distinct: boolean,
  star: boolean,
  inputs: readonly unknown[]
): unknown {
  if (star) return inputs.length;
  if (fn === 'COLLECT') return collected(distinct, inputs);
  let values = inputs.flatMap(valuesOf);
  if (distinct) {
    const seen = new Map<string, unknown>();
    for (const v of values) if (!seen.has(canonical(v))) seen.set(canonical(v), v);
    values = [...seen.values()];
  }
  switch (fn) {
    case 'COUNT':
      return values.length;
    case 'SUM':
    case 'AVG': {
      const numbers = values.filter((v): v is number => typeof v === 'number');
      if (numbers.length === 0) return null;
      const sum = numbers.reduce((s, v) => s + v, 0);
      return fn === 'SUM' ? sum : sum / numbers.length;
    }
    case 'MIN':
    case 'MAX': {
      if (values.length === 0) return null;
      return values.reduce((best, v) => {
        const c = compareScalars(v, best);
        return (fn === 'MIN' ? c < 0 : c > 0) ? v : best;
      });
    }
  }
}

/**
 * COLLECT: every non-null value (an array is one value, as the item answers it), repeats dropped
 * with DISTINCT, in the documented fixed order: by type (numbers, strings, booleans, objects),
 * then by value, objects by their canonical text.
 */
function collected(distinct: boolean, inputs: readonly unknown[]): unknown[] {
  let values: unknown[] = inputs.filter((v) => v !== null && v !== undefined);
  if (distinct) {
    const seen = new Map<string, unknown>();
    for (const v of values) if (!seen.has(canonical(v))) seen.set(canonical(v), v);
    values = [...seen.values()];
  }
  return [...values].sort(compareScalars);
}
