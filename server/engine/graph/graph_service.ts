/**
 * `POST /svc/_graph`: request → parse → bind → plan → execute → response. The engine reaches the
 * data only through backends/ (count, distinct keys, key filters, documents), never through
 * search/, join/ or pit/ internals (an ESLint rule keeps it so).
 */
import type { GraphResponse, GraphStepReport } from '../../../common/graph/graph_response';
import { parseGql } from '../../../common/gql';
import type { Expression } from '../../../common/gql/ast';
import type {
  BackendCall,
  BackendDocument,
  BackendFactory,
  CallOptions,
} from '../backends/backend';
import { badRequest, FederationError } from '../errors';
import { assertQueryStringDepth } from '../opensearch/query_string_depth';
import { callerGone } from '../request_scope';
import { stopCheck, WorkBudget } from '../work_budget';
import {
  assertDateLiterals,
  conjuncts,
  evaluateCondition,
  nodesOf,
  toFieldPredicate,
  type DateFields,
} from './expressions';
import { parseGraphModel } from './graph_model';
import { countedNodes, nodeKeyFields, planGraph, type GraphPlan } from './graph_plan';
import { checkModelMappings } from './model_mappings';
import { at, bindQuery, type BoundQuery } from './query_binding';
import { assembleWithPauses } from './row_assembly';
import { checkResultWindow, shapeRowsAsync } from './result_shaping';
import { QuantifiedHops } from './quantified_hops';
import { ReductionState } from './reduction';
import type { GraphLimits } from './graph_limits';

export type { GraphLimits };

export interface GraphRequest {
  model: unknown;
  query: unknown;
  preference?: string;
  detailed: boolean;
  debug: boolean;
}

export type { GraphResponse, GraphStepReport };

interface StepStats {
  rows: number;
  start: number;
  stop: number;
  requests: BackendCall[];
}

export class GraphService {
  constructor(
    private readonly deps: {
      backends: BackendFactory;
      limits: GraphLimits;
      clock?: () => number;
      /** The caller's abort (RequestScope.signal): the query stops when its caller leaves. */
      signal?: AbortSignal;
    }
  ) {}

  async query(request: GraphRequest): Promise<GraphResponse> {
    const clock = this.deps.clock ?? Date.now;
    const started = clock();
    const run = new GraphRun(this.deps.limits, clock, request, this.deps.signal);
    try {
      return await run.execute(this.deps.backends, started);
    } finally {
      run.dispose();
    }
  }
}

/** One query's execution: its deadline, step statistics and per-node state. */
class GraphRun {
  private readonly stats = new Map<number, StepStats>();
  /** Aborts every backend call of the query: at its deadline, when done, when the caller left. */
  private readonly controller = new AbortController();
  private readonly deadline: number;
  private readonly timer: NodeJS.Timeout;
  private readonly unlinkCaller: () => void;
  /** Throws the 499 when the caller left, the 504 past the deadline. */
  private readonly check: () => void;
  /** What every loop over fetched documents, bindings and paths spends from. */
  private readonly budget: WorkBudget;
  private currentStep = 'planning';

  constructor(
    private readonly limits: GraphLimits,
    private readonly clock: () => number,
    private readonly request: GraphRequest,
    /** The caller's abort (RequestScope.signal). */
    private readonly callerSignal: AbortSignal | undefined
  ) {
    this.deadline = clock() + limits.timeoutMs;
    this.timer = setTimeout(() => this.controller.abort(), limits.timeoutMs);
    this.timer.unref();
    // The caller leaving stops the statements and streams under way, as the deadline does.
    const onCallerGone = () => this.controller.abort(callerSignal?.reason ?? callerGone());
    if (callerSignal?.aborted) onCallerGone();
    else callerSignal?.addEventListener('abort', onCallerGone, { once: true });
    this.unlinkCaller = () => callerSignal?.removeEventListener('abort', onCallerGone);
    this.check = stopCheck(
      callerSignal,
      { at: this.deadline, error: () => this.timeoutError(this.currentStep) },
      clock
    );
    this.budget = new WorkBudget(this.check);
  }

  /** Stops the deadline timer, and any statement or stream still running for this query. */
  dispose(): void {
    clearTimeout(this.timer);
    this.unlinkCaller();
    this.controller.abort();
  }

