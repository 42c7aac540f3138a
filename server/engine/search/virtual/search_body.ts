import { badRequest } from '../../errors';

/** A sort key of a search on a virtual index, normalised from any of OpenSearch's spellings. */
export interface SortKey {
  /** A column name, or `_score` / `_doc` / `_id`. */
  field: string;
  order: 'asc' | 'desc';
  /** `_last` (OpenSearch's default), `_first`, or a value used in place of a missing one. */
  missing: '_last' | '_first' | { value: unknown };
}

export type SourceFilter = false | { includes: string[]; excludes: string[] };

export interface TotalHitsMode {
  /** null: do not count (`track_total_hits: false`). */
  upTo: number | null;
}

export interface VirtualSearchRequest {
  query: unknown;
  from: number;
  size: number;
  sort: SortKey[];
  source: SourceFilter;
  totalHits: TotalHitsMode;
  searchAfter: unknown[] | null;
  timeoutMs: number | null;
  aggs: Record<string, unknown> | null;
  trackScores: boolean;
}

/** OpenSearch's `index.max_result_window` default: from + size may not exceed it. */
export const MAX_RESULT_WINDOW = 10_000;
const DEFAULT_TRACK_TOTAL_HITS = 10_000;

const SUPPORTED_KEYS = new Set([
  'query',
  'from',
  'size',
  'sort',
  '_source',
  'track_total_hits',
  'search_after',
  'timeout',
  'aggs',
  'aggregations',
  'track_scores',
  'version',
  'seq_no_primary_term',
  'explain',
  'min_score',
]);

/**
 * Reads a search body (and the URL parameters OpenSearch also accepts) into one normalised
 * request, refusing what virtual indices cannot do with a 400 that names it.
 */
export function parseSearchRequest(
  body: Record<string, unknown> | undefined,
  params: Record<string, string | string[] | undefined>
): VirtualSearchRequest {
  const b = body ?? {};
  for (const key of Object.keys(b)) {
    if (!SUPPORTED_KEYS.has(key)) {
      throw badRequest(`[${key}] is not supported in searches on virtual indices`);
    }
  }
  if (b.aggs !== undefined && b.aggregations !== undefined) {
    throw badRequest('Found two aggregation definitions: [aggs] and [aggregations]');
  }
  const from = integer('from', b.from ?? param(params, 'from') ?? 0);
  const size = integer('size', b.size ?? param(params, 'size') ?? 10);
  if (from + size > MAX_RESULT_WINDOW) {
    throw badRequest(
      `Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${from + size}]`
    );
  }
  const aggs = (b.aggs ?? b.aggregations ?? null) as Record<string, unknown> | null;
  if (aggs !== null && (typeof aggs !== 'object' || Array.isArray(aggs))) {
    throw badRequest('[aggs] must be an object');
  }
  const searchAfter = b.search_after ?? null;
  if (searchAfter !== null && !Array.isArray(searchAfter))
    throw badRequest('[search_after] must be an array');
  const sort = parseSort(b.sort ?? sortParam(params));
  if (searchAfter !== null && searchAfter.length !== sort.length) {
    throw badRequest(
      `search_after has ${searchAfter.length} value(s) but sort has ${sort.length}: give one value per sort key`
    );
  }
  return {
    query: b.query ?? { match_all: {} },
    from,
    size,
    sort,
    source: parseSource(b._source ?? sourceParam(params)),
    totalHits: parseTrackTotalHits(b.track_total_hits ?? param(params, 'track_total_hits')),
    searchAfter,
    timeoutMs: parseTimeout(b.timeout ?? param(params, 'timeout')),
    aggs,
    trackScores: b.track_scores === true,
  };
}

function param(
  params: Record<string, string | string[] | undefined>,
  name: string
): string | undefined {
  const value = params[name];
  return Array.isArray(value) ? value[value.length - 1] : value;
}

function integer(name: string, value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    throw badRequest(`[${name}] must be a non-negative integer, got [${String(value)}]`);
  }
  return n;
}

