import type { ResolvedSortKey } from './sort_plan';

export interface Hit {
  _index: string;
  _id: string;
  source: Record<string, unknown> | undefined;
  sort: unknown[];
  /** `_version` (`version: true`), docvalue `fields` and `highlight`, when asked for. */
  version?: number;
  fields?: Record<string, unknown[]>;
  highlight?: Record<string, string[]>;
}

/**
 * Orders hits from several virtual indices as the databases ordered each page: by the sort
 * values (which already encode `missing` as OpenSearch's stand-ins), then index and id.
 */
export function compareHits(a: Hit, b: Hit, sort: ResolvedSortKey[]): number {
  for (let i = 0; i < sort.length; i++) {
    const { key, column } = sort[i];
    if (column === null) continue;
    const [x, y] = [a.sort[i], b.sort[i]];
    const [xMissing, yMissing] = [x === null || x === undefined, y === null || y === undefined];
    if (xMissing || yMissing) {
      // Missing values sit where `missing` says, whatever the direction.
      if (xMissing && yMissing) continue;
      return (xMissing ? 1 : -1) * (key.missing === '_first' ? -1 : 1);
    }
    const order = compareValues(x, y);
    if (order !== 0) return key.order === 'asc' ? order : -order;
  }
  if (a._index !== b._index) return a._index < b._index ? -1 : 1;
  return compareIds(a._id, b._id);
}

function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null && y !== null) return x - y;
  // OpenSearch orders keywords by their UTF-8 bytes (as byte-order collations do), not UTF-16.
  return Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));
}

function numeric(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value === 'Infinity') return Infinity;
  if (value === '-Infinity') return -Infinity;
  return null;
}

function compareIds(a: string, b: string): number {
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  return a < b ? -1 : a > b ? 1 : 0;
}
