/**
 * Work stops when its caller leaves (issue 20, defect 4): a client that disconnects must not
 * leave a statement running on a datasource or a graph query holding a core until its deadline.
 * The host runs in a process of its own, so its CPU time can be read and a busy event loop does
 * not stop this test's clock.
 */
import { readFileSync } from 'fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  databaseSkip,
  databaseUrl,
  openSearchClient,
  openSearchUrl,
  uniqueName,
} from '../../test/bed/context';
import { jdbcFor } from '../../test/bed/jdbc';
import { runSql } from '../../test/bed/run_sql';
import { startHostProcess, type HostProcess } from '../../test/support/host_process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a request and drops the connection after `afterMs`, as a user closing the tab does. */
async function sendAndLeave(url: string, path: string, body: unknown, afterMs: number) {
  const controller = new AbortController();
  const sent = fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'osd-xsrf': 'true', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: controller.signal,
  }).then(
    (response) => response.status,
    () => 'left' as const
  );
  await sleep(afterMs);
  controller.abort();
  return sent;
}

/** Seconds of CPU the process used (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the command.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Waits until `check` holds, at most `limitMs`; returns whether it did. */
async function eventually(check: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(250);
  }
  return check();
}

describe('a caller that leaves stops its work', () => {
  let host: HostProcess;
  const index = uniqueName('abort-people');
  const view = `abort_slow_${Math.random().toString(36).slice(2, 8)}`;
  const virtualIndex = uniqueName('abort-vi');
  const datasource = `abort-pg-${Math.random().toString(36).slice(2, 8)}`;
  const pgUrl = () => databaseUrl('postgres', { skip: (reason) => expect.fail(reason) });

  beforeAll(async () => {
    // Long deadlines: the work must stop because its caller left, not because time ran out.
    host = await startHostProcess(openSearchUrl(), {
      graphTimeoutMs: 120_000,
      connectorStatementTimeoutMs: 120_000,
    });
    const os = openSearchClient();
    const body = Array.from({ length: 200 }, (_, i) => [
      { index: { _index: index, _id: String(i) } },
      { id: i, group: i % 7 },
    ]).flat();
    await os.bulk({ body, refresh: true });
    if (databaseSkip('postgres') === null) {
      // Every row costs a millisecond: a sorted page of the view runs for minutes.
      await runSql('postgres', pgUrl(), [
        `CREATE VIEW ${view} AS SELECT g AS id, g % 5 AS k FROM generate_series(1, 1000000) g WHERE pg_sleep(0.001) IS NOT NULL`,
      ]);
      expect(
        (
          await host.call('PUT', `/_svc/connector/datasource/${datasource}`, {
            jdbc: jdbcFor('postgres', pgUrl()),
          })
        ).status
      ).toBeLessThan(300);
      const created = await host.call('PUT', `/_svc/connector/index/${virtualIndex}`, {
        datasource,
        resource: view,
        key: 'id',
      });
      expect(created.status, created.text).toBeLessThan(300);
    }
  }, 120_000);

  afterAll(async () => {
    await host?.call('DELETE', `/_svc/connector/index/${virtualIndex}`);
    await host?.call('DELETE', `/_svc/connector/datasource/${datasource}`);
    await host?.close();
    await openSearchClient().indices.delete(
      { index: [index, virtualIndex].join(',') },
      { ignore: [404] }
    );
    if (databaseSkip('postgres') === null) {
      await runSql('postgres', pgUrl(), [`DROP VIEW IF EXISTS ${view}`]);
    }
  });

  it('cancels the datasource statement of a search whose caller left', async (ctx) => {
    const url = databaseUrl('postgres', ctx);
    const running = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()`,
          [`%${view}%`]
        );
        return rows[0].n as number;
      } finally {
        await client.end();
      }
    };
    const outcome = await sendAndLeave(
      host.url,
      `/svc/${virtualIndex}/_search`,
      { size: 10, sort: [{ id: 'desc' }] },
      1_500
    );
    expect(outcome).toBe('left');
    // Without the abort the statement ran on until connectorStatementTimeoutMs (2 minutes).
    expect(await eventually(async () => (await running()) === 0, 5_000)).toBe(true);
    // The pool still serves: the slot the statement held came back.
    const after = await host.call(
      'GET',
      `/_svc/connector/datasource/${datasource}/_metadata?resource=${view}`
    );
    expect(after.status, after.text).toBe(200);
  }, 60_000);

  it('stops a graph query whose caller left (its core goes quiet)', async () => {
    const model = {
      label: 'g',
      entities: [{ label: 'N', indices: [index] }],
      relations: [],
    };
    // 200^4 bindings: minutes of assembly, far past the moment the caller leaves.
    const query = 'SELECT COUNT(*) FROM "g" MATCH (a:N), (b:N), (c:N), (d:N)';
    const busyBefore = { cpu: 0 };
    const leaving = sendAndLeave(host.url, '/svc/_graph', { model, query }, 3_000);
    await sleep(1_500);
    const at = cpuSeconds(host.pid);
    await sleep(1_000);
    busyBefore.cpu = cpuSeconds(host.pid) - at;
    // The query really works a core while its caller waits: otherwise "quiet" proves nothing.
    expect(busyBefore.cpu, 'the graph query was not busy').toBeGreaterThan(0.5);
    expect(await leaving).toBe('left');
    const quiet = await eventually(async () => {
      const before = cpuSeconds(host.pid);
      await sleep(1_000);
      // Under a fifth of a core over a second: idle but for its timers.
      return cpuSeconds(host.pid) - before < 0.2;
    }, 8_000);
    expect(quiet, 'the host kept a core busy after its caller left').toBe(true);
    const probe = await host.call('POST', `/svc/${index}/_search`, { size: 1 });
    expect(probe.status).toBe(200);
  }, 60_000);
});
