/**
 * Errors the engine raises. Each carries the HTTP status and OpenSearch error `type` it should be
 * answered with, because OpenSearch itself attaches a REST status to every exception; the engine
 * still knows nothing of HTTP beyond that number.
 */
export class FederationError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    reason: string,
    /** Extra fields merged into the error cause, e.g. `index`, `datasource`. */
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown }
  ) {
    super(reason, options);
    this.name = 'FederationError';
  }

  get reason(): string {
    return this.message;
  }
}

/** The user sent something we cannot act on; the reason names what. */
export function badRequest(reason: string, details?: Record<string, unknown>): FederationError {
  return new FederationError(400, 'illegal_argument_exception', reason, details);
}

export function notFound(type: string, reason: string, details?: Record<string, unknown>) {
  return new FederationError(404, type, reason, details);
}

/**
 * An error that OpenSearch returned for a request we forwarded. Its body is already in
 * OpenSearch's error format and is answered unchanged.
 */
export class OpenSearchResponseError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown
  ) {
    super(`OpenSearch answered ${status}`);
    this.name = 'OpenSearchResponseError';
  }
}
