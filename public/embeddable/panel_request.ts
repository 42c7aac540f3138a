/**
 * What a saved GQL query panel sends, and when: the saved query's text and model with the
 * dashboard's time range made absolute (date_math.ts), and a key that changes exactly when the
 * query must run again (another saved query, a new time range, the dashboard's Refresh, a reload).
 */
import type { SavedQuerySource } from '../../common/saved_query_types';
import type { GraphRunRequest } from '../services/api/graph_api';
import { resolveTimeRange } from './date_math';
import type { SavedGqlQueryInput } from './saved_query_embeddable';

/**
 * The key of one run. The dashboard's query and filters are in it too: they do not change the
 * request (a GQL query names its own conditions) but the dashboard changing them is a refresh,
 * and OSD's panels all run again on it.
 */
export function runKey(input: Readonly<SavedGqlQueryInput>, reloads: number): string {
  return JSON.stringify([
    input.savedQueryId,
    input.timeRange?.from,
    input.timeRange?.to,
    input.lastReloadRequestTime,
    input.query,
    input.filters,
    reloads,
  ]);
}

/** The labels of the model's entities that name a `time_field` (the ones a time range filters). */
export function timeFilteredLabels(model: Record<string, unknown>): string[] {
  const entities = Array.isArray(model.entities) ? model.entities : [];
  return entities.flatMap((entity: unknown) => {
    if (typeof entity !== 'object' || entity === null) return [];
    const { label, time_field: timeField } = entity as Record<string, unknown>;
    return typeof label === 'string' && typeof timeField === 'string' ? [label] : [];
  });
}

/**
 * The graph request for the saved query under this input: with `time_range` when the dashboard
 * has a time range and the model a time field (without one the server would filter nothing).
 * Throws DateMathError when the time range cannot be read.
 */
export function graphRequestFor(
  saved: SavedQuerySource,
  input: Readonly<SavedGqlQueryInput>,
  now: Date
): GraphRunRequest {
  const request: GraphRunRequest = { model: saved.model, query: saved.query };
  if (input.timeRange && timeFilteredLabels(saved.model).length > 0) {
    request.time_range = resolveTimeRange(input.timeRange, now);
  }
  return request;
}

/** Whether the dashboard has a query or an enabled filter, which the panel cannot apply. */
export function dashboardNarrows(input: Readonly<SavedGqlQueryInput>): boolean {
  const text = input.query?.query;
  const hasQuery = typeof text === 'string' ? text.trim() !== '' : text !== undefined;
  const hasFilter = (input.filters ?? []).some((filter) => filter.meta?.disabled !== true);
  return hasQuery || hasFilter;
}
