import { z } from 'zod';
import { SEARCH_BASE_PATH } from '../../common/constants';
import { badRequest } from '../engine/errors';
import { addRoute } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { indexParams, urlParams } from './schemas';

const pitId = z.string().min(1, 'must not be empty');
/** OpenSearch's open parameters we take (`error_trace` is read by the route layer). */
const OPEN_PARAMETERS = new Set(['keep_alive', 'preference', 'error_trace']);

/** OpenSearch's close body: `pit_id` (one or a list); `id` is accepted as well. */
const closeBody = z
  .object({
    id: pitId.optional(),
    pit_id: z.union([pitId, z.array(pitId).min(1, 'no pit ids specified')]).optional(),
  })
  .refine((b) => b.id !== undefined || b.pit_id !== undefined, {
    message: 'give the ids of the points in time to close as [pit_id]',
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
    async ({ params, query }, context) => {
      for (const name of Object.keys(query)) {
        if (!OPEN_PARAMETERS.has(name)) {
          throw badRequest(
            `request [${SEARCH_BASE_PATH}/${params.index}/_pit] contains unrecognized parameter: [${name}]`
          );
        }
      }
      const { preference } = query;
      if (Array.isArray(preference)) throw badRequest('[preference] may be given once');
      const engine = deps.engineFor(context);
      // A PIT opened for a caller who left is closed again: nobody could close it.
      return engine.pits.open(params.index, query.keep_alive, preference, engine.scope.signal);
    }
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
      // Every id given is closed, not only the first.
      const ids = [...new Set([body.id ?? [], body.pit_id ?? []].flat())];
      const pits = deps.engineFor(context).pits;
      const closed: unknown[] = [];
      for (const id of ids) closed.push(...(await pits.close(id)).pits);
      return { pits: closed };
    }
  );
}
