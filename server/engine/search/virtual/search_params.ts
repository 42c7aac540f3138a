import { badRequest } from '../../errors';
import type { QueryParams } from '../../backends/query_params';

/**
 * What a search on virtual indices does with each URL parameter OpenSearch's `_search` knows
 * (docs/operations/limits_and_hostile_input.md, "Search options on virtual indices"). Nothing is silently ignored: a parameter is
 * read by parseSearchRequest (`read`), has no effect because virtual indices have no shards,
 * replicas, caches or closed state and so answer the same either way (`no_effect`), or is
 * refused unless it asks for the default (`default_only`, with that default) or always (`refuse`).
 */
type Decision =
  | { kind: 'read' }
  | { kind: 'no_effect' }
  | { kind: 'default_only'; values: readonly string[]; why: string }
  | { kind: 'refuse'; why: string };

const read: Decision = { kind: 'read' };
const noEffect: Decision = { kind: 'no_effect' };
const falseOnly = (why: string): Decision => ({ kind: 'default_only', values: ['false'], why });
const refuse = (why: string): Decision => ({ kind: 'refuse', why });

export const SEARCH_URL_PARAMETERS = new Map<string, Decision>([
  ['q', read],
  ['df', read],
  ['default_operator', read],
  ['analyzer', read],
  ['analyze_wildcard', read],
  ['lenient', read],
  ['from', read],
  ['size', read],
  ['sort', read],
  ['_source', read],
  ['_source_includes', read],
  ['_source_excludes', read],
  ['track_total_hits', read],
  ['track_scores', read],
  ['timeout', read],
  ['rest_total_hits_as_int', read],
  ['version', read],
  ['stored_fields', read],
  ['docvalue_fields', read],
  ['seq_no_primary_term', falseOnly('virtual index documents have no sequence numbers')],
  ['explain', falseOnly('virtual index scores are a constant 1.0 with nothing to explain')],
  ['typed_keys', falseOnly('typed aggregation names are not produced for virtual indices')],
  ['phase_took', falseOnly('virtual index searches have no search phases')],
  ['include_named_queries_score', falseOnly('named queries are not reported on virtual indices')],
  ['verbose_pipeline', falseOnly('search pipelines do not run on virtual indices')],
  [
    'search_type',
    {
      kind: 'default_only',
      values: ['query_then_fetch', 'dfs_query_then_fetch'],
      why: 'only query_then_fetch and dfs_query_then_fetch exist',
    },
  ],
  [
    'terminate_after',
    { kind: 'default_only', values: ['0'], why: 'use size and track_total_hits' },
  ],
  ['request_cache', noEffect],
  ['preference', noEffect],
  ['routing', noEffect],
  ['allow_partial_search_results', noEffect],
  ['batched_reduce_size', noEffect],
  ['max_concurrent_shard_requests', noEffect],
  ['pre_filter_shard_size', noEffect],
  ['ccs_minimize_roundtrips', noEffect],
  ['ignore_unavailable', noEffect],
  ['allow_no_indices', noEffect],
  ['expand_wildcards', noEffect],
  ['ignore_throttled', noEffect],
  ['stats', noEffect],
  ['pretty', noEffect],
  ['human', noEffect],
  ['error_trace', noEffect],
  ['scroll', refuse('scrolling is not supported on virtual indices; page with search_after')],
  ['suggest_field', refuse('suggesters are not supported on virtual indices')],
  ['suggest_text', refuse('suggesters are not supported on virtual indices')],
  ['suggest_size', refuse('suggesters are not supported on virtual indices')],
  ['suggest_mode', refuse('suggesters are not supported on virtual indices')],
  ['search_pipeline', refuse('search pipelines do not run on virtual indices')],
  ['cancel_after_time_interval', refuse('use timeout to bound a search on virtual indices')],
  ['source', refuse('send the search body as the request body')],
  ['source_content_type', refuse('send the search body as the request body')],
]);

/**
 * Throws a 400 for a URL parameter a virtual-index search would otherwise ignore: an unknown one
 * as OpenSearch words it, a known one that cannot be honoured with what to do instead.
 * `path` is the request path OpenSearch would name (`/idx/_search`).
 */
export function checkSearchParams(params: QueryParams, path: string): void {
  for (const [name, raw] of Object.entries(params)) {
    if (raw === undefined) continue;
    const decision = SEARCH_URL_PARAMETERS.get(name);
    if (decision === undefined) {
      throw badRequest(`request [${path}] contains unrecognized parameter: [${name}]`);
    }
    const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (decision.kind === 'refuse') {
      throw badRequest(
        `[${name}] is not supported in searches on virtual indices: ${decision.why}`
      );
    }
    if (decision.kind === 'default_only' && !decision.values.includes(value)) {
      throw badRequest(
        `[${name}=${value}] is not supported in searches on virtual indices (${decision.why}); use [${decision.values.join('] or [')}] or leave it out`
      );
    }
  }
}
