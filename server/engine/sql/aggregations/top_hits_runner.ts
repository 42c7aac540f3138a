/**
 * Runs the `top_hits` statements of one aggregation request (top_hits.ts writes them): at the
 * top level, the search's first rows and their count; inside a top-level bucket aggregation,
 * one statement for every bucket at once, whose hits the bucket responses then read by the
 * bucket's identity. Kept apart from the planner's GROUP BY statements, which it only borrows
 * the rows, levels and bucket names of.
 */
import { badRequest } from '../../errors';
import type { Row } from '../remote_types';
import { bound, joinSql, lazy, renderSql, sql, type SqlFragment } from '../sql_fragment';
import type { TranslationContext } from '../translation_context';
import type { BucketAgg, TermsAgg, TopHitsAgg } from './aggregation_types';
import type { Json } from './bucket_responses';
import { toNumber } from './row_values';
import type { StatementEnv } from './statement_env';
import { isKeywordTerms, termsKeyExpression, type GroupLevel } from './terms_aggregation';
import {
  hitsByBucket,
  topHitsResponse,
  topHitsStatement,
  topLevelHitsStatements,
} from './top_hits';

/** What a bucket statement of the planner lends: its environment, grouping and bucket names. */
export interface BucketStatementParts {
  env: StatementEnv;
  level(env: StatementEnv): GroupLevel;
  /** A keyword terms aggregation's bucket names, `gk` → `rep0` (top_hits.ts joins them). */
  names(terms: TermsAgg): SqlFragment;
}

/** What the runner reads of the planner's input (aggregation_planner.ts's AggregationInput). */
export interface TopHitsInput {
  resourceSql: string;
  newContext(): TranslationContext;
  where(ctx: TranslationContext): SqlFragment;
  query(sql: string, params: unknown[]): Promise<Row[]>;
  /** Most hits of one bucket aggregation's top_hits together (setting maxResultWindow). */
  maxTopHits?: number;
}

export class TopHitsRunner {
  constructor(
    private readonly input: TopHitsInput,
    /** Filled here: the hits of each bucket top_hits, by the bucket's identity. */
    private readonly hits: Map<TopHitsAgg, Map<string, Json[]>>,
    /** Values the buckets of each top-level terms grouped (the planner's). */
    private readonly rootValues: ReadonlyMap<TermsAgg, unknown[]>,
    /** Parents beyond this many are not listed in a statement. */
    private readonly maxListed: number,
    /** The search's rows, rendered with the statement around them. */
    private readonly rowsOf: (env: StatementEnv) => SqlFragment
  ) {}

  /** A top_hits at the top level: the search's first rows, and how many match. */
  async root(agg: TopHitsAgg): Promise<Json> {
    const ctx = this.input.newContext();
    const countCtx = this.input.newContext();
    const { page, count } = topLevelHitsStatements(
      ctx,
      agg,
      this.input.resourceSql,
      this.input.where,
      countCtx
    );
    const rows = await this.run(ctx, page);
    const [counted] = await this.run(countCtx, count);
    const hits = rows.map((row, i) => agg.fetch.hit(row, agg.from + i));
    return topHitsResponse(agg, toNumber(counted?.total) ?? 0, hits);
  }

  /** The top_hits of a top-level bucket aggregation whose buckets are `parents`. */
  async inBuckets(
    root: BucketAgg,
    parents: ReadonlyArray<{ row: Row | null }>,
    parts: () => BucketStatementParts
  ): Promise<void> {
    const max = this.input.maxTopHits ?? 10_000;
    for (const agg of root.topHits) {
      // Before the statement: its rows are each bucket's best `from + size`, at most its count.
      let hits = 0;
      for (const parent of parents)
        hits += Math.min(toNumber(parent.row?.doc_count) ?? 0, agg.from + agg.size);
      if (hits > max) {
        throw badRequest(
          `the top_hits aggregation [${agg.name}] would return ${hits} hits over ${parents.length} buckets of [${root.name}], more than [${max}] in one response; use fewer buckets or a smaller size (setting maxResultWindow)`,
          { aggregation: agg.name }
        );
      }
      const { env, level, names } = parts();
      const terms = root.type === 'terms' ? root : null;
      const keyword = isKeywordTerms(root);
      const rows = await this.run(
        env.ctx,
        topHitsStatement(
          env,
          agg,
          { alias: level(env).alias, names: terms && keyword ? names(terms) : null },
          this.keptRowsOf(env, terms)
        )
      );
      this.hits.set(agg, hitsByBucket(agg, rows, keyword));
    }
  }

  /**
   * The rows of a top_hits statement: for terms, only those of the buckets it kept (a field with
   * many values groups far more rows than `size` buckets hold, and every row read is ranked),
   * listed when few enough to bind; a collation's equal spellings all match a bucket's name.
   */
  private keptRowsOf(env: StatementEnv, terms: TermsAgg | null): SqlFragment {
    const kept = terms ? (this.rootValues.get(terms) ?? []) : [];
    if (!terms || kept.length === 0 || kept.length > this.maxListed) return this.rowsOf(env);
    const inKept = sql`${termsKeyExpression(env, terms)} IN (${joinSql(
      kept.map((v) => bound(v)),
      ', '
    )})`;
    return lazy(() =>
      env.rows.render(
        this.input.resourceSql,
        env.weight ? inKept : sql`(${this.input.where(env.ctx)}) AND ${inKept}`
      )
    );
  }

  private run(ctx: TranslationContext, statement: SqlFragment): Promise<Row[]> {
    const { sql: text, params } = renderSql(statement, ctx.dialect);
    return this.input.query(text, params);
  }
}
