import type { FederationEngine } from '../engine/federation_engine';
import type { FederationSettings } from '../engine/settings';
import type { Logger, RouteOptions } from '../http/route';
import type { HandlerContext } from '../http/router_contract';

/** What every route module receives; the same in OSD and standalone. */
export interface RouteDependencies {
  /** Builds the engine bound to the caller of this request. */
  engineFor(context: HandlerContext): FederationEngine;
  settings: FederationSettings;
  logger: Logger;
}

export function routeOptions(deps: RouteDependencies): RouteOptions {
  return {
    logger: deps.logger,
    maxRequestBytes: deps.settings.maxRequestBytes,
    nesting: { maxDepth: deps.settings.maxBodyDepth, maxQueryDepth: deps.settings.maxQueryDepth },
  };
}
