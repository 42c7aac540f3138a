import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { FederationError } from '../../errors';
import { DEFAULT_DATE_FORMAT, parseDateMath } from '../../sql/date_math';
import type { SqlFragment } from '../../sql/sql_fragment';
import { orderByClause as sqlOrderBy, rowsAfter, type OrderTerm } from '../../sql/sort_order';
import { dateValue, keywordValue } from '../../sql/sql_values';
import type { TranslationContext } from '../../sql/translation_context';
import type { SortKey } from './search_body';

/** One sort key resolved against a virtual index: a column, the constant score, or nothing. */
export interface ResolvedSortKey {
  key: SortKey;
  /** null for `_score` and for unmapped fields with `unmapped_type`: they order nothing. */
  column: VirtualIndexColumn | null;
}

/** Java's Long.MAX_VALUE / MIN_VALUE as a JSON reader's double sees them (2^63 exactly). */
const LONG_MAX = 2 ** 63;
const LONG_MIN = -(2 ** 63);
const INT_MAX = 2147483647;
const INT_MIN = -2147483648;

export function resolveSort(
  sort: SortKey[],
  columns: ReadonlyMap<string, VirtualIndexColumn>,
  key: string | undefined
): ResolvedSortKey[] {
  return sort.map((s) => {
    if (s.field === '_score') return { key: s, column: null };
    const name = s.field === '_id' || s.field === '_doc' ? key : s.field;
    const column = name === undefined ? undefined : columns.get(name);
    if (column === undefined) {
      if (s.field === '_doc') return { key: s, column: null };
      throw new FederationError(
        400,
        'query_shard_exception',
        `No mapping found for [${s.field}] in order to sort on`,
        {
          field: s.field,
        }
      );
    }
    return { key: s, column };
  });
}

/** The sort's keys on columns, as SQL orders them (`_score` and unmapped keys order nothing). */
function orderTerms(sort: ResolvedSortKey[], ctx: TranslationContext): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const { key, column } of sort) {
    if (column === null) continue;
    const missing = key.missing;
    terms.push({
      column,
      descending: key.order === 'desc',
      missing:
        typeof missing === 'object'
          ? { fill: sqlValue(missingFill(missing.value, column), column, ctx) }
          : missing === '_first'
            ? 'first'
            : 'last',
    });
  }
  return terms;
}

/** The page's ORDER BY clause ('' for none); see sql/sort_order.ts. */
export function orderByClause(sort: ResolvedSortKey[], ctx: TranslationContext): SqlFragment {
  return sqlOrderBy(orderTerms(sort, ctx), ctx);
}

/**
 * The rows strictly after a hit's `search_after` values, which are converted as OpenSearch
 * converts them for each sort field (a missing value's stand-in is NULL).
 */
export function searchAfterCondition(
  sort: ResolvedSortKey[],
  after: unknown[],
  ctx: TranslationContext
): SqlFragment {
  // The values first, then the sort's own `missing` values: a bad value is named before them.
  const values: unknown[] = [];
  sort.forEach(({ key, column }, i) => {
    if (column !== null) values.push(sqlValue(fromSortValue(after[i], column, key), column, ctx));
  });
  return rowsAfter(orderTerms(sort, ctx), values, ctx);
}

/** The `sort` values of a hit, as OpenSearch writes them (epoch ms for dates, 1/0 for booleans). */
export function sortValues(source: Record<string, unknown>, sort: ResolvedSortKey[]): unknown[] {
  return sort.map(({ key, column }) => {
    if (column === null) return key.field === '_score' ? 1.0 : null;
    const value = source[column.name];
    if (value === null || value === undefined) return missingSortValue(column, key);
    switch (column.type) {
      case 'date':
        return Date.parse(String(value));
      case 'boolean':
        return value ? 1 : 0;
      default:
        return value;
    }
  });
}

/** OpenSearch's stand-ins for a missing value, which clients send back in `search_after`. */
function missingSortValue(column: VirtualIndexColumn, key: SortKey): unknown {
  if (typeof key.missing === 'object') return key.missing.value;
  const high = (key.missing === '_last') === (key.order === 'asc');
  switch (column.type) {
    case 'long':
    case 'date':
      return high ? LONG_MAX : LONG_MIN;
    case 'double':
      return high ? 'Infinity' : '-Infinity';
    case 'boolean':
      return high ? INT_MAX : INT_MIN;
    default:
      return null;
  }
}

