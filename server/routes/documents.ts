import { z } from 'zod';
import { SEARCH_BASE_PATH } from '../../common/constants';
import { addRoute, Reply } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { indexParams, jsonObject, urlParams } from './schemas';

const docParams = z.object({ index: z.string(), id: z.string() });

/** `_doc` and `_mget` (docs/api/interface.md §4.3): virtual indices by their key, others through OpenSearch. */
export function registerDocumentRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);

  addRoute(
    router,
    options,
    {
      method: 'get',
      path: `${SEARCH_BASE_PATH}/{index}/_doc/{id}`,
      params: docParams,
      query: urlParams,
    },
    async ({ params, query }, context) => {
      const result = await deps.engineFor(context).documents.get(params.index, params.id, query);
      // OpenSearch answers a missing document with 404 and `found: false`, not an error.
      return result.found ? result : new Reply(404, result);
    }
  );

  for (const method of ['get', 'post'] as const) {
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/_mget`,
        query: urlParams,
        body: { format: 'json', schema: jsonObject, required: true },
      },
      async ({ query, body }, context) =>
        deps.engineFor(context).documents.mget(undefined, body, query)
    );
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/{index}/_mget`,
        params: indexParams,
        query: urlParams,
        body: { format: 'json', schema: jsonObject, required: true },
      },
      async ({ params, query, body }, context) =>
        deps.engineFor(context).documents.mget(params.index, body, query)
    );
  }
}
