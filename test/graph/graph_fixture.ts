/**
 * Loads the graph fixture (fixture_data.ts) through the standalone host: the OpenSearch indices
 * `gqlfx_*`, the PostgreSQL table `gqlfx_city` with its datasource and virtual index, and an
 * OpenSearch mirror of that virtual index for the oracle's query strings.
 */
import type { Client } from '@opensearch-project/opensearch';
import { fixtureReplicas } from '../bed/context';
import { runSql } from '../bed/run_sql';
import { jdbcFor, type FederationApi } from '../support/in_process_host';
import { DATASOURCES, VIRTUAL_INDICES } from '../support/api_paths';
import { CORPUS_INDICES } from '../support/graph_models';
import { CITY_TABLE, DATASOURCE, graphDocuments, MAPPINGS } from './fixture_data';

/** Everything the fixture creates, deleted first so a run left over by a crash does not matter. */
export async function dropGraphFixture(api: FederationApi, client: Client, pgUrl: string) {
  await api.call('DELETE', `${VIRTUAL_INDICES}/${CORPUS_INDICES.city}`);
  await api.call('DELETE', `${DATASOURCES}/${DATASOURCE}`);
  await client.indices.delete(
    { index: Object.values(CORPUS_INDICES).join(','), ignore_unavailable: true },
    { ignore: [404] }
  );
  await runSql('postgres', pgUrl, [`DROP TABLE IF EXISTS ${CITY_TABLE}`]);
}

/** Loads the fixture: OpenSearch indices, the PostgreSQL table, its datasource and virtual index. */
export async function loadGraphFixture(api: FederationApi, client: Client, pgUrl: string) {
  await dropGraphFixture(api, client, pgUrl);
  const docs = graphDocuments();
  for (const key of Object.keys(MAPPINGS) as Array<keyof typeof MAPPINGS>) {
    const index = CORPUS_INDICES[key];
    await client.indices.create({
      index,
      body: {
        settings: { number_of_shards: 2, number_of_replicas: fixtureReplicas() },
        mappings: { dynamic: 'strict', properties: MAPPINGS[key] },
      } as never,
    });
    const idField = key === 'company' ? 'code' : 'id';
    const body = docs[key].flatMap((doc) => [
      { index: { _index: index, _id: String(doc[idField]) } },
      doc,
    ]);
    const response = await client.bulk({ body, refresh: true });
    if (response.body.errors)
      throw new Error(
        `bulk load of ${index} failed: ${JSON.stringify(response.body.items.slice(0, 3))}`
      );
  }

  // COLLATE "C" makes the remote table compare strings as OpenSearch keyword fields do.
  const literal = (v: unknown) =>
    v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  await runSql('postgres', pgUrl, [
    `CREATE TABLE ${CITY_TABLE} (id integer PRIMARY KEY, name text COLLATE "C" NOT NULL,
       country text COLLATE "C", population bigint, founded date, area double precision)`,
    `INSERT INTO ${CITY_TABLE} (id, name, country, population, founded, area) VALUES ${docs.city
      .map(
        (c) =>
          `(${[c.id, c.name, c.country, c.population, c.founded, c.area].map(literal).join(', ')})`
      )
      .join(', ')}`,
  ]);
  const ds = await api.call('PUT', `${DATASOURCES}/${DATASOURCE}`, {
    jdbc: jdbcFor('postgres', pgUrl),
  });
  if (ds.status >= 300) throw new Error(`datasource: ${ds.status} ${ds.text}`);
  const vi = await api.call('PUT', `${VIRTUAL_INDICES}/${CORPUS_INDICES.city}`, {
    datasource: DATASOURCE,
    resource: CITY_TABLE,
    key: 'id',
    schema: 'public',
  });
  if (vi.status >= 300) throw new Error(`virtual index: ${vi.status} ${vi.text}`);

  // The mirror holds the virtual index's documents as the service shows them, with its mapping.
  const mapping = await api.call('GET', `/svc/${CORPUS_INDICES.city}/_mapping`);
  const hits = await api.call('POST', `/svc/${CORPUS_INDICES.city}/_search`, { size: 10_000 });
  if (mapping.status !== 200 || hits.status !== 200)
    throw new Error(`reading the virtual index: ${hits.text}`);
  await client.indices.create({
    index: CORPUS_INDICES.cityMirror,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: fixtureReplicas() },
      mappings: mapping.body[CORPUS_INDICES.city].mappings,
    } as never,
  });
  const mirrorBody = hits.body.hits.hits.flatMap(
    (hit: { _id: string; _source: Record<string, unknown> }) => [
      { index: { _index: CORPUS_INDICES.cityMirror, _id: hit._id } },
      hit._source,
    ]
  );
  const mirrored = await client.bulk({ body: mirrorBody, refresh: true });
  if (mirrored.body.errors) throw new Error('bulk load of the city mirror failed');
}
