import type { GetMappingResponse, MappingProperty } from '../../services/api/indices_api';

/** One leaf field of an index expression's mappings. */
export interface IndexField {
  /** Dotted path; multi-fields as `name.keyword`. */
  name: string;
  /** The field's type, or `conflict` when the indices of a pattern map it differently. */
  type: string;
  /** Every type the indices give it (one unless `conflict`). */
  types: string[];
}

export const CONFLICT_TYPE = 'conflict';

/**
 * The leaf fields of every index in a `_mapping` answer, merged by path. Objects and nested
 * objects are walked, not listed (they hold no value to join on or show); multi-fields are listed.
 */
export function fieldsOfMapping(response: GetMappingResponse): IndexField[] {
  const typesByName = new Map<string, Set<string>>();
  const visit = (properties: Record<string, MappingProperty> | undefined, prefix: string) => {
    for (const [name, property] of Object.entries(properties ?? {})) {
      const path = `${prefix}${name}`;
      if (property.properties) {
        visit(property.properties, `${path}.`);
        continue;
      }
      const type = property.type ?? 'object';
      if (type === 'object' || type === 'nested') continue;
      const types = typesByName.get(path) ?? new Set<string>();
      types.add(type);
      typesByName.set(path, types);
      if (property.fields) visit(property.fields, `${path}.`);
    }
  };
  for (const index of Object.values(response)) visit(index.mappings?.properties, '');
  return [...typesByName.entries()]
    .map(([name, set]) => {
      const types = [...set].sort();
      return { name, types, type: types.length === 1 ? types[0] : CONFLICT_TYPE };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Types whose values sort and compare (doc values): text, binary and the like do not. */
const UNSORTABLE = new Set(['text', 'binary', 'match_only_text', 'geo_shape', CONFLICT_TYPE]);

export function isSortable(field: IndexField): boolean {
  return !UNSORTABLE.has(field.type);
}
