import { FederationError, OpenSearchResponseError } from '../errors';
import { nodeLossError } from './node_loss';
import type { TransportRequestOptions } from './transport';

/**
 * Translates an error thrown by an OpenSearch client call into an engine error. Matched on the
 * error's `name` rather than `instanceof`, because inside OSD the client classes come from OSD's
 * own copy of `@opensearch-project/opensearch`, not ours.
 */
export function fromClientError(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  const meta = (error as { meta?: { statusCode?: number; body?: unknown } }).meta;
  switch (error.name) {
    case 'ResponseError':
      return fromErrorAnswer(meta?.statusCode ?? 500, meta?.body);
    case 'ConnectionError':
    case 'NoLivingConnectionsError':
      // The cluster is down or unreachable, not a bad answer from it: 503, as a node that
      // cannot reach its cluster answers (with OpenSearch's error format).
      return new FederationError(
        503,
        'opensearch_unavailable_exception',
        `OpenSearch could not be reached: ${error.message}; retry once the cluster is back`,
        {},
        { cause: error }
      );
    case 'TimeoutError':
      return new FederationError(
        504,
        'opensearch_timeout_exception',
        `OpenSearch did not answer in time: ${error.message}`,
        {},
        { cause: error }
      );
    case 'RequestAbortedError':
      return new FederationError(
        499,
        'request_aborted_exception',
        'The request was cancelled',
        {},
        {
          cause: error,
        }
      );
    default:
      return error;
  }
}

/**
 * The engine error for an error answer of OpenSearch (`status` >= 400, its body as sent): for
 * every path that receives one, thrown by the client (a ResponseError) or read as a response.
 */
export function fromErrorAnswer(status: number, body: unknown): Error {
  if (status === 500 && isParserFailure(body)) {
    return new OpenSearchResponseError(400, { ...(body as object), status: 400 });
  }
  // A node that left mid-request: a 503 naming it (node_loss.ts), not OpenSearch's 500.
  if (status >= 500) {
    const lost = nodeLossError(body);
    if (lost !== null) return lost;
  }
  return new OpenSearchResponseError(status, body);
}

/**
 * OpenSearch answers a few malformed bodies with a 500: its JSON parser's own failures, e.g.
 * `"_source": [[]]` is "Can't get text on a START_ARRAY". The request is the caller's mistake,
 * so it is answered as the 400 it is, with OpenSearch's own type and reason.
 */
const PARSER_FAILURES = new Set([
  'json_parse_exception',
  'json_e_o_f_exception',
  'stream_constraints_exception',
  'x_content_parse_exception',
]);

function isParserFailure(body: unknown): boolean {
  const error = (body as { error?: { type?: unknown; reason?: unknown } } | null)?.error;
  if (typeof error?.type !== 'string') return false;
  if (PARSER_FAILURES.has(error.type)) return true;
  return (
    error.type === 'illegal_state_exception' &&
    typeof error.reason === 'string' &&
    /^Can't get \w+ on a [A-Z_]+/.test(error.reason)
  );
}

/** OpenSearch's answer to creating an index that exists (a concurrent creator won the race). */
export function isAlreadyExists(error: unknown): boolean {
  return (
    error instanceof OpenSearchResponseError &&
    JSON.stringify(error.body ?? '').includes('resource_already_exists_exception')
  );
}

/**
 * Request options under which OpenSearch answering one of `statuses` is a response, not a client
 * error (opensearch-js's per-request `ignore`). For calls whose failure is an expected outcome (an
 * index that already exists, a document that is absent): inside OSD every client error is logged
 * at error level by OSD's own `response` listener, so an expected answer must not be one.
 */
export function expecting(...statuses: number[]): TransportRequestOptions {
  return { ignore: statuses };
}

/**
 * The error an OpenSearch answer carries (`{error, status}`), for a call made with `expecting`:
 * the answer arrives as a response, and the caller tells the expected error from another one.
 */
export function answeredError(body: unknown): OpenSearchResponseError | null {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const status = (body as { status?: unknown }).status;
  return new OpenSearchResponseError(typeof status === 'number' ? status : 500, body);
}
