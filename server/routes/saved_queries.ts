import { z } from 'zod';
import {
  SAVED_QUERY_BASE_PATH,
  SAVED_QUERY_LIMITS,
  type SavedQueryBody,
} from '../../common/saved_query_types';
import { modelLimitsOf } from '../engine/graph/model_bounds';
import { SavedQueryService } from '../engine/saved_queries/saved_query_service';
import { addRoute, Reply } from '../http/route';
import type { HandlerContext, Router } from '../http/router_contract';
import { routeOptions, type RouteDependencies } from './route_dependencies';
import { idParams } from './schemas';

const BASE = `${SAVED_QUERY_BASE_PATH}/query`;

/** `error` of a zod type: "is required" when absent, `message` otherwise. */
const required = (message: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : message;

const wellFormed = (value: string) => !/\p{Surrogate}/u.test(value);
const NOT_UNICODE = 'is not valid Unicode text (it holds an unpaired surrogate)';

const boundedText = (max: number) =>
  z
    .string({ error: required('must be a string') })
    .max(max, `must be at most ${max} characters`)
    .refine(wellFormed, NOT_UNICODE);

/** Names the keys a strict object does not know, in OpenSearch's words. */
const unknownKeys =
  (what: string) =>
  (issue: { code?: string; keys?: string[] }): string | undefined =>
    issue.code === 'unrecognized_keys'
      ? `${(issue.keys ?? []).map((key) => `[${key}]`).join(', ')} ${what}`
      : undefined;

/** `PUT /_svc/graph/query/<id>`; the model is checked further by the graph engine's parser. */
export const savedQueryBody: z.ZodType<SavedQueryBody> = z.strictObject(
  {
    title: boundedText(SAVED_QUERY_LIMITS.titleMaxLength).refine(
      (title) => title.trim() !== '',
      'must not be empty'
    ),
    description: boundedText(SAVED_QUERY_LIMITS.descriptionMaxLength).optional(),
    query: boundedText(SAVED_QUERY_LIMITS.queryMaxLength).refine(
      (query) => query.trim() !== '',
      'must not be empty'
    ),
    model: z.record(z.string(), z.unknown(), {
      error: required('must be a JSON object (the graph model, as sent to /svc/_graph)'),
    }),
  },
  { error: unknownKeys('not a field of a saved query; send title, description, query and model') }
);

/** A non-negative whole number in a URL parameter. */
const count = (max: number) =>
  z
    .string({ error: 'must be given once, as a number' })
    .regex(/^\d{1,6}$/, 'must be a non-negative whole number')
    .transform(Number)
    .refine((n) => n <= max, `must be at most ${max}`);

const searchQuery = z
  .strictObject(
    {
      q: z.string({ error: 'must be given once' }).optional(),
      from: count(SAVED_QUERY_LIMITS.maxResultWindow).optional(),
      size: count(SAVED_QUERY_LIMITS.maxSearchSize).optional(),
      // Read by the route layer.
      error_trace: z.string().optional(),
    },
    { error: unknownKeys('unrecognized: use q, from and size') }
  )
  .refine(
    ({ from = 0, size = SAVED_QUERY_LIMITS.defaultSearchSize }) =>
      from + size <= SAVED_QUERY_LIMITS.maxResultWindow,
    {
      message: `[from] + [size] must be at most ${SAVED_QUERY_LIMITS.maxResultWindow}; narrow the search with [q] instead of paging that deep`,
    }
  );

/** The host forgot to say where saved queries live: a 500 that says so, never a silent default. */

/**
 * Saved GQL queries (title, description, query, model) in OpenSearch's document-API shapes:
 * create or replace, read, delete, and search newest first. Inside OSD they are saved objects of
 * the caller (Saved Objects management lists them); standalone, documents of a hidden index.
 */
export function registerSavedQueryRoutes(router: Router, deps: RouteDependencies): void {
  const options = routeOptions(deps);
  const modelLimits = modelLimitsOf(deps.settings);
  const service = (context: HandlerContext) =>
    new SavedQueryService(deps.savedQueriesFor(context), modelLimits);

  addRoute(
    router,
    options,
    {
      method: 'put',
      path: `${BASE}/{id}`,
      params: idParams,
      body: { format: 'json', schema: savedQueryBody, required: true },
    },
    async ({ params, body }, context) => {
      const result = await service(context).put(params.id, body);
      return new Reply(result.result === 'created' ? 201 : 200, result);
    }
  );

  addRoute(
    router,
    options,
    { method: 'get', path: `${BASE}/_search`, query: searchQuery },
    async ({ query }, context) => service(context).search(query)
  );

  addRoute(
    router,
    options,
    { method: 'get', path: `${BASE}/{id}`, params: idParams },
    async ({ params }, context) => service(context).get(params.id)
  );

  addRoute(
    router,
    options,
    { method: 'delete', path: `${BASE}/{id}`, params: idParams },
    async ({ params }, context) => service(context).delete(params.id)
  );
}
