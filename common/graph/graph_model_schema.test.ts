import { readFileSync } from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { graphModelJsonSchema, graphModelSchema } from './graph_model_schema';

const demoModel: unknown = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../scripts/demo/investments_graph.json'), 'utf8')
);

/** Each issue as `path: message`, the way the server reports them. */
function problems(raw: unknown): string[] {
  const result = graphModelSchema.safeParse(raw);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/**
 * The JSON schema must agree with the zod schema on the rules JSON schema can say; zod reading
 * the JSON schema back (`z.fromJSONSchema`) is an independent validator of the exported document.
 */
const fromJsonSchema = z.fromJSONSchema(graphModelJsonSchema);
const jsonSchemaAccepts = (raw: unknown) => fromJsonSchema.safeParse(raw).success;

const entity = { label: 'Company', indices: ['companies'] };

describe('graphModelSchema', () => {
  it('accepts the demo model', () => {
    expect(problems(demoModel)).toEqual([]);
    expect(jsonSchemaAccepts(demoModel)).toBe(true);
  });

  it('accepts a model without relations and fills them in', () => {
    expect(graphModelSchema.parse({ label: 'g', entities: [entity] }).relations).toEqual([]);
    expect(jsonSchemaAccepts({ label: 'g', entities: [entity] })).toBe(true);
  });

  it.each([
    ['no entities', { label: 'g', entities: [] }, 'entities: must hold at least one entity'],
    ['an empty label', { label: '', entities: [entity] }, 'label: must not be empty'],
    [
      'an entity without indices',
      { label: 'g', entities: [{ label: 'A', indices: [] }] },
      'entities.0.indices: must name at least one index',
    ],
    [
      'an unknown entity key',
      { label: 'g', entities: [{ ...entity, query: { match_all: {} } }] },
      'entities.0: Unrecognized key: "query"',
    ],
    [
      'a relation without its target',
      { label: 'g', entities: [entity], relations: [{ label: 'R', from: { entity: 'Company' } }] },
      'relations.0.to: Invalid input: expected object, received undefined',
    ],
    [
      'indices written as one string',
      { label: 'g', entities: [{ label: 'A', indices: 'companies' }] },
      'entities.0.indices: Invalid input: expected array, received string',
    ],
  ])('rejects %s, naming the place', (_name, raw, problem) => {
    expect(problems(raw)).toEqual([problem]);
    expect(jsonSchemaAccepts(raw)).toBe(false);
  });

  it('rejects text with an unpaired surrogate (a rule only the zod schema can check)', () => {
    const raw = { label: 'g\uD800', entities: [entity] };
    expect(problems(raw)).toEqual([
      'label: is not valid Unicode text (it holds an unpaired surrogate)',
    ]);
  });
});

describe('graphModelJsonSchema', () => {
  it('is a draft-07 document that requires what the model requires', () => {
    const schema = graphModelJsonSchema as {
      $schema: string;
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { description?: string }>;
    };
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    // `relations` has a default, so the user may leave it out.
    expect(schema.required).toEqual(['label', 'entities']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('describes every field, so completion can explain it', () => {
    const undescribed: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (typeof node !== 'object' || node === null) return;
      const { properties, items } = node as { properties?: object; items?: unknown };
      for (const [key, child] of Object.entries(properties ?? {})) {
        if (!(child as { description?: string }).description) undescribed.push(`${where}.${key}`);
        walk(child, `${where}.${key}`);
      }
      walk(items, `${where}[]`);
    };
    walk(graphModelJsonSchema, 'model');
    expect(undescribed).toEqual([]);
  });

  it('offers whole entity and relation objects as completion snippets', () => {
    const schema = graphModelJsonSchema as {
      properties: Record<string, { items: { defaultSnippets?: Array<{ body: object }> } }>;
    };
    const entitySnippet = schema.properties.entities.items.defaultSnippets?.[0].body;
    const relationSnippet = schema.properties.relations.items.defaultSnippets?.[0].body;
    expect(Object.keys(entitySnippet ?? {})).toEqual(['label', 'indices', 'id']);
    expect(Object.keys(relationSnippet ?? {})).toEqual(['label', 'from', 'to']);
  });
});
