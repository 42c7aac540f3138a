import { z } from 'zod';
import { CONNECTOR_BASE_PATH } from '../../common/constants';
import { addRoute, Reply } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { datasourceBody, idParams, urlParams } from './schemas';

const BASE = `${CONNECTOR_BASE_PATH}/datasource`;

const metadataQuery = urlParams.and(
  z.object({
    resource: z.string().optional(),
    catalog: z.string().optional(),
    schema: z.string().optional(),
  })
);

/** Datasources (docs/api/interface.md §4.2): create or update, read, delete, list, validate, and remote metadata. */
export function registerDatasourceRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);

  addRoute(
    router,
    options,
    {
      method: 'put',
      path: `${BASE}/{id}`,
      params: idParams,
      body: { format: 'json', schema: datasourceBody, required: true },
    },
    async ({ params, body }, context) => {
      const result = await deps.engineFor(context).datasources.put(params.id, body);
      return new Reply(result.result === 'created' ? 201 : 200, result);
    }
  );

  addRoute(
    router,
    options,
    { method: 'get', path: `${BASE}/{id}`, params: idParams },
    async ({ params }, context) => deps.engineFor(context).datasources.get(params.id)
  );

  addRoute(
    router,
    options,
    { method: 'delete', path: `${BASE}/{id}`, params: idParams },
    async ({ params }, context) => deps.engineFor(context).datasources.delete(params.id)
  );

  for (const path of [`${BASE}/_search`, `${CONNECTOR_BASE_PATH}/datasources`]) {
    addRoute(router, options, { method: 'get', path }, async (_input, context) =>
      deps.engineFor(context).datasources.list()
    );
  }

  addRoute(
    router,
    options,
    { method: 'post', path: `${BASE}/{id}/_validate`, params: idParams },
    async ({ params }, context) => deps.engineFor(context).datasources.validate(params.id)
  );

  addRoute(
    router,
    options,
    { method: 'get', path: `${BASE}/{id}/_metadata`, params: idParams, query: metadataQuery },
    async ({ params, query }, context) => {
      const resource =
        typeof query.resource === 'string'
          ? {
              name: query.resource,
              catalog: query.catalog as string | undefined,
              schema: query.schema as string | undefined,
            }
          : undefined;
      // Without a resource, catalog and schema narrow the lists (a filter, never ignored).
      return deps.engineFor(context).datasources.metadata(params.id, resource, {
        catalog: query.catalog as string | undefined,
        schema: query.schema as string | undefined,
      });
    }
  );
}
