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
import { aggregationDialect } from './aggregation_dialects';
import type {
  Aggregation,
  BucketAgg,
  DateHistogramAgg,
  FiltersAgg,
  HistogramAgg,
  MetricAgg,
  TermsAgg,
} from './aggregation_types';
import {
  epochNeedsRange,
  hasNativeLocalStart,
  rangeMeasure,
  type DateKeyKind,
  type DateSqlContext,
  type ValueRange,
} from './date_sql';
import { filterBuckets, filterFlags } from './filters_aggregation';
import {
  dateHistogramKey,
  dateHistogramKeyOf,
  histogramBuckets,
  histogramKeyColumn,
  histogramKeyOf,
  MAX_BUCKETS,
  tooManyBuckets,
  type HistogramBucket,
} from './histogram_aggregations';
import { setOwn } from '../own_property';
import { javaDoubleToString } from './java_double';
import {
  emptyMetricResponse,
  metricResponse,
  metricSelect,
  metricValue,
} from './metric_aggregations';
import { rangeBucketHead, rangeBuckets, rangeFlags } from './range_aggregations';
import { RowPipeline } from './row_pipeline';
import { identityOf, toNumber } from './row_values';
import { deferred, joinSql, renderSql, sql, type SqlFragment } from './sql_fragment';
import { comparable, countExpr, type StatementEnv } from './statement_env';
import {
  levelIdentity,
  levelValue,
  selectTermsBuckets,
  termsKeyColumns,
  termsCapReached,
  termsStatement,
  EMPTY_TERMS,
  type GroupLevel,
  type TermsSelection,
} from './terms_aggregation';
import { zoneRulesOf } from './zone_rules';

export interface AggregationInput {
  /** The quoted, qualified table (or a parenthesised subquery with an alias). */
  resourceSql: string;
  /** A fresh context (and parameter list) per statement. */
  newContext(): TranslationContext;
  /** The search's query as an SQL condition, its values added to `ctx.params`. */
  where(ctx: TranslationContext): string;
  query(sql: string, params: unknown[]): Promise<Row[]>;
  /** search.max_buckets: most buckets in the response (OpenSearch's 65,535 when absent). */
  maxBuckets?: number;
}

/** Parents beyond this many are not listed in nested statements (the SQL stays small). */
const MAX_RESTRICTION_VALUES = 1000;

type Json = Record<string, unknown>;

export async function runPlanned(aggs: Aggregation[], input: AggregationInput): Promise<Json> {
  const runner = new Runner(input);
  await runner.measureRanges(aggs);
  const out: Json = {};
  const metrics = aggs.filter((a): a is MetricAgg => a.kind === 'metric');
  const metricResults = metrics.length
    ? await runner.topMetrics(metrics)
    : new Map<MetricAgg, Json>();
  for (const agg of aggs) {
    const result = agg.kind === 'metric' ? metricResults.get(agg) : await runner.bucketRoot(agg);
    setOwn(out, agg.name, result);
  }
  const max = input.maxBuckets ?? MAX_BUCKETS;
  const count = countBuckets(out);
  if (count > max) throw tooManyBuckets(count, max);
  return out;
}

/**
 * Buckets in the whole response, as OpenSearch's reduce counts them against search.max_buckets:
 * every bucket of every multi-bucket aggregation, nested ones included. Iterative.
 */
function countBuckets(aggregations: Json): number {
  let count = 0;
  const stack: unknown[] = Object.values(aggregations);
  while (stack.length > 0) {
    const agg = stack.pop() as Json | undefined;
    if (typeof agg !== 'object' || agg === null) continue;
    const buckets = agg.buckets;
    if (typeof buckets !== 'object' || buckets === null) continue;
    for (const bucket of Object.values(buckets)) {
      count++;
      for (const [key, value] of Object.entries(bucket as Json)) {
        if (key !== 'key' && typeof value === 'object' && value !== null) stack.push(value);
      }
    }
  }
  return count;
}

/** The rows a level's bucket came from and its name in nested statements. */
interface SelectedBucket {
  row: Row | null;
  identity: string | null;
}

