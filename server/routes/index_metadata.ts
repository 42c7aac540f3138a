import { SEARCH_BASE_PATH } from '../../common/constants';
import { addRoute } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { indexParams, jsonObject, urlParams } from './schemas';

/** `_mapping` and `_field_caps` (docs/api/interface.md §4.3): virtual indices answer from the catalog. */
export function registerIndexMetadataRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);

  addRoute(
    router,
    options,
    {
      method: 'get',
      path: `${SEARCH_BASE_PATH}/{index}/_mapping`,
      params: indexParams,
      query: urlParams,
    },
    async ({ params, query }, context) =>
      deps.engineFor(context).indexMetadata.mapping(params.index, query)
  );

  for (const method of ['get', 'post'] as const) {
    addRoute(
      router,
      options,
      {
        method,
        path: `${SEARCH_BASE_PATH}/{index}/_field_caps`,
        params: indexParams,
        query: urlParams,
        body: { format: 'json', schema: jsonObject },
      },
      async ({ params, query, body }, context) => {
        const fields = [query.fields ?? []]
          .flat()
          .flatMap((f) => f.split(','))
          .filter((f) => f !== '');
        return deps
          .engineFor(context)
          .indexMetadata.fieldCaps(params.index, fields.length > 0 ? fields : ['*'], query, body);
      }
    );
  }
}
