/**
 * `POST /svc/_graph`: request → parse → bind → plan → execute → response. The engine reaches the
 * data only through backends/ (count, distinct keys, key filters, documents), never through
 * search/, join/ or pit/ internals (an ESLint rule keeps it so).
 */
import type { GraphResponse, GraphStepReport } from '../../../common/graph/graph_response';
import { parseGql } from '../../../common/gql';
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
import { checkModelMappings } from './model_mappings';
import { PlanExecution } from './plan_execution';
import { bindQuery } from './query_binding';
import { at } from './query_errors';
import { QueryRun } from './query_run';
import { ReductionState } from './reduction';
import { checkResultWindow, type ShapedRows } from './result_shaping';

export type { GraphLimits };

export interface GraphRequest {
  model: unknown;
  query: unknown;
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
  const query = bindQuery(parseStatement(request.query), model, { maxHops: limits.maxHops });
  checkResultWindow(query.statement, limits.maxResultWindow);
  for (const node of query.nodes) {
    for (const text of node.queryStrings) {
      assertQueryStringDepth(text, 0, limits.maxQueryDepth, `the node (${node.display})`);
    }
  }
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
  const [conditions] = await Promise.all([
    pushDownConditions(query, state.reduction),
    state.checked,
  ]);
  const execution = new PlanExecution({ query, state: state.reduction, run, limits, conditions });
  const hasConditions = query.nodes.map((node) => state.reduction.hasConditions(node.id));
  const counted = await execution.runCounts(planCounts(query, hasConditions));
  const plan = planGraph(query, counted, nodeKeyFields(query, model));
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
  const parsed = parseGql(text);
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
  const { backends: entityBackends, relationsChecked } = await checkModelMappings(factory, model, {
    budget: run.budget,
  });
  const backends = await Promise.all(
    query.nodes.map((node) =>
      node.labels.length === 1 ? entityBackends.get(node.labels[0])! : factory.open(node.indices)
    )
  );
  return {
    reduction: new ReductionState(query, backends, limits, entityBackends, run.budget),
    checked: relationsChecked,
  };
}
