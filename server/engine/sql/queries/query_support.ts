/**
 * Pieces shared by the query translators: the parsing rules and errors of OpenSearch's query
 * parsers, field resolution (including `_id`, which is the key column), and the NULL-free
 * building blocks of the SQL.
 *
 * Every condition a translator returns is TRUE or FALSE, never NULL: a comparison with a NULL
 * column is guarded by `IS NOT NULL`, so `NOT (...)` in `must_not` keeps rows whose field is
 * NULL, as OpenSearch keeps documents without the field.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { FederationError, badRequest } from '../../errors';
import { resolveColumn, type TranslationContext } from '../translation_context';

/** Translates a nested query (bool clauses, constant_score's filter). */
export type Translate = (query: unknown) => string;

/** One query type: the body under its name (`{"term": <body>}`) to an SQL condition. */
export type QueryTranslator = (
  body: unknown,
  ctx: TranslationContext,
  translate: Translate
) => string;

/** Conditions without a boolean literal: SQL Server has none in WHERE. */
export const MATCH_ALL = '1 = 1';
export const MATCH_NONE = '1 = 0';

export function parsingError(reason: string): FederationError {
  return new FederationError(400, 'parsing_exception', reason);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expectObject(queryName: string, body: unknown): Record<string, unknown> {
  if (!isObject(body)) {
    throw parsingError(`[${queryName}] query malformed, no start_object after query name`);
  }
  return body;
}

/** `case_insensitive` and other flags: a JSON boolean or its text, as OpenSearch accepts. */
export function booleanFlag(value: unknown): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false' || value === undefined) return false;
  throw badRequest(
    `Failed to parse value [${String(value)}] as only [true] or [false] are allowed.`
  );
}

export interface SingleFieldQuery {
  field: string;
  value: unknown;
  /** The long form's other keys (`case_insensitive`, `boost`, ...). */
  options: Record<string, unknown>;
}

/**
 * The `{field: value}` / `{field: {value: ..., options}}` shape of term, prefix, wildcard and
 * match. `valueKeys` name the long form's value (wildcard also takes `wildcard`); keys outside
 * `allowed` are refused as OpenSearch refuses them.
 */
export function singleField(
  queryName: string,
  body: unknown,
  valueKeys: readonly string[],
  allowed: readonly string[]
): SingleFieldQuery {
  const entries = Object.entries(expectObject(queryName, body));
  if (entries.length === 0 || entries[0][0] === '') {
    throw badRequest('field name is null or empty');
  }
  if (entries.length > 1) {
    throw parsingError(
      `[${queryName}] query doesn't support multiple fields, found [${entries[0][0]}] and [${entries[1][0]}]`
    );
  }
  const [field, spec] = entries[0];
  if (Array.isArray(spec))
    throw parsingError(`[${queryName}] query does not support array of values`);
  if (!isObject(spec)) return { field, value: checkValue(queryName, spec), options: {} };
  let value: unknown;
  const options: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(spec)) {
    if (valueKeys.includes(key)) value = option;
    else if (key === 'boost' || key === '_name' || allowed.includes(key)) options[key] = option;
    else throw parsingError(`[${queryName}] query does not support [${key}]`);
  }
  return { field, value: checkValue(queryName, value), options };
}

function checkValue(queryName: string, value: unknown): unknown {
  if (value === undefined || value === null) {
    throw badRequest(`[${queryName}] query requires a value for its field`);
  }
  if (typeof value === 'object') {
    throw parsingError(`[${queryName}] query does not support a value of ${JSON.stringify(value)}`);
  }
  return value;
}

/** A field as queries compare it. */
export interface FieldTarget {
  column: VirtualIndexColumn;
  /** The comparable expression (dialect.comparableColumn of the quoted column). */
  sql: string;
  /** True for `_id`: values are document ids, turned into key values. */
  isId: boolean;
}

/**
 * The column behind `field`, or null for a field the index does not have (which OpenSearch
 * answers by matching nothing). `_id` is the key column; an index without one cannot answer it.
 */
