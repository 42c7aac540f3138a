/**
 * The virtual index form's rules: narrowing the datasource's resources by catalog and schema,
 * naming them, suggesting an index name and a key, and building the PUT body.
 */
import type { VirtualIndexBody } from '../../../common/catalog_types';
import type {
  DatasourceMetadata,
  RemoteColumnView,
  RemoteResource,
  ResourceRef,
} from '../../services/api/datasources_api';

/** `catalog.schema.name`, absent parts left out: how the server names a resource too. */
export function qualifiedName(resource: ResourceRef): string {
  return [resource.catalog, resource.schema, resource.name].filter(Boolean).join('.');
}

/** A stable string for a resource, for pickers' option values and comparisons. */
export function resourceKey(resource: ResourceRef): string {
  return JSON.stringify([resource.catalog ?? null, resource.schema ?? null, resource.name]);
}

/** The catalogs to filter by: those listed, and those the resources name. */
export function catalogsOf(metadata: DatasourceMetadata): string[] {
  const names = new Set(metadata.catalogs);
  metadata.resources.forEach((r) => r.catalog && names.add(r.catalog));
  return [...names];
}

/** The schemas to filter by, within `catalog` when one is chosen. */
export function schemasOf(metadata: DatasourceMetadata, catalog: string): string[] {
  const names = new Set<string>();
  metadata.schemas
    .filter((s) => !catalog || s.catalog === undefined || s.catalog === catalog)
    .forEach((s) => names.add(s.name));
  metadata.resources
    .filter((r) => !catalog || r.catalog === catalog)
    .forEach((r) => r.schema && names.add(r.schema));
  return [...names];
}

/** The resources in the chosen catalog and schema ('' means any). */
export function resourcesMatching(
  metadata: DatasourceMetadata,
  catalog: string,
  schema: string
): RemoteResource[] {
  return metadata.resources.filter(
    (r) => (!catalog || r.catalog === catalog) && (!schema || r.schema === schema)
  );
}

/**
 * An index name from the resource's: lowercased, characters OpenSearch refuses replaced, with
 * the `vi-` prefix docs/api/interface.md §2.2 recommends for granting permissions on every virtual index at once.
 */
export function suggestedIndexId(resource: string): string {
  const base = resource
    .toLowerCase()
    .replace(/[\\/*?"<>|\s,#:]+/g, '-')
    .replace(/^[-_+.]+/, '');
  return base ? `vi-${base}` : '';
}

export interface MappingSplit {
  mapped: Array<RemoteColumnView & { type: NonNullable<RemoteColumnView['type']> }>;
  skipped: RemoteColumnView[];
}

/** Columns the server maps to a field type, and those it skips (type null). */
export function splitColumns(columns: RemoteColumnView[]): MappingSplit {
  const split: MappingSplit = { mapped: [], skipped: [] };
  for (const column of columns) {
    if (column.type === null) split.skipped.push(column);
    else split.mapped.push({ ...column, type: column.type });
  }
  return split;
}

/**
 * The key offered first: a mapped column named `id` (any case), the usual primary key; none
 * otherwise, since nothing in the metadata says which columns are unique.
 */
export function suggestedKey(columns: RemoteColumnView[]): string {
  const id = columns.find((c) => c.type !== null && c.name.toLowerCase() === 'id');
  return id?.name ?? '';
}

export function toVirtualIndexBody(
  datasource: string,
  resource: ResourceRef,
  key: string
): VirtualIndexBody {
  return {
    datasource,
    resource: resource.name,
    ...(key ? { key } : {}),
    ...(resource.catalog ? { catalog: resource.catalog } : {}),
    ...(resource.schema ? { schema: resource.schema } : {}),
  };
}
