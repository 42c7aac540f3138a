import type { OpenSearchErrorBody } from '../../common/opensearch_error';
import { isOpenSearchErrorBody } from '../../common/opensearch_error';
import { FederationError, OpenSearchResponseError } from './errors';

export interface ErrorReply {
  status: number;
  body: OpenSearchErrorBody;
  /** True for errors that are our fault, not the caller's: worth a log line with the stack. */
  unexpected: boolean;
}

/**
 * Turns anything a handler threw into OpenSearch's error format. With `errorTrace` (the
 * `error_trace=true` URL parameter) the stack trace is included, as OpenSearch does.
 */
export function toErrorReply(error: unknown, errorTrace: boolean): ErrorReply {
  if (error instanceof OpenSearchResponseError) {
    // OpenSearch's own answer goes back as it came: an error body, or e.g. `{found: false}`.
    const body =
      isOpenSearchErrorBody(error.body) || isObject(error.body)
        ? (error.body as OpenSearchErrorBody)
        : errorBody(error.status, 'opensearch_exception', describe(error.body), {});
    return { status: error.status, body, unexpected: false };
  }
  if (error instanceof FederationError) {
    const body = errorBody(error.status, error.type, error.reason, error.details);
    if (errorTrace && error.stack !== undefined)
      body.error.stack_trace = stackWithoutPaths(error.stack);
    return { status: error.status, body, unexpected: error.status >= 500 };
  }
  const message = error instanceof Error ? error.message : String(error);
  const body = errorBody(500, 'internal_server_error', `Unexpected error: ${message}`, {});
  if (errorTrace && error instanceof Error && error.stack !== undefined) {
    body.error.stack_trace = stackWithoutPaths(error.stack);
  }
  return { status: 500, body, unexpected: true };
}

/**
 * The directories before a frame's `file:line[:column]` (`/…/`, `file:///…/`, `C:\\…\\`,
 * `node:internal/…/`), with the file kept as `$1`.
 */
const FRAME_DIRECTORIES = /[^\s()]*[/\\]([^/\\\s()]*:\d+(?::\d+)?)/g;

/**
 * A stack trace as callers see it (`error_trace=true`): every frame keeps its function name and
 * its file's base name, line and column (`at FederationError (errors.ts:30:5)`), never the
 * directories, which tell a caller where and how the host is installed. Only `at` lines are
 * frames; the message above them is the error's own text and stays as it is.
 */
export function stackWithoutPaths(stack: string): string {
  return stack
    .split('\n')
    .map((line) => (/^\s+at /.test(line) ? line.replace(FRAME_DIRECTORIES, '$1') : line))
    .join('\n');
}

export function errorBody(
  status: number,
  type: string,
  reason: string,
  details: Record<string, unknown>
): OpenSearchErrorBody {
  const cause = { type, reason, ...details };
  return { error: { root_cause: [cause], ...cause }, status };
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(body: unknown): string {
  if (typeof body === 'string') return body;
  return JSON.stringify(body) ?? 'no response body';
}
