import type { GqlEditorSchema } from '../shared/code_editor/code_editor_props';
import type { GraphModelJson } from '../../services/api/graph_api';
import type { GetMappingResponse, MappingProperty } from '../../services/api/indices_api';

/**
 * The dotted property paths of a `_mapping` answer, over all the indices in it, sorted and
 * without repeats. Objects give their own path and their children's (`address`,
 * `address.city`), since `v.address` selects the whole object. Multi-fields (`name.keyword`) are
 * left out: they are index structures, not properties of the document.
 */
export function mappingPropertyPaths(mappings: GetMappingResponse): string[] {
  const paths = new Set<string>();
  const visit = (properties: Record<string, MappingProperty> | undefined, prefix: string) => {
    for (const [name, property] of Object.entries(properties ?? {})) {
      const path = `${prefix}${name}`;
      paths.add(path);
      if (property && typeof property === 'object') visit(property.properties, `${path}.`);
    }
  };
  for (const index of Object.values(mappings)) visit(index?.mappings?.properties, '');
  return [...paths].sort();
}

/** The cache key (and request) of an entity's mappings: its indices, sorted, joined by commas. */
export function indexSetKey(indices: readonly string[]): string {
  return [...new Set(indices)].sort().join(',');
}

/**
 * What GQL completion knows about the model: its label as the graph name, each entity's label
 * with the properties of its indices' mappings (empty until they load, or when they fail), and
 * each relation's label with the entities it joins.
 */
export function gqlSchemaFromModel(
  model: GraphModelJson,
  mappingsByIndexSet: ReadonlyMap<string, GetMappingResponse>
): GqlEditorSchema {
  return {
    graphs: model.label ? [model.label] : [],
    entities: model.entities.map((entity) => {
      const mappings = mappingsByIndexSet.get(indexSetKey(entity.indices));
      return { label: entity.label, properties: mappings ? mappingPropertyPaths(mappings) : [] };
    }),
    relations: (model.relations ?? []).map((relation) => ({
      label: relation.label,
      from: relation.from.entity,
      to: relation.to.entity,
    })),
  };
}
