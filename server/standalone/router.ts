import type { IncomingMessage, ServerResponse } from 'http';
import { STATUS_CODES } from 'http';
import { Readable } from 'stream';
import { XSRF_HEADER } from '../../common/constants';
import { errorBody } from '../engine/error_body';
import { ownValue, setOwn } from '../engine/sql/own_property';
import type { Logger } from '../http/route';
import type {
  HandlerContext,
  HttpRequest,
  HttpResponse,
  RequestHandler,
  RouteConfig,
  RouteMethod,
  RouteValidationFunction,
  Router,
  Subscribable,
} from '../http/router_contract';
import { responseFactory } from './response_factory';
import { RouteTable } from './route_table';

/** hapi's default payload limit, which OSD keeps. */
const DEFAULT_MAX_BYTES = 1024 * 1024;

export interface StandaloneRouterOptions {
  /**
   * Limit for bodies whose route sets no `maxBytes`: every GET, since OSD forbids body options
   * on GET routes. The host passes its request limit, so GET and POST bodies share one limit.
   */
  maxBodyBytes?: number;
}

interface Entry {
  config: RouteConfig<unknown, unknown, unknown>;
  handler: RequestHandler<unknown, unknown, unknown>;
}

/** A failure of the host itself (before any handler ran), answered in OpenSearch's format. */
class HostError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    reason: string
  ) {
    super(reason);
  }
}

/**
 * OSD's router contract on Node's HTTP server: absolute hapi-style paths, `validate` functions
 * per request part, the body options (`parse: false` hands over a Buffer), the `osd-xsrf` check
 * on every non-GET request, and OSD's rule that error payloads other than Buffers and streams are
 * rewritten into `{statusCode, error, message}`.
 *
 * One deliberate difference: a GET may carry a body here (OpenSearch accepts `GET _search` with a
 * body), while hapi inside OSD drops it. A GET route cannot declare body options (OSD refuses
 * `options.body` on GET), so it cannot ask for `parse: false`; its body is handed over as raw
 * bytes all the same, because our routes parse and judge bodies themselves (NDJSON included).
 */
export class StandaloneRouter implements Router {
  private readonly table = new RouteTable<Entry>();

  constructor(
    private readonly contextFor: (request: IncomingMessage) => HandlerContext,
    private readonly logger: Logger,
    private readonly options: StandaloneRouterOptions = {}
  ) {}

  readonly get = this.registrar('get');
  readonly post = this.registrar('post');
  readonly put = this.registrar('put');
  readonly delete = this.registrar('delete');

  private registrar(method: RouteMethod) {
    return <P, Q, B>(config: RouteConfig<P, Q, B>, handler: RequestHandler<P, Q, B>): void => {
      if (config.validate === undefined) {
        throw new Error(`The [${method}] at [${config.path}] does not have a 'validate' specified`);
      }
      this.table.add(method, config.path, {
        config: config as RouteConfig<unknown, unknown, unknown>,
        handler: handler as RequestHandler<unknown, unknown, unknown>,
      });
    };
  }

  /** Answers the request if a route matches; returns false to let the caller try other handlers. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = (req.method ?? 'GET').toLowerCase();
    try {
      const match = isRouteMethod(method) ? this.table.match(method, url.pathname) : null;
      if (match === null) {
        const allowed = this.table.methodsFor(url.pathname);
        if (allowed.length === 0) return false;
        throw new HostError(
          405,
          'method_not_allowed',
          `Incorrect HTTP method for uri [${url.pathname}] and method [${method.toUpperCase()}], allowed: [${allowed.map((m) => m.toUpperCase()).join(', ')}]`
        );
      }
      const { config, handler } = match.entry;
      if (method !== 'get' && config.options?.xsrfRequired !== false && !hasXsrfHeader(req)) {
        throw new HostError(
          400,
          'xsrf_header_missing',
          `Request must contain a ${XSRF_HEADER} header.`
        );
      }
      const payload = await readPayload(
        req,
        config,
        method as RouteMethod,
        this.options.maxBodyBytes ?? DEFAULT_MAX_BYTES
      );
      const request = validate(config, {
        params: match.params,
        query: queryObject(url),
        body: payload,
        headers: req.headers,
        route: { path: config.path, method: method as RouteMethod },
        url,
        events: { aborted$: clientGone(res) },
        remoteAddress: req.socket.remoteAddress,
      });
      let response: HttpResponse;
      try {
        response = await handler(this.contextFor(req), request, responseFactory);
      } catch (error) {
        this.logger.error(error instanceof Error ? error : String(error));
        response = responseFactory.custom({
          statusCode: 500,
          body: { message: 'An internal server error occurred.' },
        });
      }
      await send(res, response);
    } catch (error) {
      const hostError =
        error instanceof URIError
          ? new HostError(400, 'illegal_argument_exception', `Malformed URL: ${error.message}`)
          : error;
      if (!(hostError instanceof HostError)) throw error;
      sendJson(
        res,
        hostError.status,
        errorBody(hostError.status, hostError.type, hostError.message, {})
      );
    }
    return true;
  }
}

/**
 * OSD's `events.aborted$` for a Node response: the connection closed before the answer was
 * written (the client disconnected or gave up), so the work for it can stop.
 */
function clientGone(res: ServerResponse): Subscribable<void> {
  return {
    subscribe(next) {
      const onClose = () => {
        if (!res.writableFinished) next();
      };
      res.once('close', onClose);
      return { unsubscribe: () => void res.removeListener('close', onClose) };
    },
  };
}

function isRouteMethod(method: string): method is RouteMethod {
  return method === 'get' || method === 'post' || method === 'put' || method === 'delete';
}

function hasXsrfHeader(req: IncomingMessage): boolean {
  return req.headers[XSRF_HEADER] !== undefined || req.headers['osd-version'] !== undefined;
}

/** URL parameters as OSD hands them over; names are the caller's (`__proto__`, `constructor`). */
function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const existing = ownValue(query, key);
    setOwn(
      query,
      key,
      existing === undefined
        ? value
        : Array.isArray(existing)
          ? [...existing, value]
          : [existing, value]
    );
  }
  return query;
}

