import type { ConnectorMetadata } from '../connectors/connector';

/** `_metadata`'s `catalog` and `schema` URL parameters, when no `resource` is named. */
export interface MetadataFilter {
  catalog?: string;
  schema?: string;
}

/**
 * What a datasource's `_metadata` lists, narrowed to one catalog and/or schema: the catalogs,
 * schemas and tables/views that lie in them, by exact name. A database without schemas
 * (MySQL/MariaDB, whose databases are catalogs, as its JDBC driver reports them) has nothing in
 * any schema, so a `schema` there lists nothing rather than everything.
 */
export function filterMetadata(
  metadata: ConnectorMetadata,
  filter: MetadataFilter
): ConnectorMetadata {
  const { catalog, schema } = filter;
  const inCatalog = (value: string | undefined) => catalog === undefined || value === catalog;
  const inSchema = (value: string | undefined) => schema === undefined || value === schema;
  return {
    ...metadata,
    catalogs: metadata.catalogs.filter((name) => inCatalog(name)),
    schemas: metadata.schemas.filter((s) => inCatalog(s.catalog) && inSchema(s.name)),
    resources: metadata.resources.filter((r) => inCatalog(r.catalog) && inSchema(r.schema)),
  };
}
