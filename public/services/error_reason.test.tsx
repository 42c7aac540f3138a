import { describe, expect, it } from 'vitest';
import { FetchHttpError } from './fetch_http_client';
import { errorDetails } from './error_reason';

describe('errorDetails', () => {
  it("takes OpenSearch's reason and type, and the status", () => {
    const error = new FetchHttpError('x', new Response(null, { status: 409 }), {
      error: { type: 'resource_in_use_exception', reason: 'still used by [vi1]' },
      status: 409,
    });
    expect(errorDetails(error)).toEqual({
      reason: 'still used by [vi1]',
      type: 'resource_in_use_exception',
      status: 409,
    });
  });

  it("falls back to OSD's message, then to the error's own", () => {
    expect(errorDetails({ body: { message: 'Not Found' }, response: { status: 404 } })).toEqual({
      reason: 'Not Found',
      status: 404,
    });
    expect(errorDetails(new Error('offline'))).toEqual({ reason: 'offline', status: undefined });
  });
});
