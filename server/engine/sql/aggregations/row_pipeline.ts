/**
 * The rows an aggregation statement groups: nested SELECTs over the virtual index's table, each
 * adding computed columns over the previous one's. Layering lets an expression that is used many
 * times (an epoch-milliseconds value inside a CASE over zone offsets) be computed once and named,
 * and keeps GROUP BY to plain column names (PostgreSQL compares grouped expressions textually,
 * which breaks when they hold placeholders).
 *
 * Only generated aliases (`c0`, `c1`, ...) leave the innermost SELECT, so no column of the table,
 * whatever its name, can collide with them.
 */
import type { SqlDialect } from '../dialect';
import { joinSql, sql, type SqlFragment } from '../sql_fragment';

interface Column {
  alias: string;
  expr: SqlFragment;
  layer: number;
}

export class RowPipeline {
  private readonly columns: Column[] = [];
  private bucketJoin: { alias: string; conditions: string[]; layer: number } | null = null;

  constructor(private readonly dialect: SqlDialect) {}

  /** Quoted name of a column, for use in later columns and in the statement around the rows. */
  ref(alias: string): string {
    return this.dialect.quoteIdentifier(alias);
  }

  /**
   * Adds a column. Without `dependsOn` it is computed from the table's own columns; otherwise
   * from the named columns, one layer above the latest of them. Returns its alias.
   */
  add(expr: SqlFragment, dependsOn: readonly string[] = []): string {
    const layer =
      dependsOn.length === 0 ? 0 : Math.max(...dependsOn.map((a) => this.layerOf(a))) + 1;
    const alias = `c${this.columns.length}`;
    this.columns.push({ alias, expr, layer });
    return alias;
  }

  /**
   * Repeats every row once per bucket it falls in (range and filters buckets may overlap): a
   * column numbering the buckets, 0..n-1, joined to the rows whose flag column of that bucket is
   * 1. Added last; returns the bucket number's alias.
   */
  joinBuckets(flagAliases: readonly string[]): string {
    if (this.bucketJoin) throw new Error('one bucket join per statement');
    const alias = 'b0';
    const bucket = `bucket_rows.${this.ref(alias)}`;
    const conditions = flagAliases.map((flag, i) => `(${bucket} = ${i} AND ${this.ref(flag)} = 1)`);
    const layer = Math.max(0, ...flagAliases.map((a) => this.layerOf(a))) + 1;
    this.bucketJoin = { alias, conditions, layer };
    return alias;
  }

  /** The rows: `SELECT ... FROM <from> [WHERE <where>]` wrapped in one SELECT per layer. */
  render(from: SqlFragment, where: SqlFragment | null): SqlFragment {
    const layers = Math.max(0, ...this.columns.map((c) => c.layer));
    const visible: string[] = [];
    let rows: SqlFragment = [];
    for (let layer = 0; layer <= layers; layer++) {
      const own = this.columns.filter((c) => c.layer === layer);
      const select = [
        ...visible.map((alias) => this.ref(alias)),
        ...own.map((c) => sql`${c.expr} AS ${this.ref(c.alias)}`),
      ];
      if (select.length === 0) select.push(`1 AS ${this.ref('one')}`);
      rows =
        layer === 0
          ? sql`SELECT ${joinSql(select, ', ')} FROM ${from}${where ? sql` WHERE ${where}` : ''}`
          : sql`SELECT ${joinSql(select, ', ')} FROM (${rows}) t${String(layer - 1)}`;
      visible.push(...own.map((c) => c.alias));
    }
    if (!this.bucketJoin) return rows;
    const { alias, conditions } = this.bucketJoin;
    const numbers = conditions
      .map((_, i) => `SELECT ${i} AS ${this.ref(alias)}`)
      .join(' UNION ALL ');
    const select = [...visible.map((a) => `t.${this.ref(a)}`), `bucket_rows.${this.ref(alias)}`];
    return sql`SELECT ${select.join(', ')} FROM (${rows}) t CROSS JOIN (${numbers}) bucket_rows WHERE ${conditions.join(' OR ')}`;
  }

  private layerOf(alias: string): number {
    if (this.bucketJoin?.alias === alias) return this.bucketJoin.layer;
    const column = this.columns.find((c) => c.alias === alias);
    if (!column) throw new Error(`unknown pipeline column ${alias}`);
    return column.layer;
  }
}
