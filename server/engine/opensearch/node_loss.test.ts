import { describe, expect, it } from 'vitest';
import { OpenSearchResponseError } from '../errors';
import {
  ALL_SHARDS_FAILED_MIXED,
  ALL_SHARDS_LOST,
  CONNECT_REFUSED,
  LOST_NODE,
  NODE_CLOSED,
  PARTIAL_SEARCH,
  PIT_OPEN_DISCONNECTED,
  SEND_REQUEST_NOT_CONNECTED,
} from './node_loss_bodies';
import { nodeLossError, NodeLossError, retryingNodeLoss, shardsLostWithNode } from './node_loss';

describe('nodeLossError', () => {
  it('names the node of every form OpenSearch reports a node leaving in', () => {
    for (const body of [
      PIT_OPEN_DISCONNECTED,
      SEND_REQUEST_NOT_CONNECTED,
      NODE_CLOSED,
      CONNECT_REFUSED,
      ALL_SHARDS_LOST,
    ]) {
      const error = nodeLossError(body);
      expect(error, JSON.stringify(body)).toBeInstanceOf(NodeLossError);
      expect(error!.status).toBe(503);
      expect(error!.nodes).toEqual([LOST_NODE]);
      expect(error!.type).toBe(body.error.type);
    }
    expect(nodeLossError(PIT_OPEN_DISCONNECTED)!.reason).toBe(
      'OpenSearch lost node [federation-node-1][127.0.0.1:9312] while serving the request ' +
        '(node_disconnected_exception: [federation-node-1][127.0.0.1:9312]' +
        '[indices:data/read/search[update_context]] disconnected); ' +
        'retry once the cluster has moved its shards to the copies left'
    );
  });

  it('names a failed shard’s node by its id when the reason does not', () => {
    const body = {
      error: {
        type: 'search_phase_execution_exception',
        reason: 'all shards failed',
        failed_shards: [{ shard: 0, node: 'n1', reason: { type: 'node_not_connected_exception' } }],
      },
      status: 500,
    };
    expect(nodeLossError(body)!.nodes).toEqual(['[n1]']);
  });

  it('leaves every other failure alone', () => {
    expect(nodeLossError(ALL_SHARDS_FAILED_MIXED)).toBeNull();
    expect(
      nodeLossError({ error: { type: 'search_phase_execution_exception', failed_shards: [] } })
    ).toBeNull();
    expect(nodeLossError({ error: { type: 'parsing_exception', reason: 'x' } })).toBeNull();
    expect(nodeLossError('Internal Server Error')).toBeNull();
    expect(nodeLossError(null)).toBeNull();
  });
});

describe('shardsLostWithNode', () => {
  it('holds when every failed shard went with its node', () => {
    expect(shardsLostWithNode(PARTIAL_SEARCH._shards)).toBe(true);
    expect(shardsLostWithNode({ total: 1, successful: 1, failed: 0 })).toBe(false);
    expect(shardsLostWithNode(undefined)).toBe(false);
    expect(
      shardsLostWithNode({
        ...PARTIAL_SEARCH._shards,
        failed: 2,
        failures: [
          ...PARTIAL_SEARCH._shards.failures,
          { shard: 0, index: 'p', reason: { type: 'search_context_missing_exception' } },
        ],
      })
    ).toBe(false);
  });
});

describe('retryingNodeLoss', () => {
  const lost = () => nodeLossError(PIT_OPEN_DISCONNECTED)!;

  it('reads again while a node’s loss fails the read, then answers', async () => {
    const answers: Array<() => unknown> = [
      () => {
        throw lost();
      },
      () => PARTIAL_SEARCH,
      () => ({ count: 7 }),
    ];
    let reads = 0;
    await expect(retryingNodeLoss(async () => answers[reads++]())).resolves.toEqual({ count: 7 });
    expect(reads).toBe(3);
  });

  it('reads once when the failure is anything else', async () => {
    const bad = new OpenSearchResponseError(400, { error: { type: 'parsing_exception' } });
    let reads = 0;
    await expect(
      retryingNodeLoss(async () => {
        reads++;
        throw bad;
      })
    ).rejects.toBe(bad);
    expect(reads).toBe(1);
  });

  it('gives up with the node’s 503 when no time is left for a pause', async () => {
    let reads = 0;
    const error = await retryingNodeLoss(
      async () => {
        reads++;
        throw lost();
      },
      { remainingMs: () => 50 }
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NodeLossError);
    expect(reads).toBe(1);
    // A short answer comes back for the caller to refuse (requireAllShards names the shards).
    await expect(
      retryingNodeLoss(async () => PARTIAL_SEARCH, { remainingMs: () => 0 })
    ).resolves.toBe(PARTIAL_SEARCH);
  });

  it('ends a pause when the caller leaves, with the caller’s reason', async () => {
    const controller = new AbortController();
    const gone = new Error('caller gone');
    const pending = retryingNodeLoss(
      async () => {
        queueMicrotask(() => controller.abort(gone));
        throw lost();
      },
      { signal: controller.signal }
    );
    await expect(pending).rejects.toBe(gone);
  });
});
