import type { GraphStep } from '../../../services/api/graph_api';

/** Narrowest bar drawn, in percent of the axis, so a 0 ms step still shows. */
const MIN_BAR_PERCENT = 0.6;

export interface StepBar {
  pattern: string;
  /** Milliseconds from the query's start. */
  offset: number;
  took: number;
  /** Position on the shared time axis, in percent. */
  left: number;
  width: number;
  rows: number;
  estimated: number | null;
  /** Bar lengths for rows, in percent, on a log scale shared by actual and estimated rows. */
  rowsWidth: number;
  estimatedWidth: number | null;
}

export interface StepsTimeline {
  /** Length of the time axis in milliseconds (at least 1). */
  span: number;
  /** Axis labels in milliseconds from the start, at 0, ¼, ½, ¾ and the end. */
  ticks: number[];
  bars: StepBar[];
}

/** log(1 + n): rows run from 0 to millions, so lengths compare orders of magnitude. */
const logLength = (n: number, max: number) =>
  max <= 0 ? 0 : (Math.log10(1 + Math.max(0, n)) / Math.log10(1 + max)) * 100;

/**
 * Lays the steps on one time axis, from the query's start (or its first step, if earlier) to its
 * stop (or its last step, if later), and scales rows and estimates against each other.
 */
export function stepsTimeline(
  steps: readonly GraphStep[],
  execution: { start_in_millis: number; stop_in_millis: number }
): StepsTimeline {
  const start = Math.min(execution.start_in_millis, ...steps.map((s) => s.start_in_millis));
  const stop = Math.max(execution.stop_in_millis, ...steps.map((s) => s.stop_in_millis));
  const span = Math.max(1, stop - start);
  const maxRows = Math.max(0, ...steps.flatMap((s) => [s.rows, s.estimated_rows ?? 0]));
  const bars = steps.map((step): StepBar => {
    const left = ((step.start_in_millis - start) / span) * 100;
    const width = Math.max(MIN_BAR_PERCENT, (step.took_in_millis / span) * 100);
    return {
      pattern: step.pattern,
      offset: step.start_in_millis - start,
      took: step.took_in_millis,
      left: Math.min(left, 100 - MIN_BAR_PERCENT),
      width: Math.min(width, 100 - Math.min(left, 100 - MIN_BAR_PERCENT)),
      rows: step.rows,
      estimated: step.estimated_rows,
      rowsWidth: logLength(step.rows, maxRows),
      estimatedWidth: step.estimated_rows === null ? null : logLength(step.estimated_rows, maxRows),
    };
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(f * span));
  return { span, ticks, bars };
}
