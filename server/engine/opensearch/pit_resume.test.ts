import { describe, expect, it } from 'vitest';
import { FederationError, OpenSearchResponseError } from '../errors';
import { fromClientError } from './client_errors';
import { ALL_SHARDS_LOST, PIT_OPEN_DISCONNECTED } from './node_loss_bodies';
import { afterOnAnyCopy, lostContext, searchAllShards, type ResumableSearch } from './pit_resume';
import type { ShardsHeader } from './shard_failures';

type Page = { _shards?: ShardsHeader; hits: number[] };
const whole = (hits: number[]): Page => ({ _shards: { total: 2, successful: 2, failed: 0 }, hits });
const partial: Page = {
  _shards: {
    total: 2,
    successful: 1,
    failed: 1,
    failures: [{ index: 'p', shard: 1, reason: { type: 'search_context_missing_exception' } }],
  },
  hits: [1],
};
/** A node-loss answer as the gateway throws it (client_errors.ts). */
const nodeLost = (body: unknown) =>
  fromClientError(
    Object.assign(new Error('Response Error'), {
      name: 'ResponseError',
      meta: { statusCode: 500, body },
    })
  );
const allFailed = new OpenSearchResponseError(404, {
  error: { type: 'search_context_missing_exception', reason: 'No search context found' },
  status: 404,
});

/** A walk whose searches answer from `answers` by PIT id; records what it opened. */
function walkOf(
  answers: Record<string, Page | Error>,
  options: { resumable?: boolean; noCopy?: ShardsHeader } = {}
) {
  const opened: string[] = [];
  const walk: ResumableSearch<Page> = {
    search: async (id) => {
      const answer = answers[id];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    reopen:
      options.resumable === false
        ? undefined
        : async () => {
            opened.push(`pit-${opened.length + 2}`);
            return opened[opened.length - 1];
          },
    shardsWithoutCopy: async () => options.noCopy ?? null,
    what: 'the page',
    cannotResume: 'cannot go on',
  };
  return { walk, opened };
}

const reasonOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e
  );
  expect(error).toBeInstanceOf(FederationError);
  expect((error as FederationError).status).toBe(503);
  return (error as FederationError).reason;
};

describe('afterOnAnyCopy', () => {
  it('moves past every document number of the hit’s shard, keeping the other values', () => {
    expect(afterOnAnyCopy([3, 'x', 17, 2 * 2 ** 32 + 5])).toEqual([3, 'x', 17, 3 * 2 ** 32 - 1]);
    expect(afterOnAnyCopy([0, 7])).toEqual([0, 2 ** 32 - 1]);
    // Not a `_shard_doc` value: left as it is.
    expect(afterOnAnyCopy([1, 'a'])).toEqual([1, 'a']);
  });
});

describe('lostContext', () => {
  it('takes lost contexts and unavailable shards, not the request’s own errors', () => {
    expect(lostContext(allFailed)).toBe(true);
    expect(
      lostContext(
        new OpenSearchResponseError(503, { error: { type: 'search_phase_execution_exception' } })
      )
    ).toBe(true);
    expect(
      lostContext(
        new OpenSearchResponseError(400, { error: { type: 'search_phase_execution_exception' } })
      )
    ).toBe(false);
    expect(lostContext(new Error('socket hang up'))).toBe(false);
  });

  it('takes a node that left during the page, whole or in every failed shard', () => {
    expect(lostContext(nodeLost(PIT_OPEN_DISCONNECTED))).toBe(true);
    expect(lostContext(nodeLost(ALL_SHARDS_LOST))).toBe(true);
  });
});

describe('searchAllShards', () => {
  it('answers from the same PIT when every shard answers', async () => {
    const { walk, opened } = walkOf({ 'pit-1': whole([1, 2]) });
    await expect(searchAllShards('pit-1', walk)).resolves.toEqual({
      response: whole([1, 2]),
      pitId: 'pit-1',
    });
    expect(opened).toEqual([]);
  });

  it('moves to a new PIT when shards come back failed or the whole search fails', async () => {
    for (const lost of [partial, allFailed, nodeLost(ALL_SHARDS_LOST)]) {
      const { walk, opened } = walkOf({ 'pit-1': lost, 'pit-2': whole([1, 2]) });
      await expect(searchAllShards('pit-1', walk)).resolves.toEqual({
        response: whole([1, 2]),
        pitId: 'pit-2',
      });
      expect(opened).toEqual(['pit-2']);
    }
  });

  it('names the shards when the new PIT is short too, or when no copy is started', async () => {
    const { walk } = walkOf({ 'pit-1': partial, 'pit-2': partial });
    expect(await reasonOf(searchAllShards('pit-1', walk))).toMatch(
      /^the page is missing 1 of 2 shards: \[p\]\[1\] \(search_context_missing_exception\)/
    );
    const noCopy = {
      total: 2,
      failed: 2,
      failures: [
        { index: 'p', shard: 0, reason: { type: 'no_shard_available_action_exception' } },
        { index: 'p', shard: 1, reason: { type: 'no_shard_available_action_exception' } },
      ],
    };
    const gone = walkOf({ 'pit-1': allFailed, 'pit-2': allFailed }, { noCopy });
    expect(await reasonOf(searchAllShards('pit-1', gone.walk))).toMatch(
      /^the page is missing 2 of 2 shards: \[p\]\[0\] .*\[p\]\[1\]/
    );
  });

  it('does not move when the order cannot resume: the 503 says why', async () => {
    const { walk, opened } = walkOf({ 'pit-1': partial }, { resumable: false });
    expect(await reasonOf(searchAllShards('pit-1', walk))).toMatch(/; cannot go on$/);
    expect(opened).toEqual([]);
  });

  it('passes on errors that are not a lost context, and a whole failure health cannot name', async () => {
    const bad = new OpenSearchResponseError(400, { error: { type: 'parsing_exception' } });
    await expect(searchAllShards('pit-1', walkOf({ 'pit-1': bad }).walk)).rejects.toBe(bad);
    const { walk } = walkOf({ 'pit-1': allFailed, 'pit-2': allFailed });
    await expect(searchAllShards('pit-1', walk)).rejects.toBe(allFailed);
  });
});
