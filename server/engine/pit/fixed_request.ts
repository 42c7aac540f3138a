import { badRequest } from '../errors';

/** Fields that may change from page to page; everything else is fixed by the first search. */
const PAGING_FIELDS = new Set(['search_after', 'size', 'pit']);

/** The request without its paging fields: what must stay the same from page to page. */
export function fixedPart(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !PAGING_FIELDS.has(key)));
}

/** A PIT serves one search request: a page that asks another is a 400 naming what changed. */
export function assertSameRequest(
  first: Record<string, unknown>,
  now: Record<string, unknown>
): void {
  const keys = new Set([...Object.keys(first), ...Object.keys(now)]);
  const changed = [...keys].filter((key) => stableJson(first[key]) !== stableJson(now[key]));
  if (changed.length > 0) {
    throw badRequest(
      `a point in time serves one search request; this request differs from the first one in [${changed.join(', ')}] (only search_after and size may change)`
    );
  }
}

/** JSON with object keys sorted, so two requests that differ only in key order compare equal. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}