class Runner {
  /** Selections of nested terms, by the path of identities of their parent bucket. */
  private readonly selections = new Map<TermsAgg, Map<string, TermsSelection>>();
  /** Values the buckets of a top-level terms grouped, to restrict its nested statements. */
  private readonly rootValues = new Map<TermsAgg, unknown[]>();
  private readonly timezone: string;
  /** Date settings and measured ranges: of the search's rows, and of every row of the table. */
  private readonly dates: DateSqlContext;
  private readonly allRowDates: DateSqlContext;

  private readonly maxBuckets: number;

  constructor(private readonly input: AggregationInput) {
    this.maxBuckets = input.maxBuckets ?? MAX_BUCKETS;
    this.timezone = input.newContext().timezone;
    this.dates = this.dateContext();
    this.allRowDates = this.dateContext();
  }

  // -------------------------------------------------------------------------------------------
  // Statements

  private environment(dates: DateSqlContext, weighted: boolean): StatementEnv {
    const ctx = this.input.newContext();
    const rows = new RowPipeline(ctx.dialect);
    const env: StatementEnv = {
      ctx,
      agg: aggregationDialect(ctx.dialect),
      dates,
      rows,
      weight: null,
      added: new Map(),
    };
    if (weighted) {
      env.weight = rows.add(deferred((c) => `CASE WHEN ${this.input.where(c)} THEN 1 ELSE 0 END`));
    }
    return env;
  }

  /** The rows, rendered when the statement around them is (after all columns are added). */
  private rowsOf(env: StatementEnv): SqlFragment {
    return deferred((ctx) =>
      renderSql(
        env.rows.render(
          this.input.resourceSql,
          env.weight ? null : deferred((c) => this.input.where(c))
        ),
        ctx
      )
    );
  }

  private async run(env: StatementEnv, statement: SqlFragment): Promise<Row[]> {
    const text = renderSql(statement, env.ctx);
    return this.input.query(text, env.ctx.params.values);
  }

  private dateContext(): DateSqlContext {
    const ctx = this.input.newContext();
    return {
      dialect: ctx.dialect,
      agg: aggregationDialect(ctx.dialect),
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
      allRows ? null : deferred((c) => this.input.where(c))
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
      metrics.map((metric, i) => [
        metric,
        metricResponse(metric, metricValue(metric, row ?? null, `m${i}`, this.timezone)),
      ])
    );
  }

  // -------------------------------------------------------------------------------------------
  // Bucket aggregations

