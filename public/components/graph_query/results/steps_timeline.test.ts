import { describe, expect, it } from 'vitest';
import type { GraphStep } from '../../../services/api/graph_api';
import { stepsTimeline } from './steps_timeline';

const step = (
  pattern: string,
  start: number,
  took: number,
  rows: number,
  estimated: number | null
): GraphStep => ({
  pattern,
  start_in_millis: start,
  stop_in_millis: start + took,
  took_in_millis: took,
  rows,
  estimated_rows: estimated,
});

describe('stepsTimeline', () => {
  it('places each step on the shared time axis of the query', () => {
    const timeline = stepsTimeline(
      [step('(c:Company)', 1000, 20, 12, 12), step('(a:Article)', 1020, 60, 999, null)],
      { start_in_millis: 1000, stop_in_millis: 1100 }
    );
    expect(timeline.span).toBe(100);
    expect(timeline.ticks).toEqual([0, 25, 50, 75, 100]);
    expect(timeline.bars.map((b) => [b.offset, b.took, b.left, b.width])).toEqual([
      [0, 20, 0, 20],
      [20, 60, 20, 60],
    ]);
  });

  it('scales rows and estimates on one log scale, the largest value full length', () => {
    const [a, b] = stepsTimeline([step('a', 0, 1, 999, 9), step('b', 1, 1, 0, null)], {
      start_in_millis: 0,
      stop_in_millis: 2,
    }).bars;
    expect(a.rowsWidth).toBe(100);
    expect(a.estimatedWidth).toBeCloseTo(100 / 3);
    expect(b.rowsWidth).toBe(0);
    expect(b.estimatedWidth).toBeNull();
  });

  it('keeps instant steps visible and inside the axis', () => {
    const timeline = stepsTimeline([step('x', 5, 0, 0, 0)], {
      start_in_millis: 5,
      stop_in_millis: 5,
    });
    expect(timeline.span).toBe(1);
    const [bar] = timeline.bars;
    expect(bar.width).toBeGreaterThan(0);
    expect(bar.left + bar.width).toBeLessThanOrEqual(100);
    expect(bar.rowsWidth).toBe(0);
  });

  it('widens the axis to steps outside the query times', () => {
    const timeline = stepsTimeline([step('x', 90, 20, 1, 1)], {
      start_in_millis: 100,
      stop_in_millis: 105,
    });
    expect(timeline.span).toBe(20);
    expect(timeline.bars[0].offset).toBe(0);
  });
});
