/**
 * Fields as queries compare them: a column of the index, `_id` (the key column), or a pattern
 * of names.
 */
import type { VirtualIndexColumn } from '../../../../common/catalog_types';
import { badRequest } from '../../errors';
import { resolveColumn, type TranslationContext } from '../translation_context';

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
