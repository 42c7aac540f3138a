/**
 * The databases the injection corpus runs against: PostgreSQL, MariaDB as configured by the
 * shared test bed, a second MariaDB with `sql_mode=NO_BACKSLASH_ESCAPES`, and SQLite. On each, a
 * table of documents behind a virtual index and, beside it in the same database, a canary table
 * holding a secret that no response may ever contain.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { inject } from 'vitest';
import { databaseSkip, uniqueName } from '../bed/context';
import { startSecondMariaDb } from '../bed/second_mariadb';
import { deleteOpenSearchIndex } from '../differential/opensearch_index';
import { createSqlTable, type SqlKind, type SqlTable } from '../differential/sql_tables';
import type { TableSpec } from '../differential/table_spec';
import { jdbcFor, sqliteJdbc, type FederationApi } from '../support/in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

export type BedKind = 'postgres' | 'mariadb' | 'mariadb-no-backslash-escapes' | 'sqlite';
export const BED_KINDS: readonly BedKind[] = [
  'postgres',
  'mariadb',
  'mariadb-no-backslash-escapes',
  'sqlite',
];

export interface InjectionTarget {
  kind: BedKind;
  /** The virtual index over `docs`. */
  index: string;
  docs: SqlTable;
  canary: SqlTable;
}

export interface InjectionBed {
  targets: Map<BedKind, InjectionTarget>;
  skipped: Map<BedKind, string>;
  close(): Promise<void>;
}

function sqlKind(kind: BedKind): SqlKind {
  return kind === 'postgres' || kind === 'sqlite' ? kind : 'mysql';
}

/**
 * Sets up every target it can. A database the shared bed skipped is skipped here too; the
 * second MariaDB is started here, and failing to start it is a skip locally but an error under
 * CI, where the suite must prove the fix on that server.
 */
export async function setUpInjectionBed(
  api: FederationApi,
  docsSpec: TableSpec,
  canarySpec: TableSpec,
  canaryName: string
): Promise<InjectionBed> {
  const tempDir = mkdtempSync(path.join(tmpdir(), 'federation-injection-'));
  const targets = new Map<BedKind, InjectionTarget>();
  const skipped = new Map<BedKind, string>();
  const cleanups: Array<() => Promise<unknown>> = [
    async () => rmSync(tempDir, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  const urlOf = async (kind: BedKind): Promise<string | null> => {
    if (kind === 'sqlite') return path.join(tempDir, 'injection.sqlite');
    if (kind === 'mariadb-no-backslash-escapes') {
      try {
        const server = await startSecondMariaDb({ sqlMode: 'NO_BACKSLASH_ESCAPES' });
        cleanups.push(() => server.stop());
        return server.url;
      } catch (err) {
        if (process.env.CI === 'true') throw err;
        skipped.set(kind, `the second MariaDB did not start: ${(err as Error).message}`);
        return null;
      }
    }
    const reason = databaseSkip(kind === 'postgres' ? 'postgres' : 'mysql');
    if (reason !== null) {
      skipped.set(kind, reason);
      return null;
    }
    return kind === 'postgres' ? inject('postgresUrl')! : inject('mysqlUrl')!;
  };
  try {
    // One after the other: the machine is small, and the second MariaDB's start dominates.
    for (const kind of BED_KINDS) {
      const url = await urlOf(kind);
      if (url === null) continue;
      const connection = kind === 'sqlite' ? { sqliteFile: url } : { url };
      const prefix = kind.replace(/-/g, '_');
      const docs = await createSqlTable(
        sqlKind(kind),
        connection,
        uniqueName(`inj_${prefix}`).replace(/-/g, '_'),
        docsSpec
      );
      cleanups.push(() => docs.drop());
      const canary = await createSqlTable(sqlKind(kind), connection, canaryName, canarySpec);
      cleanups.push(() => canary.drop());
      const index = await createVirtualIndex(api, docs, docsSpec.key, cleanups);
      targets.set(kind, { kind, index, docs, canary });
    }
  } catch (err) {
    await close();
    throw err;
  }
  return { targets, skipped, close };
}

async function createVirtualIndex(
  api: FederationApi,
  table: SqlTable,
  key: string,
  cleanups: Array<() => Promise<unknown>>
): Promise<string> {
  const datasource = uniqueName(`ds-inj-${table.kind}`);
  const ds = await api.call('PUT', `${DATASOURCES}/${datasource}`, {
    jdbc:
      table.kind === 'sqlite' ? sqliteJdbc(table.location) : jdbcFor(table.kind, table.location),
  });
  if (ds.status >= 300) throw new Error(`datasource ${datasource}: ${ds.text}`);
  cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
  const index = uniqueName(`vi-inj-${table.kind}`);
  const vi = await api.call('PUT', `${VIRTUAL_INDICES}/${index}`, {
    datasource,
    resource: table.name,
    key,
  });
  if (vi.status >= 300) throw new Error(`virtual index ${index}: ${vi.text}`);
  cleanups.push(async () => {
    await api.call('DELETE', `${VIRTUAL_INDICES}/${index}`);
    await deleteOpenSearchIndex(index);
  });
  return index;
}
