import { setTimeout as sleep } from 'node:timers/promises';

export type Probe =
  | { state: 'opensearch'; version: string }
  | { state: 'other'; detail: string }
  | { state: 'down'; detail: string };

interface RootResponse {
  version?: { number?: string; distribution?: string };
  tagline?: string;
}

interface HealthResponse {
  status?: string;
}

/**
 * fetch() refuses URLs with credentials, so `http://user:pass@host` (handy in
 * OPENSEARCH_URL) becomes a bare URL plus a Basic authorization header.
 */
function request(base: string, pathAndQuery: string, timeoutMs: number): Promise<Response> {
  const url = new URL(pathAndQuery, base.endsWith('/') ? base : `${base}/`);
  const headers: Record<string, string> = { accept: 'application/json' };
  if (url.username || url.password) {
    const user = decodeURIComponent(url.username);
    const pass = decodeURIComponent(url.password);
    headers.authorization = `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
    url.username = '';
    url.password = '';
  }
  return fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
}

function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

/** What answers at `url`: an OpenSearch node, something else, or nothing. */
export async function probe(url: string, timeoutMs = 2_000): Promise<Probe> {
  let res: Response;
  try {
    res = await request(url, '', timeoutMs);
  } catch (err) {
    return { state: 'down', detail: describe(err) };
  }
  const text = await res.text().catch(() => '');
  if (!res.ok) return { state: 'other', detail: `HTTP ${res.status}: ${text.slice(0, 200)}` };
  let body: RootResponse;
  try {
    body = JSON.parse(text) as RootResponse;
  } catch {
    return { state: 'other', detail: `not JSON: ${text.slice(0, 200)}` };
  }
  const number = body.version?.number;
  const isOpenSearch =
    body.version?.distribution === 'opensearch' || /opensearch/i.test(body.tagline ?? '');
  if (!number || !isOpenSearch) {
    return { state: 'other', detail: `not OpenSearch: ${text.slice(0, 200)}` };
  }
  return { state: 'opensearch', version: number };
}

/** Cluster status once it is at least yellow, or undefined if it is not there yet. */
async function healthAtLeastYellow(url: string): Promise<string | undefined> {
  try {
    const res = await request(url, '_cluster/health?wait_for_status=yellow&timeout=5s', 10_000);
    const body = (await res.json()) as HealthResponse;
    return body.status === 'green' || body.status === 'yellow' ? body.status : undefined;
  } catch {
    return undefined;
  }
}

export interface WaitOptions {
  timeoutMs: number;
  /** Returns why the node can no longer come up (its process exited), to stop waiting early. */
  failure?: () => string | undefined;
}

/** Waits until `url` is OpenSearch with cluster health yellow or green; returns its version. */
export async function waitForHealthy(url: string, options: WaitOptions): Promise<string> {
  const deadline = Date.now() + options.timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    const failure = options.failure?.();
    if (failure) throw new Error(failure);
    const found = await probe(url);
    if (found.state === 'opensearch') {
      const status = await healthAtLeastYellow(url);
      if (status) return found.version;
      last = 'cluster health is red';
    } else {
      last = found.detail;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `OpenSearch at ${url} not healthy after ${Math.round(options.timeoutMs / 1000)}s (${last})`
      );
    }
    await sleep(500);
  }
}
