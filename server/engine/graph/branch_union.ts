/**
 * Runs a query with label alternatives (label_alternatives.ts): each branch is counted, planned
 * and run as any query is (its own start, narrowings, fetches), one after the other, and one
 * assemble step shapes the rows of every branch together, so DISTINCT, grouping, ORDER BY and
 * LIMIT see them all. Step ids go on from branch to branch, so `steps` and EXPLAIN list every
 * branch's steps in order, then the one assemble step, whose pattern joins the branches' with
 * UNION (docs/api/graph_queries.md).
 */
import type { BoundQuery } from './bound_query';
import type { RowCondition } from './condition_pushdown';
import type { Binding } from './expressions';
import type { GraphLimits } from './graph_limits';
import type { GraphModel } from './graph_model';
import {
  nodeKeyFields,
  planCounts,
  planGraph,
  type AssembleStep,
  type CountStep,
  type GraphPlan,
  type PlanStep,
} from './graph_plan';
import { matchText } from './pattern_text';
import { PlanExecution } from './plan_execution';
import type { QueryRun } from './query_run';
import type { ReductionState } from './reduction';
import { PathValues } from './path_values';
import { shapeRowsAsync, type Pause, type ShapedRows } from './result_shaping';

/** What one branch needs to run: its nodes' backends and its multi-node conditions. */
export interface OpenedBranch {
  reduction: ReductionState;
  conditions: readonly RowCondition[];
}

export interface UnionAnswer {
  plan: GraphPlan;
  /** Null for EXPLAIN. */
  shaped: ShapedRows | null;
}

export async function runBranches(
  branches: readonly BoundQuery[],
  context: {
    model: GraphModel;
    limits: GraphLimits;
    run: QueryRun;
    open: (query: BoundQuery) => Promise<OpenedBranch>;
  }
): Promise<UnionAnswer> {
  const { model, limits, run } = context;
  const planned: { query: BoundQuery; plan: GraphPlan; execution: PlanExecution }[] = [];
  let lastId = 0;
  for (const query of branches) {
    const { reduction, conditions } = await context.open(query);
    const execution = new PlanExecution({ query, state: reduction, run, limits, conditions });
    const hasConditions = query.nodes.map((node) => reduction.hasConditions(node.id));
    const offset = lastId;
    const counts = planCounts(query, hasConditions).map((step): CountStep => ({
      ...step,
      id: step.id + offset,
    }));
    const counted = await execution.runCounts(counts);
    // The ids after the counts go on from theirs (graph_plan.ts, planGraph).
    const plan = planGraph(query, counted, nodeKeyFields(query, model), offset);
    lastId = Math.max(...plan.steps.filter((s) => s.kind !== 'assemble').map((s) => s.id));
    const mandatory = (node: number) => query.nodes[node].clause === 0;
    if (counted.some(({ step, rows }) => rows === 0 && mandatory(step.node))) {
      execution.noRowCanExist();
    }
    planned.push({ query, plan, execution });
  }
  const assembles = planned.map(({ plan }) => assembleOf(plan));
  const assemble: AssembleStep = {
    id: lastId + 1,
    kind: 'assemble',
    pattern: planned.map(({ query }) => matchText(query)).join(' UNION '),
    estimatedRows: assembles.reduce((sum, step) => sum + step.estimatedRows, 0),
    inputs: assembles.flatMap((step) => step.inputs),
  };
  const [first] = planned;
  const plan: GraphPlan = {
    steps: [
      ...planned.flatMap(({ plan }) => plan.steps.filter((step) => step.kind !== 'assemble')),
      assemble,
    ],
    order: first.plan.order,
    joinEdge: first.plan.joinEdge,
    start: {
      node: first.plan.start.node,
      reason: `label alternatives: ${planned.length} branches, each planned alone; ${planned
        .map(
          ({ plan, query }, i) =>
            `branch ${i + 1} starts at (${query.nodes[plan.start.node].display}): ${plan.start.reason}`
        )
        .join('; ')}`,
    },
  };
  if (first.query.statement.explain) return { plan, shaped: null };
  const bindings: Iterable<Binding | Pause>[] = [];
  for (const { plan, execution } of planned) bindings.push(await execution.runToBindings(plan));
  const shaped = await run.step(
    assemble.id,
    () =>
      shapeRowsAsync(first.query.statement, chain(bindings), first.query.variables, {
        maxRows: limits.maxRows,
        maxGroups: limits.maxGroups,
        maxAggregateValues: limits.maxAggregateValues,
        budget: run.budget,
        // Every branch has the same paths and edges (only labels differ): one reader serves all.
        ...(first.query.pathVariables ? { paths: new PathValues(first.query) } : {}),
      }),
    assemble.pattern,
    (result) => result.rows.length
  );
  return { plan, shaped };
}

function assembleOf(plan: GraphPlan): AssembleStep {
  const step = plan.steps.find((s: PlanStep): s is AssembleStep => s.kind === 'assemble');
  if (!step) throw new Error('a plan without an assemble step');
  return step;
}

function* chain<T>(sources: readonly Iterable<T>[]): Generator<T> {
  for (const source of sources) yield* source;
}
