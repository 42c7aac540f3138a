/**
 * OpenSearch's answers when a node leaves mid-request, as the tests of node_loss.ts and
 * client_errors.ts use them. The first is the one issue 20 quotes from a cluster run (a PIT being
 * opened while node 1 restarted); the others follow OpenSearch's serialization of the same
 * transport exceptions (`OpenSearchException#toXContent`, `SearchPhaseExecutionException`'s
 * `phase`/`grouped`/`failed_shards`, `DiscoveryNode#toString` in a closed node's reason). Every
 * one of them came with HTTP status 500.
 */
const NODE = '[federation-node-1][127.0.0.1:9312]';
const NODE_ID = 'k3mVd2QzS4yM0mXH9pY7Aw';

const cause = (type: string, reason: string, extra: Record<string, unknown> = {}) => ({
  type,
  reason,
  ...extra,
});

const whole = (error: { type: string; reason: string }, roots: unknown[]) => ({
  error: { root_cause: roots, ...error },
  status: 500,
});

const disconnected = cause(
  'node_disconnected_exception',
  `${NODE}[indices:data/read/search[update_context]] disconnected`
);
const notConnected = cause('node_not_connected_exception', `${NODE} Node not connected`);

/** Opening a PIT while its node restarts (issue 20, defect 8). */
export const PIT_OPEN_DISCONNECTED = whole(disconnected, [disconnected]);

/** A request sent to a node already gone: the cause is nested. */
export const SEND_REQUEST_NOT_CONNECTED = whole(
  cause('send_request_transport_exception', `${NODE}[indices:data/read/search[phase/query]]`, {
    caused_by: notConnected,
  }),
  [notConnected]
);

/** A node that was shutting down. */
export const NODE_CLOSED = whole(
  cause(
    'node_closed_exception',
    `node closed {federation-node-1}{${NODE_ID}}{Qx1r2b3TQ0y4d5e6f7g8hA}{127.0.0.1}{127.0.0.1:9312}{dimr}{shard_indexing_pressure_enabled=true}`
  ),
  []
);

/** Its transport port refusing connections. */
export const CONNECT_REFUSED = whole(
  cause('connect_transport_exception', `${NODE} connect_exception`, {
    caused_by: cause('connect_exception', 'Connection refused: 127.0.0.1/127.0.0.1:9312'),
  }),
  []
);

/** A query phase in which every shard failed: `[node id, reason]` per shard. */
const allShardsFailed = (failures: Array<[string, unknown]>, roots: unknown[]) =>
  whole(
    cause('search_phase_execution_exception', 'all shards failed', {
      phase: 'query',
      grouped: true,
      failed_shards: failures.map(([node, reason], shard) => ({
        shard,
        index: 'loss-parents',
        node,
        reason,
      })),
    }),
    roots
  );

/** "all shards failed", each of them with the node. */
export const ALL_SHARDS_LOST = allShardsFailed(
  [
    [NODE_ID, notConnected],
    [
      NODE_ID,
      cause('send_request_transport_exception', `${NODE}[indices:data/read/search]`, {
        caused_by: notConnected,
      }),
    ],
  ],
  [notConnected]
);

/** "all shards failed" where one shard failed on the query itself: not a node's loss. */
export const ALL_SHARDS_FAILED_MIXED = allShardsFailed(
  [
    [NODE_ID, notConnected],
    [
      'aB1cD2eF3gH4iJ5kL6mN7o',
      cause('query_shard_exception', 'failed to create query: For input string: "x"'),
    ],
  ],
  []
);

/** A 200 that lost one shard with its node. */
export const PARTIAL_SEARCH = {
  took: 3,
  timed_out: false,
  _shards: {
    total: 3,
    successful: 2,
    skipped: 0,
    failed: 1,
    failures: [{ shard: 2, index: 'loss-parents', node: NODE_ID, reason: disconnected }],
  },
  hits: { total: { value: 0, relation: 'eq' }, max_score: null, hits: [] },
};

export const LOST_NODE = NODE;
