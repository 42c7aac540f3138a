/**
 * Checks the model against the cluster: every entity's indices exist (normal or virtual, not
 * mixed), every relation field is mapped, and the two ends of a relation can hold equal values.
 * Each error names the offending part of the model as a JSON path.
 */
import type { Backend, BackendFactory } from '../backends/backend';
import { badRequest, FederationError, OpenSearchResponseError } from '../errors';
import type { GraphModel } from './graph_model';

const NUMERIC = new Set([
  'long',
  'integer',
  'short',
  'byte',
  'unsigned_long',
  'double',
  'float',
  'half_float',
  'scaled_float',
]);
const STRING = new Set(['keyword', 'constant_keyword', 'wildcard', 'ip']);

/** What a field's values compare as in a join: numbers, strings, dates, or nothing joinable. */
function joinFamily(type: string): 'number' | 'string' | 'date' | 'boolean' | null {
  if (NUMERIC.has(type)) return 'number';
  if (STRING.has(type)) return 'string';
  if (type === 'date' || type === 'date_nanos') return 'date';
  if (type === 'boolean') return 'boolean';
  return null;
}

/** Opens a backend per entity, checking the model's indices and relation fields on the way. */
export async function checkModelMappings(
  factory: BackendFactory,
  model: GraphModel
): Promise<{ backends: Map<string, Backend>; relationsChecked: Promise<void> }> {
  const backends = new Map<string, Backend>();
  const opened = new Map<string, Promise<Backend>>();
  for (const entity of model.entities.values()) {
    const where = `[${entity.path}.indices] of entity [${entity.label}]`;
    const backend = factory.open(entity.indices).catch((error) => {
      throw rewrap(error, where);
    });
    backend.catch(() => undefined);
    opened.set(entity.label, backend);
  }
  // The relation fields are read while the indices are checked: one round trip, not two.
  const fieldTypes = new Map<string, Promise<string | null>>();
  const fieldType = (entity: string, field: string) => {
    const key = `${entity}\u0000${field}`;
    let type = fieldTypes.get(key);
    if (!type) {
      type = opened.get(entity)!.then((backend) => backend.fieldType(field));
      type.catch(() => undefined);
      fieldTypes.set(key, type);
    }
    return type;
  };
  for (const relation of model.relations) {
    for (const side of ['from', 'to'] as const)
      fieldType(relation[side].entity, relation[side].field);
  }
  await Promise.all(
    [...model.entities.values()].map(async (entity) => {
      const where = `[${entity.path}.indices] of entity [${entity.label}]`;
      const backend = await opened.get(entity.label)!;
      try {
        // `_index` is mapped in every index that exists: this is the existence check.
        await backend.fieldType('_index');
      } catch (error) {
        throw rewrap(error, where);
      }
      backends.set(entity.label, backend);
    })
  );
  // The relation fields are checked while the caller goes on (push-down reads mappings too);
  // the caller awaits this before anything runs.
  const relationsChecked = Promise.all(
    model.relations.map(async (relation) => {
      const types = await Promise.all(
        (['from', 'to'] as const).map(async (side) => {
          const end = relation[side];
          const entity = model.entities.get(end.entity)!;
          const type = await fieldType(end.entity, end.field);
          const where = `[${relation.path}.${side}.field]`;
          if (type === null) {
            throw badRequest(
              `${where} the field [${end.field}] is not mapped in [${entity.indices.join(', ')}] of entity [${entity.label}]; name a field those indices have`
            );
          }
          if (type === 'conflict') {
            throw badRequest(
              `${where} the field [${end.field}] has different types in [${entity.indices.join(', ')}] of entity [${entity.label}]; a relation field needs one type`
            );
          }
          const family = joinFamily(type);
          if (family === null) {
            throw badRequest(
              `${where} the field [${end.field}] of entity [${entity.label}] is of type [${type}], which cannot be joined on; use a keyword, numeric, date or boolean field${type === 'text' ? ` (a text field often has a keyword sub-field, e.g. [${end.field}.keyword])` : ''}`
            );
          }
          return { family, type, field: end.field };
        })
      );
      const [from, to] = types;
      // `_id` is text in OpenSearch; numbers stored as ids join with numeric fields as `term` does.
      const idWithNumber = (a: typeof from, b: typeof to) =>
        a.field === '_id' && b.family === 'number';
      if (from.family !== to.family && !idWithNumber(from, to) && !idWithNumber(to, from)) {
        throw badRequest(
          `[${relation.path}] the relation [${relation.label}] joins [${from.field}] of type [${from.type}] with [${to.field}] of type [${to.type}], whose values can never be equal; join fields of the same kind (numbers, keywords or dates)`
        );
      }
    })
  );
  relationsChecked.catch(() => undefined);
  return { backends, relationsChecked: relationsChecked.then(() => undefined) };
}

function rewrap(error: unknown, where: string): unknown {
  if (error instanceof FederationError && error.status < 500) {
    // A missing index is the model's mistake (400); a refusal (403) stays what it is.
    return new FederationError(
      error.status === 404 ? 400 : error.status,
      error.type === 'index_not_found_exception' ? 'illegal_argument_exception' : error.type,
      `${where}: ${error.reason}`
    );
  }
  if (error instanceof OpenSearchResponseError && error.status === 404) {
    const reason =
      (error.body as { error?: { reason?: string } })?.error?.reason ?? 'no such index';
    return badRequest(`${where}: ${reason}`);
  }
  return error;
}
