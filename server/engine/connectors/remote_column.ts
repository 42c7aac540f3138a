import type { MappedType, RemoteColumn } from './connector';

/** A described column; `zoned` is set on date columns only. */
export function remoteColumn(
  name: string,
  remoteType: string,
  mappedType: MappedType | null,
  nullable: boolean,
  zoned: boolean
): RemoteColumn {
  const column: RemoteColumn = { name, remoteType, mappedType, nullable };
  if (mappedType === 'date') column.zoned = zoned;
  return column;
}
