/**
 * The model as the form edits it. The form accepts any JSON whose known keys have the right JSON
 * types, even when the model is not yet valid (an empty label, no indices): that is what a model
 * looks like half-way through editing. Keys the form does not know are kept as they are.
 */
// A namespace import lets the bundler drop what zod's `z` object would keep (its locales, ~350 kB).
import * as z from 'zod';

const endpointShape = z.looseObject({
  entity: z.string().default(''),
  field: z.string().optional(),
});

const entityShape = z.looseObject({
  label: z.string().default(''),
  indices: z.array(z.string()).default([]),
  id: z.string().optional(),
});

const relationShape = z.looseObject({
  label: z.string().default(''),
  from: endpointShape.default({ entity: '' }),
  to: endpointShape.default({ entity: '' }),
});

const formModelShape = z.looseObject({
  label: z.string().default(''),
  entities: z.array(entityShape).default([]),
  relations: z.array(relationShape).default([]),
});

export type FormEndpoint = z.output<typeof endpointShape>;
export type FormEntity = z.output<typeof entityShape>;
export type FormRelation = z.output<typeof relationShape>;
export type FormModel = z.output<typeof formModelShape>;

export type ReadModelResult =
  | { ok: true; model: FormModel }
  | { ok: false; kind: 'json'; message: string }
  | { ok: false; kind: 'shape'; problems: string[] };

/** `entities.0.label` → `entities[0].label`, as the server names places in a model. */
export function pathText(path: ReadonlyArray<PropertyKey>): string {
  return path
    .map((part, i) =>
      typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`
    )
    .join('');
}

/** Reads the editor's text for the form; empty text is an empty model to start from. */
export function readFormModel(text: string): ReadModelResult {
  let raw: unknown = {};
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return { ok: false, kind: 'json', message: (error as Error).message };
    }
  }
  const result = formModelShape.safeParse(raw);
  if (result.success) return { ok: true, model: result.data };
  return {
    ok: false,
    kind: 'shape',
    problems: result.error.issues.map((issue) =>
      issue.path.length > 0 ? `${pathText(issue.path)}: ${issue.message}` : issue.message
    ),
  };
}

/** The text the form writes back: the model as indented JSON. */
export function writeFormModel(model: FormModel): string {
  return JSON.stringify(model, null, 2);
}

/** Sets an optional key, or removes it when empty (absent means "the default" in the model). */
export function withOptional<T extends object, K extends string>(
  target: T,
  key: K,
  value: string
): T {
  const copy: Record<string, unknown> = { ...(target as Record<string, unknown>) };
  if (value === '') delete copy[key];
  else copy[key] = value;
  return copy as T;
}

export function emptyEntity(): FormEntity {
  return { label: '', indices: [] };
}

export function emptyRelation(entities: readonly FormEntity[]): FormRelation {
  const first = entities[0]?.label ?? '';
  return { label: '', from: { entity: first }, to: { entity: first } };
}

/**
 * Renames an entity and the relation endpoints that named it, so a rename in the form does not
 * leave relations pointing at a label that is gone.
 */
export function renameEntity(model: FormModel, index: number, label: string): FormModel {
  const old = model.entities[index]?.label;
  const follow = (end: FormEndpoint): FormEndpoint =>
    old !== undefined && old !== '' && end.entity === old ? { ...end, entity: label } : end;
  const stillUsed = model.entities.some((entity, i) => i !== index && entity.label === old);
  return {
    ...model,
    entities: model.entities.map((entity, i) => (i === index ? { ...entity, label } : entity)),
    relations: stillUsed
      ? model.relations
      : model.relations.map((relation) => ({
          ...relation,
          from: follow(relation.from),
          to: follow(relation.to),
        })),
  };
}
