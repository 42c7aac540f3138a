import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import type { SqlDialect } from '../dialect';
import {
  baseTypeName,
  checkPaging,
  checkPlaceholderIndex,
  likeCondition,
  likePatternText,
  quoteWith,
} from './dialect_helpers';

/**
 * Keyword columns of these types compare as text already. Any other keyword column (uuid, enums,
 * `"char"`) is read as text: comparing it with an arbitrary string would otherwise be a type
 * error (`invalid input syntax for type uuid`) where OpenSearch simply finds nothing, and enums
 * would order by declaration instead of by text.
 */
const TEXT_TYPES = new Set([
  'text',
  'character varying',
  'varchar',
  'character',
  'char',
  'bpchar',
  'name',
  'citext',
]);

/** The array element type of a key or term list, as `comparableParameter` casts one value. */
const ELEMENT_TYPES: Record<VirtualIndexColumn['type'], (column: VirtualIndexColumn) => string> = {
  keyword: () => 'text',
  long: () => 'bigint',
  double: () => 'double precision',
  boolean: () => 'boolean',
  date: (column) => (column.zoned ? 'timestamptz' : 'timestamp'),
};

export const postgresDialect: SqlDialect = {
  name: 'postgres',
  quoteIdentifier: (identifier) => quoteWith('"', '"', identifier),
  placeholder: (index) => `$${checkPlaceholderIndex(index)}`,
  maxParameters: 65_535,
  anyOf(expression, values, column, add) {
    if (values.length === 1) {
      return `${expression} = ${postgresDialect.comparableParameter(add(values[0]), column)}`;
    }
    // One array parameter however long the list: no parameter limit, one plan, hashed lookup.
    return `${expression} = ANY(CAST(${add(arrayParameter(values))} AS ${ELEMENT_TYPES[column.type](column)}[]))`;
  },
  anyOfParameters: () => 1,
  // "invalid byte sequence for encoding UTF8: 0x00": text, varchar and their casts cannot hold it.
  textHoldsNul: false,
  limitOffset(sql, limit, offset) {
    checkPaging(limit, offset);
    const parts: string[] = [];
    if (limit !== null) parts.push(`LIMIT ${limit}`);
    if (offset > 0) parts.push(`OFFSET ${offset}`);
    return parts.length ? `${sql} ${parts.join(' ')}` : sql;
  },
  orderTerm: (expression, descending, nullsFirst) =>
    `${expression} ${descending ? 'DESC' : 'ASC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`,
  versionStatement: 'SELECT version()',
  comparableColumn(columnSql, column) {
    const type = baseTypeName(column.remote_type);
    if (column.type === 'keyword' && !TEXT_TYPES.has(type)) return `CAST(${columnSql} AS text)`;
    // money has no comparison with double precision.
    if (column.type === 'double' && type === 'money') return `CAST(${columnSql} AS numeric)`;
    return columnSql;
  },
  comparableParameter(placeholder, column) {
    // An untyped parameter takes the column's type: `int4_col = $1` would fail on 3000000000
    // and `date_col < $1` would cut a timestamp down to its day.
    switch (column.type) {
      case 'long':
        return `CAST(${placeholder} AS bigint)`;
      case 'double':
        return `CAST(${placeholder} AS double precision)`;
      case 'date':
        return `CAST(${placeholder} AS ${column.zoned ? 'timestamptz' : 'timestamp'})`;
      default:
        return placeholder;
    }
  },
  instantText: (epochMs) => `${new Date(epochMs).toISOString().replace('Z', '')}+00:00`,
  patternText: (pattern) => likePatternText(pattern),
  matchPattern: likeCondition,
};

/**
 * A list of integers as PostgreSQL's array text (`{1,2,3}`), written here in one join: the
 * driver would otherwise escape and quote every element, which costs more than the statement
 * for thousands of keys. Anything else goes as an array for the driver to escape.
 */
function arrayParameter(values: readonly unknown[]): unknown {
  for (const value of values) {
    if (typeof value === 'bigint') continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return [...values];
  }
  return `{${values.join(',')}}`;
}
