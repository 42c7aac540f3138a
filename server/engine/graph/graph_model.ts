/**
 * The graph data model of a `/svc/_graph` request (docs/api/semantics.md): entities are labelled sets of
 * indices, relations are directed equality joins between a field of one entity and a field of
 * another. Shape errors name the offending part as a JSON path (`[model.relations[0].to]`). The
 * shape itself lives in common/ (the app's model editor validates against the same schema); this
 * module adds the checks between parts: unique labels, endpoints that name defined entities.
 */
import { graphModelSchema as modelSchema } from '../../../common/graph/graph_model_schema';
import { badRequest } from '../errors';
import { assertModelBounds, DEFAULT_MODEL_LIMITS, type ModelLimits } from './model_bounds';

export type { ModelLimits };

/** Shape problems listed in one error; a model may hold thousands, the first ones say enough. */
const MAX_LISTED_PROBLEMS = 20;

export interface GraphEntity {
  label: string;
  indices: string[];
  /** The field that identifies a document; `_id` unless the model says otherwise. */
  id: string;
  /** The date field a request's `time_range` filters on (docs/api/semantics.md); none when absent. */
  timeField?: string;
  /** `model.entities[i]`, for errors. */
  path: string;
}

export interface GraphRelation {
  label: string;
  from: { entity: string; field: string };
  to: { entity: string; field: string };
  path: string;
}

export interface GraphModel {
  label: string;
  entities: ReadonlyMap<string, GraphEntity>;
  relations: readonly GraphRelation[];
}

/**
 * Checks the model's size (`limits`: the configured settings; their defaults when absent), then
 * its shape and its internal references (labels unique, endpoints exist).
 */
export function parseGraphModel(
  raw: unknown,
  limits: ModelLimits = DEFAULT_MODEL_LIMITS
): GraphModel {
  if (raw === undefined)
    throw badRequest('[model] is required: send the graph data model with the query');
  // Before the schema: its work, and everything after it, grows with the model.
  assertModelBounds(raw, limits);
  const result = modelSchema.safeParse(raw);
  if (!result.success) {
    const { issues } = result.error;
    const problems = issues
      .slice(0, MAX_LISTED_PROBLEMS)
      .map((issue) => `[${jsonPath(['model', ...issue.path])}] ${issue.message}`);
    if (issues.length > MAX_LISTED_PROBLEMS)
      problems.push(`and ${issues.length - MAX_LISTED_PROBLEMS} more problems`);
    throw badRequest(`invalid graph model: ${problems.join('; ')}`);
  }
  const model = result.data;
  const entities = new Map<string, GraphEntity>();
  model.entities.forEach((entity, i) => {
    const path = `model.entities[${i}]`;
    if (entities.has(entity.label)) {
      throw badRequest(
        `[${path}.label] the label [${entity.label}] is used by two entities; entity labels must be unique`
      );
    }
    entities.set(entity.label, {
      label: entity.label,
      indices: entity.indices,
      id: entity.id ?? '_id',
      ...(entity.time_field !== undefined ? { timeField: entity.time_field } : {}),
      path,
    });
  });
  const relations = model.relations.map((relation, i): GraphRelation => {
    const path = `model.relations[${i}]`;
    for (const side of ['from', 'to'] as const) {
      if (!entities.has(relation[side].entity)) {
        throw badRequest(
          `[${path}.${side}.entity] names the entity [${relation[side].entity}], which the model does not define; defined: [${[...entities.keys()].join(', ')}]`
        );
      }
    }
    if (entities.has(relation.label)) {
      throw badRequest(
        `[${path}.label] the label [${relation.label}] is already an entity label; relation labels must differ from entity labels`
      );
    }
    const side = (end: { entity: string; field?: string }) => ({
      entity: end.entity,
      field: end.field ?? entities.get(end.entity)!.id,
    });
    return { label: relation.label, from: side(relation.from), to: side(relation.to), path };
  });
  const seen = new Map<string, GraphRelation>();
  for (const relation of relations) {
    const key = `${relation.label}\u0000${relation.from.entity}\u0000${relation.to.entity}`;
    if (seen.has(key)) {
      throw badRequest(
        `[${relation.path}.label] the relation [${relation.label}] from [${relation.from.entity}] to [${relation.to.entity}] is defined twice (also at [${seen.get(key)!.path}])`
      );
    }
    seen.set(key, relation);
  }
  return { label: model.label, entities, relations };
}

function jsonPath(parts: ReadonlyArray<PropertyKey>): string {
  return parts
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`
    )
    .join('');
}