export function resolveField(
  ctx: TranslationContext,
  field: string,
  queryName: string
): FieldTarget | null {
  const isId = field === '_id';
  const name = isId ? keyColumnName(ctx, queryName) : field;
  const resolved = resolveColumn(ctx, name);
  if (resolved === null) {
    if (isId) {
      throw badRequest(
        `[${queryName}] on [_id]: the key column [${name}] of this virtual index is not searchable; search another column, or set the virtual index's [key] to a column of a supported type`
      );
    }
    return null;
  }
  return {
    column: resolved.column,
    sql: ctx.dialect.comparableColumn(resolved.sql, resolved.column),
    isId,
  };
}

export function keyColumnName(ctx: TranslationContext, queryName: string): string {
  if (ctx.key === undefined) {
    throw badRequest(
      `[${queryName}] needs document ids, and this virtual index has no key: set [key] on the virtual index to search by [_id], or search a column instead`
    );
  }
  return ctx.key;
}

/**
 * Parameters are numbered as they are added, and MySQL's and SQLite's `?` by their position in
 * the text: a fragment that is translated and then left out of the SQL must take its
 * parameters back, which it can because they are the last ones added.
 */
export function paramsMark(ctx: TranslationContext): number {
  return ctx.params.values.length;
}

export function discardParams(ctx: TranslationContext, mark: number): void {
  ctx.params.values.length = mark;
}

/** Binds a value for comparison with the target's column. */
export function bind(ctx: TranslationContext, target: FieldTarget, value: unknown): string {
  return ctx.dialect.comparableParameter(ctx.params.add(value), target.column);
}

/**
 * The conditions (a string or several, ANDed), FALSE where the column is NULL (see the module
 * comment). No condition: the field exists.
 */
export function guarded(target: FieldTarget, conditions: string | readonly string[]): string {
  const list = typeof conditions === 'string' ? [conditions] : conditions;
  if (list.length === 0) return `${target.sql} IS NOT NULL`;
  return `(${target.sql} IS NOT NULL AND ${list.join(' AND ')})`;
}

/**
 * OR of conditions; FALSE for none. FALSE members are left out, as they change nothing. (A TRUE
 * member does not short-circuit the rest: their parameters are already bound.)
 */
export function anyOf(conditions: readonly string[]): string {
  const kept = conditions.filter((c) => c !== MATCH_NONE);
  if (kept.length === 0) return MATCH_NONE;
  return kept.length === 1 ? kept[0] : `(${kept.join(' OR ')})`;
}

/** AND of conditions; TRUE for none. TRUE members are left out, as they change nothing. */
export function allOf(conditions: readonly string[]): string {
  const kept = conditions.filter((c) => c !== MATCH_ALL);
  if (kept.length === 0) return MATCH_ALL;
  return kept.length === 1 ? kept[0] : `(${kept.join(' AND ')})`;
}

/**
 * NOT of a condition, always in parentheses: MySQL's HIGH_NOT_PRECEDENCE mode would otherwise
 * read `NOT a IS NOT NULL` as `(NOT a) IS NOT NULL`.
 */
export function not(condition: string): string {
  if (condition === MATCH_ALL) return MATCH_NONE;
  if (condition === MATCH_NONE) return MATCH_ALL;
  return `NOT ${enclosed(condition) ? condition : `(${condition})`}`;
}

/** True when the whole text is one parenthesised group. */
function enclosed(sql: string): boolean {
  if (!sql.startsWith('(')) return false;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
    } else if (c === '[') {
      quote = ']';
    } else if (c === '(') {
      depth++;
    } else if (c === ')') {
      depth--;
      if (depth === 0 && i < sql.length - 1) return false;
    }
  }
  return depth === 0;
}

/** Field names with `*` wildcards (exists, query_string's fields) against the index's columns. */
export function expandFieldPattern(ctx: TranslationContext, pattern: string): string[] {
  if (!pattern.includes('*')) return [pattern];
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`
  );
  return [...ctx.columns.keys()].filter((name) => regex.test(name));
}