/**
 * A `search_after` value back to a column value, converted as OpenSearch converts it for the
 * sort field's type (SearchAfterBuilder): a value the type cannot take is the caller's 400,
 * never a statement the database refuses. OpenSearch's missing stand-ins mean NULL.
 */
function fromSortValue(value: unknown, column: VirtualIndexColumn, key: SortKey): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') {
    throw new FederationError(
      400,
      'parsing_exception',
      `Expected [VALUE_STRING] or [VALUE_NUMBER] or [VALUE_BOOLEAN] or [VALUE_NULL] but found [${Array.isArray(value) ? 'START_ARRAY' : 'START_OBJECT'}] inside search_after.`
    );
  }
  const converted = convertSortValue(value as string | number | boolean, column);
  if (typeof key.missing === 'object') return converted;
  switch (column.type) {
    case 'long':
    case 'date':
      return Math.abs(converted as number) >= LONG_MAX ? null : converted;
    case 'double':
      return Number.isFinite(converted as number) ? converted : null;
    case 'boolean':
      return Number(value) === INT_MAX || Number(value) === INT_MIN ? null : converted;
    default:
      return converted;
  }
}

function convertSortValue(value: string | number | boolean | bigint, column: VirtualIndexColumn) {
  switch (column.type) {
    case 'keyword':
      return keywordValue(value);
    case 'date':
      if (typeof value === 'number') return Math.trunc(value);
      try {
        return parseDateMath(String(value), { format: DEFAULT_DATE_FORMAT, now: 0 });
      } catch {
        throw new FederationError(
          400,
          'parse_exception',
          `failed to parse date field [${String(value)}] with format [${DEFAULT_DATE_FORMAT}]: [failed to parse date field [${String(value)}] with format [${DEFAULT_DATE_FORMAT}]]`
        );
      }
    case 'long':
    case 'boolean': {
      // Number.longValue() for numbers, Math.floor(Double.parseDouble(text)) for text.
      if (typeof value === 'number') return Math.trunc(value);
      const n = javaDouble(value, column);
      if (!Number.isFinite(n)) throw searchAfterError(column);
      const long = Math.floor(n);
      return column.type === 'boolean' ? long === 1 : long;
    }
    case 'double': {
      const n = typeof value === 'number' ? value : javaDouble(value, column);
      // NaN orders differently in every database; no sort value we give out is NaN.
      if (Number.isNaN(n)) throw searchAfterError(column);
      return n;
    }
  }
}

/** A sort's `missing` value, converted for its column like a search_after value. */
function missingFill(value: unknown, column: VirtualIndexColumn): unknown {
  if (
    column.type === 'boolean' &&
    (typeof value === 'boolean' || value === 'true' || value === 'false')
  )
    return value === true || value === 'true';
  if (value === null || typeof value === 'object') {
    throw new FederationError(
      400,
      'illegal_argument_exception',
      `[sort.${column.name}.missing] must be _last, _first or a value of the field, got ${JSON.stringify(value)}`
    );
  }
  return convertSortValue(value as string | number | boolean, column);
}

/** Java's Double.parseDouble: trimmed, optional d/f suffix, Infinity and NaN. */
function javaDouble(value: string | boolean | bigint, column: VirtualIndexColumn): number {
  if (typeof value === 'bigint') return Number(value);
  const text = String(value).trim();
  if (/^[+-]?(Infinity|NaN)$/.test(text)) return Number(text);
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[dDfF]?$/.test(text)) throw searchAfterError(column);
  return Number(text.replace(/[dDfF]$/, ''));
}

function searchAfterError(column: VirtualIndexColumn): FederationError {
  return new FederationError(
    400,
    'illegal_argument_exception',
    `Failed to parse search_after value for field [${column.name}].`,
    { field: column.name }
  );
}

/** A value as a bound parameter for `column`; dates become the column's stored form. */
function sqlValue(value: unknown, column: VirtualIndexColumn, ctx: TranslationContext): unknown {
  if (value === null) return null;
  if (column.type !== 'date') return column.type === 'boolean' ? booleanParam(value, ctx) : value;
  const millis = typeof value === 'number' ? value : Date.parse(String(value));
  if (Number.isNaN(millis))
    throw new FederationError(
      400,
      'illegal_argument_exception',
      `[${String(value)}] is not a date, in the sort of the date field [${column.name}]; give epoch milliseconds or an ISO 8601 date such as [2024-01-31T12:00:00Z]`
    );
  return dateValue(millis, column, ctx);
}

function booleanParam(value: unknown, ctx: TranslationContext): unknown {
  const truth = value === true || value === 1 || value === 'true';
  return ctx.dialect.booleanValue(truth);
}
