import { z } from 'zod';
import { SEARCH_BASE_PATH } from '../../common/constants';
import { addRoute } from '../http/route';
import type { Router } from '../http/router_contract';
import type { RouteDependencies } from './route_dependencies';
import { jsonObject, urlParams } from './schemas';

const indexParams = z.object({ index: z.string() });

/**
 * `_search` on an index expression or, with a PIT, on no index. GET and POST behave alike, as in
 * OpenSearch; note that inside OSD a GET carries no body (hapi drops it), so scripts send POST.
 */
export function registerSearchRoutes(router: Router, deps: RouteDependencies): void {
  const options = { logger: deps.logger, maxRequestBytes: deps.settings.maxRequestBytes };
  for (const method of ['get', 'post'] as const) {
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/_search`,
        query: urlParams,
        body: { format: 'json', schema: jsonObject },
      },
      async ({ query, body }, context) =>
        deps.engineFor(context).search.search({ body, params: query })
    );
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/{index}/_search`,
        params: indexParams,
        query: urlParams,
        body: { format: 'json', schema: jsonObject },
      },
      async ({ params, query, body }, context) =>
        deps.engineFor(context).search.search({ index: params.index, body, params: query })
    );
  }
}
