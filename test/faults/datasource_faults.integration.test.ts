/**
 * A datasource behind a loopback proxy that misbehaves on command (test/bed/fault_proxy.ts): it
 * refuses, resets, or stops answering (before session setup completes, mid-statement,
 * mid-stream). Each failure must be a 502/504 in OpenSearch's error format naming the
 * datasource, within the configured time, and must free its pool slot: every scenario runs more
 * failing requests than the pool has connections, then `resume`s and requires the right rows.
 *
 * FAULT_ROWS sets the size of the streamed table (default 20,000 rows of ~100 bytes).
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseSkip, uniqueName } from '../bed/context';
import { startFaultProxy, type FaultProxy } from '../bed/fault_proxy';
import { startFederationApi, type FederationApi } from '../support/in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

const ROWS = Number(process.env.FAULT_ROWS ?? 20_000);
const POOL_SIZE = 2;
const CONNECT_TIMEOUT_MS = 1_500;
const STATEMENT_TIMEOUT_MS = 4_000;
/** The body `timeout` of the searches; the client-side deadline adds 1 s of grace to it. */
const BODY_TIMEOUT = '1s';
/** Longest any failing request may take: connect timeout or body timeout, plus grace and slack. */
const BOUND_MS = 3_500;
/** A hang fails the test soon after the bound instead of at vitest's default. */
const TEST_TIMEOUT_MS = 30_000;

interface Kind {
  kind: 'postgres' | 'mysql';
  url: () => string | null;
  admin(url: string): Promise<{ exec(sql: string): Promise<unknown>; close(): Promise<void> }>;
  jdbc(host: string, port: number, url: URL): Record<string, string | undefined>;
}

const KINDS: Kind[] = [
  {
    kind: 'postgres',
    url: () => inject('postgresUrl'),
    async admin(url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return { exec: (sql) => client.query(sql), close: () => client.end() };
    },
    jdbc: (host, port, url) => ({
      driver: 'org.postgresql.Driver',
      url: `jdbc:postgresql://${host}:${port}${url.pathname}`,
      username: decodeURIComponent(url.username),
      password: url.password ? decodeURIComponent(url.password) : undefined,
    }),
  },
  {
    kind: 'mysql',
    url: () => inject('mysqlUrl'),
    async admin(url) {
      const conn = await mysql.createConnection(url);
      return { exec: (sql) => conn.query(sql), close: () => conn.end() };
    },
    jdbc: (host, port, url) => ({
      driver: 'org.mariadb.jdbc.Driver',
      url: `jdbc:mariadb://${host}:${port}${url.pathname}`,
      username: decodeURIComponent(url.username),
      password: url.password ? decodeURIComponent(url.password) : undefined,
    }),
  },
];

interface Timed {
  status: number;
  body: any;
  ms: number;
}