/** `sort` in every form OpenSearch takes: "f", "f:desc" (URL), {f: "asc"}, {f: {order, missing}}. */
export function parseSort(spec: unknown): SortKey[] {
  if (spec === undefined || spec === null) return [];
  const items = Array.isArray(spec) ? spec : [spec];
  return items.map((item): SortKey => {
    if (typeof item === 'string') {
      const [field, order] = item.split(':');
      return { field, order: orderOf(field, order), missing: '_last' };
    }
    if (typeof item !== 'object' || item === null || Object.keys(item).length !== 1) {
      throw badRequest(
        `[sort] entries must be a field name or an object with one field, got ${JSON.stringify(item)}`
      );
    }
    const [field, options] = Object.entries(item)[0];
    if (typeof options === 'string')
      return { field, order: orderOf(field, options), missing: '_last' };
    if (typeof options !== 'object' || options === null)
      throw badRequest(`[sort.${field}] must be an order or an object`);
    const o = options as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      if (!['order', 'missing', 'unmapped_type', 'mode'].includes(key)) {
        throw badRequest(`[sort.${field}.${key}] is not supported on virtual indices`);
      }
    }
    const missing =
      o.missing === undefined || o.missing === '_last'
        ? '_last'
        : o.missing === '_first'
          ? '_first'
          : { value: o.missing };
    return { field, order: orderOf(field, o.order as string | undefined), missing };
  });
}

function orderOf(field: string, order: string | undefined): 'asc' | 'desc' {
  if (order === undefined) return field === '_score' ? 'desc' : 'asc';
  if (order !== 'asc' && order !== 'desc')
    throw badRequest(`[sort.${field}.order] must be [asc] or [desc], got [${order}]`);
  return order;
}

function sortParam(params: Record<string, string | string[] | undefined>): string[] | undefined {
  const value = param(params, 'sort');
  return value === undefined ? undefined : value.split(',').filter((s) => s !== '');
}

function parseSource(spec: unknown): SourceFilter {
  if (spec === undefined || spec === true) return { includes: [], excludes: [] };
  if (spec === false) return false;
  if (typeof spec === 'string') return { includes: [spec], excludes: [] };
  if (Array.isArray(spec)) return { includes: spec.map(String), excludes: [] };
  if (typeof spec === 'object' && spec !== null) {
    const s = spec as Record<string, unknown>;
    const list = (v: unknown) =>
      v === undefined ? [] : Array.isArray(v) ? v.map(String) : [String(v)];
    return { includes: list(s.includes ?? s.include), excludes: list(s.excludes ?? s.exclude) };
  }
  throw badRequest(
    '[_source] must be a boolean, a field pattern, a list of them, or {includes, excludes}'
  );
}

function sourceParam(params: Record<string, string | string[] | undefined>): unknown {
  const value = param(params, '_source');
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  return value.split(',');
}

function parseTrackTotalHits(spec: unknown): TotalHitsMode {
  if (spec === undefined) return { upTo: DEFAULT_TRACK_TOTAL_HITS };
  if (spec === true || spec === 'true') return { upTo: Number.MAX_SAFE_INTEGER };
  if (spec === false || spec === 'false') return { upTo: null };
  const n = Number(spec);
  if (!Number.isInteger(n) || n < -1)
    throw badRequest(`[track_total_hits] must be a boolean or an integer, got [${String(spec)}]`);
  return { upTo: n === -1 ? Number.MAX_SAFE_INTEGER : n };
}

/** OpenSearch time values: `500ms`, `5s`, `1m`, `2h`, `1d`. */
export function parseTimeout(spec: unknown): number | null {
  if (spec === undefined) return null;
  const match = /^(\d+)(nanos|micros|ms|s|m|h|d)$/.exec(String(spec));
  if (!match)
    throw badRequest(`[timeout] must be a time value such as 500ms or 5s, got [${String(spec)}]`);
  const factor = { nanos: 1e-6, micros: 1e-3, ms: 1, s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7 }[
    match[2] as 'ms'
  ];
  return Math.max(1, Math.round(Number(match[1]) * factor));
}
