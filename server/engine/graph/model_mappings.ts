/**
 * Checks the model against the cluster: every entity's indices exist (normal or virtual, not
 * mixed), every relation field is mapped, the two ends of a relation can hold equal values, and
 * every entity's `time_field` is a date field. Each error names the offending part of the model
 * as a JSON path.
 */
import type { Backend, BackendFactory, FieldType } from '../backends/backend';
import { badRequest, FederationError, OpenSearchResponseError } from '../errors';
import type { WorkBudget } from '../work_budget';
import type { GraphEntity, GraphModel } from './graph_model';

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

/** Entities over the same list of indices: one backend, one read of the fields they join on. */
interface IndexGroup {
  /** The first entity naming the list: errors about the indices name it. */
  entity: GraphEntity;
  backend: Promise<Backend>;
  fields: Set<string>;
  types?: Map<string, FieldType>;
}

/**
 * Opens one backend per distinct list of indices and reads, in one round, the types of every
 * field the model's relations join on there; each error names the part of the model at fault.
 * The work grows with the distinct indices and fields a model names, not with its entities: a
 * model of 500 entities over one index reads that index's mapping once (it was a request per
 * entity and field, 1,500 for such a model). `budget` (the request's) lets the loops over the
 * model's parts pause and stop with the request.
 *
 * Answers once the backends are open; `checked` settles when the types are read and checked,
 * so a caller can start its own reads beside that round and report the model's error first.
 */
export async function checkModelMappings(
  factory: BackendFactory,
  model: GraphModel,
  options: { budget?: WorkBudget } = {}
): Promise<{ backends: Map<string, Backend>; checked: Promise<void> }> {
  const { budget } = options;
  const groups = new Map<string, IndexGroup>();
  const groupOf = new Map<string, IndexGroup>();
  for (const entity of model.entities.values()) {
    await budget?.tick();
    const key = entity.indices.join('\u0000');
    let group = groups.get(key);
    if (group === undefined) {
      const backend = factory.open(entity.indices);
      backend.catch(() => undefined);
      group = { entity, backend, fields: new Set() };
      groups.set(key, group);
    }
    groupOf.set(entity.label, group);
  }
  for (const relation of model.relations) {
    await budget?.tick();
    for (const side of ['from', 'to'] as const)
      groupOf.get(relation[side].entity)!.fields.add(relation[side].field);
  }
  for (const entity of model.entities.values()) {
    if (entity.timeField !== undefined) groupOf.get(entity.label)!.fields.add(entity.timeField);
  }
  const typesRead = Promise.all(
    [...groups.values()].map(async (group) => {
      const where = `[${group.entity.path}.indices] of entity [${group.entity.label}]`;
      try {
        const backend = await group.backend;
        // Reading any field fails when an index is missing or refused: that is the existence
        // check. `_index` is mapped in every index that exists, for entities nothing joins on.
        const fields = group.fields.size > 0 ? [...group.fields] : ['_index'];
        group.types = await readFieldTypes(backend, fields);
      } catch (error) {
        throw rewrap(error, where);
      }
    })
  );
  typesRead.catch(() => undefined);
  const backends = new Map<string, Backend>();
  try {
    for (const entity of model.entities.values()) {
      await budget?.tick();
      backends.set(entity.label, await groupOf.get(entity.label)!.backend);
    }
  } catch (error) {
    // A backend that cannot open: the type reads name the entity at fault.
    await typesRead;
    throw error;
  }
  const typeOf = (entity: string, field: string) => groupOf.get(entity)!.types!.get(field)!;
  const checked = typesRead.then(() => {
    checkTimeFields(model, typeOf);
    return checkRelations(model, typeOf, budget);
  });
  checked.catch(() => undefined);
  return { backends, checked };
}

/** The types of `fields` in a backend's indices, read together (one `_field_caps` request). */
async function readFieldTypes(
  backend: Backend,
  fields: readonly string[]
): Promise<Map<string, FieldType>> {
  const types = await backend.fieldTypes(fields);
  return new Map(fields.map((field, i) => [field, types[i]]));
}

/** Every entity's `time_field` is a date in its indices (a time range compares instants). */
function checkTimeFields(
  model: GraphModel,
  typeOf: (entity: string, field: string) => FieldType
): void {
  for (const entity of model.entities.values()) {
    if (entity.timeField === undefined) continue;
    const type = typeOf(entity.label, entity.timeField);
    if (type === 'date' || type === 'date_nanos') continue;
    const what =
      type === null
        ? 'is not mapped'
        : type === 'conflict'
          ? 'has different types'
          : `is of type [${type}]`;
    throw badRequest(
      `[${entity.path}.time_field] the field [${entity.timeField}] ${what} in [${entity.indices.join(', ')}] of entity [${entity.label}]; a time field must be a date field`
    );
  }
}

/** Every relation joins two mapped fields whose values can be equal. */
async function checkRelations(
  model: GraphModel,
  typeOf: (entity: string, field: string) => FieldType,
  budget: WorkBudget | undefined
): Promise<void> {
  for (const relation of model.relations) {
    await budget?.tick();
    const [from, to] = (['from', 'to'] as const).map((side) => {
      const end = relation[side];
      const entity = model.entities.get(end.entity)!;
      const type = typeOf(end.entity, end.field);
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
    });
    // `_id` is text in OpenSearch; numbers stored as ids join with numeric fields as `term` does.
    const idWithNumber = (a: typeof from, b: typeof to) =>
      a.field === '_id' && b.family === 'number';
    if (from.family !== to.family && !idWithNumber(from, to) && !idWithNumber(to, from)) {
      throw badRequest(
        `[${relation.path}] the relation [${relation.label}] joins [${from.field}] of type [${from.type}] with [${to.field}] of type [${to.type}], whose values can never be equal; join fields of the same kind (numbers, keywords or dates)`
      );
    }
  }
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
