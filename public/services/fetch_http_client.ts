import { XSRF_HEADER } from '../../common/constants';
import type { HttpClient, HttpFetchError, HttpFetchOptions, HttpQuery } from '../types';

type FetchFn = (input: string, init: RequestInit) => Promise<Response>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Thrown on a non-2xx answer, shaped like OSD's `HttpFetchError` so callers need not care. */
export class FetchHttpError extends Error implements HttpFetchError {
  override readonly name = 'HttpFetchError';

  constructor(
    message: string,
    readonly response: Response | undefined,
    readonly body: unknown,
    options?: { cause?: unknown }
  ) {
    super(message, options);
  }
}

/** `?a=1&b=x&b=y`, dropping `undefined`/`null` like OSD's query-string serialisation does. */
export function buildQueryString(query: HttpQuery | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    // A body that claims JSON but is not: hand it back raw rather than hide it.
    return text;
  }
}

/** The best human-readable line from an error body: OpenSearch's `reason`, OSD's `message`. */
function errorMessage(body: unknown, response: Response): string {
  if (typeof body === 'object' && body !== null) {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'object' && error !== null) {
      const reason = (error as { reason?: unknown }).reason;
      if (typeof reason === 'string' && reason) return reason;
    }
    if (typeof message === 'string' && message) return message;
    if (typeof error === 'string' && error) return error;
  }
  if (typeof body === 'string' && body) return body;
  return response.statusText || `HTTP ${response.status}`;
}

/**
 * An `HttpClient` over `fetch` for the standalone host, behaving like OSD's `core.http`:
 * same-origin credentials, the `osd-xsrf` header on every non-GET request (the host enforces it
 * as OSD does), the body sent as the string the caller serialised, JSON answers parsed.
 */
export function createFetchHttpClient(
  options: { basePath?: string; fetch?: FetchFn } = {}
): HttpClient {
  const basePath = (options.basePath ?? '').replace(/\/$/, '');
  // Bound lazily so the global is looked up at call time (tests and polyfills may replace it).
  const doFetch: FetchFn = options.fetch ?? ((input, init) => fetch(input, init));

  async function request<T>(
    method: Method,
    path: string,
    { query, body, headers, signal }: HttpFetchOptions = {}
  ): Promise<T> {
    // `Headers` compares names case-insensitively, so a caller's `Content-Type` wins cleanly.
    const requestHeaders = new Headers(headers);
    if (!requestHeaders.has('accept')) requestHeaders.set('accept', 'application/json');
    if (body !== undefined && !requestHeaders.has('content-type')) {
      requestHeaders.set('content-type', 'application/json');
    }
    if (method !== 'GET') requestHeaders.set(XSRF_HEADER, 'true');

    let response: Response;
    try {
      response = await doFetch(`${basePath}${path}${buildQueryString(query)}`, {
        method,
        headers: requestHeaders,
        body,
        signal,
        credentials: 'same-origin',
      });
    } catch (cause) {
      // Network failure or abort: no response, but the same error type for callers.
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new FetchHttpError(message, undefined, undefined, { cause });
    }

    const parsed = await readBody(response);
    if (!response.ok) throw new FetchHttpError(errorMessage(parsed, response), response, parsed);
    return parsed as T;
  }

  return {
    basePath: { get: () => basePath },
    get: (path, opts) => request('GET', path, opts),
    post: (path, opts) => request('POST', path, opts),
    put: (path, opts) => request('PUT', path, opts),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}
