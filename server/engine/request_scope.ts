/**
 * What the engine knows of the request it serves beyond its input: whether its caller is still
 * there, and who the caller is. The route layer builds one per request (http/route.ts) from the
 * host's own signals: inside OSD the request's `events.aborted$`, standalone the socket closing.
 */
import { FederationError } from './errors';

export interface RequestScope {
  /**
   * Aborts when the caller went away. Everything the request started stops: OpenSearch calls
   * are aborted, SQL statements cancelled (their connections freed), graph and join loops end.
   * Its reason is the 499 of `callerGone()`.
   */
  readonly signal: AbortSignal;
  /**
   * Who asks, for per-caller limits (`maxOpenPitsPerUser`) and the passed read checks a process
   * keeps (catalog/read_check_cache.ts): the authenticated user inside OSD,
   * else the client address. Never shown to anyone.
   */
  readonly caller: string;
}

/** The error a request ends with when its caller left: OpenSearch's 499 for a cancelled task. */
export function callerGone(): FederationError {
  return new FederationError(
    499,
    'request_aborted_exception',
    'The request was cancelled: its caller closed the connection'
  );
}

/** A scope that never aborts, for work no HTTP caller waits for (start-up, tests). */
export function detachedScope(caller = 'internal'): RequestScope {
  return { signal: new AbortController().signal, caller };
}
