import { FederationError, badRequest } from '../../errors';
import { parseTimeValue } from '../../time_value';
import {
  FETCH_BODY_KEYS,
  FETCH_URL_PARAMETERS,
  parseFetchOptions,
  type FetchOptions,
} from './fetch_options';

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
  /** `post_filter`: narrows the hits (and their total) but not the aggregations. */
  postFilter?: unknown;
  /** `rest_total_hits_as_int`: `hits.total` as a plain number (-1 when not tracked). */
  totalAsInt?: boolean;
  /** `stored_fields`, `docvalue_fields`, `version`, `highlight` (fetch_options.ts), when given. */
  fetch?: FetchOptions;
}

/** Limits a search body is checked against (settings; OpenSearch's defaults). */
export interface SearchBodyLimits {
  /** `index.max_result_window`: from + size may not exceed it. */
  maxResultWindow: number;
}

/** OpenSearch's `index.max_result_window` default. */
export const MAX_RESULT_WINDOW = 10_000;
const DEFAULT_LIMITS: SearchBodyLimits = { maxResultWindow: MAX_RESULT_WINDOW };
const DEFAULT_TRACK_TOTAL_HITS = 10_000;

/**
 * What a search on virtual indices does with each body field of OpenSearch's `_search`
 * (docs/operations/limits_and_hostile_input.md, "Search options on virtual indices"): read, accepted only at its default (with why),
 * or refused (with why). Any other key is OpenSearch's parsing_exception.
 */
const BODY_FIELDS = new Map<string, 'read' | { defaultOnly: unknown; why: string } | string>([
  ['query', 'read'],
  ['from', 'read'],
  ['size', 'read'],
  ['sort', 'read'],
  ['_source', 'read'],
  ['track_total_hits', 'read'],
  ['search_after', 'read'],
  ['timeout', 'read'],
  ['aggs', 'read'],
  ['aggregations', 'read'],
  ['track_scores', 'read'],
  ['min_score', 'read'],
  ['post_filter', 'read'],
  ['stats', 'read'],
  ['version', 'read'],
  ['stored_fields', 'read'],
  ['docvalue_fields', 'read'],
  ['script_fields', 'read'],
  ['highlight', 'read'],
  [
    'seq_no_primary_term',
    { defaultOnly: false, why: 'virtual index documents have no sequence numbers' },
  ],
  ['explain', { defaultOnly: false, why: 'virtual index scores are a constant 1.0' }],
  ['profile', { defaultOnly: false, why: 'there is no Lucene query to profile' }],
  ['terminate_after', { defaultOnly: 0, why: 'use size and track_total_hits' }],
  [
    'include_named_queries_score',
    { defaultOnly: false, why: 'named queries are not reported on virtual indices' },
  ],
  ['verbose_pipeline', { defaultOnly: false, why: 'search pipelines do not run here' }],
  ['fields', 'virtual indices have only _source; list the columns in [_source]'],
  ['derived', 'derived fields are not supported on virtual indices'],
  ['suggest', 'suggesters are not supported on virtual indices'],
  ['rescore', 'virtual index scores are a constant 1.0, so there is nothing to rescore'],
  ['collapse', 'collapse is not supported on virtual indices; use a terms aggregation'],
  ['indices_boost', 'virtual index scores are a constant 1.0 and cannot be boosted'],
  ['slice', 'sliced searches are not supported on virtual indices; page with search_after'],
  ['ext', 'search extensions are not supported on virtual indices'],
  ['search_pipeline', 'search pipelines do not run on virtual indices'],
  ['pit', 'a point in time cannot be used with virtual indices'],
]);

/**
 * Reads a search body (and the URL parameters OpenSearch also accepts, which win over the body
 * as in OpenSearch) into one normalised request, refusing what virtual indices cannot do with a
 * 400 that names it. URL parameters are checked by checkSearchParams (search_params.ts).
 */
