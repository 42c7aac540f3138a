import { describe, expect, it } from 'vitest';
import { FederationError } from '../errors';
import { requireAllShards } from './shard_failures';

describe('requireAllShards', () => {
  it('passes a response every shard answered', () => {
    const response = { _shards: { total: 3, successful: 3, failed: 0 }, hits: [] };
    expect(requireAllShards(response, 'the read')).toBe(response);
    const counted: { count: number; _shards?: undefined } = { count: 1 };
    expect(requireAllShards(counted, 'the read')).toBe(counted);
  });

  it('fails a partial response with a 503 naming each missing shard and why', () => {
    const partial = {
      _shards: {
        total: 4,
        successful: 2,
        failed: 2,
        failures: [
          {
            index: 'parents',
            shard: 1,
            reason: {
              type: 'search_context_missing_exception',
              reason: 'No search context found for id [7]',
            },
          },
          { index: 'parents', shard: 3, reason: { type: 'node_not_connected_exception' } },
        ],
      },
    };
    let error: unknown;
    try {
      requireAllShards(partial, 'the page of point in time [x]');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FederationError);
    const f = error as FederationError;
    expect(f.status).toBe(503);
    expect(f.type).toBe('search_phase_execution_exception');
    expect(f.reason).toContain('the page of point in time [x] is missing 2 of 4 shards');
    expect(f.reason).toContain(
      '[parents][1] (search_context_missing_exception: No search context found for id [7])'
    );
    expect(f.reason).toContain('[parents][3] (node_not_connected_exception)');
  });
});
