import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { childPids, processExists } from '../../../../test/bed/child_processes';
import { DEFAULT_CONNECTOR_LIMITS, type ConnectorLimits } from '../connector_limits';
import { SqliteConnector, createSqliteHost, type SqliteHost } from './sqlite_connector';

/** Endless unless stopped: proves rows are produced only as they are pulled. */
const ENDLESS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c';
/** One aggregate step of a few seconds, which nothing but killing the worker process can stop. */
const SLOW =
  'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 8000000) ' +
  'SELECT count(DISTINCT x % 1000003) AS n FROM c';

const hosts: SqliteHost[] = [];

function connector(workers: number, limits: Partial<ConnectorLimits> = {}) {
  const all = { ...DEFAULT_CONNECTOR_LIMITS, batchSize: 100, ...limits };
  const host = createSqliteHost({ workers, directories: null }, all);
  hosts.push(host);
  return new SqliteConnector({ kind: 'sqlite', file: ':memory:' }, all, host);
}

async function failure(work: Promise<unknown>) {
  try {
    await work;
  } catch (err) {
    return err as { status: number; type: string; reason: string };
  }
  throw new Error('expected a failure');
}

afterEach(async () => {
  for (const host of hosts.splice(0)) await host.pool.close();
});

describe('SQLite statements in worker processes', () => {
  it('streams in batches as the consumer pulls, and frees the worker when it stops', async () => {
    const sqlite = connector(1);
    let seen = 0;
    for await (const row of sqlite.stream(ENDLESS, [])) {
      expect(row.x).toBe(++seen);
      if (seen === 250) break;
    }
    // The only worker is free again: the endless statement ended with the consumer.
    expect(await sqlite.query('SELECT ? + 1 AS n', [41])).toEqual([{ n: 42 }]);
  });

  it('keeps the event loop free and stops a long step at its timeout', async () => {
    const sqlite = connector(2);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = performance.now();
    const error = await failure(sqlite.query(SLOW, [], { timeoutMs: 300 }));
    clearInterval(ticker);
    const ms = performance.now() - started;
    expect(error).toMatchObject({ status: 504, type: 'datasource_timeout_exception' });
    expect(ms).toBeLessThan(1_500);
    // The event loop ran its timer all along (a blocked loop would have run it about once).
    expect(ticks).toBeGreaterThan(ms / 10 / 4);
    expect(await sqlite.query('SELECT 1 AS one', [])).toEqual([{ one: 1 }]);
  });

  it('answers the caller’s abort with 499 and frees the worker slot', async () => {
    const sqlite = connector(1);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(sqlite.query(SLOW, [], { signal: controller.signal }));
    expect(error).toMatchObject({ status: 499, type: 'request_aborted_exception' });
    // The killed worker's place went to a fresh one.
    expect(await sqlite.query('SELECT 2 AS two', [])).toEqual([{ two: 2 }]);
  });

  it('bounds the workers: a statement waits for a free one, then is refused with 429', async () => {
    const sqlite = connector(1, { connectTimeoutMs: 200 });
    const endless = sqlite.stream(ENDLESS, [])[Symbol.asyncIterator]();
    await endless.next();
    const error = await failure(sqlite.query('SELECT 1', []));
    expect(error).toMatchObject({ status: 429, type: 'rejected_execution_exception' });
    expect(error.reason).toContain('1 SQLite worker processes');
    await endless.return?.();
    expect(await sqlite.query('SELECT 3 AS three', [])).toEqual([{ three: 3 }]);
  });

  it('kills the process of a timed-out statement, so it stops using a core at once', async () => {
    const sqlite = connector(1);
    const before = new Set(childPids('sqlite_worker'));
    const slow = failure(sqlite.query(SLOW, [], { timeoutMs: 400 }));
    await sleep(200);
    const running = childPids('sqlite_worker').filter((pid) => !before.has(pid));
    expect(running).toHaveLength(1);
    expect(await slow).toMatchObject({ status: 504 });
    // The next statement waits for the exit, which follows the kill within milliseconds.
    expect(await sqlite.query('SELECT 4 AS four', [])).toEqual([{ four: 4 }]);
    expect(processExists(running[0])).toBe(false);
  });

  it('survives a worker process that dies mid-statement: only its statement fails', async () => {
    const sqlite = connector(1);
    const before = new Set(childPids('sqlite_worker'));
    const slow = failure(sqlite.query(SLOW, []));
    await sleep(200);
    const [pid] = childPids('sqlite_worker').filter((p) => !before.has(p));
    // As the kernel's OOM killer or an operator would.
    process.kill(pid, 'SIGKILL');
    const error = await slow;
    expect(error).toMatchObject({ status: 502, type: 'datasource_connection_exception' });
    expect(error.reason).toContain('exited unexpectedly (SIGKILL)');
    expect(await sqlite.query('SELECT 5 AS five', [])).toEqual([{ five: 5 }]);
  });

  it('kills every worker process on close: idle, lent and running', async () => {
    const sqlite = connector(3);
    const before = new Set(childPids('sqlite_worker'));
    // Three workers started, all idle afterwards.
    await Promise.all([1, 2, 3].map((n) => sqlite.query('SELECT ? AS n', [n])));
    const endless = sqlite.stream(ENDLESS, [])[Symbol.asyncIterator]();
    await endless.next();
    const slow = failure(sqlite.query(SLOW, []));
    await sleep(100);
    const started = childPids('sqlite_worker').filter((pid) => !before.has(pid));
    expect(started).toHaveLength(3);
    await hosts[0].pool.close();
    // Every process has exited once close() resolves.
    for (const pid of started) expect(processExists(pid)).toBe(false);
    expect(await slow).toMatchObject({ status: 502 });
    await endless.return?.();
    expect(await failure(sqlite.query('SELECT 1', []))).toMatchObject({ status: 502 });
  });

  it('keeps SQLite errors and their translation', async () => {
    const sqlite = connector(1);
    expect(await failure(sqlite.query('SELECT * FROM nowhere', []))).toMatchObject({
      status: 502,
      type: 'datasource_query_exception',
    });
    expect(await failure(sqlite.query('SELECT ? AS f', [() => 1]))).toMatchObject({
      status: 502,
      type: 'datasource_query_exception',
    });
    const missing = new SqliteConnector(
      { kind: 'sqlite', file: '/nonexistent/dir/x.sqlite' },
      DEFAULT_CONNECTOR_LIMITS,
      hosts[0]
    );
    expect(await failure(missing.validate())).toMatchObject({
      status: 502,
      type: 'datasource_connection_exception',
    });
    expect(await sqlite.query('SELECT ? AS b, ? AS big', [Buffer.from('hi'), 2n ** 60n])).toEqual([
      { b: Buffer.from('hi'), big: String(2n ** 60n) },
    ]);
  });
});
