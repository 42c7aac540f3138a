/**
 * A stand-in for the parts of OpenSearch Dashboards 3.x the server adapter meets, written from
 * OSD's source (core/server/http/router: router.ts, validator, response_adapter.ts). OSD itself
 * cannot be installed here (its packages are not on npm), so the contract test runs the adapter
 * inside this harness, with the real OpenSearch client of the test bed as `asCurrentUser`.
 */
import { STATUS_CODES } from 'http';
import { Readable } from 'stream';
import type { Logger } from '../../server/http/route';
import type {
  HandlerContext,
  HttpResponse,
  RequestHandler,
  ResponseFactory,
  RouteConfig,
  RouteMethod,
  Router,
} from '../../server/http/router_contract';
import type { CoreSetup, PluginInitializerContext, SavedObjectsType } from '../../server/osd_types';
import { createDataPluginDouble, type DataPluginDouble } from './data_plugin';

export interface RecordedRoute {
  method: RouteMethod;
  config: RouteConfig<unknown, unknown, unknown>;
  handler: RequestHandler<unknown, unknown, unknown>;
}

export interface HapiLikeResponse {
  status: number;
  /** What hapi would serialize: OSD's Boom shape for errors unless the payload was a Buffer. */
  body: unknown;
  headers: Record<string, string | string[]>;
}

export interface OsdHarness {
  core: CoreSetup;
  initializerContext: PluginInitializerContext;
  routes: RecordedRoute[];
  /** What the plugin passed to `core.savedObjects.registerType`, in order. */
  savedObjectTypes: SavedObjectsType[];
  logged: string[];
  /** OSD's data plugin (search strategies and `/internal/search/{strategy}`), for setup/start. */
  data: DataPluginDouble;
  invoke(
    method: RouteMethod,
    path: string,
    request: {
      params?: object;
      query?: object;
      body?: Buffer | null;
      headers?: object;
      /** Aborting it emits the request's `events.aborted$`, as OSD does when the client leaves. */
      abort?: AbortSignal;
    },
    context: HandlerContext
  ): Promise<HapiLikeResponse>;
}

export function createOsdHarness(pluginConfig: Record<string, unknown>): OsdHarness {
  const routes: RecordedRoute[] = [];
  const savedObjectTypes: SavedObjectsType[] = [];
  const logged: string[] = [];
  const record =
    (method: RouteMethod) =>
    <P, Q, B>(config: RouteConfig<P, Q, B>, handler: RequestHandler<P, Q, B>) => {
      // OSD's routeSchemasFromRouteConfig: validate must be false or functions per part.
      if (config.validate === undefined) throw new Error(`${config.path} has no validate`);
      if (config.validate !== false) {
        for (const [key, fn] of Object.entries(config.validate)) {
          if (typeof fn !== 'function')
            throw new Error(`validate.${key} of ${config.path} is not a function`);
        }
      }
      routes.push({
        method,
        config: config as RouteConfig<unknown, unknown, unknown>,
        handler: handler as RequestHandler<unknown, unknown, unknown>,
      });
    };
  const router: Router = {
    get: record('get'),
    post: record('post'),
    put: record('put'),
    delete: record('delete'),
  };
  const logger: Logger = {
    debug: (m) => logged.push(String(m)),
    info: (m) => logged.push(String(m)),
    warn: (m) => logged.push(String(m)),
    error: (m) => logged.push(m instanceof Error ? (m.stack ?? m.message) : m),
  };
  return {
    routes,
    savedObjectTypes,
    logged,
    data: createDataPluginDouble(),
    core: {
      http: {
        createRouter: () => router,
        // The security plugin's auth state, for a request that names its user in the stand-in's
        // own header (the real one comes from a login session).
        auth: {
          get: (request) => {
            const user = request.headers['x-harness-user'];
            return typeof user === 'string'
              ? { status: 'authenticated', state: { authInfo: { user_name: user } } }
              : { status: 'unknown' };
          },
        },
      },
      savedObjects: {
        // OSD's SavedObjectsService refuses a second type of the same name at setup.
        registerType: (type) => {
          if (savedObjectTypes.some((t) => t.name === type.name))
            throw new Error(`Type '${type.name}' is already registered`);
          savedObjectTypes.push(type);
        },
      },
    },
    initializerContext: {
      logger: { get: () => logger },
      config: {
        // OSD returns `configService.atPath(...).pipe(shareReplay(1))`, which emits synchronously.
        create: <T>() => ({
          subscribe: (next: (value: T) => void) => {
            next(pluginConfig as T);
            return { unsubscribe: () => undefined };
          },
        }),
      },
    },
    async invoke(method, path, request, context) {
      const route = routes.find((r) => r.method === method && r.config.path === path);
      if (!route) throw new Error(`no route ${method} ${path}`);
      const validate = route.config.validate;
      const part = (name: 'params' | 'query' | 'body', data: unknown) => {
        if (validate === false) return {};
        const fn = validate[name];
        if (!fn) return {};
        const result = fn(data, {
          ok: (value) => ({ value }),
          badRequest: (e) => ({ error: new Error(String(e)) }),
        });
        if ('error' in result) throw result.error;
        return result.value;
      };
      // hapi hands GET handlers no payload; with parse:false and output:'data' it is a Buffer.
      const payload = method === 'get' ? null : (request.body ?? null);
      const osdRequest = {
        params: part('params', request.params ?? {}),
        query: part('query', request.query ?? {}),
        body: part('body', payload),
        headers: (request.headers ?? {}) as Record<string, string>,
        route: { path, method },
        url: new URL(`http://localhost${path}`),
        events: { aborted$: abortedOf(request.abort) },
      };
      let response: HttpResponse;
      try {
        response = await route.handler(context, osdRequest, osdResponseFactory);
      } catch {
        return {
          status: 500,
          body: {
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'An internal server error occurred.',
          },
          headers: {},
        };
      }
      return toHapi(response);
    },
  };
}

/** OSD's `events.aborted$` (an rxjs Observable there) from an AbortSignal. */
function abortedOf(signal: AbortSignal | undefined) {
  return {
    subscribe(next: () => void) {
      if (signal === undefined) return { unsubscribe: () => undefined };
      signal.addEventListener('abort', next, { once: true });
      return { unsubscribe: () => signal.removeEventListener('abort', next) };
    },
  };
}

const respond = (
  status: number,
  options: { body?: unknown; headers?: Record<string, string | string[]> } = {}
) => ({ status, payload: options.body, options }) as HttpResponse;

export const osdResponseFactory: ResponseFactory = {
  ok: (o) => respond(200, o),
  badRequest: (o) => respond(400, o),
  notFound: (o) => respond(404, o),
  custom: (o) => respond(o.statusCode, o),
};

/** HapiResponseAdapter's rules: Buffers and streams pass as they are; other errors become Boom. */
function toHapi(response: HttpResponse): HapiLikeResponse {
  const headers = response.options.headers ?? {};
  const payload = response.payload;
  if (response.status >= 400 && !Buffer.isBuffer(payload) && !(payload instanceof Readable)) {
    const message =
      typeof payload === 'string' ? payload : String((payload as { message?: unknown })?.message);
    return {
      status: response.status,
      body: { statusCode: response.status, error: STATUS_CODES[response.status], message },
      headers,
    };
  }
  if (Buffer.isBuffer(payload)) {
    const type = String(headers['content-type'] ?? '');
    return {
      status: response.status,
      body: type.includes('json') ? JSON.parse(payload.toString('utf8')) : payload,
      headers,
    };
  }
  return { status: response.status, body: payload, headers };
}
