/**
 * The size of a graph model, bounded before any of it is read: a model is checked part by part,
 * mapped part by part and planned over, so its size is work the server does for one request.
 * A 20,000-entity model took seconds a request and, five at once, held the Dashboards process's
 * event loop for 28 s (docs/operations/limits_and_hostile_input.md). Counts come first (two array
 * lengths), then the JSON text's size, measured only up to the bound.
 */
import { badRequest } from '../errors';
import { settingsSchema, type FederationSettings } from '../settings';
import { jsonTextBytes } from './json_text_bytes';

export interface ModelLimits {
  /** Most entities (setting maxGraphModelEntities). */
  maxEntities: number;
  /** Most relations (setting maxGraphModelRelations). */
  maxRelations: number;
  /** Largest JSON text of the model, in UTF-8 bytes (setting maxGraphModelBytes). */
  maxBytes: number;
}

/** The settings' defaults, for callers that do not pass the configured limits. */
export const DEFAULT_MODEL_LIMITS: ModelLimits = {
  maxEntities: settingsSchema.shape.maxGraphModelEntities.parse(undefined),
  maxRelations: settingsSchema.shape.maxGraphModelRelations.parse(undefined),
  maxBytes: settingsSchema.shape.maxGraphModelBytes.parse(undefined),
};

/** The configured bounds. */
export function modelLimitsOf(settings: FederationSettings): ModelLimits {
  return {
    maxEntities: settings.maxGraphModelEntities,
    maxRelations: settings.maxGraphModelRelations,
    maxBytes: settings.maxGraphModelBytes,
  };
}

/** Throws a 400 naming the JSON path, the limit and its setting when the model is too large. */
export function assertModelBounds(raw: unknown, limits: ModelLimits, path = 'model'): void {
  if (typeof raw !== 'object' || raw === null) return;
  const { entities, relations } = raw as { entities?: unknown; relations?: unknown };
  if (Array.isArray(entities) && entities.length > limits.maxEntities) {
    throw badRequest(
      `[${path}.entities] holds ${entities.length} entities, more than the ${limits.maxEntities} a graph model may hold (setting maxGraphModelEntities); model fewer kinds of nodes`
    );
  }
  if (Array.isArray(relations) && relations.length > limits.maxRelations) {
    throw badRequest(
      `[${path}.relations] holds ${relations.length} relations, more than the ${limits.maxRelations} a graph model may hold (setting maxGraphModelRelations); model fewer kinds of edges`
    );
  }
  if (jsonTextBytes(raw, limits.maxBytes) > limits.maxBytes) {
    throw badRequest(
      `[${path}] is larger than the ${limits.maxBytes} bytes of JSON text a graph model may have (setting maxGraphModelBytes); send a smaller model`
    );
  }
}
