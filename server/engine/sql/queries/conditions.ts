/**
 * The NULL-free building blocks of the WHERE conditions query translators return, as SQL
 * fragments whose values are numbered when the statement is rendered (sql/sql_fragment.ts).
 *
 * Every condition a translator returns is TRUE or FALSE, never NULL: a comparison with a NULL
 * column is guarded by `IS NOT NULL`, so `NOT (...)` in `must_not` keeps rows whose field is
 * NULL, as OpenSearch keeps documents without the field.
 */
import { bound, joinSql, sql, sqlShape, type SqlFragment } from '../sql_fragment';
import type { TranslationContext } from '../translation_context';
import type { FieldTarget } from './query_fields';

/** Translates a nested query (bool clauses, constant_score's filter). */
export type Translate = (query: unknown) => SqlFragment;

/** One query type: the body under its name (`{"term": <body>}`) to an SQL condition. */
export type QueryTranslator = (
  body: unknown,
  ctx: TranslationContext,
  translate: Translate
) => SqlFragment;

/** Conditions without a boolean literal: SQL Server has none in WHERE. */
export const MATCH_ALL = '1 = 1';
export const MATCH_NONE = '1 = 0';

/** A value bound for comparison with the target's column. */
export function bind(ctx: TranslationContext, target: FieldTarget, value: unknown): SqlFragment {
  return bound(value, (placeholder) => ctx.dialect.comparableParameter(placeholder, target.column));
}

/**
 * The conditions ANDed, FALSE where the column is NULL (see the module comment). No condition:
 * the field exists.
 */
export function guarded(target: FieldTarget, ...conditions: SqlFragment[]): SqlFragment {
  if (conditions.length === 0) return `${target.sql} IS NOT NULL`;
  return sql`(${target.sql} IS NOT NULL AND ${joinSql(conditions, ' AND ')})`;
}

/** OR of conditions; FALSE for none. FALSE members are left out, as they change nothing. */
export function anyOf(conditions: readonly SqlFragment[]): SqlFragment {
  const kept = conditions.filter((c) => c !== MATCH_NONE);
  if (kept.length === 0) return MATCH_NONE;
  return kept.length === 1 ? kept[0] : sql`(${joinSql(kept, ' OR ')})`;
}

/** AND of conditions; TRUE for none. TRUE members are left out, as they change nothing. */
export function allOf(conditions: readonly SqlFragment[]): SqlFragment {
  const kept = conditions.filter((c) => c !== MATCH_ALL);
  if (kept.length === 0) return MATCH_ALL;
  return kept.length === 1 ? kept[0] : sql`(${joinSql(kept, ' AND ')})`;
}

/**
 * NOT of a condition, always in parentheses: MySQL's HIGH_NOT_PRECEDENCE mode would otherwise
 * read `NOT a IS NOT NULL` as `(NOT a) IS NOT NULL`.
 */
export function not(condition: SqlFragment): SqlFragment {
  if (condition === MATCH_ALL) return MATCH_NONE;
  if (condition === MATCH_NONE) return MATCH_ALL;
  return enclosed(sqlShape(condition)) ? sql`NOT ${condition}` : sql`NOT (${condition})`;
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
