/**
 * Issue 20, "the class, for good": a standalone host with a 256 MB heap and deadlines of a few
 * seconds receives the expensive shapes (dense quantified edges, cross products with DISTINCT,
 * GROUP BY, ORDER BY and OFFSET, huge models sent and saved, lists over big saved queries, deep
 * nested cross-index joins and huge terms lists, PIT floods), several at once, while a probe
 * sends a tiny search every 100 ms. The host must never die, no probe may wait more than a
 * second, every request must end by its deadline as a 2xx, a 4xx or a 503/504 in OpenSearch's
 * error format, an abandoned request must stop (CPU quiet, statements cancelled) well before its
 * deadline, and pools and PITs must return to idle.
 *
 * Seeded and sized like the fuzz suite: ADVERSARIAL_SEED, ADVERSARIAL_SIZE (adversarial_config.ts);
 * a failure prints the replay line. Each shape has its own test, on a live host (a host that died
 * or froze in one test is reported there and replaced for the next), then all shapes run at once.
 */
import { setTimeout as sleep } from 'timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseSkip, openSearchUrl } from '../bed/context';
import { Prng } from '../differential/prng';
import {
  ADVERSARIAL_HOST_SETTINGS,
  adversarialConfig,
  HOST_HEAP_MB,
  PROBE_LIMIT_MS,
  BUSY_RUNNABLE_MARGIN,
  BUSY_RUNNABLE_SHARE,
  QUIET_WITHIN_MS,
  replayLine,
} from './adversarial_config';
import {
  GRAPH_LABEL,
  setUpAdversarialWorld,
  type AdversarialFixture,
  type AdversarialWorld,
} from './adversarial_fixture';
import { outcomeLine, runRequest, type AdversarialRequest } from './adversarial_request';
import { sendToAbandon } from './abandoned_request';
import {
  bigSavedQueries,
  crossProducts,
  denseQuantifiedEdges,
  hugeModels,
  savedQueryLists,
} from './graph_shapes';
import { busyStatements, openContexts, storedPits, untilIdle } from './idle_state';
import { deepJoins } from './join_shapes';
import { pitFlood } from './pit_flood';
import { Probe, probeOnce } from './probe';
import { startHostProcess, type HostProcess } from '../support/host_process';
import { SLOW_VIEW } from './suite_tables';

const config = adversarialConfig();
/** How long pools and PITs get to settle once nothing runs any more. */
const SETTLE_MS = 5_000;
/** Big saved queries the list calls page over (the twenty). */
const LISTED_SAVED_QUERIES = 20;

/** Each test's own stream of choices, so one test's choices do not depend on which ran before. */
function rngFor(test: string): Prng {
  let hash = 0x811c9dc5;
  for (const char of test) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return new Prng((config.seed ^ hash) >>> 0);
}

/**
 * A dead host's stderr, shortened: its last error headlines (a heap death's "FATAL ERROR"
 * among them) each with the first lines of its stack, then its very end.
 */
function stderrSummary(stderr: string): string {
  const lines = stderr.split('\n');
  const excerpts: string[] = [];
  lines.forEach((line, at) => {
    if (/^(\[fuzz host\] )?\S*(Error|FATAL)\b/.test(line) || line.includes('heap out of memory'))
      excerpts.push(lines.slice(at, at + 6).join('\n'));
  });
  return [...excerpts.slice(-4), '...', stderr.slice(-600)].join('\n');
}

const unavailable = databaseSkip('postgres') ?? databaseSkip('mysql');

