/**
 * What the benchmark runs against, all real: OpenSearch (reused or started, as the test bed
 * does), PostgreSQL from the test bed's defaults, and a standalone Federation host in this
 * process on a free port.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureOpenSearch } from '../scripts/opensearch';
import { parseSettings } from '../server/engine/settings';
import { consoleLogger } from '../server/standalone/console_logger';
import { startStandaloneServer } from '../server/standalone/server';
import { ensureMariaDb, ensurePostgres } from '../test/bed/databases';
import { hostCall, type HostCall } from '../test/support/host_call';
import { jdbcFor, sqliteJdbc } from '../test/bed/jdbc';

export { jdbcFor, sqliteJdbc };

export interface BenchHost {
  postgresUrl: string;
  /** MariaDB of the test bed (`mysql://...`), or null when it cannot run here (suites skip it). */
  mysqlUrl: string | null;
  /** A fresh folder for the SQLite files suites create. */
  sqliteDir: string;
  /** OpenSearch itself, for the direct (lower-bound) side of a benchmark. */
  openSearchUrl: string;
  call: HostCall;
  /** Deletes an index on OpenSearch itself (the concrete index a virtual index leaves behind). */
  deleteIndex(index: string): Promise<void>;
  close(): Promise<void>;
}

/** A fixed key: the benchmark's datasource has no password worth protecting. */
const BENCH_ENCRYPTION_KEY = 'bench-encryption-key-0123456789abcdef';

export async function startBenchHost(log: (line: string) => void): Promise<BenchHost> {
  const [opensearch, postgres, mariadb] = await Promise.all([
    ensureOpenSearch({ log }),
    ensurePostgres(),
    ensureMariaDb(),
  ]);
  if (!('url' in postgres)) {
    await opensearch.stop();
    throw new Error(`PostgreSQL is needed for the benchmark: ${postgres.skipped}`);
  }
  const mysqlUrl = 'url' in mariadb ? mariadb.url : null;
  log(
    `OpenSearch ${opensearch.version} at ${opensearch.url}; PostgreSQL at ${postgres.url}; MariaDB ${mysqlUrl ?? `skipped: ${'skipped' in mariadb ? mariadb.skipped : ''}`}`
  );
  const sqliteDir = mkdtempSync(path.join(tmpdir(), 'federation-bench-sqlite-'));
  const uiDir = mkdtempSync(path.join(tmpdir(), 'federation-bench-ui-'));
  writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html>');
  const server = await startStandaloneServer({
    port: 0,
    openSearchUrl: opensearch.url,
    uiDir,
    logger: consoleLogger('warn'),
    settings: parseSettings({
      encryptionKey: BENCH_ENCRYPTION_KEY,
      // The key-list suite sends `terms` and `ids` lists of up to 1,000,000 values, as a user
      // who raised OpenSearch's `index.max_terms_count` would.
      maxTermsCount: 1_000_000,
      maxMgetDocs: 1_000_000,
      sqliteDirectories: [sqliteDir],
      // 1,000,000-key lists are bodies of several MB.
      maxRequestBytes: 64 * 1024 * 1024,
    }),
  });
  return {
    postgresUrl: postgres.url,
    mysqlUrl,
    sqliteDir,
    openSearchUrl: opensearch.url,
    call: hostCall(server.url),
    async deleteIndex(index) {
      await fetch(`${opensearch.url}/${encodeURIComponent(index)}`, { method: 'DELETE' });
    },
    async close() {
      await server.close();
      rmSync(sqliteDir, { recursive: true, force: true });
      if (opensearch.startedHere && !process.env.FEDERATION_KEEP_OPENSEARCH)
        await opensearch.stop();
    },
  };
}

/** `jdbc:postgresql://host:port/db` settings for a `postgres://user@host:port/db` URL. */
export function postgresJdbc(url: string) {
  const u = new URL(url);
  return {
    driver: 'org.postgresql.Driver',
    url: `jdbc:postgresql://${u.hostname}:${u.port || 5432}${u.pathname}`,
    username: decodeURIComponent(u.username),
    password: u.password ? decodeURIComponent(u.password) : undefined,
  };
}

/** A catalog call the bench needs to succeed (datasource, virtual index): anything else throws. */
export async function expectOk(host: BenchHost, method: string, urlPath: string, body: unknown) {
  const r = await host.call(method, urlPath, body);
  if (r.status >= 300) {
    throw new Error(`${method} ${urlPath}: ${r.status} ${JSON.stringify(r.body)}`);
  }
}
