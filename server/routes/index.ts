import type { Router } from '../http/router_contract';
import type { RouteDependencies } from './route_dependencies';
import { registerSearchRoutes } from './search';

export type { RouteDependencies };

/** Registers every Federation route; called by the OSD plugin and by the standalone host. */
export function registerRoutes(router: Router, deps: RouteDependencies): void {
  registerSearchRoutes(router, deps);
}
