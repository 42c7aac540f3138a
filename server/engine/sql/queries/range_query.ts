/**
 * `range`, and the date intervals that a term on a date stands for. Bounds follow OpenSearch's
 * field types: keyword bounds compare as text, long bounds are moved to integers the way
 * NumberFieldMapper does (`gt: 1.5` is `>= 2`), date bounds are date math with OpenSearch's
 * rounding (gt and lte round up, gte and lt round down).
 */
import { parseDateMath, timeZoneOf } from '../date_math';
import {
  LONG_MAX,
  LONG_MIN,
  booleanValue,
  dateValue,
  doubleValue,
  keywordValue,
  longBound,
  queryShardError,
  springGapTwin,
} from '../sql_values';
import { sql, type SqlFragment } from '../sql_fragment';
import type { TranslationContext } from '../translation_context';
import { MATCH_NONE, bind, guarded, type QueryTranslator } from './conditions';
import { resolveField, type FieldTarget } from './query_fields';
import { expectObject, isObject, parsingError } from './query_parsing';

interface Bound {
  value: unknown;
  inclusive: boolean;
}

interface RangeSpec {
  lower: Bound | null;
  upper: Bound | null;
  format?: string;
  timeZone?: string;
}

export const rangeQuery: QueryTranslator = (body, ctx) => {
  const entries = Object.entries(expectObject('range', body));
  if (entries.length === 0) throw parsingError('[range] query malformed, no field specified');
  if (entries.length > 1) {
    throw parsingError(
      `[range] query doesn't support multiple fields, found [${entries[0][0]}] and [${entries[1][0]}]`
    );
  }
  const [field, specBody] = entries[0];
  const spec = parseRangeSpec(specBody);
  if (spec.timeZone !== undefined) timeZoneOf(spec.timeZone);
  const target = resolveField(ctx, field, 'range');
  if (target === null) return MATCH_NONE;
  if (target.isId) {
    throw queryShardError('Field [_id] of type [_id] does not support range queries');
  }
  return rangeCondition(ctx, target, spec);
};

function parseRangeSpec(body: unknown): RangeSpec {
  if (!isObject(body))
    throw parsingError('[range] query malformed, no start_object after query name');
  const spec: RangeSpec = { lower: null, upper: null };
  let lowerSet = false;
  let upperSet = false;
  let includeLower: boolean | undefined;
  let includeUpper: boolean | undefined;
  const setLower = (value: unknown, inclusive: boolean) => {
    if (lowerSet) throw parsingError('invalid lower bound for [range] query');
    lowerSet = true;
    spec.lower = value === null ? null : { value, inclusive };
  };
  const setUpper = (value: unknown, inclusive: boolean) => {
    if (upperSet) throw parsingError('invalid upper bound for [range] query');
    upperSet = true;
    spec.upper = value === null ? null : { value, inclusive };
  };
  for (const [key, value] of Object.entries(body)) {
    if (value !== null && typeof value === 'object') {
      throw parsingError(
        `[range] query does not support a value of ${JSON.stringify(value)} for [${key}]`
      );
    }
    switch (key) {
      case 'gte':
      case 'from':
        setLower(value, true);
        break;
      case 'gt':
        setLower(value, false);
        break;
      case 'lte':
      case 'to':
        setUpper(value, true);
        break;
      case 'lt':
        setUpper(value, false);
        break;
      case 'include_lower':
        includeLower = value !== false && value !== 'false';
        break;
      case 'include_upper':
        includeUpper = value !== false && value !== 'false';
        break;
      case 'format':
        spec.format = String(value);
        break;
      case 'time_zone':
        spec.timeZone = String(value);
        break;
      case 'boost':
      case '_name':
      case 'relation':
        break;
      default:
        throw parsingError(`[range] query does not support [${key}]`);
    }
  }
  // The legacy flags qualify from/to, whatever their order in the body.
  if (includeLower !== undefined && spec.lower) spec.lower.inclusive = includeLower;
  if (includeUpper !== undefined && spec.upper) spec.upper.inclusive = includeUpper;
  return spec;
}

/** The condition of a range on a resolved (non-_id) field. */
export function rangeCondition(
  ctx: TranslationContext,
  target: FieldTarget,
  spec: RangeSpec
): SqlFragment {
  const comparisons: SqlFragment[] = [];
  const compare = (operator: string, value: unknown) =>
    comparisons.push(sql`${target.sql} ${operator} ${bind(ctx, target, value)}`);
  const { lower, upper } = spec;
  switch (target.column.type) {
    case 'keyword': {
      const bound = (value: unknown) => keywordValue(value);
      if (lower) {
        const text = bound(lower.value);
        const cut = nulFreeBound(ctx, text);
        // No stored value equals a bound with a NUL: it lies just above its text before the NUL.
        if (cut !== null) compare('>', cut);
        else compare(lower.inclusive ? '>=' : '>', text);
      }
      if (upper) {
        const text = bound(upper.value);
        const cut = nulFreeBound(ctx, text);
        if (cut !== null) compare('<=', cut);
        else compare(upper.inclusive ? '<=' : '<', text);
      }
      break;
    }
    case 'double':
      if (lower) compare(lower.inclusive ? '>=' : '>', doubleValue(lower.value));
      if (upper) compare(upper.inclusive ? '<=' : '<', doubleValue(upper.value));
      break;
    case 'boolean':
      if (lower) compare(lower.inclusive ? '>=' : '>', booleanValue(lower.value));
      if (upper) compare(upper.inclusive ? '<=' : '<', booleanValue(upper.value));
      break;
    case 'long': {
      const bounds = longRange(lower, upper);
      if (bounds === null) return MATCH_NONE;
      if (bounds.lower !== null) compare('>=', asLongParam(bounds.lower));
      if (bounds.upper !== null) compare('<=', asLongParam(bounds.upper));
      break;
    }
    case 'date': {
      const interval = dateInterval(ctx, spec);
      return dateIntervalCondition(ctx, target, interval.from, interval.until);
    }
  }
  return guarded(target, ...comparisons);
}

