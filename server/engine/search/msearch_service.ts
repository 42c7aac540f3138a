import { toErrorReply } from '../error_body';
import { badRequest } from '../errors';
import type { QueryParams } from '../backends/query_params';
import type { SearchService } from './search_service';

/** Header keys OpenSearch's `_msearch` reads (MultiSearchRequest); any other is refused. */
const HEADER_KEYS = new Set([
  'index',
  'indices',
  'search_type',
  'ccs_minimize_roundtrips',
  'request_cache',
  'preference',
  'routing',
  'allow_partial_search_results',
  'cancel_after_time_interval',
  'phase_took',
  'expand_wildcards',
  'ignore_unavailable',
  'allow_no_indices',
  'ignore_throttled',
]);

/** `_msearch` URL parameters that apply to every search in it, as OpenSearch applies them. */
const PER_SEARCH_PARAMS = [
  'rest_total_hits_as_int',
  'typed_keys',
  'search_type',
  'ccs_minimize_roundtrips',
  'pre_filter_shard_size',
  'max_concurrent_shard_requests',
];
/** `_msearch` URL parameters read by the request itself (or with no effect on its answer). */
const OWN_PARAMS = new Set(['max_concurrent_searches', 'error_trace', 'pretty', 'human', 'debug']);

/** OpenSearch's default for `max_concurrent_searches` on a small cluster. */
const MAX_CONCURRENT_SEARCHES = 4;

/**
 * `_msearch`: each header/body pair is one search on its own target, so virtual and normal
 * indices may mix across lines. A failing search answers in its slot with OpenSearch's error
 * shape; the others still run. Responses keep the order of the request.
 */
export class MsearchService {
  constructor(private readonly searches: SearchService) {}

  async msearch(index: string | undefined, lines: unknown[], params: QueryParams) {
    const started = Date.now();
    if (lines.length % 2 !== 0) {
      throw badRequest(
        'msearch needs a header line and a body line for every search; the last body is missing'
      );
    }
    const pairs: Array<{ header: Record<string, unknown>; body: Record<string, unknown> }> = [];
    for (let i = 0; i < lines.length; i += 2) {
      const [header, body] = [lines[i], lines[i + 1]];
      if (!isObject(header) || !isObject(body)) {
        throw badRequest(
          `msearch line ${i + 1} and ${i + 2} must be JSON objects (a header and a search body)`
        );
      }
      for (const [key, value] of Object.entries(header)) {
        if (!HEADER_KEYS.has(key)) {
          throw badRequest(`key [${key}] is not supported in the metadata section`);
        }
        const problem = headerValueProblem(key, value);
        if (problem) throw badRequest(`msearch line ${i + 1}: key [${key}] ${problem}`);
      }
      pairs.push({ header, body });
    }
    const shared: QueryParams = {};
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined) continue;
      if (PER_SEARCH_PARAMS.includes(key)) shared[key] = value;
      else if (!OWN_PARAMS.has(key)) {
        throw badRequest(
          `request [${index === undefined ? '' : `/${index}`}/_msearch] contains unrecognized parameter: [${key}]`
        );
      }
    }
    const limit = Math.max(
      1,
      Number(params.max_concurrent_searches ?? MAX_CONCURRENT_SEARCHES) || MAX_CONCURRENT_SEARCHES
    );
    const responses = await mapLimited(pairs, limit, async ({ header, body }) => {
      try {
        const target = header.index ?? header.indices ?? index;
        const response = await this.searches.search({
          index: target === undefined ? undefined : [target].flat().join(','),
          body,
          // The request's parameters apply to every search; a header's own value wins.
          params: { ...shared, ...headerParams(header), ...debugOf(params) },
        });
        return { ...(response as Record<string, unknown>), status: 200 };
      } catch (error) {
        const reply = toErrorReply(error, params.error_trace === 'true');
        return { error: reply.body.error, status: reply.status };
      }
    });
    return { took: Date.now() - started, responses };
  }
}

/** Why a header value has the wrong type, or null: targets are names, the rest plain values. */
function headerValueProblem(key: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (key === 'index' || key === 'indices') {
    const names = Array.isArray(value) ? value : [value];
    return names.every((name) => typeof name === 'string')
      ? null
      : 'must be an index name or a list of index names';
  }
  return ['string', 'number', 'boolean'].includes(typeof value)
    ? null
    : 'must be a string, a number or a boolean';
}

/** Header options other than the target are search URL parameters (`preference`, `routing`...). */
function headerParams(header: Record<string, unknown>): QueryParams {
  const params: QueryParams = {};
  for (const [key, value] of Object.entries(header)) {
    if (key !== 'index' && key !== 'indices' && value !== undefined) params[key] = String(value);
  }
  return params;
}

/** `debug` is ours (join reports); it reaches each search as on `_search`. */
function debugOf(params: QueryParams): QueryParams {
  return params.debug === undefined ? {} : { debug: params.debug };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function mapLimited<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