describe.skipIf(unavailable !== null)('adversarial: every request bounded (issue 20)', () => {
  let host: HostProcess;
  let fixture: AdversarialFixture;
  let world: AdversarialWorld;
  let listedStored = false;

  const startHost = async () => {
    host = await startHostProcess(openSearchUrl(), ADVERSARIAL_HOST_SETTINGS, {
      heapMb: HOST_HEAP_MB,
      keepStderr: true,
    });
  };

  beforeAll(async () => {
    await startHost();
    fixture = await setUpAdversarialWorld(() => host.call);
    world = fixture.world;
  }, 300_000);

  afterAll(async () => {
    if (fixture) {
      await replaceDeadHost().catch(() => undefined);
      await fixture.close();
    }
    await host?.close();
  }, 120_000);

  /** A host that died or stopped answering failed the test it happened in; the next gets a new one. */
  async function replaceDeadHost(): Promise<void> {
    if (host.exit() === null && (await probeOnce(host.url, world.probeIndex)) === null) return;
    await host.close();
    await startHost();
  }

  beforeEach(async () => {
    if (world) await replaceDeadHost();
  }, 120_000);

  /** The host's state, for failure messages: how it ended and what it wrote. */
  function hostState(): string {
    const exit = host.exit();
    return exit === null
      ? ''
      : `\nthe host ${exit}; its stderr (errors, then its end):\n${stderrSummary(host.stderr())}`;
  }

  function assertNoProblems(title: string, problems: string[]): void {
    expect(
      problems,
      `${title}:\n  ${problems.join('\n  ')}${hostState()}\n${replayLine(config)}`
    ).toEqual([]);
  }

  /**
   * Sends `requests` all at once, and runs `beside` (scenarios with their own checks) at the
   * same time, while the probe runs; then checks every outcome, the probe and the host.
   */
  async function underAttack(
    title: string,
    requests: AdversarialRequest[],
    beside: Array<() => Promise<string[]>> = []
  ): Promise<void> {
    const probe = new Probe(host.url, world.probeIndex, openSearchUrl()).start();
    const [outcomes, besideProblems] = await Promise.all([
      Promise.all(requests.map((request) => runRequest(host.url, request))),
      Promise.all(beside.map((scenario) => scenario())),
    ]);
    const report = await probe.stop();
    const atTheEnd = await probeOnce(host.url, world.probeIndex);
    // A host that stopped answering may be dying: let its exit (and stderr) be recorded.
    if (atTheEnd !== null) await host.ended(2_000);
    const probeLine = `probe: ${report.count} searches, max ${report.maxMs} ms, p99 ${report.p99Ms} ms, ${report.failures.length} failed (straight to OpenSearch: max ${report.direct.maxMs} ms, p99 ${report.direct.p99Ms} ms; the host's own share: max ${report.host.maxMs} ms, p99 ${report.host.p99Ms} ms)`;
    console.log(
      `[adversarial] ${title} (seed ${config.seed}, size ${config.size})\n  ${[...outcomes.map(outcomeLine), probeLine].join('\n  ')}`
    );
    const problems = [
      ...outcomes.filter((outcome) => outcome.problem !== null).map(outcomeLine),
      ...besideProblems.flat(),
      ...(report.host.maxMs > PROBE_LIMIT_MS
        ? [
            `a probe waited ${report.host.maxMs} ms in the host (p99 ${report.host.p99Ms} ms; ${report.maxMs} ms in all); none may wait more than ${PROBE_LIMIT_MS} ms`,
          ]
        : []),
      ...report.failures.slice(0, 5).map((failure) => `a probe failed: ${failure}`),
      ...(atTheEnd === null ? [] : [`the host no longer answers the probe: ${atTheEnd}`]),
    ];
    assertNoProblems(title, problems);
  }

  /** A PIT flood, then its PITs must be gone: states and OpenSearch contexts. */
  async function floodAndSettle(): Promise<string[]> {
    const flood = await pitFlood(host.url, world.pitIndex, ADVERSARIAL_HOST_SETTINGS);
    console.log(
      `[adversarial] PIT flood: ${flood.opened} opened, refused: ${JSON.stringify([...flood.refused])}`
    );
    const left = await untilIdle(
      async () => [
        ...(await storedPits([world.pitIndex])),
        ...(await openContexts([world.pitIndex])),
      ],
      SETTLE_MS
    );
    return [...flood.problems, ...left];
  }

  const savedQueryId = (test: string) => (n: number) => {
    const id = `${world.runPrefix}-${test}-${n}`;
    fixture.trackSavedQuery(id);
    return id;
  };

  async function storeListedSavedQueries(): Promise<void> {
    if (listedStored) return;
    await fixture.saveQueries(bigSavedQueries(world, LISTED_SAVED_QUERIES));
    listedStored = true;
  }

  const perShape = config.size * 2;

  it('dense quantified edges', async () => {
    await underAttack(
      'dense quantified edges',
      denseQuantifiedEdges(rngFor('dense quantified edges'), world, perShape)
    );
  });

  it('cross products with COUNT, DISTINCT, grouping, ORDER BY and OFFSET', async () => {
    await underAttack('cross products', crossProducts(rngFor('cross products'), world, perShape));
  });

  it('huge graph models, sent with a query and saved', async () => {
    await underAttack(
      'huge graph models',
      hugeModels(rngFor('huge graph models'), world, perShape, savedQueryId('model'))
    );
  });

  it('lists over big saved queries, ten at once', async () => {
    await storeListedSavedQueries();
    await underAttack('saved query lists', savedQueryLists(config.size * 5));
  });

  it('deep nested cross-index joins and huge terms lists', async () => {
    await underAttack('deep joins', deepJoins(rngFor('deep joins'), world, perShape));
  });

  it('a PIT flood: 100 opens at once, then closing what opened', async () => {
    await underAttack('PIT flood', [], [floodAndSettle]);
  });

  // Once flaky (probes waited 1-3.5 s): a catalog read queued behind a PIT flood in front of
  // every search, busy loops each taking a slice per turn of the event loop, and a hundred
  // racing PIT opens of one caller. Fixed by catalog_cache.ts, work_budget.ts's turns and
  // pit/caller_turns.ts; the probes' host share is now under 150 ms on a quiet machine.
  it('every shape at once, with a PIT flood and an abandoned request', async () => {
    await storeListedSavedQueries();
    const rng = rngFor('every shape at once');
    const requests = [
      ...denseQuantifiedEdges(rng, world, config.size),
      ...crossProducts(rng, world, config.size),
      ...hugeModels(rng, world, config.size, savedQueryId('mixed')),
      ...savedQueryLists(config.size),
      ...deepJoins(rng, world, config.size),
    ];
    const abandonAfterMs = rng.int(1_000, 2_000);
    const abandonOne = async () => {
      const pending = sendToAbandon(host.url, crossProductCount(rng.pick(['Person', 'OsPerson'])));
      await sleep(abandonAfterMs);
      pending.abandon();
      return [];
    };
    await underAttack('every shape at once', requests, [floodAndSettle, abandonOne]);
  });

  /** 2,000^3 bindings to count: runs until its deadline unless stopped. */
  function crossProductCount(label: string) {
    const query = `SELECT COUNT(*) FROM "${GRAPH_LABEL}" MATCH (a:${label}),(b:${label}),(c:${label})`;
    return {
      query,
      method: 'POST',
      path: '/svc/_graph',
      body: JSON.stringify({ model: world.model, query }),
    };
  }

  /**
   * Over `ms` from now: the share of one core the host used (utime + stime) and the share of
   * samples (every 10 ms) that found its main thread runnable.
   */
  async function hostLoadOver(ms: number): Promise<{ cpu: number; runnable: number }> {
    const cpuBefore = host.cpuSeconds();
    const start = Date.now();
    let samples = 0;
    let runnable = 0;
    while (Date.now() - start < ms) {
      samples++;
      if (host.runnable()) runnable++;
      await sleep(10);
    }
    return {
      cpu: (host.cpuSeconds() - cpuBefore) / ((Date.now() - start) / 1_000),
      runnable: runnable / samples,
    };
  }

  const loadText = (load: { cpu: number; runnable: number }) =>
    `${load.runnable.toFixed(2)} runnable / ${load.cpu.toFixed(2)} cores`;

  /**
   * Sends a cross-product COUNT(*) over `label`, leaves after 1.5-2 s, and lists what did not
   * stop within QUIET_WITHIN_MS of the caller leaving: the host's work (one-second windows from
   * the moment the caller left), statements on the databases, contexts on the people index. The
   * request's own deadline (graphTimeoutMs after it was sent) is later than that, so only
   * stopping on the abort passes. The cores are shared with other processes, so busy and quiet
   * are read from the main thread's runnable share, which does not depend on how many others
   * compete; the CPU time is reported beside it.
   */
  async function abandonCrossProduct(rng: Prng, label: string): Promise<string[]> {
    const problems: string[] = [];
    const request = crossProductCount(label);
    // At least 1.5 s: its last second, measured as busy, is then mostly row assembly.
    const abandonAfterMs = rng.int(1_500, 2_000);
    const idle = await hostLoadOver(1_000);
    const sentAt = Date.now();
    const pending = sendToAbandon(host.url, request);
    await sleep(Math.max(0, sentAt + abandonAfterMs - 1_000 - Date.now()));
    const busy = await hostLoadOver(1_000);
    const waiting = pending.abandon();
    const abandonedAt = Date.now();
    if (!waiting)
      problems.push(
        `${label}: the host answered (${await pending.answered}) before the request was abandoned: the check would prove nothing`
      );
    if (busy.runnable < Math.max(BUSY_RUNNABLE_SHARE, idle.runnable + BUSY_RUNNABLE_MARGIN))
      problems.push(
        `${label}: the request did not keep the host busy (${loadText(busy)}; idle ${loadText(idle)}): the check would prove nothing`
      );
    // Quiet: nearer the host's idle than its busy (idle serving the probe is itself runnable
    // part of the time when many processes wait for the cores).
    const quietBelow = (idle.runnable + busy.runnable) / 2;
    const after: string[] = [];
    let quiet = false;
    while (!quiet && Date.now() + 1_000 <= abandonedAt + QUIET_WITHIN_MS) {
      const load = await hostLoadOver(1_000);
      after.push(loadText(load));
      quiet = load.runnable < quietBelow;
    }
    console.log(
      `[adversarial] abandoned ${request.query} after ${abandonAfterMs} ms: host idle ${loadText(idle)}, busy ${loadText(busy)}, then every second ${after.join(', ')}`
    );
    if (!quiet)
      problems.push(
        `${label}: the host was still busy in the seconds after its caller left (${after.join(', ')}; quiet is under ${quietBelow.toFixed(2)} runnable); it stopped only at its deadline, if at all`
      );
    problems.push(
      ...(await untilIdle(
        async () => [
          ...(await busyStatements(world.databaseUrls)),
          ...(await openContexts([world.osPeople])),
        ],
        1_000
      ))
    );
    return problems;
  }

  it('an abandoned cross-product COUNT(*) stops: the CPU goes quiet, contexts close', async () => {
    const rng = rngFor('abandoned cross product');
    const probe = new Probe(host.url, world.probeIndex, openSearchUrl()).start();
    const problems = [
      ...(await abandonCrossProduct(rng, 'Person')),
      ...(await abandonCrossProduct(rng, 'OsPerson')),
    ];
    const report = await probe.stop();
    if (report.host.maxMs > PROBE_LIMIT_MS)
      problems.push(
        `a probe waited ${report.host.maxMs} ms in the host (p99 ${report.host.p99Ms} ms; ${report.maxMs} ms in all)`
      );
    assertNoProblems('abandoned cross products', problems);
  });

  it('an abandoned slow statement is cancelled on PostgreSQL and MariaDB', async () => {
    const rng = rngFor('abandoned slow statement');
    const problems: string[] = [];
    const slowStatements = async () =>
      (await busyStatements(world.databaseUrls)).filter((line) => line.includes(SLOW_VIEW));
    const sentAt = Date.now();
    const pending = (['postgres', 'mysql'] as const).map((kind) =>
      sendToAbandon(host.url, {
        method: 'POST',
        path: `/svc/${world.virtualSlow[kind]}/_search`,
        // Counting and sorting read the whole view: about 10 s at 5 ms a row.
        body: JSON.stringify({ size: 1, track_total_hits: true, sort: [{ company_id: 'desc' }] }),
      })
    );
    // Leave only once both statements run (the view sleeps 10 s, far past this wait).
    const abandonAt = sentAt + rng.int(1_000, 2_000);
    let running: string[] = [];
    while (Date.now() < sentAt + 5_000) {
      running = await slowStatements();
      const kinds = new Set(running.map((line) => line.split(' ')[0]));
      if (kinds.size === 2 && Date.now() >= abandonAt) break;
      await sleep(100);
    }
    const kindsRunning = new Set(running.map((line) => line.split(' ')[0]));
    if (kindsRunning.size < 2)
      problems.push(
        `only ${[...kindsRunning].join(', ') || 'no database'} ran the slow statement before it was abandoned: the check would prove nothing`
      );
    for (const request of pending) {
      if (!request.abandon()) problems.push('a slow search answered before it was abandoned');
    }
    // connectorStatementTimeoutMs after they started, the databases would stop them anyway:
    // only the cancel makes them end within QUIET_WITHIN_MS of the caller leaving.
    const left = await untilIdle(slowStatements, QUIET_WITHIN_MS);
    console.log(
      `[adversarial] abandoned slow searches: ${running.length} statements ran, ${left.length} left ${QUIET_WITHIN_MS} ms after the callers left`
    );
    problems.push(...left.map((line) => `still running after its caller left: ${line}`));
    assertNoProblems('abandoned slow statements', problems);
  });

  it('an abandoned search on an OpenSearch index ends there; the host lives', async () => {
    // A script that loops 900,000 times on each of 100 people keeps OpenSearch busy for about
    // two seconds: the caller leaves while the host waits for it, so the call is aborted.
    const rng = rngFor('abandoned search');
    const loop =
      'double x = 0; for (int i = 0; i < 900000; i++) { x += Math.sqrt(i + doc["id"].value); } return x > 0;';
    const pending = sendToAbandon(host.url, {
      method: 'POST',
      path: `/svc/${world.osPeople}/_search`,
      body: JSON.stringify({
        size: 1,
        track_total_hits: true,
        query: {
          bool: {
            filter: [{ range: { id: { lte: 100 } } }, { script: { script: { source: loop } } }],
          },
        },
      }),
    });
    await sleep(rng.int(300, 500));
    const problems: string[] = [];
    if (!pending.abandon())
      problems.push(
        `the search answered (${await pending.answered}) before it was abandoned: the check would prove nothing`
      );
    await sleep(1_000);
    const answer = await probeOnce(host.url, world.probeIndex);
    if (answer !== null) {
      await host.ended(2_000);
      problems.push(`the host no longer answers after a caller left: ${answer}`);
    }
    assertNoProblems('abandoned search', problems);
  });

  it('pools and PITs are idle at the end, and the host still answers', async () => {
    const indices = [world.osPeople, world.pitIndex, world.probeIndex];
    const left = await untilIdle(
      async () => [
        ...(await busyStatements(world.databaseUrls)),
        ...(await storedPits(indices)),
        ...(await openContexts(indices)),
      ],
      SETTLE_MS
    );
    const answer = await probeOnce(host.url, world.probeIndex);
    assertNoProblems('idle at the end', [
      ...left,
      ...(answer === null ? [] : [`the host does not answer: ${answer}`]),
    ]);
  });
});
