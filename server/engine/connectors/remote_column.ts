import type { MappedType, RemoteColumn } from './connector';

/**
 * A described column; `zoned` is set on date columns only, `deterministic` on keyword columns
 * whose collation the connector knows.
 */
export function remoteColumn(
  name: string,
  remoteType: string,
  mappedType: MappedType | null,
  nullable: boolean,
  zoned: boolean,
  deterministic?: boolean
): RemoteColumn {
  const column: RemoteColumn = { name, remoteType, mappedType, nullable };
  if (mappedType === 'date') column.zoned = zoned;
  if (mappedType === 'keyword' && deterministic !== undefined) column.deterministic = deterministic;
  return column;
}
