/**
 * The RequestScope of one HTTP request (engine/request_scope.ts): an abort signal that fires when
 * the client goes away, and who the client is. Both hosts give the same contract: OSD's request
 * has `events.aborted$`, the standalone router provides the same from the socket closing.
 */
import { createHash } from 'node:crypto';
import { callerGone, type RequestScope } from '../engine/request_scope';
import type { Headers, HttpRequest } from './router_contract';

export interface OpenScope {
  scope: RequestScope;
  /** Stops listening for the abort; called when the answer has been produced. */
  close(): void;
}

export function openRequestScope(
  request: HttpRequest,
  callerOf: (request: HttpRequest) => string = addressCaller
): OpenScope {
  const controller = new AbortController();
  const subscription = request.events?.aborted$.subscribe(() => controller.abort(callerGone()));
  return {
    scope: { signal: controller.signal, caller: callerOf(request) },
    close: () => subscription?.unsubscribe(),
  };
}

/** Standalone has no users: a caller is a client address. */
export function addressCaller(request: HttpRequest): string {
  return `address:${request.remoteAddress ?? 'unknown'}`;
}

/**
 * Inside OSD: the user the security plugin authenticated (its auth state carries
 * `authInfo.user_name`), else whoever the forwarded credentials name (hashed: a header may hold a
 * password), else one shared anonymous caller (OSD without security has no users).
 */
export function osdCaller(auth: { state?: unknown } | undefined, headers: Headers): string {
  const user = (auth?.state as { authInfo?: { user_name?: unknown } } | undefined)?.authInfo
    ?.user_name;
  if (typeof user === 'string' && user !== '') return `user:${user}`;
  const authorization = headers.authorization;
  if (typeof authorization === 'string' && authorization !== '') {
    return `credentials:${createHash('sha256').update(authorization).digest('hex').slice(0, 32)}`;
  }
  return 'anonymous';
}
