/**
 * The routes the host registers, read from the route modules themselves: `registerRoutes` runs
 * against a router that only records what it is given. A route added to server/routes/*.ts is
 * therefore fuzzed without anyone editing this suite.
 */
import { parseSettings } from '../../server/engine/settings';
import type { RouteMethod, Router, RouteConfig } from '../../server/http/router_contract';
import { registerRoutes } from '../../server/routes';

export interface RouteSpec {
  method: RouteMethod;
  /** hapi-style template, e.g. `/svc/{index}/_search`. */
  path: string;
  /** Names of the `{param}` segments, in order. */
  params: string[];
}

export function registeredRoutes(): RouteSpec[] {
  const routes: RouteSpec[] = [];
  const recorder =
    (method: RouteMethod) =>
    <P, Q, B>(config: RouteConfig<P, Q, B>): void => {
      const params = [...config.path.matchAll(/\{(\w+)\*?\}/g)].map((m) => m[1]);
      routes.push({ method, path: config.path, params });
    };
  const router: Router = {
    get: recorder('get'),
    post: recorder('post'),
    put: recorder('put'),
    delete: recorder('delete'),
  };
  registerRoutes(router, {
    engineFor: () => {
      throw new Error('the route catalog never runs a handler');
    },
    savedQueriesFor: () => {
      throw new Error('the route catalog never runs a handler');
    },
    settings: parseSettings({}),
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  return routes;
}

export function routeName(route: RouteSpec): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}