export function parseSearchRequest(
  body: Record<string, unknown> | undefined,
  params: Record<string, string | string[] | undefined>,
  limits: SearchBodyLimits = DEFAULT_LIMITS
): VirtualSearchRequest {
  const b = body ?? {};
  for (const [key, value] of Object.entries(b)) checkBodyField(key, value);
  if (Object.hasOwn(b, 'aggs') && Object.hasOwn(b, 'aggregations')) {
    throw badRequest('Found two aggregation definitions: [aggs] and [aggregations]');
  }
  const from = integer('from', param(params, 'from') ?? b.from ?? 0);
  const size = integer('size', param(params, 'size') ?? b.size ?? 10);
  if (from + size > limits.maxResultWindow) {
    throw badRequest(
      `Result window is too large, from + size must be less than or equal to: [${limits.maxResultWindow}] but was [${from + size}]. Page with search_after for a deeper window; this limit is the setting maxResultWindow (index.max_result_window).`
    );
  }
  const aggs = (b.aggs ?? b.aggregations ?? null) as Record<string, unknown> | null;
  if (aggs !== null && (typeof aggs !== 'object' || Array.isArray(aggs))) {
    throw badRequest('[aggs] must be an object');
  }
  const searchAfter = b.search_after ?? null;
  if (searchAfter !== null && !Array.isArray(searchAfter))
    throw badRequest('[search_after] must be an array');
  const sort = parseSort(sortParam(params) ?? b.sort);
  if (searchAfter !== null && searchAfter.length !== sort.length) {
    throw badRequest(
      `search_after has ${searchAfter.length} value(s) but sort has ${sort.length}: give one value per sort key`
    );
  }
  const totalAsInt = flag(params, 'rest_total_hits_as_int');
  const trackTotalHits = param(params, 'track_total_hits') ?? b.track_total_hits;
  if (totalAsInt && !isExactTracking(trackTotalHits)) {
    throw badRequest(
      `[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got ${String(trackTotalHits)}`
    );
  }
  const trackScores = param(params, 'track_scores') ?? b.track_scores;
  const sourceSpec = sourceFromParams(params) ?? b._source;
  const fetch =
    FETCH_BODY_KEYS.some((k) => b[k] !== undefined && b[k] !== null) ||
    FETCH_URL_PARAMETERS.some((k) => param(params, k) !== undefined)
      ? parseFetchOptions(b, params, sourceSpec !== undefined)
      : undefined;
  return {
    query: withMinScore(urlQuery(params) ?? b.query ?? { match_all: {} }, b.min_score),
    from,
    size,
    sort,
    source: parseSource(sourceSpec),
    totalHits: parseTrackTotalHits(trackTotalHits ?? (totalAsInt ? true : undefined)),
    searchAfter,
    timeoutMs: parseTimeout(param(params, 'timeout') ?? b.timeout),
    // `aggs: {}` (OSD's count-only visualizations send it) answers no `aggregations`, as in OpenSearch.
    aggs: aggs !== null && Object.keys(aggs).length === 0 ? null : aggs,
    trackScores: trackScores === true || trackScores === 'true' || trackScores === '',
    ...(b.post_filter === undefined ? {} : { postFilter: b.post_filter }),
    ...(totalAsInt ? { totalAsInt } : {}),
    ...(fetch === undefined ? {} : { fetch }),
  };
}

/** OpenSearch's parser names the JSON token of a key it does not know. */
function tokenOf(value: unknown): string {
  if (value === null) return 'VALUE_NULL';
  if (Array.isArray(value)) return 'START_ARRAY';
  switch (typeof value) {
    case 'object':
      return 'START_OBJECT';
    case 'string':
      return 'VALUE_STRING';
    case 'number':
      return 'VALUE_NUMBER';
    case 'boolean':
      return 'VALUE_BOOLEAN';
    default:
      return 'VALUE_EMBEDDED_OBJECT';
  }
}

function checkBodyField(key: string, value: unknown): void {
  const decision = BODY_FIELDS.get(key);
  if (decision === undefined) {
    throw new FederationError(
      400,
      'parsing_exception',
      `Unknown key for a ${tokenOf(value)} in [${key}].`
    );
  }
  if (decision === 'read') return;
  if (typeof decision === 'string') {
    throw badRequest(`[${key}] is not supported in searches on virtual indices: ${decision}`);
  }
  if (value !== undefined && value !== null && value !== decision.defaultOnly) {
    throw badRequest(
      `[${key}: ${JSON.stringify(value)}] is not supported in searches on virtual indices (${decision.why}); leave it out or set it to ${JSON.stringify(decision.defaultOnly)}`
    );
  }
}

