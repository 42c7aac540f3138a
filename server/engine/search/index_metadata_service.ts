import { setOwn } from '../sql/own_property';
import { mappingProperties } from '../catalog/concrete_indices';
import type { StoredVirtualIndex } from '../catalog/virtual_index_service';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import type { IndexResolver } from '../backends/index_resolver';
import { definedParams, type QueryParams } from '../backends/query_params';

interface FieldCapability {
  type: string;
  searchable: boolean;
  aggregatable: boolean;
  indices?: string[];
}

/**
 * `_mapping` and `_field_caps`: answered from the catalog's column list for virtual indices
 * (no remote round trip), and by OpenSearch for everything else.
 */
export class IndexMetadataService {
  constructor(
    private readonly openSearch: OpenSearchGateway,
    private readonly resolver: IndexResolver
  ) {}

  async mapping(index: string, params: QueryParams): Promise<unknown> {
    const target = await this.resolver.resolve(index);
    if (target.kind === 'opensearch') {
      return this.openSearch.request({
        method: 'GET',
        path: opensearchPath(index, '_mapping'),
        querystring: definedParams(params),
      });
    }
    return Object.fromEntries(
      target.names.map((name) => [
        name,
        { mappings: { properties: mappingProperties(target.definitions.get(name)!.columns) } },
      ])
    );
  }

  async fieldCaps(
    index: string,
    fields: string[],
    params: QueryParams,
    body?: Record<string, unknown>
  ): Promise<unknown> {
    const target = await this.resolver.resolve(index);
    if (target.kind === 'opensearch') {
      return this.openSearch.request({
        method: 'POST',
        path: opensearchPath(index, '_field_caps'),
        querystring: definedParams(params),
        body,
      });
    }
    return virtualFieldCaps(target.names, target.definitions, fields);
  }
}

/** Field capabilities in OpenSearch's shape; a field typed differently per index lists `indices`. */
export function virtualFieldCaps(
  names: string[],
  definitions: Map<string, StoredVirtualIndex>,
  fields: string[]
): { indices: string[]; fields: Record<string, Record<string, FieldCapability>> } {
  const matchers = fields.map(globToRegExp);
  const byField = new Map<string, Map<string, string[]>>();
  for (const name of names) {
    for (const column of definitions.get(name)!.columns) {
      if (!matchers.some((m) => m.test(column.name))) continue;
      const types = byField.get(column.name) ?? new Map<string, string[]>();
      const indices = types.get(column.type);
      if (indices) indices.push(name);
      else types.set(column.type, [name]);
      byField.set(column.name, types);
    }
  }
  const result: Record<string, Record<string, FieldCapability>> = {};
  for (const [field, types] of [...byField].sort(([a], [b]) => a.localeCompare(b))) {
    // Own properties: a column named `__proto__` would vanish through a plain assignment.
    const byType: Record<string, FieldCapability> = {};
    for (const [type, indices] of types) {
      setOwn(byType, type, {
        type,
        searchable: true,
        aggregatable: true,
        ...(types.size > 1 ? { indices } : {}),
      });
    }
    setOwn(result, field, byType);
  }
  return { indices: [...names].sort(), fields: result };
}

function globToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}
