/**
 * SQL text assembled from pieces whose bound values are added to the statement's ParamList only
 * when the whole statement is rendered, walking it left to right. MySQL and SQLite number their
 * `?` placeholders by position, and an aggregation statement is built inside out (the innermost
 * SELECT, which holds the search's WHERE, ends up in the middle of the text): adding values while
 * building would put them out of order.
 */
import type { TranslationContext } from '../translation_context';

export type SqlFragment = string | BoundValue | Deferred | readonly SqlFragment[];

interface BoundValue {
  readonly kind: 'value';
  readonly value: unknown;
  /** Wraps the placeholder, e.g. in a CAST that fixes the type the database would infer. */
  readonly wrap?: (placeholder: string) => string;
}

interface Deferred {
  readonly kind: 'deferred';
  /** Produces text that may add parameters itself (the query translator does). */
  readonly render: (ctx: TranslationContext) => string;
}

export function bound(value: unknown, wrap?: (placeholder: string) => string): BoundValue {
  return { kind: 'value', value, wrap };
}

export function deferred(render: (ctx: TranslationContext) => string): Deferred {
  return { kind: 'deferred', render };
}

/** A template literal of SQL text and fragments: sql`SELECT ${expr} FROM t`. */
export function sql(strings: TemplateStringsArray, ...parts: SqlFragment[]): SqlFragment[] {
  const out: SqlFragment[] = [];
  strings.forEach((text, i) => {
    if (text) out.push(text);
    if (i < parts.length) out.push(parts[i]);
  });
  return out;
}

export function joinSql(parts: readonly SqlFragment[], separator: string): SqlFragment[] {
  const out: SqlFragment[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push(separator);
    out.push(part);
  });
  return out;
}

/** The statement's text; its values are appended to `ctx.params` in the order they appear. */
export function renderSql(fragment: SqlFragment, ctx: TranslationContext): string {
  if (typeof fragment === 'string') return fragment;
  if (isList(fragment)) return fragment.map((part) => renderSql(part, ctx)).join('');
  if (fragment.kind === 'deferred') return fragment.render(ctx);
  const placeholder = ctx.params.add(fragment.value);
  return fragment.wrap ? fragment.wrap(placeholder) : placeholder;
}

function isList(fragment: SqlFragment): fragment is readonly SqlFragment[] {
  return Array.isArray(fragment);
}
