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
      context: [],
    });
  });

  it("falls back to OSD's message, then to the error's own", () => {
    expect(errorDetails({ body: { message: 'Not Found' }, response: { status: 404 } })).toEqual({
      reason: 'Not Found',
      status: 404,
      context: [],
    });
    expect(errorDetails(new Error('offline'))).toEqual({
      reason: 'offline',
      status: undefined,
      context: [],
    });
  });

  it('shows the deepest cause of a failed search: a failed shard’s reason, then its caused_by', () => {
    // OpenSearch's answer to `query_string` "title:(unbalanced" (the shape of issue 21's report).
    const body = {
      error: {
        root_cause: [
          {
            type: 'query_shard_exception',
            reason: 'Failed to parse query [title:(unbalanced]',
            index: 'demo-articles',
          },
        ],
        type: 'search_phase_execution_exception',
        reason: 'all shards failed',
        phase: 'query',
        grouped: true,
        failed_shards: [
          {
            shard: 0,
            index: 'demo-articles',
            reason: {
              type: 'query_shard_exception',
              reason: 'Failed to parse query [title:(unbalanced]',
              index: 'demo-articles',
              // As OpenSearch 3.6 answers: Lucene's message wrapped once more, token lists after.
              caused_by: {
                type: 'parse_exception',
                reason:
                  'Cannot parse \'title:(unbalanced\': Encountered "<EOF>" at line 1, column 17.\nWas expecting one of:\n    <AND> ...\n',
                caused_by: {
                  type: 'parse_exception',
                  reason:
                    'Encountered "<EOF>" at line 1, column 17.\nWas expecting one of:\n    <AND> ...\n',
                },
              },
            },
          },
        ],
      },
      status: 400,
    };
    const error = new FetchHttpError('x', new Response(null, { status: 400 }), body);
    expect(errorDetails(error)).toEqual({
      reason: 'Cannot parse \'title:(unbalanced\': Encountered "<EOF>" at line 1, column 17.',
      type: 'parse_exception',
      status: 400,
      context: ['all shards failed', 'Failed to parse query [title:(unbalanced]'],
    });
  });

  it('follows a caused_by chain, and stops on a cyclic one', () => {
    const inner: Record<string, unknown> = { type: 'b_exception', reason: 'inner' };
    const body = { error: { type: 'a_exception', reason: 'outer', caused_by: inner } };
    expect(errorDetails({ body, response: { status: 500 } })).toMatchObject({
      reason: 'inner',
      type: 'b_exception',
      context: ['outer'],
    });
    inner.caused_by = body.error;
    expect(errorDetails({ body, response: { status: 500 } }).context.length).toBeLessThan(20);
  });
});
