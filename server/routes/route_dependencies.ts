import type { FederationEngine } from '../engine/federation_engine';
import type { SavedQueryStore } from '../engine/saved_queries/saved_query_store';
import type { FederationSettings } from '../engine/settings';
import type { Logger, RouteOptions } from '../http/route';
import type { HandlerContext, HttpRequest } from '../http/router_contract';

/** What every route module receives; the same in OSD and standalone. */
export interface RouteDependencies {
  /** Builds the engine bound to the caller of this request. */
  engineFor(context: HandlerContext): FederationEngine;
  /** Where saved GQL queries live: OSD's saved objects of the user, or the host's hidden index. */
  savedQueriesFor(context: HandlerContext): SavedQueryStore;
  settings: FederationSettings;
  logger: Logger;
  /** Who the request's caller is (per-caller limits); the client address when absent. */
  callerOf?: (request: HttpRequest) => string;
}

export function routeOptions(deps: RouteDependencies): RouteOptions {
  return {
    logger: deps.logger,
    callerOf: deps.callerOf,
    maxRequestBytes: deps.settings.maxRequestBytes,
    nesting: { maxDepth: deps.settings.maxBodyDepth, maxQueryDepth: deps.settings.maxQueryDepth },
  };
}
