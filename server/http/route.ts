import type { z } from 'zod';
import { FederationError } from '../engine/errors';
import { toErrorReply } from '../engine/error_body';
import { assertQueryStringDepth } from '../engine/opensearch/query_string_depth';
import { DEFAULT_NESTING_LIMITS, type NestingLimits } from './body_nesting';
import { openRequestScope } from './caller_scope';
import { applyFilterPath, parseFilterPath } from './filter_path';
import { parseJsonBody, parseNdjsonBody } from './request_body';
import type {
  HandlerContext,
  HttpRequest,
  HttpResponse,
  ResponseFactory,
  RouteMethod,
  Router,
} from './router_contract';

export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string | Error): void;
}

export type BodySpec<B> =
  | { format: 'json'; schema: z.ZodType<B>; required?: boolean }
  | { format: 'ndjson'; schema: z.ZodType<B> };

export interface RouteDefinition<P, Q, B> {
  method: RouteMethod;
  /** Absolute path in hapi syntax, e.g. `/svc/{index}/_search`. */
  path: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: BodySpec<B>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  headers: HttpRequest['headers'];
}

/** A handler's answer when it is not a plain 200 with a JSON body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown
  ) {}
}

export type RouteHandler<P, Q, B> = (
  input: RouteInput<P, Q, B>,
  context: HandlerContext
) => Promise<unknown>;

export interface RouteOptions {
  logger: Logger;
  /** Who the request's caller is, for the engine's per-caller limits (caller_scope.ts). */
  callerOf?: (request: HttpRequest) => string;
  maxRequestBytes: number;
  /** How deep a body may nest; OpenSearch's limits when absent. */
  nesting?: NestingLimits;
}

/** Accepts anything: we validate inside the handler so that errors use OpenSearch's format. */
const passThrough = (data: unknown, result: { ok<T>(value: T): { value: T } }) => result.ok(data);

/**
 * Registers one route. Validation happens here, not in OSD's `validate`, because OSD answers
 * validation failures in its own Boom shape while our routes must speak OpenSearch's error format;
 * for the same reason bodies arrive unparsed (`parse: false`) and are parsed here.
 */
export function addRoute<P, Q, B>(
  router: Router,
  options: RouteOptions,
  definition: RouteDefinition<P, Q, B>,
  handler: RouteHandler<P, Q, B>
): void {
  const register = router[definition.method];
  const hasPayload = definition.method !== 'get';
  register(
    {
      path: definition.path,
      validate: { params: passThrough, query: passThrough, body: passThrough },
      options: hasPayload
        ? { body: { parse: false, output: 'data', maxBytes: options.maxRequestBytes } }
        : undefined,
    },
    async (context, request, response) => {
      const errorTrace = isFlagSet(request.query, 'error_trace');
      // The engine built for this request stops its work when the caller leaves.
      const opened = openRequestScope(request, options.callerOf);
      try {
        // `filter_path` cuts the answer here, whoever built it (filter_path.ts): the handler
        // and the engine never see it.
        const { filter_path: filterPath, ...query } = (request.query ?? {}) as Record<
          string,
          string | string[] | undefined
        >;
        const filter = parseFilterPath(filterPath);
        const input = validateInput(definition, request, query, options.nesting);
        const result = await handler(input, { ...context, scope: opened.scope });
        const [status, body] =
          result instanceof Reply ? [result.status, result.body] : [200, result];
        return json(
          response,
          status,
          filter !== null && status < 400 ? applyFilterPath(body, filter) : body
        );
      } catch (error) {
        const reply = toErrorReply(error, errorTrace);
        if (reply.unexpected) {
          options.logger.error(error instanceof Error ? error : String(error));
        }
        return json(response, reply.status, reply.body);
      } finally {
        opened.close();
      }
    }
  );
}

function validateInput<P, Q, B>(
  definition: RouteDefinition<P, Q, B>,
  request: HttpRequest,
  /** The URL parameters the handler reads (request.query without filter_path). */
  urlQuery: Record<string, unknown>,
  nesting: NestingLimits | undefined
): RouteInput<P, Q, B> {
  const params = check('path', definition.params, request.params ?? {});
  const query = check('query parameters', definition.query, urlQuery);
  // `?q=` is a query_string that OpenSearch parses recursively: bounded like a body's.
  const q = (query as Record<string, unknown> | undefined)?.q;
  if (typeof q === 'string')
    assertQueryStringDepth(
      q,
      0,
      (nesting ?? DEFAULT_NESTING_LIMITS).maxQueryDepth,
      'the URL parameter [q]'
    );
  let body: unknown = undefined;
  const spec = definition.body;
  if (spec?.format === 'ndjson') body = parseNdjsonBody(request.body, nesting);
  else if (spec?.format === 'json') {
    body = parseJsonBody(request.body, nesting);
    if (body === undefined && spec.required) {
      throw new FederationError(400, 'parse_exception', 'request body is required');
    }
  }
  const checkedBody = spec && body !== undefined ? check('request body', spec.schema, body) : body;
  return { params, query, body: checkedBody as B, headers: request.headers };
}

function check<T>(part: string, schema: z.ZodType<T> | undefined, data: unknown): T {
  if (!schema) return data as T;
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? `[${issue.path.join('.')}] ` : '';
    return `${where}${issue.message}`;
  });
  throw new FederationError(
    400,
    'illegal_argument_exception',
    `Invalid ${part}: ${problems.join('; ')}`
  );
}

function isFlagSet(query: unknown, name: string): boolean {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  return value === '' || value === 'true';
}

/**
 * OSD rewrites error payloads into its Boom shape unless the payload is a Buffer or a stream
 * (the path its console proxy uses). Sending every 4xx/5xx body serialized as a Buffer keeps
 * OpenSearch's shapes (errors, `found: false`) intact in both hosts.
 */
function json(response: ResponseFactory, status: number, body: unknown): HttpResponse {
  return response.custom({
    statusCode: status,
    body: status >= 400 ? Buffer.from(JSON.stringify(body)) : (body as Record<string, unknown>),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}