function flag(params: Record<string, string | string[] | undefined>, name: string): boolean {
  const value = param(params, name);
  if (value === undefined || value === 'false') return false;
  if (value === '' || value === 'true') return true;
  throw badRequest(`[${name}] must be true or false, got [${value}]`);
}

function isExactTracking(spec: unknown): boolean {
  return (
    spec === undefined || spec === true || spec === 'true' || spec === false || spec === 'false'
  );
}

/**
 * `min_score`: every hit of a virtual index scores a constant 1.0, so a minimum above 1 keeps no
 * document (hits, total and aggregations alike, as in OpenSearch) and one at or below 1 keeps all.
 */
function withMinScore(query: unknown, minScore: unknown): unknown {
  if (minScore === undefined || minScore === null) return query;
  const n = typeof minScore === 'string' ? Number(minScore) : minScore;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    throw badRequest(`[min_score] must be a number, got [${JSON.stringify(minScore)}]`);
  }
  return n > 1 ? { match_none: {} } : query;
}

/**
 * `q` as OpenSearch reads it: a query_string query that replaces the body's, with `df`,
 * `default_operator` and `lenient` from the URL. Its text is translated as any query_string is.
 */
function urlQuery(params: Record<string, string | string[] | undefined>): unknown {
  const q = param(params, 'q');
  if (q === undefined) return undefined;
  const options: Record<string, unknown> = { query: q };
  const df = param(params, 'df');
  if (df !== undefined) options.default_field = df;
  const operator = param(params, 'default_operator');
  if (operator !== undefined) options.default_operator = operator;
  for (const name of ['analyzer', 'analyze_wildcard', 'lenient']) {
    const value = param(params, name);
    if (value !== undefined) options[name] = name === 'analyzer' ? value : value !== 'false';
  }
  return { query_string: options };
}

/**
 * `_source`, `_source_includes`, `_source_excludes` from the URL (they replace the body's, as in
 * OpenSearch); `_source=false` wins over the lists.
 */
function sourceFromParams(params: Record<string, string | string[] | undefined>): unknown {
  const source = param(params, '_source');
  const includes = param(params, '_source_includes');
  const excludes = param(params, '_source_excludes');
  if (source === 'false') return false;
  if (includes === undefined && excludes === undefined) {
    if (source === undefined) return undefined;
    if (source === 'true' || source === '') return true;
    return source.split(',');
  }
  const list = (v: string | undefined) => (v === undefined ? [] : v.split(',').filter(Boolean));
  const fromSource = source === undefined || source === 'true' ? [] : list(source);
  return {
    includes: includes === undefined ? fromSource : list(includes),
    excludes: list(excludes),
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
        throw badRequest(
          `[sort.${field}.${key}] is not supported on virtual indices; a sort there takes [order], [missing], [unmapped_type] and [mode]`
        );
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

export function parseSource(spec: unknown): SourceFilter {
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

function parseTrackTotalHits(spec: unknown): TotalHitsMode {
  if (spec === undefined) return { upTo: DEFAULT_TRACK_TOTAL_HITS };
  if (spec === true || spec === 'true') return { upTo: Number.MAX_SAFE_INTEGER };
  if (spec === false || spec === 'false') return { upTo: null };
  const n = Number(spec);
  if (!Number.isInteger(n) || n < -1)
    throw badRequest(`[track_total_hits] must be a boolean or an integer, got [${String(spec)}]`);
  return { upTo: n === -1 ? Number.MAX_SAFE_INTEGER : n };
}

/**
 * `timeout` as OpenSearch parses time values (time_value.ts), in milliseconds; null for none
 * (absent, `-1` or `0`, which OpenSearch also treats as no timeout). The search caps it at the
 * datasource statement timeout (virtual_search.ts).
 */
export function parseTimeout(spec: unknown): number | null {
  if (spec === undefined) return null;
  const ms = parseTimeValue(spec, 'timeout');
  return ms <= 0 ? null : Math.max(1, Math.round(ms));
}
