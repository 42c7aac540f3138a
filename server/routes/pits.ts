import { z } from 'zod';
import { SEARCH_BASE_PATH } from '../../common/constants';
import { addRoute } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { indexParams, urlParams } from './schemas';

const closeBody = z
  .object({
    id: z.string().optional(),
    pit_id: z.union([z.string(), z.array(z.string())]).optional(),
  })
  .refine((b) => b.id !== undefined || b.pit_id !== undefined, {
    message: 'give the PIT id as [id]',
  });

/** Points in time (spec §4.4): open on an index expression, close by id. */
export function registerPitRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);

  addRoute(
    router,
    options,
    {
      method: 'post',
      path: `${SEARCH_BASE_PATH}/{index}/_pit`,
      params: indexParams,
      query: urlParams,
    },
    async ({ params, query }, context) =>
      deps.engineFor(context).pits.open(params.index, query.keep_alive)
  );

  addRoute(
    router,
    options,
    {
      method: 'delete',
      path: `${SEARCH_BASE_PATH}/_pit`,
      body: { format: 'json', schema: closeBody, required: true },
    },
    async ({ body }, context) => {
      const id = body.id ?? [body.pit_id].flat()[0]!;
      return deps.engineFor(context).pits.close(id);
    }
  );
}
