/**
 * `POST /svc/_graph`: request → parse → bind → plan → execute → response. The engine reaches the
 * data only through backends/ (count, distinct keys, key filters, documents), never through
 * search/, join/ or pit/ internals (an ESLint rule keeps it so).
 */
import type { GraphResponse, GraphStepReport } from '../../../common/graph/graph_response';
import type { GqlStatement } from '../../../common/gql/ast';
import type { BackendFactory } from '../backends/backend';
import { badRequest, FederationError } from '../errors';
import { assertQueryStringDepth } from '../opensearch/query_string_depth';
import type { BoundQuery } from './bound_query';
import { pushDownConditions } from './condition_pushdown';
import { graphAnswer } from './graph_answer';
import type { GraphLimits } from './graph_limits';
import { parseGraphModel, type GraphModel } from './graph_model';
import { nodeKeyFields, planCounts, planGraph, type GraphPlan } from './graph_plan';
import { firstRowsWanted } from './first_rows';
import { checkModelMappings } from './model_mappings';
import { PlanExecution } from './plan_execution';
import { runBranches } from './branch_union';
import { parsedStatements } from './parsed_statements';
import { bindAlternatives } from './label_alternatives';
import { bindQuery } from './query_binding';
import { at } from './query_errors';
import { QueryRun } from './query_run';
import { ReductionState } from './reduction';
import { checkResultWindow, type ShapedRows } from './result_shaping';
import { parseTimeRange, withTimeRange } from './time_range';

export type { GraphLimits };

export interface GraphRequest {
  model: unknown;
  query: unknown;
  /** `time_range`: checked here (time_range.ts); filters the entities that name a time field. */
  timeRange?: unknown;
  preference?: string;
  detailed: boolean;
  debug: boolean;
}

export type { GraphResponse, GraphStepReport };

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
    const run = new QueryRun(this.deps.limits, clock, request, this.deps.signal);
    try {
      return await answerQuery(this.deps.backends, this.deps.limits, request, run, started);
    } finally {
      run.dispose();
    }
  }
}

async function answerQuery(
  factory: BackendFactory,
  limits: GraphLimits,
  request: GraphRequest,
  run: QueryRun,
  started: number
): Promise<GraphResponse> {
  // A caller already gone costs nothing: not even the catalog reads of opening its backends.
  run.check();
  const model = parseGraphModel(request.model, limits.model);
  const timeRange = parseTimeRange(request.timeRange);
  // One bound query, or one per combination of label alternatives (label_alternatives.ts).
  const branches = bindAlternatives(parseStatement(request.query), model, (statement) =>
    withTimeRange(bindQuery(statement, model, { maxHops: limits.maxHops }), model, timeRange)
  );
  for (const branch of branches) {
    checkResultWindow(branch.statement, limits.maxResultWindow);
    for (const node of branch.nodes) {
      for (const text of node.queryStrings) {
        assertQueryStringDepth(text, 0, limits.maxQueryDepth, `the node (${node.display})`);
      }
    }
  }
  if (branches.length > 1) {
    const union = await runBranches(branches, {
      model,
      limits,
      run,
      open: async (branch) => {
        const state = await openNodes(factory, model, branch, limits, run);
        const [conditions] = await Promise.all([
          pushDownConditions(branch, state.reduction),
          state.checked,
        ]);
        return { reduction: state.reduction, conditions };
      },
    });
    return graphAnswer({
      query: branches[0],
      plan: union.plan,
      statsOf: (id) => run.statsOfStep(id),
      request,
      started,
      stopped: run.clock(),
      rows: union.shaped?.rows ?? [],
      truncated: union.shaped?.truncated ?? false,
      explain: union.shaped === null,
    });
  }
  const [query] = branches;
  const state = await openNodes(factory, model, query, limits, run);
  const answer = (plan: GraphPlan, shaped: ShapedRows | null) =>
    graphAnswer({
      query,
      plan,
      statsOf: (id) => run.statsOfStep(id),
      request,
      started,
      stopped: run.clock(),
      rows: shaped?.rows ?? [],
      truncated: shaped?.truncated ?? false,
      explain: shaped === null,
    });
  // The model's check reads its types beside the query's first reads; when both fail, the
  // model's error is the one reported (it names the part of the model at fault).
  const work = runQuery(query, model, state.reduction, limits, run, answer);
  work.catch(() => undefined);
  await state.checked;
  return await work;
}

async function runQuery(
  query: BoundQuery,
  model: GraphModel,
  reduction: ReductionState,
  limits: GraphLimits,
  run: QueryRun,
  answer: (plan: GraphPlan, shaped: ShapedRows | null) => GraphResponse
): Promise<GraphResponse> {
  const conditions = await pushDownConditions(query, reduction);
  const execution = new PlanExecution({ query, state: reduction, run, limits, conditions });
  const hasConditions = query.nodes.map((node) => reduction.hasConditions(node.id));
  const counted = await execution.runCounts(planCounts(query, hasConditions));
  // A LIMIT's first rows are read first when nothing after the narrowings can drop a row.
  const firstRows =
    conditions.length === 0 && !reduction.hasRemainingConditions()
      ? firstRowsWanted(query, limits.maxRows)
      : null;
  const plan = planGraph(query, counted, nodeKeyFields(query, model), 0, firstRows);
  if (query.statement.explain) return answer(plan, null);
  // An OPTIONAL MATCH node that matches nothing leaves its clause's variables null, rows kept.
  const mandatory = (node: number) => query.nodes[node].clause === 0;
  if (counted.some(({ step, rows }) => rows === 0 && mandatory(step.node))) {
    execution.noRowCanExist();
  }
  return answer(plan, await execution.runPlan(plan));
}

function parseStatement(text: unknown): GqlStatement {
  if (typeof text !== 'string' || text.trim() === '') {
    throw badRequest('[query] is required: send the GQL query as a string');
  }
  const parsed = parsedStatements.parse(text);
  if (parsed.errors.length > 0 || parsed.statement === null) {
    const first = parsed.errors[0];
    throw new FederationError(
      400,
      'parsing_exception',
      first ? `${at(first.range)}: ${first.message}` : 'the query could not be parsed',
      first ? { line: first.range.line, col: first.range.column } : {}
    );
  }
  return parsed.statement;
}

/**
 * Each node's backend (its entity's, or its indices' for a merged node), with the model's
 * mappings checked; `checked` settles when the relations' fields are.
 */
async function openNodes(
  factory: BackendFactory,
  model: GraphModel,
  query: BoundQuery,
  limits: GraphLimits,
  run: QueryRun
): Promise<{ reduction: ReductionState; checked: Promise<unknown> }> {
  const { backends: entityBackends, checked } = await checkModelMappings(factory, model, {
    budget: run.budget,
  });
  const backends = await Promise.all(
    query.nodes.map((node) =>
      node.labels.length === 1 ? entityBackends.get(node.labels[0])! : factory.open(node.indices)
    )
  );
  return {
    reduction: new ReductionState(query, backends, limits, entityBackends, run.budget),
    checked,
  };
}
