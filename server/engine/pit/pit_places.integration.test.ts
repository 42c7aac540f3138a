/**
 * Every place an open takes comes back: when the caller leaves while the PIT opens, when the
 * PIT expires, and when an open died before writing its state. The engine is driven directly,
 * as one caller of its own (a fresh name per test), so the places in question are known.
 */
import { randomBytes } from 'node:crypto';
import { Client } from '@opensearch-project/opensearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../../../test/bed/context';
import { TEST_ENCRYPTION_KEY } from '../../../test/support/in_process_host';
import { FederationEngine } from '../federation_engine';
import { FederationRuntime } from '../federation_runtime';
import type { OpenSearchTransportClient } from '../opensearch/transport';
import { callerGone, detachedScope } from '../request_scope';
import { parseSettings } from '../settings';
import { callerKey, callerPlaceIds, PIT_PLACE_INDEX } from './pit_places';
import { PIT_INDEX } from './pit_state';

const PER_USER = 2;
const index = uniqueName('pit-places');
const client = new Client({ node: openSearchUrl() });
/** Called before each request the runtime sends; a test sets it to act at a given moment. */
let beforeRequest: (params: { method: string; path: string }) => void = () => {};
const watched: OpenSearchTransportClient = {
  transport: {
    request(params, options) {
      beforeRequest(params);
      return client.transport.request(params, options);
    },
  },
};
let runtime: FederationRuntime;

beforeAll(async () => {
  await openSearchClient().index({ index, body: { n: 1 }, refresh: true });
  runtime = new FederationRuntime(
    watched,
    parseSettings({ encryptionKey: TEST_ENCRYPTION_KEY, maxOpenPitsPerUser: PER_USER })
  );
});
afterAll(async () => {
  await runtime?.close();
  await client.close();
  await openSearchClient().indices.delete({ index }, { ignore: [404] });
});

function freshCaller(): string {
  return `user:pit-places-${randomBytes(6).toString('hex')}`;
}

function engineOf(caller: string, signal?: AbortSignal): FederationEngine {
  const scope = { ...detachedScope(caller), ...(signal ? { signal } : {}) };
  return new FederationEngine(runtime, watched, scope);
}

/** The caller's places held now, by id. */
async function heldPlaces(caller: string): Promise<string[]> {
  const { body } = await openSearchClient().mget({
    index: PIT_PLACE_INDEX,
    body: { ids: callerPlaceIds(caller, PER_USER) },
  });
  return (body.docs as Array<{ _id: string; found?: boolean }>)
    .filter((doc) => doc.found === true)
    .map((doc) => doc._id);
}

/** PIT states the caller's opens left in the state index. */
async function statesOf(caller: string): Promise<number> {
  await openSearchClient().indices.refresh({ index: PIT_INDEX });
  const { body } = await openSearchClient().count({
    index: PIT_INDEX,
    body: { query: { term: { caller: callerKey(caller) } } },
  });
  return body.count as number;
}

function expectPerUserRefusal(error: unknown) {
  expect(error).toMatchObject({ status: 429, type: 'too_many_point_in_time_exception' });
  expect((error as Error).message).toContain(`[${PER_USER}] (setting maxOpenPitsPerUser)`);
}

describe('point in time places', () => {
  it('a caller who leaves while the PIT opens keeps no PIT and no place', async () => {
    const caller = freshCaller();
    const controller = new AbortController();
    // The caller leaves while the state is written, after the OpenSearch PIT opened: nobody
    // will ever hold this PIT's id.
    beforeRequest = (params) => {
      if (params.method === 'PUT' && params.path.startsWith(`/${PIT_INDEX}/_doc/`)) {
        controller.abort(callerGone());
      }
    };
    try {
      await expect(
        engineOf(caller, controller.signal).pits.open(index, '10m', undefined, controller.signal)
      ).rejects.toMatchObject({ status: 499 });
    } finally {
      beforeRequest = () => {};
    }
    expect(await statesOf(caller)).toBe(0);
    expect(await heldPlaces(caller)).toEqual([]);
  });

  it('frees the places of expired PITs before it refuses', async () => {
    const caller = freshCaller();
    const pits = engineOf(caller).pits;
    const first = await pits.open(index, '10m');
    const second = await pits.open(index, '10m');
    expectPerUserRefusal(await pits.open(index, '10m').catch((error: unknown) => error));
    // The first expires (its stored lease runs out; a test cannot wait ten minutes).
    await openSearchClient().update({
      index: PIT_INDEX,
      id: first.id,
      body: { doc: { expires_at: Date.now() - 1 } },
    });
    const third = await pits.open(index, '10m');
    // The expired state went with its places: the caller holds exactly two again.
    expect(
      (await openSearchClient().get({ index: PIT_INDEX, id: first.id }, { ignore: [404] })).body
        .found
    ).toBe(false);
    expect(await heldPlaces(caller)).toHaveLength(PER_USER);
    expectPerUserRefusal(await pits.open(index, '10m').catch((error: unknown) => error));
    for (const pit of [second, third]) await pits.close(pit.id);
    expect(await heldPlaces(caller)).toEqual([]);
    expect(await statesOf(caller)).toBe(0);
  });

  it('frees a place whose open never wrote its state once its keep-alive ran out', async () => {
    const caller = freshCaller();
    const [lower, upper] = callerPlaceIds(caller, PER_USER);
    // Two opens died half-way (the host stopped): one long ago, one still within its time.
    await openSearchClient().bulk({
      body: [
        { create: { _index: PIT_PLACE_INDEX, _id: lower } },
        { pit: 'died-long-ago', expires_at: Date.now() - 1 },
        { create: { _index: PIT_PLACE_INDEX, _id: upper } },
        { pit: 'still-opening', expires_at: Date.now() + 600_000 },
      ],
    });
    try {
      const pits = engineOf(caller).pits;
      const opened = await pits.open(index, '10m');
      expectPerUserRefusal(await pits.open(index, '10m').catch((error: unknown) => error));
      await pits.close(opened.id);
      expect(await heldPlaces(caller)).toEqual([upper]);
    } finally {
      await openSearchClient().delete({ index: PIT_PLACE_INDEX, id: upper }, { ignore: [404] });
    }
  });
});
