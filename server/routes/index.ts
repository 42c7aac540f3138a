import type { Router } from '../http/router_contract';
import { registerDatasourceRoutes } from './datasources';
import { registerDocumentRoutes } from './documents';
import { registerGraphRoutes } from './graph';
import { registerIndexMetadataRoutes } from './index_metadata';
import { registerPitRoutes } from './pits';
import { registerResolveIndexRoutes } from './resolve_index';
import type { RouteDependencies } from './route_dependencies';
import { registerSavedQueryRoutes } from './saved_queries';
import { registerSearchRoutes } from './search';
import { registerVirtualIndexRoutes } from './virtual_indices';

export type { RouteDependencies };

/** Registers every Federation route; called by the OSD plugin and by the standalone host. */
export function registerRoutes(router: Router, deps: RouteDependencies): void {
  registerSearchRoutes(router, deps);
  registerGraphRoutes(router, deps);
  registerDocumentRoutes(router, deps);
  registerIndexMetadataRoutes(router, deps);
  registerPitRoutes(router, deps);
  registerDatasourceRoutes(router, deps);
  registerVirtualIndexRoutes(router, deps);
  registerResolveIndexRoutes(router, deps);
  registerSavedQueryRoutes(router, deps);
}