  async bucketRoot(root: BucketAgg): Promise<Json> {
    if (root.type !== 'filters' && !root.field.column) return this.rootJson(root, [], 'instant');
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
      const keyword = isKeyword(root);
      this.rootValues.set(
        root,
        rootSelection.buckets.map((b) => levelValue(b.row, 0, 0, keyword))
      );
      parents = rootSelection.buckets;
    } else {
      parents = rows.map((row) => ({ row, identity: identityOf(row.g0) }));
    }
    await this.runNested([root], dates, weighted, parents);
    return rootSelection
      ? this.termsJson(root as TermsAgg, rootSelection, [])
      : this.rootJson(root, rows, level.dateKind ?? 'instant');
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
        const key = pathKey(path.map((agg, i) => levelIdentity(row, i, depth, isKeyword(agg))));
        const list = byParent.get(key);
        if (list) list.push(row);
        else byParent.set(key, [row]);
      }
      const selections = new Map<string, TermsSelection>();
      const selected: SelectedBucket[] = [];
      for (const [key, list] of byParent) {
        const selection = selectTermsBuckets(terms, list, depth, this.timezone);
        selections.set(key, selection);
        selected.push(...selection.buckets.map((b) => ({ row: b.row, identity: b.identity })));
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
    const keyword = isKeyword(terms);
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
    return !ancestors.some(isKeyword);
  }

  // -------------------------------------------------------------------------------------------
  // Responses

  private rootJson(root: BucketAgg, rows: Row[], dateKind: DateKeyKind): Json {
    const tz = this.timezone;
    switch (root.type) {
      case 'terms':
        return this.termsJson(root, EMPTY_TERMS, []);
      case 'histogram':
      case 'date_histogram': {
        const keyOf =
          root.type === 'histogram' ? histogramKeyOf(root) : dateHistogramKeyOf(root, dateKind);
        return this.histogramJson(root, histogramBuckets(root, rows, keyOf, tz, this.maxBuckets));
      }
      case 'range':
      case 'date_range':
        return this.bucketsJson(
          root,
          root.keyed,
          rangeBuckets(root, rows).map((b) => [
            b.range.key,
            { ...rangeBucketHead(root, b), ...this.subAggs(root, b.row, [b.identity]) },
          ])
        );
      case 'filters':
        return this.bucketsJson(
          root,
          root.keyed,
          filterBuckets(root, rows).map((b) => [
            b.key ?? '',
            { doc_count: b.docCount, ...this.subAggs(root, b.row, [b.identity]) },
          ])
        );
    }
  }

  private bucketsJson(agg: BucketAgg, keyed: boolean, buckets: Array<[string, Json]>): Json {
    return {
      ...(agg.meta ? { meta: agg.meta } : {}),
      buckets: keyed ? Object.fromEntries(buckets) : buckets.map(([, bucket]) => bucket),
    };
  }

  private histogramJson(agg: HistogramAgg | DateHistogramAgg, buckets: HistogramBucket[]): Json {
    const keyAsString =
      agg.type === 'histogram' ? agg.keyAsString : agg.printer ? agg.printer : null;
    const entries = buckets.map((b): [string, Json] => {
      const text = keyAsString ? keyAsString(b.key) : null;
      const name = text ?? (agg.type === 'histogram' ? javaDoubleToString(b.key) : String(b.key));
      const head: Json = text === null ? {} : { key_as_string: text };
      head.key = b.key;
      head.doc_count = b.docCount;
      return [
        name,
        { ...head, ...this.subAggs(agg, b.row, b.identity === null ? null : [b.identity]) },
      ];
    });
    return this.bucketsJson(agg, agg.keyed, entries);
  }

  private termsJson(terms: TermsAgg, selection: TermsSelection, parentPath: string[]): Json {
    return {
      ...(terms.meta ? { meta: terms.meta } : {}),
      doc_count_error_upper_bound: selection.docCountError,
      sum_other_doc_count: selection.sumOtherDocCount,
      buckets: selection.buckets.map((b) => {
        const head: Json = { key: b.key };
        if (b.keyAsString !== undefined) head.key_as_string = b.keyAsString;
        head.doc_count = b.docCount;
        if (terms.showTermDocCountError) head.doc_count_error_upper_bound = selection.docCountError;
        return { ...head, ...this.subAggs(terms, b.row, [...parentPath, b.identity]) };
      }),
    };
  }

  /** Metrics of a bucket (from its row) and its nested terms (from their statements). */
  private subAggs(agg: BucketAgg, row: Row | null, path: string[] | null): Json {
    const out: Json = {};
    agg.metrics.forEach((metric, j) => {
      setOwn(
        out,
        metric.name,
        row
          ? metricResponse(metric, metricValue(metric, row, `m${j}`, this.timezone))
          : emptyMetricResponse(metric)
      );
    });
    for (const terms of agg.terms) {
      const selection = path === null ? undefined : this.selections.get(terms)?.get(pathKey(path));
      setOwn(out, terms.name, this.termsJson(terms, selection ?? EMPTY_TERMS, path ?? []));
    }
    return out;
  }
}

/** Terms with min_doc_count 0 list the terms of every row, matching the search or not. */
function readsAllRows(agg: Aggregation): boolean {
  return agg.kind === 'bucket' && agg.type === 'terms' && agg.minDocCount === 0;
}

function plain(alias: string): GroupLevel {
  return { alias, byteOrdered: null, restrictTo: null };
}

function isKeyword(agg: BucketAgg): boolean {
  return agg.type === 'terms' && agg.field.column?.type === 'keyword';
}

function pathKey(identities: readonly string[]): string {
  return identities.join('\u0001');
}

/** Date fields whose SQL in this aggregation needs their range measured first. */
function rangeNeeds(agg: Aggregation, dates: DateSqlContext): MetricAgg['field'][] {
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
