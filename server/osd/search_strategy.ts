/**
 * OSD's own searches (Discover, visualizations, dashboards) reach OpenSearch through the data
 * plugin's `opensearch` search strategy. This wrapper answers the ones that touch a virtual index
 * or hold a `join` with the engine, as the current user, and hands every other one to the
 * original strategy unchanged (docs/operations/installing_into_osd.md, "Inside OSD's own apps").
 */
import type { FederationEngine } from '../engine/federation_engine';
import { toErrorReply } from '../engine/error_body';
import { badRequest } from '../engine/errors';
import { containsJoin } from '../engine/join/contains_join';
import type { QueryParams } from '../engine/backends/query_params';
import { callerGone, type RequestScope } from '../engine/request_scope';
import type { OpenSearchTransportClient } from '../engine/opensearch/transport';
import type { Logger } from '../http/route';
import type {
  OsdSearchContext,
  OsdSearchRequest,
  OsdSearchResponse,
  OsdSearchStrategy,
} from '../osd_types';

/** The name Discover, visualizations and dashboards post to (`/internal/search/opensearch`). */
export const OPENSEARCH_SEARCH_STRATEGY = 'opensearch';

/**
 * Who the engine's per-caller limits see: a strategy is handed no HTTP request, so no user name.
 * Searches open no point in time, the only thing those limits count.
 */
const STRATEGY_CALLER = 'osd-search-strategy';

export interface FederatedStrategyDeps {
  engineFor(client: OpenSearchTransportClient, scope: RequestScope): FederationEngine;
  logger: Logger;
}

/**
 * The error the data plugin's route turns into its answer: it reads `statusCode`, `message` and
 * `body.error` (the route as test/osd/data_plugin.ts mirrors it), as off the OpenSearch client's
 * ResponseError, whose message this one is written like. So OSD's apps show our reason.
 */
export class StrategyError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: { error?: { type?: string; root_cause?: unknown[] } }
  ) {
    const error = body.error;
    const causes = (error?.root_cause ?? []) as Array<{ type?: string; reason?: string }>;
    super(
      error?.type === undefined
        ? 'Response Error'
        : `${error.type}: ${causes.map((c) => `[${c.type}] Reason: ${c.reason}`).join('; ')}`
    );
    this.name = 'ResponseError';
  }
}

export function federatedSearchStrategy(
  original: OsdSearchStrategy,
  deps: FederatedStrategyDeps
): OsdSearchStrategy {
  const cancel = original.cancel;
  return {
    // OSD's DELETE /internal/search/{strategy}/{id} cancels through the strategy: the original's.
    ...(cancel === undefined
      ? {}
      : { cancel: (context, id) => cancel.call(original, context, id) }),
    search: async (context, request, options) => {
      const target = engineTarget(request);
      if (target === null) return original.search(context, request, options);
      const aborted = new AbortController();
      const leave = () => aborted.abort(callerGone());
      const signal = options?.abortSignal;
      signal?.addEventListener('abort', leave, { once: true });
      if (signal?.aborted === true) leave();
      try {
        const engine = deps.engineFor(asCurrentUser(context), {
          signal: aborted.signal,
          caller: STRATEGY_CALLER,
        });
        const ours = await answeredByEngine(engine, target).catch(failWith(deps.logger));
        // The original strategy's answers and errors pass through untouched.
        if (!ours) return await original.search(context, request, options);
        const answer = async () =>
          strategyResponse(
            (await engine.search.search({
              index: target.index,
              body: target.body,
              params: urlParams(request.params),
            })) as Record<string, unknown>
          );
        return await answer().catch(failWith(deps.logger));
      } finally {
        signal?.removeEventListener('abort', leave);
      }
    },
  };
}

interface EngineTarget {
  index: string | undefined;
  body: Record<string, unknown> | undefined;
}

/**
 * What the engine would search, or null for requests it never takes: another index-pattern type
 * (the original strategy refuses those itself) or another cluster (`dataSourceId`, OSD's multiple
 * data sources: our catalog describes the local cluster only).
 */
function engineTarget(request: OsdSearchRequest): EngineTarget | null {
  if (request.indexType || request.dataSourceId) return null;
  const { index, body } = request.params ?? {};
  const expression =
    typeof index === 'string'
      ? index
      : Array.isArray(index) && index.every((i) => typeof i === 'string')
        ? index.join(',')
        : index === undefined
          ? undefined
          : null;
  if (expression === null) return null;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
    return null;
  return { index: expression, body: body as Record<string, unknown> | undefined };
}

async function answeredByEngine(engine: FederationEngine, target: EngineTarget) {
  if (target.body !== undefined && containsJoin(target.body)) return true;
  if (target.index === undefined) return false;
  // Mixed virtual and normal indices throw the 400 of docs/api/interface.md §4.6 here.
  return (await engine.indices.resolve(target.index)).kind === 'virtual';
}

/**
 * The original strategy's defaults (`ignoreUnavailable: true`, `trackTotalHits: true`, so
 * Discover's count is exact; DEFAULT_SEARCH_PARAMS in test/osd/data_plugin.ts) under the
 * request's own parameters, named as OpenSearch names them (OSD snake-cases camelCase keys),
 * values as URL text, so the engine reads them as it reads /svc's.
 */
function urlParams(params: Record<string, unknown> = {}): QueryParams {
  const out: QueryParams = { ignore_unavailable: 'true', track_total_hits: 'true' };
  for (const [key, value] of Object.entries(params)) {
    if (key === 'index' || key === 'body' || value === undefined || value === null) continue;
    const name = key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (Array.isArray(value) && value.every(isScalar)) out[name] = value.map(String);
    else if (isScalar(value)) out[name] = String(value);
    else throw badRequest(`[${name}] must be a string, a number or a boolean`);
  }
  return out;
}

function isScalar(value: unknown): value is string | number | boolean {
  return ['string', 'number', 'boolean'].includes(typeof value);
}

/** The original strategy's answer: `total` shards, `loaded` those that answered or failed. */
function strategyResponse(rawResponse: Record<string, unknown>): OsdSearchResponse {
  const shards = (rawResponse._shards ?? {}) as {
    total?: number;
    successful?: number;
    failed?: number;
  };
  return {
    isPartial: false,
    isRunning: false,
    rawResponse,
    total: shards.total,
    loaded: (shards.successful ?? 0) + (shards.failed ?? 0),
  };
}

/** An engine error in OpenSearch's format, as the data plugin's route reads errors. */
function failWith(logger: Logger) {
  return (error: unknown): never => {
    const reply = toErrorReply(error, false);
    if (reply.unexpected) logger.error(error instanceof Error ? error : String(error));
    throw new StrategyError(reply.status, reply.body as StrategyError['body']);
  };
}

function asCurrentUser(context: OsdSearchContext): OpenSearchTransportClient {
  return context.core.opensearch.client.asCurrentUser;
}