async function readPayload(
  req: IncomingMessage,
  config: RouteConfig<unknown, unknown, unknown>,
  method: RouteMethod,
  defaultMaxBytes: number
): Promise<unknown> {
  const bodyOptions = config.options?.body ?? {};
  const wantsBody = (config.validate !== false && config.validate.body) || config.options?.body;
  if (!wantsBody) {
    req.resume();
    return method === 'get' ? null : undefined;
  }
  const maxBytes = bodyOptions.maxBytes ?? defaultMaxBytes;
  const buffer = await readAll(req, maxBytes);
  if (bodyOptions.parse === false || method === 'get') return buffer;
  if (buffer.length === 0) return null;
  try {
    return JSON.parse(buffer.toString('utf8'));
  } catch {
    throw new HostError(400, 'parse_exception', 'Invalid request payload JSON format');
  }
}

function readAll(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.removeAllListeners('data');
        req.resume();
        reject(
          new HostError(
            413,
            'content_too_long_exception',
            `Payload content length greater than maximum allowed: ${maxBytes}`
          )
        );
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function validate(config: RouteConfig<unknown, unknown, unknown>, raw: HttpRequest): HttpRequest {
  if (config.validate === false) return { ...raw, params: {}, query: {}, body: {} };
  const { params, query, body } = config.validate;
  return {
    ...raw,
    params: runValidation('path parameters', params, raw.params),
    query: runValidation('query', query, raw.query),
    body: runValidation('request body', body, raw.body),
  };
}

function runValidation<T>(
  part: string,
  fn: RouteValidationFunction<T> | undefined,
  data: unknown
): T | Record<string, never> {
  if (!fn) return {};
  const result = fn(data, {
    ok: (value) => ({ value }),
    badRequest: (error) => ({ error: typeof error === 'string' ? new Error(error) : error }),
  });
  if ('error' in result)
    throw new HostError(400, 'validation_exception', `[${part}]: ${result.error.message}`);
  return result.value;
}

async function send(res: ServerResponse, response: HttpResponse): Promise<void> {
  const headers = response.options.headers ?? {};
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const payload = response.payload;
  const isError = response.status >= 400;
  if (payload instanceof Readable) {
    res.statusCode = response.status;
    await new Promise<void>((resolve, reject) => {
      payload.on('error', reject);
      res.on('finish', resolve);
      payload.pipe(res);
    });
    return;
  }
  if (Buffer.isBuffer(payload)) {
    res.statusCode = response.status;
    if (!res.hasHeader('content-type')) res.setHeader('content-type', 'application/octet-stream');
    res.end(payload);
    return;
  }
  if (isError) {
    // OSD (hapi + Boom) rewrites error payloads; mirror it so both hosts answer alike.
    const message =
      typeof payload === 'string'
        ? payload
        : String((payload as { message?: unknown } | undefined)?.message ?? '');
    const attributes = (payload as { attributes?: unknown } | undefined)?.attributes;
    res.removeHeader('content-type');
    sendJson(res, response.status, {
      statusCode: response.status,
      error: STATUS_CODES[response.status] ?? 'Error',
      message,
      ...(attributes === undefined ? {} : { attributes }),
    });
    return;
  }
  res.statusCode = response.status;
  if (payload === undefined) {
    res.end();
  } else if (typeof payload === 'string') {
    if (!res.hasHeader('content-type')) res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(payload);
  } else {
    res.setHeader('content-type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(payload));
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}