  async execute(factory: BackendFactory, started: number): Promise<GraphResponse> {
    // A caller already gone costs nothing: not even the catalog reads of opening its backends.
    this.check();
    const model = parseGraphModel(this.request.model, this.limits.model);
    if (typeof this.request.query !== 'string' || this.request.query.trim() === '') {
      throw badRequest('[query] is required: send the GQL query as a string');
    }
    const parsed = parseGql(this.request.query);
    if (parsed.errors.length > 0 || parsed.statement === null) {
      const first = parsed.errors[0];
      throw new FederationError(
        400,
        'parsing_exception',
        first ? `${at(first.range)}: ${first.message}` : 'the query could not be parsed',
        first ? { line: first.range.line, col: first.range.column } : {}
      );
    }
    const query = bindQuery(parsed.statement, model, { maxHops: this.limits.maxHops });
    checkResultWindow(query.statement, this.limits.maxResultWindow);
    for (const node of query.nodes) {
      for (const text of node.queryStrings) {
        assertQueryStringDepth(text, 0, this.limits.maxQueryDepth, `the node (${node.display})`);
      }
    }
    const { backends: entityBackends, relationsChecked } = await checkModelMappings(
      factory,
      model,
      {
        budget: this.budget,
      }
    );
    const backends = await Promise.all(
      query.nodes.map((node) =>
        node.labels.length === 1 ? entityBackends.get(node.labels[0])! : factory.open(node.indices)
      )
    );
    const state = new ReductionState(query, backends, this.limits, entityBackends, this.budget);
    const [conditions] = await Promise.all([this.pushDown(query, state), relationsChecked]);
    // A node without conditions is counted only when no node has one: it cannot be the start,
    // and counting it would read it whole (a full scan on a SQL table).
    const filtered = query.nodes.map((node) => state.hasConditions(node.id));
    const counted = query.nodes.map((node) => filtered[node.id] || !filtered.some(Boolean));
    const ids = countedNodes(counted.map((c) => (c ? 0 : null)));
    const counts: Array<number | null> = query.nodes.map(() => null);
    await Promise.all(
      ids.map(async (node, i) => {
        counts[node] = await this.step(i + 1, () => state.count(node, this.options(i + 1)));
      })
    );
    const plan = planGraph(query, counts, nodeKeyFields(query, model));
    if (query.statement.explain) return this.response(query, plan, started, [], false, true);
    const empty = counts.some((c) => c === 0);
    const documents = await this.reduceAndFetch(query, plan, state, empty);
    const emptied = documents === null;
    const isDate: DateFields = (node, field) => state.isDate(node, field);
    const assemble = plan.steps[plan.steps.length - 1];
    const shaped = await this.step(
      assemble.id,
      async () => {
        // Quantified edges walk the documents of their relation's entity, fetched here.
        const hops =
          query.edges.some((e) => e.quantifier) && !emptied
            ? await QuantifiedHops.build(
                query,
                state,
                documents!,
                this.options(assemble.id),
                {
                  maxDocuments: this.limits.maxDocuments,
                  maxKeys: this.limits.maxFrontierKeys,
                  maxPathSteps: this.limits.maxPathSteps,
                },
                this.budget
              )
            : undefined;
        return shapeRowsAsync(
          query.statement,
          emptied
            ? []
            : assembleWithPauses(
                { query, plan, documents: documents!, conditions, isDate },
                hops,
                this.budget
              ),
          query.variables,
          {
            maxRows: this.limits.maxRows,
            maxGroups: this.limits.maxGroups,
            maxAggregateValues: this.limits.maxAggregateValues,
            budget: this.budget,
          }
        );
      },
      assemble.pattern,
      (result) => result.rows.length
    );
    return this.response(query, plan, started, shaped.rows, shaped.truncated, false);
  }

  /**
   * Runs the reduce steps in order and fetches each node's documents as soon as no later step
   * narrows it, so fetches overlap the remaining reductions. Null when some node came out empty
   * (no row can exist).
   */
  private async reduceAndFetch(
    query: BoundQuery,
    plan: GraphPlan,
    state: ReductionState,
    empty: boolean
  ): Promise<BackendDocument[][] | null> {
    if (empty) return null;
    const lastNarrowing = new Map<number, number>();
    for (const step of plan.steps) if (step.kind === 'reduce') lastNarrowing.set(step.to, step.id);
    const fetchSteps = new Map(
      plan.steps.flatMap((s) => (s.kind === 'fetch' ? [[s.node, s] as const] : []))
    );
    const fetches = new Map<number, Promise<BackendDocument[]>>();
    const startFetch = (node: number) => {
      const step = fetchSteps.get(node)!;
      const fetching = this.step(
        step.id,
        () => state.fetch(node, this.options(step.id)),
        step.pattern,
        (docs) => docs.length
      );
      // Handled here so a fetch cut short by an empty reduction never goes unobserved.
      fetching.catch(() => undefined);
      fetches.set(node, fetching);
    };
    for (const node of plan.order) if (!lastNarrowing.has(node)) startFetch(node);
    for (const step of plan.steps) {
      if (step.kind !== 'reduce') continue;
      const keys = await this.step(
        step.id,
        () =>
          state.reduce(
            query.edges[step.edge],
            step.from,
            step.to,
            step.pattern,
            this.options(step.id)
          ),
        step.pattern
      );
      if (keys === 0 || state.anyEmpty()) return null;
      for (const [node, last] of lastNarrowing) if (last === step.id) startFetch(node);
    }
    const documents: BackendDocument[][] = query.nodes.map(() => []);
    for (const [node, fetching] of fetches) documents[node] = await fetching;
    return documents;
  }

