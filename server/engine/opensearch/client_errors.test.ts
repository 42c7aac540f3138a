import { describe, expect, it } from 'vitest';
import { toErrorReply } from '../error_body';
import { OpenSearchResponseError } from '../errors';
import { fromClientError } from './client_errors';
import {
  ALL_SHARDS_FAILED_MIXED,
  ALL_SHARDS_LOST,
  CONNECT_REFUSED,
  LOST_NODE,
  NODE_CLOSED,
  PIT_OPEN_DISCONNECTED,
  SEND_REQUEST_NOT_CONNECTED,
} from './node_loss_bodies';

/** What opensearch-js throws for an error answer (matched by name, as inside OSD). */
function responseError(statusCode: number, body: unknown): Error {
  return Object.assign(new Error('Response Error'), {
    name: 'ResponseError',
    meta: { statusCode, body },
  });
}

describe('fromClientError', () => {
  it.each([
    ['a PIT opened while its node restarts', PIT_OPEN_DISCONNECTED, 'node_disconnected_exception'],
    [
      'a send to a node gone (nested cause)',
      SEND_REQUEST_NOT_CONNECTED,
      'send_request_transport_exception',
    ],
    ['a closed node', NODE_CLOSED, 'node_closed_exception'],
    ['a refused transport connection', CONNECT_REFUSED, 'connect_transport_exception'],
    ['all shards failed with their node', ALL_SHARDS_LOST, 'search_phase_execution_exception'],
  ])('answers %s as a 503 naming the node, never a 500', (_what, body, type) => {
    const reply = toErrorReply(fromClientError(responseError(500, body)), false);
    expect(reply.status).toBe(503);
    expect(reply.body.status).toBe(503);
    expect(reply.body.error.type).toBe(type);
    expect(reply.body.error.reason).toContain(`lost node ${LOST_NODE}`);
    expect(reply.body.error.root_cause[0].type).toBe(type);
    // OpenSearch's own words stay in the answer.
    expect(reply.body.error.caused_by).toEqual(body.error);
  });

  it('passes other server errors on as OpenSearch gave them', () => {
    const error = fromClientError(responseError(500, ALL_SHARDS_FAILED_MIXED));
    expect(error).toBeInstanceOf(OpenSearchResponseError);
    expect((error as OpenSearchResponseError).status).toBe(500);
    expect((error as OpenSearchResponseError).body).toBe(ALL_SHARDS_FAILED_MIXED);
  });
});
