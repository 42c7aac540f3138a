/**
 * `maxOpenPits` holds exactly when opens race, within one host and across hosts sharing the
 * cluster, and `maxOpenPitsPerUser` keeps one caller from taking every place. Standalone, a
 * caller is a client address, so each caller here sends from its own loopback address (Linux
 * routes all of 127.0.0.0/8 to the host bound on 127.0.0.1); the addresses are new on every run,
 * so places a crashed earlier run left behind belong to no caller of this one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openSearchClient, openSearchUrl, uniqueName } from '../../../test/bed/context';
import { startHostProcess, type HostProcess } from '../../../test/support/host_process';
import { send } from '../../../test/fuzz/raw_client';
import { startFederationApi, type FederationApi } from '../../../test/support/in_process_host';
import { PIT_PLACE_INDEX } from './pit_places';

const MAX_OPEN = 20;
const PER_USER = 8;
const LIMITS = { maxOpenPits: MAX_OPEN, maxOpenPitsPerUser: PER_USER };
/** Long enough that no PIT of this file expires while it runs. */
const KEEP_ALIVE = '10m';

interface Answer {
  status: number;
  body: any;
  text: string;
}

/** One JSON call to the host at `baseUrl`, sent from the local address `from`. */
async function callFrom(
  baseUrl: string,
  from: string,
  method: string,
  path: string,
  body?: unknown
): Promise<Answer> {
  const answer = await send(
    baseUrl,
    {
      method,
      path,
      body: body === undefined ? undefined : JSON.stringify(body),
      localAddress: from,
    },
    60_000
  );
  return { status: answer.status, body: answer.json ?? answer.text, text: answer.text };
}

/** `count` loopback addresses no earlier run used (127.a.b.1, 127.a.b.2, ...). */
function freshCallers(count: number): string[] {
  const a = 1 + Math.floor(Math.random() * 254);
  const b = 1 + Math.floor(Math.random() * 254);
  return Array.from({ length: count }, (_, i) => `127.${a}.${b}.${i + 1}`);
}

/** The places that count for maxOpenPits, as held now, by PIT id. */
async function heldGlobalPlaces(): Promise<Array<{ id: string; pit: string }>> {
  const client = openSearchClient();
  const ids = Array.from({ length: MAX_OPEN }, (_, k) => `global/${k}`);
  const { body } = await client.mget({ index: PIT_PLACE_INDEX, body: { ids } });
  return (body.docs as Array<{ _id: string; found?: boolean; _source?: { pit: string } }>)
    .filter((doc) => doc.found === true)
    .map((doc) => ({ id: doc._id, pit: doc._source!.pit }));
}

/** Every place (global and per caller) held by one of `pits`. */
async function placesHeldBy(pits: string[]): Promise<number> {
  const client = openSearchClient();
  await client.indices.refresh({ index: PIT_PLACE_INDEX });
  const { body } = await client.count({
    index: PIT_PLACE_INDEX,
    body: { query: { terms: { pit: pits } } },
  });
  return body.count as number;
}

function expectRefusal(answer: Answer, setting: 'maxOpenPits' | 'maxOpenPitsPerUser') {
  const limit = setting === 'maxOpenPits' ? MAX_OPEN : PER_USER;
  expect(answer.status, answer.text).toBe(429);
  expect(answer.body.error.type).toBe('too_many_point_in_time_exception');
  expect(answer.body.error.reason).toContain(
    `Trying to create too many point in time contexts. Must be less than or equal to: [${limit}] (setting ${setting})`
  );
}

