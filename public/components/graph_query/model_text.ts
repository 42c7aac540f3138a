import type { GraphModelJson } from '../../services/api/graph_api';

/** The model editor's text, read: the JSON object to send, or why it cannot be sent. */
export type ParsedModel =
  | { ok: true; model: Record<string, unknown>; outline: GraphModelJson }
  | { ok: false; problem: 'empty' | 'syntax' | 'not_object'; detail?: string };

/**
 * Parses the model text. Only JSON syntax and "is an object" are checked here: the server
 * validates the shape and names the offending JSON path, which says more than we could.
 */
export function parseModelText(text: string): ParsedModel {
  if (text.trim() === '') return { ok: false, problem: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The engine's message names the place (position, or line and column).
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: 'syntax', detail };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: 'not_object' };
  }
  const model = value as Record<string, unknown>;
  return { ok: true, model, outline: modelOutline(model) };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The parts of a possibly half-written model that completion and drawing can use: entities with a
 * label and at least one index name, relations whose two ends name an entity. The rest is skipped
 * (the server reports it when the query runs).
 */
export function modelOutline(model: Record<string, unknown>): GraphModelJson {
  const entities = (Array.isArray(model.entities) ? model.entities : [])
    .filter(isRecord)
    .flatMap((entity) => {
      const indices = Array.isArray(entity.indices) ? entity.indices.filter(isText) : [];
      if (!isText(entity.label) || indices.length === 0) return [];
      return [{ label: entity.label, indices, ...(isText(entity.id) ? { id: entity.id } : {}) }];
    });
  const end = (value: unknown) =>
    isRecord(value) && isText(value.entity)
      ? { entity: value.entity, ...(isText(value.field) ? { field: value.field } : {}) }
      : null;
  const relations = (Array.isArray(model.relations) ? model.relations : [])
    .filter(isRecord)
    .flatMap((relation) => {
      const from = end(relation.from);
      const to = end(relation.to);
      return isText(relation.label) && from && to ? [{ label: relation.label, from, to }] : [];
    });
  return { label: isText(model.label) ? model.label : '', entities, relations };
}

/** The model as the editor shows it: two-space JSON. */
export function modelToText(model: unknown): string {
  return JSON.stringify(model, null, 2);
}
