/**
 * A stand-in for the server half of OSD's data plugin, as far as searches go, written from OSD
 * 3.x's source (OSD is not on npm):
 * - src/plugins/data/server/search/search_service.ts (`SearchService`): the strategy map,
 *   `registerSearchStrategy` (writes an entry, usable after setup), `getSearchStrategy` (throws
 *   `Search strategy <name> not found`), `search` (the strategy named in the options, else the
 *   default one);
 * - src/plugins/data/server/search/routes/search.ts (`registerSearchRoute`): the POST
 *   `/internal/search/{strategy}/{id?}` handler, with shim_hits_total.ts (`shimHitsTotal`) on the
 *   answer and its `customError` on failure, shaped as OSD's HapiResponseAdapter sends a
 *   custom error (src/core/server/http/router/response_adapter.ts: Boom's payload plus
 *   `attributes`);
 * - src/plugins/data/server/search/opensearch_search/opensearch_search_strategy.ts
 *   (`opensearchSearchStrategyProvider`), the original `opensearch` strategy, with
 *   get_default_search_params.ts (`getDefaultSearchParams`, `getShardTimeout`),
 *   to_snake_case.ts, decide_client.ts (`asCurrentUser` without a data source) and
 *   get_total_loaded.ts.
 */
import type { Client } from '@opensearch-project/opensearch';
import { STATUS_CODES } from 'http';
import type {
  DataPluginSetup,
  DataPluginStart,
  OsdSearchContext,
  OsdSearchStrategy,
} from '../../server/osd_types';

/** OSD's `OPENSEARCH_SEARCH_STRATEGY`. */
const DEFAULT_STRATEGY = 'opensearch';

/** `opensearch.shardTimeout`'s default in OSD's config (30s), as getShardTimeout sends it. */
const SHARD_TIMEOUT = { timeout: '30000ms' };

/**
 * getDefaultSearchParams with OSD's default advanced settings: `courier:maxConcurrentShardRequests`
 * 0 (so left out), `search:includeFrozen` false (ignoreThrottled, which the OSS strategy drops).
 */
const DEFAULT_SEARCH_PARAMS = {
  maxConcurrentShardRequests: undefined,
  ignoreUnavailable: true,
  trackTotalHits: true,
};

export interface DataPluginDouble {
  setup: DataPluginSetup;
  start: DataPluginStart;
  /** POST /internal/search/{strategy}: what the browser's search interceptor sends. */
  postSearch(
    strategy: string,
    body: Record<string, unknown>,
    context: OsdSearchContext,
    abort?: AbortSignal
  ): Promise<{ status: number; body: Record<string, unknown> }>;
}

export function createDataPluginDouble(): DataPluginDouble {
  const strategies: Record<string, OsdSearchStrategy> = {};
  const getSearchStrategy = (name: string) => {
    const strategy = strategies[name];
    if (!strategy) throw new Error(`Search strategy ${name} not found`);
    return strategy;
  };
  strategies[DEFAULT_STRATEGY] = originalOpenSearchStrategy();
  return {
    setup: {
      search: {
        registerSearchStrategy: (name, strategy) => {
          strategies[name] = strategy;
        },
      },
    },
    start: { search: { getSearchStrategy } },
    async postSearch(strategy, body, context, abort) {
      try {
        const { id, ...rest } = body;
        const response = await getSearchStrategy(strategy || DEFAULT_STRATEGY).search(
          context,
          { ...rest, id: id as string | undefined },
          { abortSignal: abort, strategy }
        );
        return {
          status: 200,
          body: { ...response, rawResponse: shimHitsTotal(response.rawResponse) },
        };
      } catch (error) {
        const err = error as { statusCode?: number; message: string; body?: { error?: unknown } };
        const statusCode = err.statusCode || 500;
        return {
          status: statusCode,
          body: {
            statusCode,
            error: STATUS_CODES[statusCode],
            message: err.message,
            attributes: { error: err.body?.error || err.message },
          },
        };
      }
    },
  };
}

/** shimHitsTotal: `hits.total` as a number, as the browser's apps read it. */
function shimHitsTotal(response: unknown) {
  const hits = (response as { hits?: { total?: unknown } }).hits;
  const total = (hits?.total as { value?: unknown } | undefined)?.value ?? hits?.total;
  return { ...(response as object), hits: { ...hits, total } };
}

function originalOpenSearchStrategy(): OsdSearchStrategy {
  return {
    async search(context, request, options) {
      if (request.indexType) throw new Error(`Unsupported index pattern type ${request.indexType}`);
      const params = toSnakeCase({
        ...DEFAULT_SEARCH_PARAMS,
        ...SHARD_TIMEOUT,
        ...request.params,
      });
      // OSD's client is the full OpenSearch JS client; the harness hands a real one.
      const client = context.core.opensearch.client.asCurrentUser as unknown as Client;
      const promise = client.search(params as never);
      // shimAbortSignal: abort the client's request when the signal fires.
      options?.abortSignal?.addEventListener('abort', () => promise.abort(), { once: true });
      const { body: rawResponse } = await promise;
      const shards = rawResponse._shards as { total: number; successful: number; failed: number };
      return {
        isPartial: false,
        isRunning: false,
        rawResponse,
        total: shards.total,
        loaded: shards.failed + shards.successful,
      };
    },
  };
}

/** to_snake_case.ts: lodash's snakeCase on each key (ours: the camelCase keys OSD sends). */
function toSnakeCase(params: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(params).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v])
  );
}
