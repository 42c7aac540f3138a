import { badRequest } from '../errors';
import type { VirtualTarget } from '../search/virtual/virtual_target';
import { translateQuery } from '../sql/query_translator';
import { resolveColumn } from '../sql/translation_context';
import { KeySetBuilder, type KeySet } from './key_set';

/**
 * The distinct child keys of a join whose child is a virtual index: one `SELECT DISTINCT` that
 * carries the translated child query, streamed in key order straight into a typed key set.
 * Joins that cross backends take integer keys only (spec §1.4).
 */
export async function virtualChildKeys(
  target: VirtualTarget,
  field: string,
  query: unknown,
  options: { limit: number; describe: string; signal?: AbortSignal }
): Promise<KeySet> {
  const ctx = target.newContext();
  const column = resolveColumn(ctx, field);
  if (column === null) {
    throw badRequest(
      `the join ${options.describe} names the child field [${field}], which virtual index [${target.name}] does not have`
    );
  }
  if (column.column.type !== 'long') {
    throw badRequest(
      `the join ${options.describe} uses [${field}] of virtual index [${target.name}], of type [${column.column.type}]; joins with virtual indices take integer keys only`
    );
  }
  const where = translateQuery(query, ctx);
  const sql = `SELECT DISTINCT ${column.sql} AS k FROM ${target.resourceSql} WHERE (${where}) AND ${column.sql} IS NOT NULL ORDER BY ${column.sql}`;
  const builder = new KeySetBuilder(options.limit, options.describe);
  for await (const row of target.stream(sql, ctx.params.values, options.signal))
    builder.add(toInteger(row.k));
  return builder.build();
}

/** Drivers return BIGINT as string when it may not fit a double; keys must be exact. */
function toInteger(value: unknown): unknown {
  return typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
}
