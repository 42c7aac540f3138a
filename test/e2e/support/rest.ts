/**
 * The host's REST API, called directly by browser tests to prepare what a screen reads and to
 * remove what a test created, whatever state the test left the screens in.
 */
import { XSRF_HEADER } from '../../../common/constants';

export interface RestResponse<T> {
  status: number;
  body: T;
  text: string;
}

/** One call; the body is parsed when it is JSON and kept as text otherwise. */
export async function rest<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown
): Promise<RestResponse<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { [XSRF_HEADER]: 'true', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, text };
}

/**
 * Runs every cleanup even when some fail (a test that failed half-way leaves some things
 * uncreated), and reports the failures together.
 */
export async function runCleanups(cleanups: Array<() => Promise<unknown>>): Promise<void> {
  const failures: string[] = [];
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch (error) {
      failures.push((error as Error).message);
    }
  }
  if (failures.length > 0) throw new Error(`Cleanup failed:\n${failures.join('\n')}`);
}
