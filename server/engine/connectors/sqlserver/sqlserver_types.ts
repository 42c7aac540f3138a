/** SQL Server type names (INFORMATION_SCHEMA DATA_TYPE) to index field types, per docs/api/interface.md §2.3. */
import type { MappedType } from '../connector';

const SQLSERVER_TYPES: Record<string, MappedType> = {
  char: 'keyword',
  varchar: 'keyword',
  nchar: 'keyword',
  nvarchar: 'keyword',
  text: 'keyword',
  ntext: 'keyword',
  sysname: 'keyword',
  uniqueidentifier: 'keyword',
  bit: 'boolean',
  date: 'date',
  datetime: 'date',
  datetime2: 'date',
  smalldatetime: 'date',
  datetimeoffset: 'date',
  tinyint: 'long',
  smallint: 'long',
  int: 'long',
  bigint: 'long',
  real: 'double',
  float: 'double',
  decimal: 'double',
  numeric: 'double',
  money: 'double',
  smallmoney: 'double',
};

function normalise(typeName: string): string {
  return typeName
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '');
}

/**
 * Note that SQL Server's `timestamp` is `rowversion`, a binary counter, not a date: it is
 * skipped along with time, binary, xml, geography, hierarchyid and sql_variant.
 */
export function sqlServerMappedType(typeName: string): MappedType | null {
  const name = normalise(typeName);
  return Object.prototype.hasOwnProperty.call(SQLSERVER_TYPES, name) ? SQLSERVER_TYPES[name] : null;
}

export function sqlServerTypeIsZoned(typeName: string): boolean {
  return normalise(typeName) === 'datetimeoffset';
}
