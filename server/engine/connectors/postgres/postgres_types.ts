/**
 * PostgreSQL type names (as information_schema reports them, or their internal aliases) to index
 * field types, per docs/api/interface.md §2.3. Anything not listed, arrays included, is skipped.
 */
import type { MappedType } from '../connector';

const POSTGRES_TYPES: Record<string, MappedType> = {
  'character varying': 'keyword',
  varchar: 'keyword',
  character: 'keyword',
  char: 'keyword',
  bpchar: 'keyword',
  '"char"': 'keyword',
  text: 'keyword',
  name: 'keyword',
  citext: 'keyword',
  uuid: 'keyword',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'date',
  timestamp: 'date',
  'timestamp without time zone': 'date',
  timestamptz: 'date',
  'timestamp with time zone': 'date',
  smallint: 'long',
  integer: 'long',
  int: 'long',
  bigint: 'long',
  int2: 'long',
  int4: 'long',
  int8: 'long',
  smallserial: 'long',
  serial: 'long',
  bigserial: 'long',
  serial2: 'long',
  serial4: 'long',
  serial8: 'long',
  real: 'double',
  'double precision': 'double',
  float: 'double',
  float4: 'double',
  float8: 'double',
  numeric: 'double',
  decimal: 'double',
  money: 'double',
};

const ZONED = new Set(['timestamptz', 'timestamp with time zone']);

/** `varchar(20)` and `timestamp(3) with time zone` name the same types as without the modifier. */
function normalise(typeName: string): string {
  return typeName
    .trim()
    .toLowerCase()
    .replace(/\s*\(\s*\d+(\s*,\s*\d+)?\s*\)/g, '')
    .replace(/\s+/g, ' ');
}

/** `isEnum`: the type is a user-defined enum (pg_type.typtype = 'e'), whose values are labels. */
export function postgresMappedType(typeName: string, isEnum = false): MappedType | null {
  if (isEnum) return 'keyword';
  const name = normalise(typeName);
  if (name.endsWith('[]')) return null;
  return Object.prototype.hasOwnProperty.call(POSTGRES_TYPES, name) ? POSTGRES_TYPES[name] : null;
}

/** True for `timestamptz`: its values are instants, not wall-clock times. */
export function postgresTypeIsZoned(typeName: string): boolean {
  return ZONED.has(normalise(typeName));
}
