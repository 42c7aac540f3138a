/**
 * What is wrong with a model, placed where the form shows it: the shared schema's rules
 * (`common/graph/graph_model_schema.ts`) and the references between parts that the server also
 * checks (unique entity labels, endpoints that name an entity, relation labels that are not
 * entity labels).
 */
import { graphModelSchema } from '../../../../common/graph/graph_model_schema';
import type { FormModel } from './form_model';
import { pathText } from './form_model';
import { strings } from './strings';

export interface ModelProblems {
  /** Keyed by the form field's path: `label`, `entities`, `entities.0.indices`, `relations.1.to.entity`… */
  byField: ReadonlyMap<string, string>;
  /** Problems no form field shows (keys the form does not know, for one), as `place: message`. */
  other: readonly string[];
}

const FIELD_PATHS = [
  /^label$/,
  /^entities$/,
  /^entities\.\d+\.(label|indices|id)$/,
  /^relations\.\d+\.label$/,
  /^relations\.\d+\.(from|to)\.(entity|field)$/,
];

export function modelProblems(model: FormModel): ModelProblems {
  const byField = new Map<string, string>();
  const other: string[] = [];
  const add = (path: ReadonlyArray<PropertyKey>, message: string) => {
    // One index of a list is shown on the list's field (`entities.0.indices.2` → `…indices`).
    const parts = path[path.length - 2] === 'indices' ? path.slice(0, -1) : path;
    const key = parts.map(String).join('.');
    if (FIELD_PATHS.some((pattern) => pattern.test(key))) {
      if (!byField.has(key)) byField.set(key, message);
    } else {
      other.push(parts.length > 0 ? `${pathText(parts)}: ${message}` : message);
    }
  };

  const result = graphModelSchema.safeParse(model);
  if (!result.success) for (const issue of result.error.issues) add(issue.path, issue.message);

  const labels = new Set<string>();
  model.entities.forEach((entity, i) => {
    if (entity.label === '') return;
    if (labels.has(entity.label)) {
      add(['entities', i, 'label'], strings.duplicateEntityLabel(entity.label));
    }
    labels.add(entity.label);
  });
  model.relations.forEach((relation, i) => {
    if (labels.has(relation.label)) {
      add(['relations', i, 'label'], strings.relationLabelIsEntity(relation.label));
    }
    for (const side of ['from', 'to'] as const) {
      const entity = relation[side].entity;
      if (entity !== '' && !labels.has(entity)) {
        add(['relations', i, side, 'entity'], strings.unknownEntity(entity));
      }
    }
  });
  return { byField, other };
}
