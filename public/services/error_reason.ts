import type { HttpFetchError } from '../types';

/** What the app shows for a failed call: the server's own words, and the status when known. */
export interface ErrorDetails {
  /** OpenSearch's `error.reason` (or OSD's `message`), else the error's message. */
  reason: string;
  /** OpenSearch's `error.type`, e.g. `index_not_found_exception`. */
  type?: string;
  status?: number;
}

export function errorDetails(error: unknown): ErrorDetails {
  const fetchError = error as Partial<HttpFetchError> | null | undefined;
  const status = fetchError?.response?.status;
  const body = fetchError?.body;
  if (typeof body === 'object' && body !== null) {
    const { error: inner, message } = body as { error?: unknown; message?: unknown };
    if (typeof inner === 'object' && inner !== null) {
      const { reason, type } = inner as { reason?: unknown; type?: unknown };
      if (typeof reason === 'string' && reason) {
        return { reason, type: typeof type === 'string' ? type : undefined, status };
      }
    }
    if (typeof message === 'string' && message) return { reason: message, status };
  }
  if (error instanceof Error && error.message) return { reason: error.message, status };
  return { reason: String(error), status };
}
