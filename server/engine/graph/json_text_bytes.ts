/**
 * How many bytes a value's JSON text takes (compact, UTF-8, as `JSON.stringify` writes it),
 * measured without writing the text and without recursion, and given up as soon as it passes
 * `stopAbove`: a bound is checked in time proportional to the bound, not to the value.
 */

/** Bytes of `JSON.stringify(value)` in UTF-8, or `stopAbove + 1` as soon as it is more. */
export function jsonTextBytes(value: unknown, stopAbove: number): number {
  let total = 0;
  const over = () => total > stopAbove;
  // Values still to measure; commas and brackets are counted when a container is opened.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    total += scalarBytes(next, stopAbove - total);
    if (typeof next === 'object' && next !== null) {
      if (Array.isArray(next)) {
        // `[` `]` and a comma between items; an item JSON cannot write is written as null.
        total += 2 + Math.max(0, next.length - 1);
        if (over()) break;
        for (let i = next.length - 1; i >= 0; i--) pending.push(writable(next[i]) ? next[i] : null);
      } else {
        const keys = Object.keys(next).filter((key) =>
          writable((next as Record<string, unknown>)[key])
        );
        // `{` `}`, a comma between members, and each member's key and colon.
        total += 2 + Math.max(0, keys.length - 1);
        for (const key of keys) {
          total += stringBytes(key, stopAbove - total) + 1;
          if (over()) break;
          pending.push((next as Record<string, unknown>)[key]);
        }
      }
    }
    if (over()) return stopAbove + 1;
  }
  return over() ? stopAbove + 1 : total;
}

/** Members whose value is undefined, a function or a symbol are left out of JSON text. */
function writable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

/** Bytes of a scalar's text; containers count their brackets where they are opened (0 here). */
function scalarBytes(value: unknown, budget: number): number {
  if (value === null) return 4;
  switch (typeof value) {
    case 'string':
      return stringBytes(value, budget);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      return 0;
    default:
      // bigint cannot be written as JSON at all; anything else is null.
      return 4;
  }
}

/** Bytes of a quoted JSON string; past `budget` it stops counting (the caller then stops). */
function stringBytes(text: string, budget: number): number {
  // Every UTF-16 unit takes at least one byte: a string longer than the budget is over it.
  if (text.length + 2 > budget) return text.length + 2;
  // Most text is printable ASCII without quotes or backslashes: one byte a unit, found natively.
  if (!NEEDS_COUNTING.test(text)) return text.length + 2;
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x22 || unit === 0x5c) bytes += 2;
    else if (unit < 0x20) bytes += [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(unit) ? 2 : 6;
    else if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLow(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff)
      bytes += 6; // a lone surrogate: `\udXXX`
    else bytes += 3;
    if (bytes > budget) return bytes;
  }
  return bytes;
}

/** A unit that is not written as one byte: escaped, control, or outside ASCII. */
const NEEDS_COUNTING = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
