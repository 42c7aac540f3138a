import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { badRequest } from '../errors';
import { MATCH_NONE } from './queries/conditions';
import { joinSql, sql, type SqlFragment } from './sql_fragment';
import { resolveColumn, type TranslationContext } from './translation_context';

export interface SemiJoinChild {
  /** The child's quoted, qualified table. */
  resourceSql: string;
  columns: ReadonlyMap<string, VirtualIndexColumn>;
  key?: string;
  field: string;
  /** The child's query, already free of joins it could not inline. */
  query: unknown;
}

/** Keys a join between virtual indices compares: integers, or text (UUIDs read as text). */
const KEY_TYPES = new Set<VirtualIndexColumn['type']>(['long', 'keyword']);

/**
 * A join between virtual indices of one datasource, left in the query for the SQL translator:
 * it becomes `parent IN (SELECT child FROM ... WHERE <child query>)`, so the database runs the
 * whole join as one statement. A class instance, never JSON, so no request can forge one.
 */
export class SqlSemiJoin {
  constructor(
    readonly parentField: string,
    readonly children: SemiJoinChild[]
  ) {}

  /** The condition, with the child queries translated into the same statement. */
  condition(
    ctx: TranslationContext,
    translate: (query: unknown, ctx: TranslationContext) => SqlFragment
  ): SqlFragment {
    const parent = resolveColumn(ctx, this.parentField);
    if (parent === null) return MATCH_NONE;
    if (!KEY_TYPES.has(parent.column.type)) {
      throw badRequest(
        `the join on [${this.parentField}] needs an integer or keyword parent field; [${this.parentField}] is [${parent.column.type}]: join on an integer, string or UUID column of the virtual index instead`
      );
    }
    const selects = this.children.map((child) => {
      const childCtx: TranslationContext = { ...ctx, columns: child.columns, key: child.key };
      const column = resolveColumn(childCtx, child.field);
      if (column === null) return null;
      if (column.column.type !== parent.column.type) {
        throw badRequest(
          `the join on [${this.parentField}]=[${child.field}] compares a [${parent.column.type}] parent field with a [${column.column.type}] child field; join fields of the same kind (integers with integers, keywords with keywords)`
        );
      }
      const where = translate(child.query, childCtx);
      return sql`SELECT ${column.sql} FROM ${child.resourceSql} WHERE (${where}) AND ${column.sql} IS NOT NULL`;
    });
    const present = selects.filter((s) => s !== null);
    if (present.length === 0) return MATCH_NONE;
    const union = joinSql(present, ' UNION ALL ');
    return sql`(${parent.sql} IS NOT NULL AND ${parent.sql} IN (${union}))`;
  }
}
