/**
 * Runs validated aggregations as GROUP BY statements and assembles OpenSearch's response:
 * - top-level metrics: one statement, one row;
 * - each top-level bucket aggregation: a statement grouping by its key, then one statement per
 *   nested terms aggregation, grouping by the keys of all its ancestors and its own, ranked per
 *   parent bucket (see terms_aggregation.ts); nested statements are restricted to the parents
 *   the previous statement selected where that is exact (see `restrictable`);
 * - date arithmetic that must know the data's range first (zone offsets written as CASE) gets
 *   it from one MIN/MAX statement before the others.
 * Statements run one after the other on the datasource; nothing is computed over table rows in
 * JavaScript, only over the groups the database returns.
 */
import type { Row } from '../remote_types';
import type { TranslationContext } from '../translation_context';
import type {
  Aggregation,
  BucketAgg,
  FiltersAgg,
  MetricAgg,
  TermsAgg,
  TopHitsAgg,
} from './aggregation_types';
import { MAX_BUCKETS, tooManyBuckets } from './bucket_limit';
import { BucketResponses, countBuckets, pathKey, type Json } from './bucket_responses';
import {
  epochNeedsRange,
  hasNativeLocalStart,
  rangeMeasure,
  type DateKeyKind,
  type DateSqlContext,
  type ValueRange,
} from './date_sql';
import { filterFlags } from './filters_aggregation';
import { dateHistogramKey, histogramKeyColumn } from './histogram_aggregations';
import { setOwn } from '../own_property';
import { metricJson, metricSelect } from './metric_aggregations';
import { rangeFlags } from './range_aggregations';
import { RowPipeline } from './row_pipeline';
import { identityOf, toNumber } from './row_values';
import { joinSql, lazy, renderSql, sql, type SqlFragment } from '../sql_fragment';
import { comparable, countExpr, type StatementEnv } from './statement_env';
import {
  isKeywordTerms,
  levelIdentity,
  levelValue,
  selectTermsBuckets,
  termsKeyColumns,
  bucketNameSql,
  termsCapReached,
  termsStatement,
  type GroupLevel,
  type TermsSelection,
} from './terms_aggregation';
import { zoneRulesOf } from './zone_rules';
import type { TopHitsFetcher } from './top_hits_fetch';
import { TopHitsRunner } from './top_hits_runner';

export interface AggregationInput {
  /** The quoted, qualified table (or a parenthesised subquery with an alias). */
  resourceSql: string;
  /** A fresh context per statement. */
  newContext(): TranslationContext;
  /** The search's query as an SQL condition. */
  where(ctx: TranslationContext): SqlFragment;
  query(sql: string, params: unknown[]): Promise<Row[]>;
  /** search.max_buckets: most buckets in the response (OpenSearch's 65,535 when absent). */
  maxBuckets?: number;
  /** Reads `top_hits` options into hits (the search layer's); absent: top_hits is refused. */
  topHits?: TopHitsFetcher;
  /**
   * Most hits the `top_hits` of one bucket aggregation may return over all its buckets
   * (setting maxResultWindow; 10,000 when absent): buckets × size rows held at once otherwise
   * reach millions (65,535 histogram buckets × 100).
   */
  maxTopHits?: number;
}

/** Parents beyond this many are not listed in nested statements (the SQL stays small). */
const MAX_RESTRICTION_VALUES = 1000;

export async function runPlanned(aggs: Aggregation[], input: AggregationInput): Promise<Json> {
  const runner = new Runner(input);
  await runner.measureRanges(aggs);
  const out: Json = {};
  const metrics = aggs.filter((a): a is MetricAgg => a.kind === 'metric');
  const metricResults = metrics.length
    ? await runner.topMetrics(metrics)
    : new Map<MetricAgg, Json>();
  for (const agg of aggs) {
    const result =
      agg.kind === 'metric'
        ? metricResults.get(agg)
        : agg.kind === 'top_hits'
          ? await runner.topHitsRoot(agg)
          : await runner.bucketRoot(agg);
    setOwn(out, agg.name, result);
  }
  const max = input.maxBuckets ?? MAX_BUCKETS;
  const count = countBuckets(out);
  if (count > max) throw tooManyBuckets(count, max);
  return out;
}

/** The rows a level's bucket came from and its name in nested statements. */
interface SelectedBucket {
  row: Row | null;
  identity: string | null;
}

