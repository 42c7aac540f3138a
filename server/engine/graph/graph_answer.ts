/**
 * The response of `POST /svc/_graph` from the plan and the run: the table, the times, each
 * step's report (`detailed`, `debug`) in plan order, and the plan itself for EXPLAIN.
 */
import type { GraphResponse, GraphStepReport } from '../../../common/graph/graph_response';
import type { BoundQuery } from './bound_query';
import type { GraphPlan } from './graph_plan';
import type { StepStats } from './query_run';

export interface AnswerInput {
  query: BoundQuery;
  plan: GraphPlan;
  /** A step's statistics; undefined for a step that never ran. */
  statsOf: (stepId: number) => StepStats | undefined;
  request: { detailed: boolean; debug: boolean };
  started: number;
  stopped: number;
  rows: unknown[][];
  truncated: boolean;
  explain: boolean;
}

export function graphAnswer(input: AnswerInput): GraphResponse {
  const { query, plan, request, started, stopped, explain } = input;
  const detailed = request.detailed || request.debug;
  const steps = detailed
    ? plan.steps.map((step): GraphStepReport => {
        const stats = input.statsOf(step.id);
        return {
          pattern: step.pattern,
          rows: stats?.rows ?? 0,
          took_in_millis: stats ? stats.stop - stats.start : 0,
          start_in_millis: stats?.start || stopped,
          stop_in_millis: stats?.stop || stopped,
          estimated_rows: finiteOrNull(step.estimatedRows),
          ...(request.debug ? { requests: stats?.requests ?? [] } : {}),
        };
      })
    : undefined;
  return {
    header: query.statement.items.map((item) => item.text),
    rows: input.rows,
    ...(input.truncated ? { truncated: true as const } : {}),
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
      ...(steps ? { steps } : {}),
    },
  };
}

function finiteOrNull(n: number): number | null {
  return Number.isFinite(n) ? n : null;
}
