import { SEARCH_BASE_PATH } from '../../common/constants';
import { badRequest } from '../engine/errors';
import { addRoute } from '../http/route';
import type { Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { jsonObject, urlParams } from './schemas';

const PATH = `${SEARCH_BASE_PATH}/_graph`;
/** The URL parameters of docs/api/interface.md §4.1 (`error_trace` is read by the route layer). */
const PARAMETERS = new Set(['preference', 'detailed', 'debug', 'error_trace']);

/** A boolean URL parameter as OpenSearch reads it: absent, empty (a flag), `true` or `false`. */
function flag(params: Record<string, string | string[] | undefined>, name: string): boolean {
  const value = params[name];
  if (value === undefined || value === 'false') return false;
  if (value === '' || value === 'true') return true;
  throw badRequest(
    `Failed to parse value [${String(value)}] of parameter [${name}] as only [true] or [false] are allowed.`
  );
}

/** `POST /svc/_graph` (docs/api/interface.md §4.1): a GQL query over a graph model, answered as a table. */
export function registerGraphRoutes(router: Router, deps: RouteDependencies): void {
  addRoute(
    router,
    routeOptions(deps),
    {
      method: 'post',
      path: PATH,
      query: urlParams,
      body: { format: 'json', schema: jsonObject, required: true },
    },
    async ({ query, body }, context) => {
      for (const name of Object.keys(query)) {
        if (!PARAMETERS.has(name))
          throw badRequest(`request [${PATH}] contains unrecognized parameter: [${name}]`);
      }
      for (const key of Object.keys(body)) {
        if (key !== 'model' && key !== 'query' && key !== 'time_range') {
          throw badRequest(
            `[${key}] is not a field of a graph request; send {"model": {...}, "query": "..."} and optionally "time_range"`
          );
        }
      }
      const preference = query.preference;
      if (Array.isArray(preference)) throw badRequest('[preference] may be given once');
      const debug = flag(query, 'debug');
      return deps.engineFor(context).graph.query({
        model: body.model,
        query: body.query,
        timeRange: body.time_range,
        preference,
        detailed: flag(query, 'detailed') || debug,
        debug,
      });
    }
  );
}
