import { strings } from './strings';

/**
 * Why the server maps no field type to a column (its `_metadata` answers `type: null`), in
 * words a user can act on. The server's mapping (docs/api/interface.md §2.3, server/engine/connectors/*_types.ts)
 * decides which columns are skipped; this only explains the decision from the remote type name.
 */
export function skippedColumnReason(remoteType: string): string {
  const type = remoteType.trim().toLowerCase();
  if (type === '') return strings.skipNoType();
  if (type.endsWith('[]') || type === 'array') return strings.skipArray();
  if (type.includes('json')) return strings.skipJson();
  if (type.includes('xml')) return strings.skipXml();
  // Only SQL Server's `timestamp` is skipped: elsewhere it is a date and never lands here.
  if (type === 'timestamp' || type === 'rowversion') return strings.skipRowVersion();
  if (/^bit\s*\(/.test(type) || type.startsWith('bit varying') || type === 'varbit') {
    return strings.skipBits();
  }
  if (/bytea|blob|binary|image/.test(type)) return strings.skipBinary();
  if (/^time\b|^timetz|interval/.test(type)) return strings.skipTime();
  if (/geometry|geography|hierarchyid|^point|^line|^polygon|^box|^circle|^path/.test(type)) {
    return strings.skipSpatial();
  }
  if (type === 'sql_variant') return strings.skipVariant();
  return strings.skipOther();
}