describe('point in time: maxOpenPits and maxOpenPitsPerUser', () => {
  let a: FederationApi;
  let b: HostProcess;
  const index = uniqueName('pit-limits');
  /** Every PIT this file opened and has not closed, with the host that opened it. */
  const open = new Map<string, string>();

  const openFrom = async (host: string, from: string, target = index) => {
    const answer = await callFrom(
      host,
      from,
      'POST',
      `/svc/${target}/_pit?keep_alive=${KEEP_ALIVE}`
    );
    if (answer.status === 200) open.set(answer.body.id as string, host);
    return answer;
  };
  const closeFrom = async (host: string, from: string, id: string) => {
    const answer = await callFrom(host, from, 'DELETE', '/svc/_pit', { id });
    expect(answer.status, answer.text).toBe(200);
    open.delete(id);
  };
  const closeAll = async () => {
    for (const [id, host] of [...open]) await closeFrom(host, '127.0.0.1', id);
  };
  /** Places of maxOpenPits held by PITs other than this file's (left open by others). */
  const heldByOthers = async () =>
    (await heldGlobalPlaces()).filter((place) => !open.has(place.pit)).length;

  beforeAll(async () => {
    await openSearchClient().indices.create({
      index,
      body: { mappings: { properties: { n: { type: 'long' } } } },
    });
    await openSearchClient().index({ index, body: { n: 1 }, refresh: true });
    [a, b] = await Promise.all([
      startFederationApi(LIMITS),
      startHostProcess(openSearchUrl(), LIMITS),
    ]);
  }, 120_000);

  // A test that failed half-way leaves nothing open for the next one.
  afterEach(async () => {
    await closeAll().catch(() => undefined);
    open.clear();
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await openSearchClient().indices.delete({ index }, { ignore: [404] });
  });

  /**
   * 100 opens at once from five callers: exactly the places left free succeed (every place of
   * maxOpenPits is held afterwards, each by one PIT), no caller gets more than its own limit,
   * and every other open is OpenSearch's 429 naming the limit that refused it.
   */
  async function burst(hosts: string[]) {
    const callers = freshCallers(5);
    const sends = Array.from({ length: 100 }, (_, i) => ({
      host: hosts[i % hosts.length],
      from: callers[i % callers.length],
    }));
    const answers = await Promise.all(sends.map((s) => openFrom(s.host, s.from)));
    const perCaller = new Map<string, number>();
    answers.forEach((answer, i) => {
      if (answer.status === 200) {
        perCaller.set(sends[i].from, (perCaller.get(sends[i].from) ?? 0) + 1);
        return;
      }
      expect(answer.status, answer.text).toBe(429);
      expectRefusal(
        answer,
        /maxOpenPitsPerUser/.test(answer.body.error.reason) ? 'maxOpenPitsPerUser' : 'maxOpenPits'
      );
    });
    const opened = answers.filter((answer) => answer.status === 200).length;
    const others = await heldByOthers();
    expect(others, 'PITs left open by others take most places: nothing left to test').toBeLessThan(
      MAX_OPEN / 2
    );
    expect(opened).toBe(MAX_OPEN - others);
    for (const [caller, count] of perCaller) {
      expect(count, caller).toBeLessThanOrEqual(PER_USER);
    }
    // Each place of maxOpenPits holds one of the PITs just opened, each PIT one place.
    const ours = (await heldGlobalPlaces()).filter((place) => open.has(place.pit));
    expect(new Set(ours.map((place) => place.pit)).size).toBe(opened);
    return callers;
  }

  it('admits exactly maxOpenPits of 100 opens sent at once; closes free places', async () => {
    const callers = await burst([a.server.url]);
    // Full: another caller is refused; a close frees one place, which the next open takes.
    expectRefusal(await openFrom(a.server.url, freshCallers(1)[0]), 'maxOpenPits');
    const [someId] = open.keys();
    await closeFrom(a.server.url, callers[0], someId);
    const again = await openFrom(a.server.url, freshCallers(1)[0]);
    expect(again.status, again.text).toBe(200);
    expectRefusal(await openFrom(a.server.url, freshCallers(1)[0]), 'maxOpenPits');
    // Everything closed: no place stays held.
    const ids = [...open.keys()];
    await closeAll();
    expect(await placesHeldBy(ids)).toBe(0);
  });

  it('admits exactly maxOpenPits across two host processes sharing the cluster', async () => {
    await burst([a.server.url, b.url]);
    const ids = [...open.keys()];
    // Closed through whichever host: a PIT id is all it takes.
    for (const [n, id] of ids.entries()) {
      await closeFrom(n % 2 === 0 ? b.url : a.server.url, '127.0.0.1', id);
    }
    expect(await placesHeldBy(ids)).toBe(0);
  });

  it('one caller at maxOpenPitsPerUser does not stop another', async () => {
    expect(await heldByOthers()).toBeLessThan(MAX_OPEN - PER_USER - 1);
    const [first, second] = freshCallers(2);
    for (let n = 0; n < PER_USER; n++) {
      const answer = await openFrom(n % 2 === 0 ? a.server.url : b.url, first);
      expect(answer.status, answer.text).toBe(200);
    }
    expectRefusal(await openFrom(a.server.url, first), 'maxOpenPitsPerUser');
    expectRefusal(await openFrom(b.url, first), 'maxOpenPitsPerUser');
    const other = await openFrom(a.server.url, second);
    expect(other.status, other.text).toBe(200);
    const ids = [...open.keys()];
    await closeAll();
    expect(await placesHeldBy(ids)).toBe(0);
    // Its places came back: the first caller opens again.
    const back = await openFrom(b.url, first);
    expect(back.status, back.text).toBe(200);
    await closeAll();
  });

  it('an open that fails half-way gives its places back', async () => {
    const [caller] = freshCallers(1);
    // OpenSearch refuses the PIT after the places were taken (no such index): each failing
    // open must give both places back, or the caller would be refused below.
    const missing = uniqueName('pit-limits-missing');
    for (let n = 0; n < PER_USER + 2; n++) {
      const answer = await openFrom(a.server.url, caller, missing);
      expect(answer.status, answer.text).toBe(404);
    }
    for (let n = 0; n < PER_USER; n++) {
      const answer = await openFrom(n % 2 === 0 ? a.server.url : b.url, caller);
      expect(answer.status, answer.text).toBe(200);
    }
    expectRefusal(await openFrom(a.server.url, caller), 'maxOpenPitsPerUser');
    const ids = [...open.keys()];
    await closeAll();
    expect(await placesHeldBy(ids)).toBe(0);
  });
});
