/** `term`, `terms`, `ids` and `exists`: equality and presence. */
import { FederationError } from '../../errors';
import { fitsIntegerColumn, integerRange } from '../integer_range';
import { parameterBudget, sql, type SqlFragment } from '../sql_fragment';
import { keyValueOfId, keywordValue, termValue } from '../sql_values';
import type { TranslationContext } from '../translation_context';
import { MATCH_ALL, MATCH_NONE, anyOf, bind, guarded, type QueryTranslator } from './conditions';
import { expandFieldPattern, keyColumnName, resolveField, type FieldTarget } from './query_fields';
import { booleanFlag, expectObject, isObject, parsingError, singleField } from './query_parsing';
import { dateTermCondition } from './range_query';

export const termQuery: QueryTranslator = (body, ctx) => {
  const { field, value, options } = singleField('term', body, ['value'], ['case_insensitive']);
  const caseInsensitive = booleanFlag(options.case_insensitive);
  const target = resolveField(ctx, field, 'term');
  if (target === null) return MATCH_NONE;
  return termCondition(ctx, field, target, value, caseInsensitive);
};

/** Equality of a field with one query value, as a term query on the field's type. */
export function termCondition(
  ctx: TranslationContext,
  field: string,
  target: FieldTarget,
  value: unknown,
  caseInsensitive = false
): SqlFragment {
  if (target.isId) return idsCondition(ctx, target, [value]);
  const type = target.column.type;
  if (caseInsensitive && type !== 'keyword' && type !== 'boolean') {
    throw new FederationError(
      400,
      'query_shard_exception',
      `[${field}] field which is of type [${type}], does not support case insensitive term queries`
    );
  }
  if (type === 'date') return dateTermCondition(ctx, target, value);
  const bound = boundTerm(ctx, target, value);
  if (bound === null) return MATCH_NONE;
  if (caseInsensitive && type === 'keyword') {
    return guarded(target, sql`LOWER(${target.sql}) = LOWER(${bind(ctx, target, bound)})`);
  }
  // A keyword is compared as a list of one: a uuid column then uses its own type and index.
  if (type === 'keyword') return anyOfValues(ctx, target, [bound], `[term] query on [${field}]`);
  return guarded(target, sql`${target.sql} = ${bind(ctx, target, bound)}`);
}

export const termsQuery: QueryTranslator = (body, ctx) => {
  let field: string | null = null;
  let values: unknown[] = [];
  for (const [key, value] of Object.entries(expectObject('terms', body))) {
    if (key === 'boost' || key === '_name' || key === 'value_type') continue;
    if (field !== null) {
      throw parsingError(
        `[terms] query does not support multiple fields, found [${field}] and [${key}]`
      );
    }
    if (isObject(value)) {
      throw parsingError(
        `[terms] lookup (terms from the document [${String(value.id)}] of index [${String(value.index)}]) is not supported on virtual indices`
      );
    }
    if (!Array.isArray(value)) throw parsingError(`[terms] query does not support [${key}]`);
    if (value.some((v) => v === null)) throw parsingError('No value specified for terms query');
    field = key;
    values = value;
  }
  if (field === null) throw parsingError('[terms] query requires a field with values');
  const target = resolveField(ctx, field, 'terms');
  if (target === null || values.length === 0) return MATCH_NONE;
  if (target.isId) return idsCondition(ctx, target, values);
  if (target.column.type === 'date') {
    return anyOf(values.map((value) => dateTermCondition(ctx, target, value)));
  }
  // Values that can match nothing (a long with a fraction) drop out, as in OpenSearch.
  const bound = boundTerms(ctx, target, values);
  if (bound.length === 0) return MATCH_NONE;
  return anyOfValues(ctx, target, distinctIfShort(bound), `[terms] query on [${field}]`);
};

/**
 * `boundTerm` of every value, without the values that match nothing. Integers that are plain
 * safe numbers, as JSON lists of keys are, take a fast path with the column's range worked out
 * once: `boundTerm` converts each to a BigInt, which for 1,000,000 keys costs more than the
 * statement.
 */
function boundTerms(ctx: TranslationContext, target: FieldTarget, values: unknown[]): unknown[] {
  const bound: unknown[] = [];
  const fits = target.column.type === 'long' ? safeIntegerFits(ctx, target) : null;
  for (const value of values) {
    if (fits !== null && typeof value === 'number' && Number.isSafeInteger(value)) {
      if (fits(value)) bound.push(value);
      continue;
    }
    const term = boundTerm(ctx, target, value);
    if (term !== null) bound.push(term);
  }
  return bound;
}

/** Whether a safe integer fits the target's integer column (its range computed once). */
function safeIntegerFits(ctx: TranslationContext, target: FieldTarget): (n: number) => boolean {
  const { min, max } = integerRange(target.column, ctx.dialect);
  // Beyond 2^53 a bound is not a safe integer; every safe integer is then inside it.
  const low = min < BigInt(Number.MIN_SAFE_INTEGER) ? -Infinity : Number(min);
  const high = max > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(max);
  return (n) => n >= low && n <= high;
}

