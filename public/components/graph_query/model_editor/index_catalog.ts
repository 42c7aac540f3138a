/**
 * What the form offers from the cluster: index names (from `_resolve/index`, plus the virtual
 * indices) and the fields of chosen indices (from `_mapping`), as plain data for combo boxes.
 */
import type { EuiComboBoxOptionOption } from '@elastic/eui';
import type {
  GetMappingResponse,
  MappingProperty,
  ResolveIndexResponse,
} from '../../../services/api/indices_api';
import { strings } from './strings';

export interface IndexField {
  name: string;
  type: string;
}

export type Option = EuiComboBoxOptionOption<string>;

const byName = (a: string, b: string) => a.localeCompare(b);

/**
 * Grouped index options. A virtual index also has an empty concrete index of its name (for the
 * cluster's permissions), so names that are virtual are listed once, under virtual indices.
 */
export function indexOptions(
  resolved: ResolveIndexResponse | undefined,
  virtualNames: readonly string[]
): Option[] {
  const virtual = new Set(virtualNames);
  const group = (label: string, names: readonly string[]): Option[] => {
    const unique = [...new Set(names)].sort(byName);
    return unique.length === 0
      ? []
      : [
          { label, isGroupLabelOption: true },
          ...unique.map((name) => ({ label: name, value: name })),
        ];
  };
  const concrete = (resolved?.indices ?? [])
    .filter((index) => !index.data_stream)
    .map((index) => index.name)
    .filter((name) => !virtual.has(name));
  return [
    ...group(strings.indexGroup, concrete),
    ...group(
      strings.aliasGroup,
      (resolved?.aliases ?? []).map((alias) => alias.name)
    ),
    ...group(
      strings.dataStreamGroup,
      (resolved?.data_streams ?? []).map((stream) => stream.name)
    ),
    ...group(strings.virtualIndexGroup, virtualNames),
  ];
}

/**
 * Every field of the answer's indices by its dotted path: object fields by their leaves, and
 * multi-fields (`title.keyword`) too, since relations often join on them. A field mapped in
 * several indices with different types is listed with the types joined (`keyword | long`).
 */
export function mappingFields(response: GetMappingResponse | undefined): IndexField[] {
  const types = new Map<string, Set<string>>();
  const visit = (properties: Record<string, MappingProperty> | undefined, prefix: string) => {
    for (const [name, field] of Object.entries(properties ?? {})) {
      const path = `${prefix}${name}`;
      if (field.properties) visit(field.properties, `${path}.`);
      if (field.type || !field.properties) {
        const seen = types.get(path) ?? new Set<string>();
        seen.add(field.type ?? 'object');
        types.set(path, seen);
      }
      visit(field.fields, `${path}.`);
    }
  };
  for (const index of Object.values(response ?? {})) visit(index?.mappings?.properties, '');
  return [...types.entries()]
    .map(([name, seen]) => ({ name, type: [...seen].sort(byName).join(' | ') }))
    .sort((a, b) => byName(a.name, b.name));
}

/** Fields of several indices as one list, each field once with all its types. */
export function mergeFields(fieldLists: ReadonlyArray<readonly IndexField[]>): IndexField[] {
  const merged = new Map<string, Set<string>>();
  for (const fields of fieldLists) {
    for (const field of fields) {
      const seen = merged.get(field.name) ?? new Set<string>();
      field.type.split(' | ').forEach((type) => seen.add(type));
      merged.set(field.name, seen);
    }
  }
  return [...merged.entries()]
    .map(([name, seen]) => ({ name, type: [...seen].sort(byName).join(' | ') }))
    .sort((a, b) => byName(a.name, b.name));
}
