import { describe, expect, it } from 'vitest';
import { JsonSchemaAssociations } from './json_schema_associations';

describe('JsonSchemaAssociations', () => {
  it("gives each schema the models of the editors that use it, and drops an unmounted editor's", () => {
    const associations = new JsonSchemaAssociations();
    const model = { type: 'object' };
    const dsl = { type: 'object', required: ['query'] };
    associations.set('inmemory://federation/editor-1.json', {
      uri: 'federation://model',
      schema: model,
    });
    associations.set('inmemory://federation/editor-2.json', {
      uri: 'federation://dsl',
      schema: dsl,
    });
    associations.set('inmemory://federation/editor-3.json', {
      uri: 'federation://dsl',
      schema: { ...dsl },
    });
    expect(associations.list()).toEqual([
      {
        uri: 'federation://model',
        fileMatch: ['inmemory://federation/editor-1.json'],
        schema: model,
      },
      {
        uri: 'federation://dsl',
        fileMatch: ['inmemory://federation/editor-2.json', 'inmemory://federation/editor-3.json'],
        schema: dsl,
      },
    ]);
    associations.set('inmemory://federation/editor-1.json', undefined);
    expect(associations.list().map((a) => a.uri)).toEqual(['federation://dsl']);
  });

  it('keeps two different schemas given under one URI apart', () => {
    const associations = new JsonSchemaAssociations();
    associations.set('m1', { uri: 'federation://s', schema: { type: 'object' } });
    associations.set('m2', { uri: 'federation://s', schema: { type: 'array' } });
    expect(associations.list()).toEqual([
      { uri: 'federation://s', fileMatch: ['m1'], schema: { type: 'object' } },
      { uri: 'federation://s?editor=m2', fileMatch: ['m2'], schema: { type: 'array' } },
    ]);
  });
});
