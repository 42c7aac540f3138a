/**
 * The world the fuzz cases run in: one standalone host with small timeouts and request limit, a
 * small seeded data set in a normal OpenSearch index and in a table on PostgreSQL, MariaDB and
 * SQLite, each behind its own datasource and virtual index. Databases that are unavailable are
 * left out (with the reason in `skipped`), SQLite always runs.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { inject } from 'vitest';
import { databaseSkip, openSearchClient, openSearchUrl, uniqueName } from '../bed/context';
import { datasetSpec } from '../differential/dataset';
import { createOpenSearchIndex, deleteOpenSearchIndex } from '../differential/opensearch_index';
import { createSqlTable, SQL_KINDS, type SqlKind } from '../differential/sql_tables';
import { valuePool } from '../differential/value_pool';
import type { FederationSettings } from '../../server/engine/settings';
import { jdbcFor, sqliteJdbc } from '../support/in_process_host';
import { startHostProcess, type HostProcess } from '../support/host_process';
import type { FuzzWorld } from './valid_requests';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

/** Small on purpose: every case must answer within a few seconds, and huge bodies stay cheap. */
export const FUZZ_HOST_SETTINGS = {
  maxRequestBytes: 1024 * 1024,
  connectorConnectTimeoutMs: 2_000,
  connectorStatementTimeoutMs: 2_000,
  joinTimeoutMs: 3_000,
  // A graph query that runs away answers a 504 naming its step well before the case limit.
  graphTimeoutMs: 5_000,
} satisfies Partial<FederationSettings>;

/** The longest any case may take: the largest configured deadline plus slack for a busy machine. */
export const CASE_LIMIT_MS =
  Math.max(FUZZ_HOST_SETTINGS.joinTimeoutMs, FUZZ_HOST_SETTINGS.graphTimeoutMs) +
  FUZZ_HOST_SETTINGS.connectorConnectTimeoutMs +
  5_000;

/** The PostgreSQL datasource's password (the test bed trusts local connections, so any works). */
export const FUZZ_SECRET = 'fuzz-Secret-7f3a91c2e8';

export interface FuzzFixture {
  /** The host; replaced by `restart`. */
  api: HostProcess;
  /** Kills the host and starts a new one on the same catalog (after a case froze it). */
  restart(): Promise<void>;
  world: FuzzWorld;
  skipped: Map<SqlKind, string>;
  close(): Promise<void>;
}

export async function setUpFuzzFixture(rows: number): Promise<FuzzFixture> {
  const tempDir = mkdtempSync(path.join(tmpdir(), 'federation-fuzz-'));
  // The SQLite file lives in a directory of its own, the only one this host may open.
  const settings = { ...FUZZ_HOST_SETTINGS, sqliteDirectories: [tempDir] };
  let api = await startHostProcess(openSearchUrl(), settings);
  const spec = datasetSpec(20251123, rows);
  const normal = uniqueName('fuzz-normal');
  const world: FuzzWorld = {
    normal,
    virtual: {},
    datasources: {},
    tables: {},
    sqliteFile: path.join(tempDir, 'fuzz.sqlite'),
    freshPrefix: `${uniqueName('fuzz-new')}-`,
    pool: valuePool(spec),
  };
  const skipped = new Map<SqlKind, string>();
  const cleanups: Array<() => Promise<unknown>> = [
    () => deleteOpenSearchIndex(normal),
    async () => rmSync(tempDir, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api.close();
  };
  try {
    await createOpenSearchIndex(normal, spec);
    for (const kind of SQL_KINDS) {
      const reason = kind === 'sqlite' ? null : databaseSkip(kind);
      if (reason !== null) {
        skipped.set(kind, reason);
        continue;
      }
      const table = await createSqlTable(
        kind,
        {
          url: kind === 'postgres' ? inject('postgresUrl')! : inject('mysqlUrl')!,
          sqliteFile: world.sqliteFile,
        },
        uniqueName(`fuzz_${kind}`).replace(/-/g, '_'),
        spec
      );
      cleanups.push(() => table.drop());
      const datasource = uniqueName(`fuzz-ds-${kind}`);
      const jdbc =
        kind === 'sqlite'
          ? sqliteJdbc(table.location)
          : jdbcFor(kind, table.location, kind === 'postgres' ? { password: FUZZ_SECRET } : {});
      const ds = await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc });
      if (ds.status >= 300) throw new Error(`datasource ${datasource}: ${ds.text}`);
      cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
      const index = uniqueName(`fuzz-vi-${kind}`);
      const vi = await api.call('PUT', `${VIRTUAL_INDICES}/${index}`, {
        datasource,
        resource: table.name,
        key: spec.key,
      });
      if (vi.status >= 300) throw new Error(`virtual index ${index}: ${vi.text}`);
      cleanups.push(async () => {
        await api.call('DELETE', `${VIRTUAL_INDICES}/${index}`);
        await deleteOpenSearchIndex(index);
      });
      world.virtual[kind] = index;
      world.datasources[kind] = datasource;
      world.tables[kind] = table.name;
    }
  } catch (error) {
    await close();
    throw error;
  }
  const fixture: FuzzFixture = {
    api,
    world,
    skipped,
    close,
    restart: async () => {
      await fixture.api.close();
      api = await startHostProcess(openSearchUrl(), settings);
      fixture.api = api;
    },
  };
  return fixture;
}

/** Removes what a fuzz case may have left: datasources and virtual indices under the fresh prefix. */
export async function removeFreshState(api: HostProcess, world: FuzzWorld): Promise<string[]> {
  const left: string[] = [];
  for (const [list, base] of [
    ['/_svc/connector/index/_search', '/_svc/connector/index'],
    ['/_svc/connector/datasource/_search', '/_svc/connector/datasource'],
  ] as const) {
    const response = await api.call('GET', list);
    const hits: Array<{ _id: string }> = response.body?.hits?.hits ?? [];
    for (const hit of hits) {
      if (!hit._id.startsWith(world.freshPrefix)) continue;
      left.push(hit._id);
      await api.call('DELETE', `${base}/${encodeURIComponent(hit._id)}`);
    }
  }
  await openSearchClient()
    .indices.delete({ index: `${world.freshPrefix}*` }, { ignore: [404] })
    .catch(() => undefined);
  return left;
}