/**
 * A term's bound value, or null when no row can have it: a fraction on a long, or an integer
 * the column's own type cannot hold (PostgreSQL would refuse to compare an `integer` column
 * with 3000000000; OpenSearch's long field simply finds nothing).
 */
function boundTerm(ctx: TranslationContext, target: FieldTarget, value: unknown): unknown {
  const bound = termValue(value, target.column);
  if (!sendable(ctx, bound)) return null;
  if (bound === null || target.column.type !== 'long') return bound;
  return fitsIntegerColumn(bound as number | bigint, target.column, ctx.dialect) ? bound : null;
}

/**
 * False for text no row can hold because the database refuses it in any value: PostgreSQL text
 * cannot contain U+0000, so such a value equals no row (OpenSearch finds nothing) and is never
 * sent, which would fail the whole statement.
 */
export function sendable(ctx: TranslationContext, value: unknown): boolean {
  return ctx.dialect.textHoldsNul || typeof value !== 'string' || !value.includes('\u0000');
}

/**
 * The column equals one of `values`, in the dialect's list form, within its parameter limit
 * (checked where the list stands in the statement), guarded against NULL. The dialect is given
 * the column itself, not the comparable expression: it compares a uuid column as a uuid
 * (dropping keys no uuid reads as), so its index serves.
 */
function anyOfValues(
  ctx: TranslationContext,
  target: FieldTarget,
  values: unknown[],
  part: string
): SqlFragment {
  // Long lists are one parameter (an array or JSON); short ones one parameter per value.
  const needed = ctx.dialect.anyOfParameters(values.length, target.column);
  const column = ctx.dialect.quoteIdentifier(target.column.name);
  const condition = ctx.dialect.anyOf(column, values, target.column);
  if (condition === MATCH_NONE) return MATCH_NONE;
  const budget = parameterBudget(needed, `${part} with ${values.length} values`);
  return [budget, guarded(target, condition)];
}

export const idsQuery: QueryTranslator = (body, ctx) => {
  const spec = expectObject('ids', body);
  let values: unknown[] = [];
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'values') values = Array.isArray(value) ? value : [value];
    else if (key !== 'boost' && key !== '_name' && key !== 'type' && key !== 'types') {
      throw parsingError(`[ids] query does not support [${key}]`);
    }
  }
  const target = resolveField(ctx, '_id', 'ids')!;
  return idsCondition(ctx, target, values);
};

/** Rows whose key, written as an `_id`, is one of `ids`. */
function idsCondition(ctx: TranslationContext, target: FieldTarget, ids: unknown[]): SqlFragment {
  const keys: unknown[] = [];
  const fits = target.column.type === 'long' ? safeIntegerFits(ctx, target) : null;
  for (const id of ids) {
    if (id === null || typeof id === 'object') continue;
    // Short decimal ids of an integer key (the usual case) without a BigInt each.
    if (fits !== null && typeof id === 'string' && SAFE_DECIMAL.test(id)) {
      const n = Number(id);
      if (fits(n)) keys.push(n);
      continue;
    }
    if (fits !== null && typeof id === 'number' && Number.isSafeInteger(id)) {
      if (fits(id)) keys.push(id);
      continue;
    }
    const key = keyValueOfId(keywordValue(id), target.column, ctx);
    if (key !== null && sendable(ctx, key)) keys.push(key);
  }
  if (keys.length === 0) return MATCH_NONE;
  return anyOfValues(ctx, target, distinctIfShort(keys), '[ids] query');
}

/**
 * Short lists without repeats, so that an `IN (...)` list binds each value once. A long list is
 * one parameter on every dialect, whose list forms ignore repeats (`= ANY`, `IN (SELECT ...)`):
 * removing them there only costs time (a Set of 1,000,000 strings took 130-620 ms).
 */
function distinctIfShort(values: unknown[]): unknown[] {
  return values.length <= DISTINCT_MAX ? [...new Set(values)] : values;
}

const DISTINCT_MAX = 4_096;

/** Decimal integers of at most 15 digits: exact as JS numbers. */
const SAFE_DECIMAL = /^-?\d{1,15}$/;

export const existsQuery: QueryTranslator = (body, ctx) => {
  let field: unknown;
  for (const [key, value] of Object.entries(expectObject('exists', body))) {
    if (key === 'field') field = value;
    else if (key !== 'boost' && key !== '_name') {
      throw parsingError(`[exists] query does not support [${key}]`);
    }
  }
  if (typeof field !== 'string' || field === '') {
    throw parsingError('[exists] must be provided with a [field]');
  }
  if (field === '_id') {
    keyColumnName(ctx, 'exists');
    return MATCH_ALL;
  }
  const targets = expandFieldPattern(ctx, field)
    .map((name) => resolveField(ctx, name, 'exists'))
    .filter((target) => target !== null);
  return anyOf(targets.map((target) => guarded(target)));
};
