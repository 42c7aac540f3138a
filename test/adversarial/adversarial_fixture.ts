/**
 * The world the adversarial shapes run in: the suite's SQL tables (suite_tables.ts) behind a
 * PostgreSQL and a MariaDB datasource, a virtual index on each table and each slow view, the same
 * 2,000 people in an OpenSearch index, a small index the probe searches, an index the PIT floods
 * open on, and the graph model the graph shapes query. Everything named per run is removed by
 * `close`; the SQL tables stay for the next run.
 */
import { inject } from 'vitest';
import { SAVED_QUERY_INDEX } from '../../common/saved_query_types';
import { PIT_INDEX } from '../../server/engine/pit/pit_state';
import { openSearchClient, uniqueName } from '../bed/context';
import { jdbcFor } from '../bed/jdbc';
import type { HostCall } from '../support/host_call';
import { createOpenSearchIndex, deleteOpenSearchIndex } from '../differential/opensearch_index';
import type { TableSpec } from '../differential/table_spec';
import { ensureSuiteTables, people, PEOPLE_TABLE, SLOW_VIEW, type SqlKind } from './suite_tables';
import { DATASOURCES, SAVED_QUERIES, VIRTUAL_INDICES } from '../support/api_paths';

export interface AdversarialWorld {
  databaseUrls: Record<SqlKind, string>;
  /** OpenSearch index of the people (entity `OsPerson`, join levels). */
  osPeople: string;
  /** The probe's small index. */
  probeIndex: string;
  /** Where PIT floods open: nothing else searches it, so its open contexts are the floods'. */
  pitIndex: string;
  /** Virtual indices on the people table, per database. */
  virtualPeople: Record<SqlKind, string>;
  /** Virtual indices on the slow view, per database. */
  virtualSlow: Record<SqlKind, string>;
  /** Every id and saved-query id created per run starts with this. */
  runPrefix: string;
  /** The model of the graph shapes: `Person` (PostgreSQL) and `OsPerson`, each with `SAME`. */
  model: Record<string, unknown>;
}

export const GRAPH_LABEL = 'p';

const PEOPLE_SPEC: TableSpec = {
  columns: [
    { name: 'id', type: 'long' },
    { name: 'company_id', type: 'long' },
  ],
  key: 'id',
  rows: people().map((person) => ({ ...person })),
};

export interface AdversarialFixture {
  world: AdversarialWorld;
  /** Saves queries through the host (each must be accepted); `close` removes them. */
  saveQueries(queries: Array<{ id: string; body: Record<string, unknown> }>): Promise<void>;
  /** Remembers a saved query a shape may have written through the host, for `close`. */
  trackSavedQuery(id: string): void;
  close(): Promise<void>;
}

/**
 * @param call the current host's client (a host that died is replaced, so it is asked for each
 *   time).
 */
export async function setUpAdversarialWorld(host: () => HostCall): Promise<AdversarialFixture> {
  const call: HostCall = (method, urlPath, body) => host()(method, urlPath, body);
  const runPrefix = uniqueName('adv');
  const databaseUrls = { postgres: inject('postgresUrl')!, mysql: inject('mysqlUrl')! };
  const world: AdversarialWorld = {
    databaseUrls,
    osPeople: `${runPrefix}-people`,
    probeIndex: `${runPrefix}-probe`,
    pitIndex: `${runPrefix}-pits`,
    virtualPeople: { postgres: `${runPrefix}-vi-pg`, mysql: `${runPrefix}-vi-my` },
    virtualSlow: { postgres: `${runPrefix}-slow-pg`, mysql: `${runPrefix}-slow-my` },
    runPrefix,
    model: {},
  };
  const cleanups: Array<() => Promise<unknown>> = [];
  const savedQueries = new Set<string>();
  cleanups.push(() => deleteSavedQueries([...savedQueries]));
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    await Promise.all([
      ensureSuiteTables('postgres', databaseUrls.postgres),
      ensureSuiteTables('mysql', databaseUrls.mysql),
    ]);
    const indices = [world.osPeople, world.probeIndex, world.pitIndex];
    for (const index of indices) cleanups.push(() => deleteOpenSearchIndex(index));
    // PIT states a dying host left behind would count against every user's maxOpenPits until
    // they expire; deleting the indices closed their OpenSearch contexts.
    cleanups.push(() =>
      openSearchClient().deleteByQuery(
        { index: PIT_INDEX, refresh: true, body: { query: { terms: { indices } } } },
        { ignore: [404] }
      )
    );
    await createOpenSearchIndex(world.osPeople, PEOPLE_SPEC);
    await createOpenSearchIndex(world.probeIndex, {
      ...PEOPLE_SPEC,
      rows: PEOPLE_SPEC.rows.slice(0, 10),
    });
    await createOpenSearchIndex(world.pitIndex, {
      ...PEOPLE_SPEC,
      rows: PEOPLE_SPEC.rows.slice(0, 10),
    });
    for (const kind of ['postgres', 'mysql'] as const) {
      const datasource = `${runPrefix}-ds-${kind}`;
      const ds = await call('PUT', `${DATASOURCES}/${datasource}`, {
        jdbc: jdbcFor(kind, databaseUrls[kind]),
      });
      if (ds.status >= 300) throw new Error(`datasource ${datasource}: ${ds.text}`);
      cleanups.push(() => call('DELETE', `${DATASOURCES}/${datasource}`));
      for (const [index, resource] of [
        [world.virtualPeople[kind], PEOPLE_TABLE],
        [world.virtualSlow[kind], SLOW_VIEW],
      ] as const) {
        const vi = await call('PUT', `${VIRTUAL_INDICES}/${index}`, {
          datasource,
          resource,
          key: 'id',
        });
        if (vi.status >= 300) throw new Error(`virtual index ${index}: ${vi.text}`);
        cleanups.push(async () => {
          await call('DELETE', `${VIRTUAL_INDICES}/${index}`);
          await deleteOpenSearchIndex(index);
        });
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  world.model = {
    label: GRAPH_LABEL,
    entities: [
      { label: 'Person', indices: [world.virtualPeople.postgres], id: 'id' },
      { label: 'OsPerson', indices: [world.osPeople], id: 'id' },
    ],
    relations: [
      {
        label: 'SAME',
        from: { entity: 'Person', field: 'company_id' },
        to: { entity: 'Person', field: 'company_id' },
      },
      {
        label: 'OS_SAME',
        from: { entity: 'OsPerson', field: 'company_id' },
        to: { entity: 'OsPerson', field: 'company_id' },
      },
    ],
  };
  return {
    world,
    close,
    trackSavedQuery: (id) => savedQueries.add(id),
    async saveQueries(queries) {
      for (const { id, body } of queries) {
        savedQueries.add(id);
        const saved = await call('PUT', `${SAVED_QUERIES}/${id}`, body);
        if (saved.status >= 300) throw new Error(`saving query ${id}: ${saved.text.slice(0, 300)}`);
      }
    },
  };
}

async function deleteSavedQueries(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await openSearchClient().bulk({
    refresh: true,
    body: ids.map((id) => ({ delete: { _index: SAVED_QUERY_INDEX, _id: id } })),
  });
}