  /**
   * WHERE conjuncts on one node go to that node's backend (what it cannot evaluate is checked on
   * its fetched documents); the others are checked while rows are assembled.
   */
  private async pushDown(query: BoundQuery, state: ReductionState) {
    const rowConditions: Array<{ expression: Expression; nodes: ReadonlySet<number> }> = [];
    const where = conjuncts(query.statement.where);
    // A string compared with a date field must be a date, decided here for every kind of
    // entity before any condition reaches a backend (OpenSearch refuses it, SQL would not).
    await state.loadDateFields(where.map((expression) => ({ expression })));
    const isDate: DateFields = (node, field) => state.isDate(node, field);
    for (const expression of where) assertDateLiterals(expression, query.variables, isDate);
    for (const expression of where) {
      const nodes = nodesOf(expression, query.variables);
      if (nodes.size === 0) {
        // `WHERE TRUE`, `1 = 1`: decided now, once. False means no row at all.
        if (!evaluateCondition(expression, [], query.variables, () => false)) state.matchNothing();
        continue;
      }
      if (nodes.size !== 1) {
        rowConditions.push({ expression, nodes });
        continue;
      }
      const [node] = nodes;
      // Null for anything but properties compared with literals (a whole variable included).
      const predicate = toFieldPredicate(expression);
      await state.addCondition(node, expression, predicate);
    }
    await state.loadDateFields(rowConditions);
    return rowConditions;
  }

  private options(stepId: number): CallOptions {
    const stats = this.statsOf(stepId);
    return {
      ...(this.request.preference !== undefined ? { preference: this.request.preference } : {}),
      signal: this.controller.signal,
      remainingMs: () => Math.max(1, this.deadline - this.clock()),
      ...(this.request.debug ? { trace: (call: BackendCall) => stats.requests.push(call) } : {}),
    };
  }

  private statsOf(stepId: number): StepStats {
    let stats = this.stats.get(stepId);
    if (!stats) this.stats.set(stepId, (stats = { rows: 0, start: 0, stop: 0, requests: [] }));
    return stats;
  }

  /** Runs one step, recording its time and rows; past the deadline, a 504 naming the step. */
  private async step<T>(
    id: number,
    work: () => Promise<T>,
    pattern = '',
    rows: (result: T) => number = (r) => Number(r)
  ): Promise<T> {
    const stats = this.statsOf(id);
    this.currentStep = pattern || this.currentStep;
    this.check();
    stats.start = this.clock();
    try {
      const result = await work();
      stats.rows = rows(result);
      return result;
    } catch (error) {
      // Whatever a call failed with once its caller left or its deadline passed, that is why.
      if (this.callerSignal?.aborted) throw this.callerSignal.reason ?? callerGone();
      if (this.controller.signal.aborted || this.clock() >= this.deadline)
        throw this.timeoutError(this.currentStep, error);
      throw error;
    } finally {
      stats.stop = this.clock();
    }
  }

  private timeoutError(step: string, cause?: unknown): FederationError {
    return new FederationError(
      504,
      'graph_timeout_exception',
      `the graph query did not finish within ${this.limits.timeoutMs} ms (setting graphTimeoutMs); it was at the step [${step}]`,
      {},
      { cause }
    );
  }

  private response(
    query: BoundQuery,
    plan: GraphPlan,
    started: number,
    rows: unknown[][],
    truncated: boolean,
    explain: boolean
  ): GraphResponse {
    const stopped = this.clock();
    const wantSteps = this.request.detailed || this.request.debug || explain;
    const steps = wantSteps
      ? plan.steps.map((step): GraphStepReport => {
          const stats = this.stats.get(step.id);
          return {
            pattern: step.pattern,
            rows: stats?.rows ?? 0,
            took_in_millis: stats ? stats.stop - stats.start : 0,
            start_in_millis: stats?.start || stopped,
            stop_in_millis: stats?.stop || stopped,
            estimated_rows: finiteOrNull(step.estimatedRows),
            ...(this.request.debug ? { requests: stats?.requests ?? [] } : {}),
          };
        })
      : undefined;
    return {
      header: query.statement.items.map((item) => item.text),
      rows,
      ...(truncated ? { truncated: true as const } : {}),
      ...(explain
        ? {
            plan: {
              start: `(${query.nodes[plan.start.node].display})`,
              reason: plan.start.reason,
              steps: plan.steps.map((s) => ({
                id: s.id,
                kind: s.kind,
                pattern: s.pattern,
                estimated_rows: finiteOrNull(s.estimatedRows),
                inputs: s.inputs,
              })),
            },
          }
        : {}),
      query_plan_execution: {
        took_in_millis: stopped - started,
        start_in_millis: started,
        stop_in_millis: stopped,
        ...(steps && (this.request.detailed || this.request.debug) ? { steps } : {}),
      },
    };
  }
}

function finiteOrNull(n: number): number | null {
  return Number.isFinite(n) ? n : null;
}
