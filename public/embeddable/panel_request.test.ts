import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SavedQuerySource } from '../../common/saved_query_types';
import { DateMathError } from './date_math';
import { dashboardNarrows, graphRequestFor, runKey, timeFilteredLabels } from './panel_request';
import type { SavedGqlQueryInput } from './saved_query_embeddable';

const zone = process.env.TZ;
beforeEach(() => {
  process.env.TZ = 'UTC';
});
afterEach(() => {
  process.env.TZ = zone;
});

const NOW = new Date('2026-11-25T14:37:12.345Z');
const timedModel = {
  label: 'news',
  entities: [
    { label: 'Article', indices: ['articles'], time_field: 'published' },
    { label: 'Company', indices: ['companies'] },
  ],
};
const saved = (model: Record<string, unknown>): SavedQuerySource => ({
  title: 'Mentions',
  query: 'MATCH (a:Article) RETURN a',
  model,
});
const input = (changes: Partial<SavedGqlQueryInput> = {}): SavedGqlQueryInput => ({
  id: 'panel-1',
  savedQueryId: 'mentions',
  timeRange: { from: 'now-7d/d', to: 'now' },
  ...changes,
});

describe('what a saved GQL query panel sends', () => {
  it('adds the time range, made absolute, when the model names a time field', () => {
    expect(graphRequestFor(saved(timedModel), input(), NOW)).toEqual({
      model: timedModel,
      query: 'MATCH (a:Article) RETURN a',
      time_range: { from: '2026-11-18T00:00:00.000Z', to: '2026-11-25T14:37:12.345Z' },
    });
    expect(timeFilteredLabels(timedModel)).toEqual(['Article']);
  });

  it('sends no time range for a model without a time field, or a dashboard without one', () => {
    const untimed = { label: 'g', entities: [{ label: 'A', indices: ['a'] }] };
    expect(graphRequestFor(saved(untimed), input(), NOW)).not.toHaveProperty('time_range');
    expect(
      graphRequestFor(saved(timedModel), input({ timeRange: undefined }), NOW)
    ).not.toHaveProperty('time_range');
  });

  it('throws a DateMathError for a time range it cannot read', () => {
    expect(() =>
      graphRequestFor(saved(timedModel), input({ timeRange: { from: 'soon', to: 'now' } }), NOW)
    ).toThrow(DateMathError);
  });

  it('runs again on a new time range, a refresh, a reload, a new query or filters, and not otherwise', () => {
    const base = runKey(input(), 0);
    expect(runKey(input({ title: 'Renamed', view: 'picture' }), 0)).toBe(base);
    for (const changed of [
      runKey(input({ timeRange: { from: 'now-1d', to: 'now' } }), 0),
      runKey(input({ lastReloadRequestTime: 1 }), 0),
      runKey(input(), 1),
      runKey(input({ savedQueryId: 'other' }), 0),
      runKey(input({ query: { query: 'x', language: 'kuery' } }), 0),
      runKey(input({ filters: [{ meta: {} }] }), 0),
    ]) {
      expect(changed).not.toBe(base);
    }
  });

  it('says when the dashboard has a query or an enabled filter it cannot apply', () => {
    expect(dashboardNarrows(input())).toBe(false);
    expect(dashboardNarrows(input({ query: { query: '  ', language: 'kuery' } }))).toBe(false);
    expect(dashboardNarrows(input({ filters: [{ meta: { disabled: true } }] }))).toBe(false);
    expect(dashboardNarrows(input({ query: { query: 'a:1', language: 'kuery' } }))).toBe(true);
    expect(dashboardNarrows(input({ filters: [{ meta: {}, query: {} }] }))).toBe(true);
  });
});