class Runner {
  /** Selections of nested terms, by the path of identities of their parent bucket. */
  private readonly selections = new Map<TermsAgg, Map<string, TermsSelection>>();
  /** Hits of the top_hits inside top-level buckets, by the bucket's identity. */
  private readonly hits = new Map<TopHitsAgg, Map<string, Json[]>>();
  /** Values the buckets of a top-level terms grouped, to restrict its nested statements. */
  private readonly rootValues = new Map<TermsAgg, unknown[]>();
  private readonly timezone: string;
  /** Date settings and measured ranges: of the search's rows, and of every row of the table. */
  private readonly dates: DateSqlContext;
  private readonly allRowDates: DateSqlContext;

  private readonly maxBuckets: number;
  private readonly responses: BucketResponses;
  private readonly topHits: TopHitsRunner;

  constructor(private readonly input: AggregationInput) {
    this.maxBuckets = input.maxBuckets ?? MAX_BUCKETS;
    this.timezone = input.newContext().timezone;
    this.responses = new BucketResponses(
      this.selections,
      this.timezone,
      this.maxBuckets,
      this.hits
    );
    this.dates = this.dateContext();
    this.allRowDates = this.dateContext();
    this.topHits = new TopHitsRunner(
      input,
      this.hits,
      this.rootValues,
      MAX_RESTRICTION_VALUES,
      (env) => this.rowsOf(env)
    );
  }

  // -------------------------------------------------------------------------------------------
  // Statements

  private environment(dates: DateSqlContext, weighted: boolean): StatementEnv {
    const ctx = this.input.newContext();
    const rows = new RowPipeline(ctx.dialect);
    const env: StatementEnv = {
      ctx,
      agg: ctx.dialect.aggregations,
      dates,
      rows,
      weight: null,
      added: new Map(),
    };
    if (weighted) {
      env.weight = rows.add(sql`CASE WHEN ${this.input.where(ctx)} THEN 1 ELSE 0 END`);
    }
    return env;
  }

  /** The rows, rendered when the statement around them is (after all columns are added). */
  private rowsOf(env: StatementEnv): SqlFragment {
    return lazy(() =>
      env.rows.render(this.input.resourceSql, env.weight ? null : this.input.where(env.ctx))
    );
  }

  private async run(env: StatementEnv, statement: SqlFragment): Promise<Row[]> {
    const { sql: text, params } = renderSql(statement, env.ctx.dialect);
    return this.input.query(text, params);
  }

  private dateContext(): DateSqlContext {
    const ctx = this.input.newContext();
    return {
      dialect: ctx.dialect,
      agg: ctx.dialect.aggregations,
      store: zoneRulesOf(ctx.timezone, 'jdbc.timezone'),
      ranges: new Map(),
    };
  }

  /**
   * The MIN/MAX statements for the date fields whose SQL depends on the data's range (one over
   * the search's rows, one over all rows for terms with min_doc_count 0, when needed).
   */
  async measureRanges(aggs: Aggregation[]): Promise<void> {
    await this.measure(
      this.dates,
      aggs.filter((a) => !readsAllRows(a)),
      false
    );
    await this.measure(this.allRowDates, aggs.filter(readsAllRows), true);
  }

  private async measure(dates: DateSqlContext, aggs: Aggregation[], allRows: boolean) {
    const fields = new Map<string, MetricAgg['field']>();
    const visit = (agg: Aggregation) => {
      for (const field of rangeNeeds(agg, dates)) fields.set(field.name, field);
      if (agg.kind === 'bucket') [...agg.metrics, ...agg.terms].forEach(visit);
    };
    aggs.forEach(visit);
    if (fields.size === 0) return;
    const env = this.environment(dates, false);
    const select: SqlFragment[] = [];
    [...fields.values()].forEach((field, i) => {
      const column = field.column!;
      const measure =
        column.type === 'date' ? rangeMeasure(dates, column) : comparable(env, column);
      const ref = `r.${env.rows.ref(env.rows.add(measure))}`;
      select.push(
        `MIN(${ref}) AS ${env.rows.ref(`min${i}`)}`,
        `MAX(${ref}) AS ${env.rows.ref(`max${i}`)}`
      );
    });
    const rows = env.rows.render(
      this.input.resourceSql,
      allRows ? null : this.input.where(env.ctx)
    );
    const [row] = await this.run(env, sql`SELECT ${joinSql(select, ', ')} FROM (${rows}) r`);
    const ranges = dates.ranges as Map<string, ValueRange | null>;
    [...fields.keys()].forEach((name, i) => {
      const min = toNumber(row?.[`min${i}`]);
      const max = toNumber(row?.[`max${i}`]);
      ranges.set(name, min === null || max === null ? null : { min, max });
    });
  }

  // -------------------------------------------------------------------------------------------
  // Top-level metrics

