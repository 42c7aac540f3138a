import { z } from 'zod';
import { SEARCH_BASE_PATH } from '../../common/constants';
import { badRequest } from '../engine/errors';
import { addRoute } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { urlParams } from './schemas';

const PATH = `${SEARCH_BASE_PATH}/_resolve/index/{name}`;
/** OpenSearch's `_resolve/index` parameters (`error_trace` is read by the route layer). */
const PARAMETERS = new Set(['expand_wildcards', 'error_trace']);
const WILDCARD_STATES = new Set(['open', 'closed', 'hidden', 'none', 'all']);

/** Refuses what OpenSearch would; returns `expand_wildcards` when given. */
function checkParameters(
  name: string,
  query: Record<string, string | string[] | undefined>
): string | undefined {
  for (const parameter of Object.keys(query)) {
    if (!PARAMETERS.has(parameter))
      throw badRequest(
        `request [${SEARCH_BASE_PATH}/_resolve/index/${name}] contains unrecognized parameter: [${parameter}]`
      );
  }
  const expand = query.expand_wildcards;
  if (Array.isArray(expand)) throw badRequest('[expand_wildcards] may be given once');
  for (const value of expand === undefined ? [] : expand.split(',')) {
    if (!WILDCARD_STATES.has(value.trim()))
      throw badRequest(
        `No valid expand wildcard value [${value}]; use open, closed, hidden, none or all`
      );
  }
  return expand;
}

/** `GET /svc/_resolve/index/<name>`: OpenSearch's `_resolve/index` for index pickers. */
export function registerResolveIndexRoutes(router: Router, deps: RouteDependencies): void {
  addRoute(
    router,
    routeOptions(deps),
    { method: 'get', path: PATH, params: z.object({ name: z.string() }), query: urlParams },
    async ({ params, query }, context) => {
      const expandWildcards = checkParameters(params.name, query);
      // OpenSearch answers an empty name inside a list (`,a`, `a,,b`) with a 500 of its own.
      if (params.name.split(',').slice(0, -1).includes('')) {
        throw badRequest(
          `[${params.name}] is not a valid index expression: a name between commas is empty`
        );
      }
      return deps.engineFor(context).resolveIndex.resolve(params.name, expandWildcards);
    }
  );
}
