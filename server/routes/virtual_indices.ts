import { CONNECTOR_BASE_PATH } from '../../common/constants';
import { addRoute, Reply } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { idParams, virtualIndexBody } from './schemas';

const BASE = `${CONNECTOR_BASE_PATH}/index`;

/** Virtual indices (docs/api/interface.md §4.3): create or update, read, delete, list. */
export function registerVirtualIndexRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);

  addRoute(
    router,
    options,
    {
      method: 'put',
      path: `${BASE}/{id}`,
      params: idParams,
      body: { format: 'json', schema: virtualIndexBody, required: true },
    },
    async ({ params, body }, context) => {
      const result = await deps.engineFor(context).virtualIndices.put(params.id, body);
      return new Reply(result.result === 'created' ? 201 : 200, result);
    }
  );

  addRoute(
    router,
    options,
    { method: 'get', path: `${BASE}/{id}`, params: idParams },
    async ({ params }, context) => deps.engineFor(context).virtualIndices.get(params.id)
  );

  addRoute(
    router,
    options,
    { method: 'delete', path: `${BASE}/{id}`, params: idParams },
    async ({ params }, context) => deps.engineFor(context).virtualIndices.delete(params.id)
  );

  addRoute(router, options, { method: 'get', path: `${BASE}/_search` }, async (_input, context) =>
    deps.engineFor(context).virtualIndices.list()
  );
}
