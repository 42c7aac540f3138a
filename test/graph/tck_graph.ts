/**
 * Loads one TCK case's graph (tck_file.ts) through the standalone host: an OpenSearch index per
 * entity, except the `virtual` one, a PostgreSQL table exposed as a virtual index. Returns the
 * model over them and what the oracle reads (every document as the service shows it).
 */
import type { Client } from '@opensearch-project/opensearch';
import { fixtureReplicas } from '../bed/context';
import { runSql } from '../bed/run_sql';
import { VIRTUAL_INDICES } from '../support/api_paths';
import type { GraphModelJson } from '../support/graph_models';
import type { FederationApi } from '../support/in_process_host';
import type { GraphData, RawDocument } from './brute_force';
import type { TckGraph } from './tck_file';

/** The virtual index's key column: not a TCK property name. */
const KEY = 'tck_key';

export interface LoadedGraph {
  model: GraphModelJson;
  data: GraphData;
}

type FieldType = 'keyword' | 'long' | 'double' | 'boolean';

/** The mapping type of a value (an array's elements'); undefined for null. */
function typeOf(value: unknown): FieldType | undefined {
  if (Array.isArray(value)) return value.map(typeOf).find((t) => t !== undefined);
  if (typeof value === 'string') return 'keyword';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'long' : 'double';
  return undefined;
}

const SQL_TYPES: Record<FieldType, string> = {
  keyword: 'text COLLATE "C"',
  long: 'integer',
  double: 'double precision',
  boolean: 'boolean',
};

export async function loadTckGraph(
  api: FederationApi,
  client: Client,
  pgUrl: string,
  datasource: string,
  prefix: string,
  graph: TckGraph
): Promise<LoadedGraph> {
  const indexOf = (key: string) => tckIndex(prefix, key);
  const relations = graph.relations ?? [];
  // Every field of every document, typed; relation fields hold `_id`s (keywords).
  const fields = new Map<string, FieldType>();
  for (const docs of Object.values(graph.nodes)) {
    for (const doc of docs) {
      for (const [name, value] of Object.entries(doc)) {
        const type = typeOf(value);
        if (name === '_id' || !type) continue;
        // A field of integers and fractions holds doubles.
        const known = fields.get(name);
        if (!known || (known === 'long' && type === 'double')) fields.set(name, type);
      }
    }
  }
  for (const r of relations) fields.set(r.field, 'keyword');
  // A document lists its relations' targets in the relation's field.
  const documents = (label: string) => graph.nodes[label];

  for (const label of Object.keys(graph.nodes)) {
    const index = indexOf(label);
    if (label === graph.virtual) {
      const columns = [...fields].map(([name, type]) => `"${name}" ${SQL_TYPES[type]}`);
      const literal = (v: unknown) =>
        v === null || v === undefined
          ? 'NULL'
          : typeof v === 'number' || typeof v === 'boolean'
            ? String(v)
            : `'${String(v).replace(/'/g, "''")}'`;
      const rows = documents(label).map((doc) => {
        for (const [name, value] of Object.entries(doc)) {
          if (Array.isArray(value))
            throw new Error(`${label}.${name}: a table column holds one value`);
        }
        return `(${[doc._id, ...[...fields.keys()].map((f) => doc[f])].map(literal).join(', ')})`;
      });
      await runSql('postgres', pgUrl, [
        `DROP TABLE IF EXISTS ${index}`,
        `CREATE TABLE ${index} (${KEY} text COLLATE "C" PRIMARY KEY${columns.map((c) => `, ${c}`).join('')})`,
        ...(rows.length > 0
          ? [
              `INSERT INTO ${index} (${[KEY, ...[...fields.keys()].map((f) => `"${f}"`)].join(', ')}) VALUES ${rows.join(', ')}`,
            ]
          : []),
      ]);
      const vi = await api.call('PUT', `${VIRTUAL_INDICES}/${index}`, {
        datasource,
        resource: index,
        key: KEY,
        schema: 'public',
      });
      if (vi.status >= 300) throw new Error(`virtual index ${index}: ${vi.status} ${vi.text}`);
    } else {
      await client.indices.create({
        index,
        body: {
          settings: { number_of_shards: 1, number_of_replicas: fixtureReplicas() },
          mappings: {
            dynamic: 'strict',
            properties: Object.fromEntries([...fields].map(([name, type]) => [name, { type }])),
          },
        } as never,
      });
      const body = documents(label).flatMap(({ _id, ...source }) => [
        { index: { _index: index, _id } },
        source,
      ]);
      if (body.length > 0) {
        const response = await client.bulk({ body, refresh: true });
        if (response.body.errors)
          throw new Error(`bulk load of ${index}: ${JSON.stringify(response.body.items[0])}`);
      }
    }
  }

  // A key `A:B` holds documents of both labels: each entity reads every key that names it.
  const labels = [...new Set(Object.keys(graph.nodes).flatMap((key) => key.split(':')))];
  const model: GraphModelJson = {
    label: 'tck',
    entities: labels.map((label) => ({
      label,
      indices: Object.keys(graph.nodes)
        .filter((key) => key.split(':').includes(label))
        .map(indexOf),
    })),
    relations: relations.map((r) =>
      r.held_by === 'to'
        ? { label: r.label, from: { entity: r.from }, to: { entity: r.to, field: r.field } }
        : { label: r.label, from: { entity: r.from, field: r.field }, to: { entity: r.to } }
    ),
  };

  // What the oracle reads: each index's documents and field types as the service shows them.
  const docs = new Map<string, RawDocument[]>();
  const types = new Map<string, Map<string, string>>();
  for (const label of Object.keys(graph.nodes)) {
    const index = indexOf(label);
    const hits = await api.call('POST', `/svc/${index}/_search`, { size: 10_000 });
    const mapping = await api.call('GET', `/svc/${index}/_mapping`);
    if (hits.status !== 200 || mapping.status !== 200)
      throw new Error(`reading ${index}: ${hits.text} ${mapping.text}`);
    docs.set(
      index,
      hits.body.hits.hits.map((hit: RawDocument) => ({
        _index: index,
        _id: hit._id,
        _source: hit._source,
      }))
    );
    const properties: Record<string, { type?: string }> =
      mapping.body[index]?.mappings?.properties ?? {};
    types.set(
      index,
      new Map(Object.entries(properties).flatMap(([k, v]) => (v.type ? [[k, v.type]] : [])))
    );
  }
  const data: GraphData = {
    documents: (index) => docs.get(index) ?? [],
    fieldType: (index, field) => types.get(index)?.get(field),
    matching: () => Promise.reject(new Error('the TCK cases use no query strings')),
  };
  return { model, data };
}

/** Deletes a case's indices, virtual index and table, if there (a crashed run's too). */
export async function dropTckGraph(
  api: FederationApi,
  client: Client,
  pgUrl: string,
  prefix: string,
  graph: TckGraph
): Promise<void> {
  for (const label of Object.keys(graph.nodes)) {
    const index = tckIndex(prefix, label);
    if (label === graph.virtual) {
      await api.call('DELETE', `${VIRTUAL_INDICES}/${index}`);
      await runSql('postgres', pgUrl, [`DROP TABLE IF EXISTS ${index}`]);
    } else {
      await client.indices.delete({ index }, { ignore: [404] });
    }
  }
}

/** The index (or table) of a key of `graph.nodes`: `A:B` gives `<prefix>_a_b`. */
function tckIndex(prefix: string, key: string): string {
  return `${prefix}_${key.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`;
}
