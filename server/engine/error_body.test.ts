import { describe, expect, it } from 'vitest';
import { FederationError, OpenSearchResponseError } from './errors';
import { toErrorReply } from './error_body';

describe('toErrorReply', () => {
  it('shapes engine errors like OpenSearch, with details in the cause', () => {
    const reply = toErrorReply(
      new FederationError(400, 'invalid_index_name_exception', 'bad name', { index: 'A' }),
      false
    );
    expect(reply.status).toBe(400);
    expect(reply.unexpected).toBe(false);
    expect(reply.body).toEqual({
      error: {
        root_cause: [{ type: 'invalid_index_name_exception', reason: 'bad name', index: 'A' }],
        type: 'invalid_index_name_exception',
        reason: 'bad name',
        index: 'A',
      },
      status: 400,
    });
  });

  it('passes OpenSearch error bodies through unchanged', () => {
    const body = {
      error: { root_cause: [], type: 'index_not_found_exception', reason: 'no such index [x]' },
      status: 404,
    };
    expect(toErrorReply(new OpenSearchResponseError(404, body), false)).toEqual({
      status: 404,
      body,
      unexpected: false,
    });
  });

  it('adds the stack trace only on request, and flags our own failures', () => {
    const plain = toErrorReply(new Error('boom'), false);
    expect(plain.status).toBe(500);
    expect(plain.unexpected).toBe(true);
    expect(plain.body.error.stack_trace).toBeUndefined();
    const traced = toErrorReply(new FederationError(400, 't', 'r'), true);
    expect(traced.body.error.stack_trace).toContain('FederationError');
  });
});
