/**
 * What the oracle knows of the fixture, read back through the service and OpenSearch: every
 * document of every index (the virtual index through `/svc/<index>/_search`, so values are what
 * the service shows), each index's field types, and which documents a node query string matches
 * (asked of OpenSearch, the reference semantics; for the virtual index, of its OpenSearch mirror).
 */
import type { Client } from '@opensearch-project/opensearch';
import type { FederationApi } from '../support/in_process_host';
import type { GraphData, RawDocument } from './brute_force';
import { CORPUS_INDICES } from '../support/graph_models';

/** index -> dotted field path -> mapping type, from a `properties` tree. */
function flattenProperties(
  properties: Record<string, any>,
  prefix = '',
  out = new Map<string, string>()
) {
  for (const [name, spec] of Object.entries(properties ?? {})) {
    const path = prefix + name;
    if (spec.properties) flattenProperties(spec.properties, `${path}.`, out);
    else if (spec.type) out.set(path, spec.type);
  }
  return out;
}

export async function readGraphData(api: FederationApi, client: Client): Promise<GraphData> {
  const docs = new Map<string, RawDocument[]>();
  const types = new Map<string, Map<string, string>>();
  for (const index of Object.values(CORPUS_INDICES)) {
    if (index === CORPUS_INDICES.cityMirror) continue;
    let hits: any[];
    let properties: Record<string, unknown>;
    if (index === CORPUS_INDICES.city) {
      const response = await api.call('POST', `/svc/${index}/_search`, { size: 10_000 });
      const mapping = await api.call('GET', `/svc/${index}/_mapping`);
      if (response.status !== 200 || mapping.status !== 200)
        throw new Error(`reading ${index}: ${response.text}`);
      hits = response.body.hits.hits;
      properties = mapping.body[index].mappings.properties;
    } else {
      const response = await client.search({
        index,
        body: { size: 10_000, query: { match_all: {} } } as never,
      });
      const mapping = await client.indices.getMapping({ index });
      hits = response.body.hits.hits as any[];
      properties = (mapping.body as any)[index].mappings.properties;
    }
    docs.set(
      index,
      hits.map((hit) => ({ _index: index, _id: hit._id, _source: hit._source }))
    );
    types.set(index, flattenProperties(properties));
  }

  const matchCache = new Map<string, Promise<Set<string>>>();
  return {
    documents: (index) => {
      const found = docs.get(index);
      if (!found) throw new Error(`the fixture has no index [${index}]`);
      return found;
    },
    fieldType: (index, path) => types.get(index)?.get(path),
    matching(indices, query) {
      const key = JSON.stringify([indices, query]);
      let found = matchCache.get(key);
      if (!found) {
        found = matchingIds(client, indices, query);
        matchCache.set(key, found);
      }
      return found;
    },
  };
}

/** `index\u0000_id` of every document of `indices` that OpenSearch's query_string matches. */
async function matchingIds(client: Client, indices: string[], query: string): Promise<Set<string>> {
  const result = new Set<string>();
  // The virtual index is asked of its mirror; the ids are the same, the index name maps back.
  const searched = indices.map((i) => (i === CORPUS_INDICES.city ? CORPUS_INDICES.cityMirror : i));
  const response = await client.search({
    index: searched.join(','),
    body: { size: 10_000, _source: false, query: { query_string: { query } } } as never,
  });
  for (const hit of response.body.hits.hits as Array<{ _index: string; _id: string }>) {
    const index = hit._index === CORPUS_INDICES.cityMirror ? CORPUS_INDICES.city : hit._index;
    result.add(`${index}\u0000${hit._id}`);
  }
  return result;
}
