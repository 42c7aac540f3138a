/** A remote column's type name as the dialects read it (`int(10) unsigned` -> `int`). */

/** The signed and unsigned integer types of PostgreSQL, MySQL/MariaDB and SQL Server. */
const INTEGER_TYPES = new Set([
  'tinyint',
  'smallint',
  'mediumint',
  'int',
  'integer',
  'bigint',
  'int2',
  'int4',
  'int8',
]);

/** The column's own integer type name (`integer`, `int`, `smallint`), or null for any other. */
export function integerTypeName(remoteType: string): string | null {
  const type = baseTypeName(remoteType);
  return INTEGER_TYPES.has(type) ? type : null;
}

/** `varchar(20)` -> `varchar`, `int(10) unsigned` -> `int`: the type name without modifiers. */
export function baseTypeName(remoteType: string): string {
  return remoteType
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*?\)/g, '')
    .replace(/\s+(unsigned|signed|zerofill)\b/g, '')
    .replace(/\s+/g, ' ');
}
