import { SEARCH_BASE_PATH } from '../../common/constants';
import { addRoute } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { indexParams, jsonObject, ndjsonLines, scrollIdParams, urlParams } from './schemas';

/**
 * `_search` on an index expression or, with a PIT, on no index; `_count` and `_msearch` beside it. GET and POST behave alike, as in
 * OpenSearch; note that inside OSD a GET carries no body (hapi drops it), so scripts send POST.
 */
export function registerSearchRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);
  registerScrollRoutes(router, deps);
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
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/_count`,
        query: urlParams,
        body: { format: 'json', schema: jsonObject },
      },
      async ({ query, body }, context) =>
        deps.engineFor(context).search.count({ body, params: query })
    );
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/{index}/_count`,
        params: indexParams,
        query: urlParams,
        body: { format: 'json', schema: jsonObject },
      },
      async ({ params, query, body }, context) =>
        deps.engineFor(context).search.count({ index: params.index, body, params: query })
    );
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/_msearch`,
        query: urlParams,
        body: { format: 'ndjson', schema: ndjsonLines },
      },
      async ({ query, body }, context) =>
        deps.engineFor(context).msearch.msearch(undefined, body, query)
    );
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/{index}/_msearch`,
        params: indexParams,
        query: urlParams,
        body: { format: 'ndjson', schema: ndjsonLines },
      },
      async ({ params, query, body }, context) =>
        deps.engineFor(context).msearch.msearch(params.index, body, query)
    );
  }
}

/**
 * OpenSearch's scroll continuation and clearing, for its clients' `scroll` and
 * `helpers.scrollSearch`: the first page is a `_search` with `scroll` (a join's key set stays in
 * the scroll context; virtual indices page with `search_after` instead).
 */
function registerScrollRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);
  const scrollPath = `${SEARCH_BASE_PATH}/_search/scroll`;
  for (const method of ['get', 'post'] as const) {
    addRoute(
      router,
      options,
      { method, path: scrollPath, query: urlParams, body: { format: 'json', schema: jsonObject } },
      async ({ query, body }, context) => deps.engineFor(context).search.scroll(body, query)
    );
    addRoute(
      router,
      options,
      { method, path: `${scrollPath}/{scroll_id}`, params: scrollIdParams, query: urlParams },
      async ({ params, query }, context) =>
        deps.engineFor(context).search.scroll({ scroll_id: params.scroll_id }, query)
    );
  }
  addRoute(
    router,
    options,
    {
      method: 'delete',
      path: scrollPath,
      query: urlParams,
      body: { format: 'json', schema: jsonObject },
    },
    async ({ query, body }, context) => deps.engineFor(context).search.clearScroll(body, query)
  );
  addRoute(
    router,
    options,
    {
      method: 'delete',
      path: `${scrollPath}/{scroll_id}`,
      params: scrollIdParams,
      query: urlParams,
    },
    async ({ params, query }, context) =>
      deps.engineFor(context).search.clearScroll({ scroll_id: params.scroll_id.split(',') }, query)
  );
}
