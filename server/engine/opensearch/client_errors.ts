import { FederationError, OpenSearchResponseError } from '../errors';

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
      return new OpenSearchResponseError(meta?.statusCode ?? 500, meta?.body);
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
