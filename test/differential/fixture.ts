/**
 * One differential fixture: a TableSpec loaded into a real OpenSearch index and into a table on
 * each available SQL database, each table behind its own datasource and virtual index, all
 * reached through one standalone Federation host. Tests ask for a target per database kind and
 * are skipped, with the reason, when that database is unavailable.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { inject } from 'vitest';
import { databaseSkip, uniqueName, type Skippable } from '../bed/context';
import {
  jdbcFor,
  sqliteJdbc,
  startFederationApi,
  type FederationApi,
} from '../support/in_process_host';
import type { SearchOutcome } from './compare';
import { createOpenSearchIndex, deleteOpenSearchIndex } from './opensearch_index';
import { createSqlTable, SQL_KINDS, type SqlKind, type SqlTable } from './sql_tables';
import type { TableSpec } from './table_spec';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';

export interface Target {
  kind: SqlKind;
  /** The virtual index name. */
  index: string;
  table: SqlTable;
}

export interface Fixture {
  api: FederationApi;
  spec: TableSpec;
  /** The reference OpenSearch index. */
  reference: string;
  /** Reference answers by body text (see expect_same.ts). */
  referenceAnswers: Map<string, Promise<SearchOutcome>>;
  /** The target for `kind`, or skips the calling test with the reason it is unavailable. */
  target(kind: SqlKind, ctx: Skippable): Target;
  /** Every target that could be set up. */
  available(): Target[];
  close(): Promise<void>;
}

export async function setUpFixture(prefix: string, spec: TableSpec): Promise<Fixture> {
  const api = await startFederationApi();
  const reference = uniqueName(`${prefix}-ref`);
  const tempDir = mkdtempSync(path.join(tmpdir(), `federation-${prefix}-`));
  const targets = new Map<SqlKind, Target>();
  const skipped = new Map<SqlKind, string>();
  const cleanups: Array<() => Promise<unknown>> = [
    () => deleteOpenSearchIndex(reference),
    async () => rmSync(tempDir, { recursive: true, force: true }),
  ];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    await api.close();
  };
  try {
    await Promise.all([
      createOpenSearchIndex(reference, spec),
      ...SQL_KINDS.map(async (kind) => {
        const reason = kind === 'sqlite' ? null : databaseSkip(kind);
        if (reason !== null) {
          skipped.set(kind, reason);
          return;
        }
        const table = await createSqlTable(
          kind,
          {
            url: kind === 'postgres' ? inject('postgresUrl')! : inject('mysqlUrl')!,
            sqliteFile: path.join(tempDir, `${prefix}.sqlite`),
          },
          uniqueName(`${prefix}_${kind}`).replace(/-/g, '_'),
          spec
        );
        cleanups.push(() => table.drop());
        targets.set(kind, {
          kind,
          index: await createVirtualIndex(api, table, spec, cleanups),
          table,
        });
      }),
    ]);
  } catch (err) {
    await close();
    throw err;
  }
  return {
    api,
    spec,
    reference,
    referenceAnswers: new Map(),
    target(kind, ctx) {
      const found = targets.get(kind);
      if (found) return found;
      return ctx.skip(skipped.get(kind) ?? `${kind} is unavailable`);
    },
    available: () => [...targets.values()],
    close,
  };
}

async function createVirtualIndex(
  api: FederationApi,
  table: SqlTable,
  spec: TableSpec,
  cleanups: Array<() => Promise<unknown>>
): Promise<string> {
  const datasource = uniqueName(`ds-${table.kind}`);
  const ds = await api.call('PUT', `${DATASOURCES}/${datasource}`, {
    jdbc:
      table.kind === 'sqlite' ? sqliteJdbc(table.location) : jdbcFor(table.kind, table.location),
  });
  if (ds.status >= 300) throw new Error(`datasource ${datasource}: ${ds.text}`);
  cleanups.push(() => api.call('DELETE', `${DATASOURCES}/${datasource}`));
  const index = uniqueName(`vi-${table.kind}`);
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
  return index;
}
