/**
 * MySQL / MariaDB column types (information_schema COLUMN_TYPE, e.g. `tinyint(1)`,
 * `int(10) unsigned`, `enum('a','b')`) to index field types, per docs/api/interface.md §2.3.
 */
import type { MappedType } from '../connector';

const MYSQL_TYPES: Record<string, MappedType> = {
  char: 'keyword',
  varchar: 'keyword',
  tinytext: 'keyword',
  text: 'keyword',
  mediumtext: 'keyword',
  longtext: 'keyword',
  enum: 'keyword',
  set: 'keyword',
  uuid: 'keyword',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  datetime: 'date',
  timestamp: 'date',
  tinyint: 'long',
  smallint: 'long',
  mediumint: 'long',
  int: 'long',
  integer: 'long',
  bigint: 'long',
  year: 'long',
  float: 'double',
  double: 'double',
  'double precision': 'double',
  real: 'double',
  decimal: 'double',
  dec: 'double',
  numeric: 'double',
  fixed: 'double',
};

interface ParsedType {
  base: string;
  /** The first number in parentheses: `tinyint(1)` -> 1. */
  width?: number;
}

function parse(columnType: string): ParsedType {
  const match =
    /^\s*([a-z][a-z ]*?)\s*(?:\((\d+)[^)]*\)|\(.*\))?(?:\s+(?:unsigned|signed|zerofill))*\s*$/i.exec(
      columnType
    );
  if (!match) return { base: columnType.trim().toLowerCase() };
  return { base: match[1].toLowerCase(), width: match[2] ? Number(match[2]) : undefined };
}

/**
 * `tinyint(1)` and `bit(1)` are booleans, as Connector/J reads them; wider `bit(n)` are bit
 * strings and skipped. `json` (MySQL's type, or MariaDB's alias reported as json by describe) is
 * skipped like every other complex type.
 */
export function mysqlMappedType(columnType: string): MappedType | null {
  const { base, width } = parse(columnType);
  if (base === 'tinyint' && width === 1) return 'boolean';
  if (base === 'bit') return width === undefined || width === 1 ? 'boolean' : null;
  return Object.prototype.hasOwnProperty.call(MYSQL_TYPES, base) ? MYSQL_TYPES[base] : null;
}

/**
 * True for TIMESTAMP: MySQL stores it as an instant and renders it in the session time zone,
 * which the connector pins to UTC; DATETIME is a wall-clock value.
 */
export function mysqlTypeIsZoned(columnType: string): boolean {
  return parse(columnType).base === 'timestamp';
}