  async topMetrics(metrics: MetricAgg[]): Promise<Map<MetricAgg, Json>> {
    const env = this.environment(this.dates, false);
    const select = metrics.flatMap((metric, i) => metricSelect(env, metric, `m${i}`, false));
    let row: Row | null = null;
    if (select.length) {
      [row] = await this.run(
        env,
        sql`SELECT ${joinSql(select, ', ')} FROM (${this.rowsOf(env)}) r`
      );
    }
    return new Map(
      metrics.map((metric, i) => [metric, metricJson(metric, row ?? null, `m${i}`, this.timezone)])
    );
  }

  /** A top_hits at the top level: the search's first rows, and how many match. */
  topHitsRoot(agg: TopHitsAgg): Promise<Json> {
    return this.topHits.root(agg);
  }

  /**
   * The names of a keyword terms aggregation's buckets, `gk` → `rep0`, over the rows its own
   * statement groups (top_hits.ts joins them to the hits' rows).
   */
  private bucketNames(terms: TermsAgg, dates: DateSqlContext, weighted: boolean): SqlFragment {
    const env = this.environment(dates, weighted);
    const key = termsKeyColumns(env, terms);
    const value = `r.${env.rows.ref(key.alias)}`;
    const name = bucketNameSql(key, (alias) => `r.${env.rows.ref(alias)}`);
    return sql`SELECT ${value} AS ${env.rows.ref('gk')}, ${name} AS ${env.rows.ref('rep0')} FROM (${this.rowsOf(env)}) r WHERE ${value} IS NOT NULL GROUP BY ${value}`;
  }

  // -------------------------------------------------------------------------------------------
  // Bucket aggregations

  async bucketRoot(root: BucketAgg): Promise<Json> {
    if (root.type !== 'filters' && !root.field.column)
      return this.responses.root(root, [], 'instant');
    const weighted = readsAllRows(root);
    const dates = weighted ? this.allRowDates : this.dates;
    const env = this.environment(dates, weighted);
    const level = this.groupLevel(env, root, [], true);
    let rows: Row[];
    if (root.type === 'terms') {
      rows = await this.run(
        env,
        termsStatement(env, root, [level.group], this.rowsOf(env), this.maxBuckets)
      );
      this.checkTermsCap(root, rows);
    } else {
      const key = `r.${env.rows.ref(level.group.alias)}`;
      const select: SqlFragment[] = [
        `${key} AS ${env.rows.ref('g0')}`,
        `${countExpr(env)} AS ${env.rows.ref('doc_count')}`,
        ...root.metrics.flatMap((metric, j) => metricSelect(env, metric, `m${j}`, false)),
      ];
      // The rows without a key form one group, dropped here: a WHERE on the key would make the
      // database compute the key expression twice per row (it inlines the rows' SELECT).
      const grouped = await this.run(
        env,
        sql`SELECT ${joinSql(select, ', ')} FROM (${this.rowsOf(env)}) r GROUP BY ${key}`
      );
      rows = grouped.filter((row) => row.g0 !== null && row.g0 !== undefined);
    }
    // Nested statements first: the response reads their selections.
    let parents: SelectedBucket[];
    let rootSelection: TermsSelection | null = null;
    if (root.type === 'terms') {
      rootSelection = selectTermsBuckets(root, rows, 0, this.timezone);
      const keyword = isKeywordTerms(root);
      this.rootValues.set(
        root,
        rootSelection.buckets.map((b) => levelValue(b.row, 0, 0, keyword))
      );
      parents = rootSelection.buckets;
    } else {
      parents = rows.map((row) => ({ row, identity: identityOf(row.g0) }));
    }
    await this.runNested([root], dates, weighted, parents);
    if (parents.length > 0) {
      await this.topHits.inBuckets(root, parents, () => ({
        env: this.environment(dates, weighted),
        names: (terms) => this.bucketNames(terms, dates, weighted),
        level: (env) => this.groupLevel(env, root, [], true).group,
      }));
    }
    return rootSelection
      ? this.responses.terms(root as TermsAgg, rootSelection, [])
      : this.responses.root(root, rows, level.dateKind ?? 'instant');
  }

