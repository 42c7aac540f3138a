/**
 * For integration tests: one table with the same rows on every local database (PostgreSQL,
 * MariaDB, SQLite), a datasource and a virtual index over each, on a running host; databases the
 * test bed could not provide are left out (tests then skip them by name).
 */
import Database from 'better-sqlite3';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { expect } from 'vitest';
import { databaseSkip, databaseUrl, openSearchClient, uniqueName } from '../bed/context';
import { runSql } from '../bed/run_sql';
import { jdbcFor, sqliteJdbc, type FederationApi } from './in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from './api_paths';

export const VIRTUAL_TABLE_KINDS = ['postgres', 'mysql', 'sqlite'] as const;
export type VirtualTableKind = (typeof VIRTUAL_TABLE_KINDS)[number];

/** The statements that create and fill the table `table`, in `kind`'s SQL. */
export type TableStatements = (kind: VirtualTableKind, table: string) => string[];

/** A virtual index's definition, as PUT to `/_svc/connector/index/<name>`. */
export interface VirtualIndexBody {
  datasource: string;
  resource: string;
  key: string;
}

export interface VirtualTables {
  /** The virtual index on `kind`'s table, or the test skipped when `kind` is unavailable. */
  indexOf(kind: VirtualTableKind, ctx: { skip(reason: string): never }): string;
  /** Its definition, to create it again. */
  definitionOf(kind: VirtualTableKind): VirtualIndexBody;
  /** Removes the virtual indices, their concrete indices, datasources and tables. */
  remove(): Promise<void>;
}

export async function createVirtualTables(
  api: FederationApi,
  prefix: string,
  statements: TableStatements
): Promise<VirtualTables> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const created = new Map<VirtualTableKind, { name: string; body: VirtualIndexBody }>();
  for (const kind of VIRTUAL_TABLE_KINDS) {
    if (kind !== 'sqlite' && databaseSkip(kind) !== null) continue;
    const table = `fed_${prefix}_${Math.random().toString(36).slice(2, 8)}`;
    let jdbc: Record<string, string | undefined>;
    if (kind === 'sqlite') {
      const file = path.join(mkdtempSync(path.join(tmpdir(), `federation-${prefix}-`)), 't.sqlite');
      const db = new Database(file);
      for (const sql of statements(kind, table)) db.exec(sql);
      db.close();
      jdbc = sqliteJdbc(file);
    } else {
      const url = databaseUrl(kind, { skip: () => undefined as never });
      await runSql(kind, url, statements(kind, table));
      cleanups.push(() => runSql(kind, url, [`DROP TABLE IF EXISTS ${table}`]));
      jdbc = jdbcFor(kind, url);
    }
    const datasource = uniqueName(`${prefix}-ds-${kind}`);
    const saved = await api.call('PUT', `${DATASOURCES}/${datasource}`, { jdbc });
    expect(saved.status, saved.text.slice(0, 300)).toBe(201);
    cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
    const name = uniqueName(`${prefix}-${kind}`);
    const body = { datasource, resource: table, key: 'id' };
    const made = await api.call('PUT', `${VIRTUAL_INDICES}/${name}`, body);
    expect(made.status, made.text.slice(0, 300)).toBe(201);
    cleanups.push(async () => {
      await api.call('DELETE', `${VIRTUAL_INDICES}/${name}`);
      await openSearchClient().indices.delete({ index: name }, { ignore: [404] });
    });
    created.set(kind, { name, body });
  }
  return {
    indexOf: (kind, ctx) => created.get(kind)?.name ?? ctx.skip(`${kind} is unavailable`),
    definitionOf: (kind) => created.get(kind)!.body,
    remove: async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    },
  };
}