for (const target of KINDS) {
  describe.skipIf(databaseSkip(target.kind))(
    `${target.kind} datasource behind a faulty network`,
    () => {
      let api: FederationApi;
      let proxy: FaultProxy;
      let admin: Awaited<ReturnType<Kind['admin']>>;
      const table = `fault_${randomBytes(4).toString('hex')}`;
      const datasource = uniqueName(`fault-${target.kind}`);
      const index = uniqueName(`fault-${target.kind}`);

      const search = async (body: Record<string, unknown>): Promise<Timed> => {
        const started = Date.now();
        const response = await api.call('POST', `/svc/${index}/_search`, body);
        return { status: response.status, body: response.body, ms: Date.now() - started };
      };

      /** A small search whose answer is known: the rows with id 1..3. */
      const probe = () =>
        search({
          query: { range: { id: { lte: 3 } } },
          sort: ['id'],
          size: 3,
          timeout: BODY_TIMEOUT,
        });

      const expectRightRows = (response: Timed) => {
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body.hits.hits.map((h: { _id: string }) => h._id)).toEqual(['1', '2', '3']);
      };

      /** A remote failure: 502 or 504, OpenSearch's format, names the datasource, in time. */
      const expectFailure = (response: Timed, statuses: number[]) => {
        expect(statuses, JSON.stringify(response.body)).toContain(response.status);
        expect(response.body).toMatchObject({
          error: { root_cause: [expect.any(Object)], type: expect.any(String) },
          status: response.status,
        });
        expect(response.body.error.reason).toContain(`datasource [${datasource}]`);
        expect(response.ms).toBeLessThan(BOUND_MS);
      };

      /** The client must have closed every connection that missed a deadline (none returned). */
      const expectConnectionsClosed = async () => {
        const deadline = Date.now() + CONNECT_TIMEOUT_MS + 2_000;
        while (proxy.openConnections > 0 && Date.now() < deadline) await sleep(50);
        expect(proxy.openConnections).toBe(0);
      };

      beforeAll(async () => {
        const url = new URL(target.url()!);
        admin = await target.admin(url.toString());
        await admin.exec(
          target.kind === 'postgres'
            ? `CREATE TABLE ${table} (id bigint PRIMARY KEY, name text, pad text)`
            : `CREATE TABLE ${table} (id bigint PRIMARY KEY, name varchar(64), pad text)`
        );
        await admin.exec(
          target.kind === 'postgres'
            ? `INSERT INTO ${table} SELECT g, 'name ' || g, repeat('x', 80) FROM generate_series(1, ${ROWS}) g`
            : `INSERT INTO ${table} SELECT seq, CONCAT('name ', seq), REPEAT('x', 80) FROM seq_1_to_${ROWS}`
        );
        proxy = await startFaultProxy({
          host: url.hostname,
          port: Number(url.port || (target.kind === 'postgres' ? 5432 : 3306)),
        });
        api = await startFederationApi({
          connectorPoolSize: POOL_SIZE,
          connectorConnectTimeoutMs: CONNECT_TIMEOUT_MS,
          connectorStatementTimeoutMs: STATEMENT_TIMEOUT_MS,
        });
        const put = await api.call('PUT', `${DATASOURCES}/${datasource}`, {
          jdbc: target.jdbc(proxy.host, proxy.port, url),
        });
        expect(put.status, put.text).toBeLessThan(300);
        const vi = await api.call('PUT', `${VIRTUAL_INDICES}/${index}`, {
          datasource,
          resource: table,
          key: 'id',
        });
        expect(vi.status, vi.text).toBe(201);
      }, 120_000);

      afterEach(async () => {
        await proxy.resume();
      });

      afterAll(async () => {
        await proxy?.resume();
        await api?.call('DELETE', `${VIRTUAL_INDICES}/${index}`).catch(() => undefined);
        await api?.call('DELETE', `${DATASOURCES}/${datasource}`).catch(() => undefined);
        await api?.close();
        await proxy?.close();
        await admin?.exec(`DROP TABLE IF EXISTS ${table}`).catch(() => undefined);
        await admin?.close();
      });

      it(
        'refused connections: 502 each time, then the rows once the database is back',
        async () => {
          expectRightRows(await probe());
          proxy.reset(); // no pooled connection survives: each request must connect
          await proxy.refuse();
          for (let i = 0; i <= POOL_SIZE; i++) expectFailure(await probe(), [502]);
          await proxy.resume();
          expectRightRows(await probe());
        },
        TEST_TIMEOUT_MS
      );

      it(
        'connections reset mid-statement: 502, then the rows',
        async () => {
          expectRightRows(await probe());
          for (let i = 0; i <= POOL_SIZE; i++) {
            proxy.blackHole();
            const pending = probe();
            await sleep(300);
            proxy.reset();
            await proxy.resume();
            expectFailure(await pending, [502]);
          }
          expectRightRows(await probe());
        },
        TEST_TIMEOUT_MS
      );

      it(
        'a server that stops answering while connecting: 502 within the connect timeout',
        async () => {
          proxy.reset();
          proxy.blackHole();
          for (let i = 0; i <= POOL_SIZE; i++) expectFailure(await probe(), [502, 504]);
          await expectConnectionsClosed();
          await proxy.resume();
          expectRightRows(await probe());
        },
        TEST_TIMEOUT_MS
      );

      it(
        'a server that stops answering during session setup: 504 within the body timeout',
        async () => {
          // Pooled sessions are set up for the default timeout; a search with another `timeout`
          // first changes the session's statement timeout, and that round trip gets no answer.
          const warm = await search({
            query: { range: { id: { lte: 3 } } },
            sort: ['id'],
            size: 3,
          });
          expectRightRows(warm);
          proxy.blackHole();
          for (let i = 0; i <= POOL_SIZE; i++) {
            expectFailure(await search({ size: 1, timeout: '2s' }), [502, 504]);
          }
          await expectConnectionsClosed();
          await proxy.resume();
          expectRightRows(await probe());
        },
        TEST_TIMEOUT_MS
      );

      it(
        'a server that stops answering mid-statement: 504 within the body timeout',
        async () => {
          expectRightRows(await probe()); // sessions already set up for BODY_TIMEOUT
          proxy.blackHole();
          expectFailure(await probe(), [504]);
          // That connection is gone; the next ones may have to connect through the black hole.
          for (let i = 0; i < POOL_SIZE; i++) expectFailure(await probe(), [502, 504]);
          await expectConnectionsClosed();
          await proxy.resume();
          expectRightRows(await probe());
        },
        TEST_TIMEOUT_MS
      );

      it(
        'a server that stops answering mid-stream: 504 within the body timeout',
        async () => {
          const size = Math.min(ROWS, 10_000);
          const full = await search({ sort: ['id'], size, timeout: BODY_TIMEOUT });
          expect(full.status, JSON.stringify(full.body)).toBe(200);
          expect(full.body.hits.hits).toHaveLength(size);
          for (let i = 0; i <= POOL_SIZE; i++) {
            // Let the statement start and part of the rows through, then stall.
            proxy.blackHole({ afterServerBytes: 64 * 1024 });
            expectFailure(await search({ sort: ['id'], size, timeout: BODY_TIMEOUT }), [504]);
          }
          await expectConnectionsClosed();
          await proxy.resume();
          expectRightRows(await probe());
        },
        TEST_TIMEOUT_MS
      );
    }
  );
}