/**
 * Where text values cannot contain U+0000 (PostgreSQL, which refuses it in a parameter), a
 * keyword bound `p\0...` is decided without sending it. OpenSearch orders keywords by their
 * UTF-8 bytes, NUL being the smallest, so for every value `s` without a NUL: `s > p\0...` exactly
 * when `s > p` (a longer `s` starting with `p` continues with a byte above 0), and `s < p\0...`
 * exactly when `s <= p`. Returns `p`, or null when the bound has no NUL or may be sent as is.
 */
function nulFreeBound(ctx: TranslationContext, text: string): string | null {
  if (ctx.dialect.textHoldsNul) return null;
  const at = text.indexOf('\u0000');
  return at < 0 ? null : text.slice(0, at);
}

/** Inclusive integer bounds, or null when no integer lies between them. */
function longRange(
  lower: Bound | null,
  upper: Bound | null
): { lower: bigint | null; upper: bigint | null } | null {
  let from: bigint | null = null;
  let to: bigint | null = null;
  if (lower) {
    const bound = longBound(lower.value);
    from = bound.value;
    if ((!bound.fractional && !lower.inclusive) || (bound.fractional && bound.sign > 0)) {
      if (from === LONG_MAX) return null;
      from += 1n;
    }
  }
  if (upper) {
    const bound = longBound(upper.value);
    to = bound.value;
    if ((!bound.fractional && !upper.inclusive) || (bound.fractional && bound.sign < 0)) {
      if (to === LONG_MIN) return null;
      to -= 1n;
    }
  }
  if (from !== null && to !== null && from > to) return null;
  return { lower: from, upper: to };
}

function asLongParam(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value;
}

/**
 * The instants a date range covers, as a half-open interval [from, until) on the millisecond
 * grid, as OpenSearch computes it (`gt` is round-up + 1 ms, `lt` is round-down, `lte` is
 * round-up + 1 ms exclusive). Half-open bounds also make a column with finer precision compare
 * as OpenSearch's millisecond values do: 10:00:00.9995 is not after `gt: 10:00:00.999`.
 */
export function dateInterval(
  ctx: TranslationContext,
  spec: RangeSpec
): { from: number | null; until: number | null } {
  const options = { format: spec.format, timeZone: spec.timeZone, now: ctx.now };
  let from: number | null = null;
  let until: number | null = null;
  if (spec.lower) {
    const inclusive = spec.lower.inclusive;
    const at = parseDateMath(dateText(spec.lower.value), { ...options, roundUp: !inclusive });
    from = inclusive ? at : at + 1;
  }
  if (spec.upper) {
    const inclusive = spec.upper.inclusive;
    const at = parseDateMath(dateText(spec.upper.value), { ...options, roundUp: inclusive });
    until = inclusive ? at + 1 : at;
  }
  return { from, until };
}

function dateText(value: unknown): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  return keywordValue(value);
}

/**
 * Instants every database can write as a date (years 1 to 9999, with a day's margin for the
 * zone). A bound outside them is settled here: MySQL would turn it into NULL, SQL Server and
 * PostgreSQL into an error, and a NULL comparison must never reach a `must_not`.
 */
const EARLIEST_DATE = new Date(0).setUTCFullYear(1, 0, 2);
const LATEST_DATE = new Date(0).setUTCFullYear(9999, 11, 30);

export function dateIntervalCondition(
  ctx: TranslationContext,
  target: FieldTarget,
  fromBound: number | null,
  untilBound: number | null
): SqlFragment {
  if (fromBound !== null && fromBound > LATEST_DATE) return MATCH_NONE;
  if (untilBound !== null && untilBound < EARLIEST_DATE) return MATCH_NONE;
  const from = fromBound !== null && fromBound < EARLIEST_DATE ? null : fromBound;
  const until = untilBound !== null && untilBound > LATEST_DATE ? null : untilBound;
  if (from !== null && until !== null && from >= until) return MATCH_NONE;
  const comparisons: SqlFragment[] = [];
  const at = (operator: string, value: string) =>
    sql`${target.sql} ${operator} ${bind(ctx, target, value)}`;
  // A wall time in a spring gap reads as the instant one gap later (Java's rule), so a bound
  // just after the change also takes in, or leaves out, the matching part of the gap.
  if (from !== null) {
    const wall = dateValue(from, target.column, ctx);
    const gap = springGapTwin(from, target.column, ctx);
    comparisons.push(
      gap
        ? sql`(${at('>=', wall)} OR (${at('>=', gap.twinStart)} AND ${at('<', gap.gapEnd)}))`
        : at('>=', wall)
    );
  }
  if (until !== null) {
    const wall = dateValue(until, target.column, ctx);
    const gap = springGapTwin(until, target.column, ctx);
    comparisons.push(
      gap
        ? sql`(${at('<', gap.twinStart)} OR (${at('>=', gap.gapEnd)} AND ${at('<', wall)}))`
        : at('<', wall)
    );
  }
  return guarded(target, ...comparisons);
}

/**
 * A term on a date: OpenSearch runs it as the range [value, value] with both roundings, so
 * `2024-01-01` matches the whole day.
 */
export function dateTermCondition(
  ctx: TranslationContext,
  target: FieldTarget,
  value: unknown
): SqlFragment {
  const bound = { value, inclusive: true };
  const { from, until } = dateInterval(ctx, { lower: bound, upper: bound });
  return dateIntervalCondition(ctx, target, from, until);
}
