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

/**
 * Points in time (docs/api/interface.md §4.4): open on an index expression, close by id. Each is also served at
 * OpenSearch's own path (`/<index>/_search/point_in_time`, `/_search/point_in_time`), in
 * OpenSearch's shapes, so its clients' `createPit` and `deletePit` work unchanged; the ids are
 * ours either way (a search pages with them as with any of ours).
 */
export function registerPitRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);

  for (const [suffix, shape] of [
    ['_pit', (opened: OpenedPit) => opened],
    ['_search/point_in_time', ({ id: _id, ...opensearch }: OpenedPit) => opensearch],
  ] as const) {
    addRoute(
      router,
      options,
      {
        method: 'post',
        path: `${SEARCH_BASE_PATH}/{index}/${suffix}`,
        params: indexParams,
        query: urlParams,
      },
      async ({ params, query }, context) => {
        for (const name of Object.keys(query)) {
          if (!OPEN_PARAMETERS.has(name)) {
            throw badRequest(
              `request [${SEARCH_BASE_PATH}/${params.index}/${suffix}] contains unrecognized parameter: [${name}]`
            );
          }
        }
        const { preference } = query;
        if (Array.isArray(preference)) throw badRequest('[preference] may be given once');
        const engine = deps.engineFor(context);
        // A PIT opened for a caller who left is closed again: nobody could close it.
        return shape(
          await engine.pits.open(params.index, query.keep_alive, preference, engine.scope.signal)
        );
      }
    );
  }

  for (const path of [`${SEARCH_BASE_PATH}/_pit`, `${SEARCH_BASE_PATH}/_search/point_in_time`]) {
    addRoute(
      router,
      options,
      { method: 'delete', path, body: { format: 'json', schema: closeBody, required: true } },
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

  // OpenSearch lists and closes every PIT of the cluster here; ours belong to their callers.
  for (const method of ['get', 'delete'] as const) {
    addRoute(
      router,
      options,
      { method, path: `${SEARCH_BASE_PATH}/_search/point_in_time/_all` },
      async () => {
        throw badRequest(
          `[${method.toUpperCase()} ${SEARCH_BASE_PATH}/_search/point_in_time/_all] is not supported: points in time opened here are each closed by id (DELETE ${SEARCH_BASE_PATH}/_search/point_in_time with [pit_id])`
        );
      }
    );
  }
}

type OpenedPit = Awaited<ReturnType<ReturnType<RouteDependencies['engineFor']>['pits']['open']>>;
