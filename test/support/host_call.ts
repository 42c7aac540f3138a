/**
 * `hostCall`, the JSON call every test and bench client makes to a host, in this process or in
 * another (in_process_host.ts, host_process.ts). No test runner needed: the benches use it too.
 */

export interface ApiResponse<T = any> {
  status: number;
  /** The parsed JSON (any route's shape), or the text when it is not JSON. */
  body: T;
  text: string;
}

export type HostCall = (method: string, urlPath: string, body?: unknown) => Promise<ApiResponse>;

/**
 * Calls a host at `baseUrl` as the app does (xsrf header, JSON in and, when it is JSON, out); a
 * string body is sent as it is (malformed JSON on purpose). With `timeoutMs`, a call that gets no
 * answer in time rejects, so a host whose event loop is held is reported instead of waited for.
 */
export function hostCall(baseUrl: string, timeoutMs?: number): HostCall {
  return async (method, urlPath, body) => {
    const response = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers: { 'osd-xsrf': 'true', 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed, text };
  };
}
