/**
 * The subset of OpenSearch Dashboards' server router contract (3.x) that our route modules use.
 *
 * Route modules are written once against these types. Inside OSD, `core.http.createRouter()`
 * satisfies them; standalone, `server/standalone/router.ts` implements them on Node's HTTP server.
 * The shapes follow OSD's `IRouter`, `RouteConfig`, `OpenSearchDashboardsRequest` and
 * `OpenSearchDashboardsResponseFactory`; only what we rely on is declared here.
 */
import type { Readable } from 'stream';
import type { RequestScope } from '../engine/request_scope';
import type { OpenSearchTransportClient } from '../engine/opensearch/transport';
import type { SavedObjectsClientContract } from '../engine/saved_queries/saved_objects_client';

export type { OpenSearchTransportClient, SavedObjectsClientContract };

export type RouteMethod = 'get' | 'post' | 'put' | 'delete';

export interface RouteValidationResultFactory {
  ok<T>(value: T): { value: T };
  badRequest(error: Error | string, path?: string[]): { error: Error };
}

/** OSD accepts a function per request part; we never use `@osd/config-schema` here. */
export type RouteValidationFunction<T> = (
  data: unknown,
  result: RouteValidationResultFactory
) => { value: T } | { error: Error };

export interface RouteValidatorConfig<P, Q, B> {
  params?: RouteValidationFunction<P>;
  query?: RouteValidationFunction<Q>;
  body?: RouteValidationFunction<B>;
}

export interface RouteConfigOptionsBody {
  /** 'data' keeps the payload in memory; 'stream' hands a Readable. */
  output?: 'data' | 'stream';
  /** false: the handler receives the raw bytes (a Buffer) and parses them itself. */
  parse?: boolean | 'gunzip';
  maxBytes?: number;
  accepts?: string | string[];
}

export interface RouteConfigOptions {
  authRequired?: boolean | 'optional';
  xsrfRequired?: boolean;
  tags?: readonly string[];
  body?: RouteConfigOptionsBody;
}

export interface RouteConfig<P, Q, B> {
  /** Absolute path in hapi syntax: `/svc/{index}/_search`. */
  path: string;
  validate: RouteValidatorConfig<P, Q, B> | false;
  options?: RouteConfigOptions;
}

export type Headers = Record<string, string | string[] | undefined>;

/** rxjs's Observable, reduced to what we call. */
export interface Subscribable<T> {
  subscribe(next: (value: T) => void): { unsubscribe(): void };
}

export interface HttpRequest<P = unknown, Q = unknown, B = unknown> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly headers: Headers;
  readonly route: { path: string; method: RouteMethod };
  readonly url: URL;
  /** OSD's request events: `aborted$` emits when the client goes away before the answer. */
  readonly events?: { readonly aborted$: Subscribable<void> };
  /**
   * Standalone only (OSD's request exposes no address): the client's address, the caller's
   * identity where there are no users.
   */
  readonly remoteAddress?: string;
}

export type ResponseBody = Record<string, unknown> | unknown[] | string | Buffer | Readable;

export interface HttpResponseOptions {
  body?: ResponseBody;
  headers?: Record<string, string | string[]>;
}

export interface CustomHttpResponseOptions extends HttpResponseOptions {
  statusCode: number;
}

/** What a handler returns; OSD's `OpenSearchDashboardsResponse` carries the same three fields. */
export interface HttpResponse {
  readonly status: number;
  readonly payload?: ResponseBody;
  readonly options: HttpResponseOptions;
}

export interface ResponseFactory {
  ok(options?: HttpResponseOptions): HttpResponse;
  badRequest(options?: HttpResponseOptions): HttpResponse;
  notFound(options?: HttpResponseOptions): HttpResponse;
  custom(options: CustomHttpResponseOptions): HttpResponse;
}

/**
 * The part of OSD's request handler context we use: the caller's OpenSearch client and, inside
 * OSD, the caller's saved-objects client (OSD always provides it; the standalone host has none).
 */
export interface HandlerContext {
  core: {
    opensearch: {
      client: {
        asCurrentUser: OpenSearchTransportClient;
        asInternalUser: OpenSearchTransportClient;
      };
    };
    savedObjects?: { client: SavedObjectsClientContract };
  };
  /** Not OSD's: added by our route layer (http/route.ts) for the engine built for the request. */
  scope?: RequestScope;
}

export type RequestHandler<P = unknown, Q = unknown, B = unknown> = (
  context: HandlerContext,
  request: HttpRequest<P, Q, B>,
  response: ResponseFactory
) => Promise<HttpResponse> | HttpResponse;

export type RouteRegistrar = <P, Q, B>(
  route: RouteConfig<P, Q, B>,
  handler: RequestHandler<P, Q, B>
) => void;

export interface Router {
  get: RouteRegistrar;
  post: RouteRegistrar;
  put: RouteRegistrar;
  delete: RouteRegistrar;
}
