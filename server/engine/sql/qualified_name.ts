import type { ResourceRef } from './remote_types';
import type { SqlDialect } from './dialect';

/** `catalog.schema.table`, each part quoted by the dialect; absent parts are left out. */
export function qualifiedName(dialect: SqlDialect, resource: ResourceRef): string {
  return [resource.catalog, resource.schema, resource.name]
    .filter((part): part is string => part !== undefined && part !== '')
    .map((part) => dialect.quoteIdentifier(part))
    .join('.');
}