  /**
   * Runs the statements of the terms nested in `path[path.length - 1]`, whose selected buckets
   * (names and rows) are `parents`, and recursively below them.
   */
  private async runNested(
    path: BucketAgg[],
    dates: DateSqlContext,
    weighted: boolean,
    parents: SelectedBucket[]
  ): Promise<void> {
    const parent = path[path.length - 1];
    const depth = path.length;
    for (const terms of parent.terms) {
      if (!terms.field.column || parents.length === 0) continue;
      const env = this.environment(dates, weighted);
      const levels = path.map((agg, i) => this.groupLevel(env, agg, path.slice(0, i), false).group);
      levels.push(this.groupLevel(env, terms, path, true).group);
      const rows = await this.run(
        env,
        termsStatement(env, terms, levels, this.rowsOf(env), this.maxBuckets)
      );
      this.checkTermsCap(terms, rows);
      const byParent = new Map<string, Row[]>();
      for (const row of rows) {
        const key = pathKey(
          path.map((agg, i) => levelIdentity(row, i, depth, isKeywordTerms(agg)))
        );
        const list = byParent.get(key);
        if (list) list.push(row);
        else byParent.set(key, [row]);
      }
      const selections = new Map<string, TermsSelection>();
      const selected: SelectedBucket[] = [];
      for (const [key, list] of byParent) {
        const selection = selectTermsBuckets(terms, list, depth, this.timezone);
        selections.set(key, selection);
        // A loop, not push(...): bucket lists run to maxBuckets, past the call stack's reach.
        for (const b of selection.buckets) selected.push({ row: b.row, identity: b.identity });
      }
      this.selections.set(terms, selections);
      await this.runNested([...path, terms], dates, weighted, selected);
    }
  }

  private checkTermsCap(terms: TermsAgg, rows: readonly Row[]): void {
    if (termsCapReached(terms, rows, this.maxBuckets)) {
      throw tooManyBuckets(this.maxBuckets + 1, this.maxBuckets, true);
    }
  }

  /** The grouping column of one level of a statement, added to its rows. */
  private groupLevel(
    env: StatementEnv,
    agg: BucketAgg,
    ancestors: BucketAgg[],
    own: boolean
  ): { group: GroupLevel; dateKind?: DateKeyKind } {
    switch (agg.type) {
      case 'terms': {
        const key = termsKeyColumns(env, agg);
        const restrictTo = own ? null : this.restriction(agg, ancestors);
        return { group: { alias: key.alias, byteOrdered: key.byteOrdered, restrictTo } };
      }
      case 'histogram':
        return { group: plain(histogramKeyColumn(env, agg)) };
      case 'date_histogram': {
        const key = dateHistogramKey(env, agg);
        return { group: plain(key.alias), dateKind: key.kind };
      }
      case 'range':
      case 'date_range':
        return { group: plain(env.rows.joinBuckets(rangeFlags(env, agg))) };
      case 'filters':
        return { group: plain(env.rows.joinBuckets(filterFlags(env, agg))) };
    }
  }

  /** Values a terms ancestor's selected buckets grouped, when listing them is exact. */
  private restriction(terms: TermsAgg, ancestors: BucketAgg[]): unknown[] | null {
    if (!this.restrictable(ancestors)) return null;
    const depth = ancestors.length;
    const keyword = isKeywordTerms(terms);
    const values =
      depth === 0
        ? (this.rootValues.get(terms) ?? [])
        : [...(this.selections.get(terms)?.values() ?? [])].flatMap((selection) =>
            selection.buckets.map((b) => levelValue(b.row, depth, depth, keyword))
          );
    return values.length > MAX_RESTRICTION_VALUES ? null : values;
  }

  /**
   * A level's rows can be limited to its selected values unless a keyword terms level lies
   * above it: keyword buckets are named by the byte-wise smallest spelling of all their rows
   * (case-insensitive collations), which must see every row of the bucket.
   */
  private restrictable(ancestors: BucketAgg[]): boolean {
    return !ancestors.some(isKeywordTerms);
  }
}

/** Terms with min_doc_count 0 list the terms of every row, matching the search or not. */
function readsAllRows(agg: Aggregation): boolean {
  return agg.kind === 'bucket' && agg.type === 'terms' && agg.minDocCount === 0;
}

function plain(alias: string): GroupLevel {
  return { alias, byteOrdered: null, restrictTo: null };
}

/** Date fields whose SQL in this aggregation needs their range measured first. */
function rangeNeeds(agg: Aggregation, dates: DateSqlContext): MetricAgg['field'][] {
  if (agg.kind === 'top_hits') return [];
  const column = agg.kind === 'metric' || agg.type !== 'filters' ? agg.field.column : null;
  if (!column) return [];
  const field = (agg as MetricAgg | Exclude<BucketAgg, FiltersAgg>).field;
  const epoch = column.type === 'date' && epochNeedsRange(dates, column);
  if (agg.kind === 'metric')
    return (agg.type === 'avg' || agg.type === 'sum') && epoch ? [field] : [];
  if (agg.type === 'histogram') return epoch ? [field] : [];
  if (agg.type !== 'date_histogram') return [];
  const native = column.type === 'date' && hasNativeLocalStart(dates, column, agg.rounding);
  return epoch || (!agg.rounding.zone.fixed && !native) ? [field] : [];
}
