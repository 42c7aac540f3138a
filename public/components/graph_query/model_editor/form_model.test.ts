import { describe, expect, it } from 'vitest';
import { readFormModel, renameEntity, withOptional, writeFormModel } from './form_model';
import { modelProblems } from './model_problems';

describe('readFormModel', () => {
  it('reads a half-written model, filling what the form needs and keeping unknown keys', () => {
    const read = readFormModel('{"label":"g","entities":[{"label":"A","note":1}],"extra":true}');
    expect(read).toEqual({
      ok: true,
      model: {
        label: 'g',
        entities: [{ label: 'A', indices: [], note: 1 }],
        relations: [],
        extra: true,
      },
    });
  });

  it('starts empty text as an empty model', () => {
    expect(readFormModel('  ')).toEqual({
      ok: true,
      model: { label: '', entities: [], relations: [] },
    });
  });

  it('says why text is not JSON, or where it is not shaped like a model', () => {
    const notJson = readFormModel('{"label": ');
    expect(notJson.ok).toBe(false);
    expect(!notJson.ok && notJson.kind).toBe('json');

    expect(readFormModel('{"entities":[{"label":"A","indices":[1]}]}')).toEqual({
      ok: false,
      kind: 'shape',
      problems: ['entities[0].indices[0]: Invalid input: expected string, received number'],
    });
    expect(readFormModel('[]')).toEqual({
      ok: false,
      kind: 'shape',
      problems: ['Invalid input: expected object, received array'],
    });
  });

  it('writes the model back as indented JSON that reads back the same', () => {
    const read = readFormModel('{"label":"g","entities":[],"relations":[]}');
    if (!read.ok) throw new Error('expected a model');
    const text = writeFormModel(read.model);
    expect(text).toBe('{\n  "label": "g",\n  "entities": [],\n  "relations": []\n}');
    expect(readFormModel(text)).toEqual(read);
  });
});

describe('withOptional', () => {
  it('sets a value, and removes the key for an empty one', () => {
    expect(withOptional({ label: 'A', indices: [] }, 'id', 'code')).toEqual({
      label: 'A',
      indices: [],
      id: 'code',
    });
    expect(withOptional({ label: 'A', indices: [], id: 'code' }, 'id', '')).toEqual({
      label: 'A',
      indices: [],
    });
  });
});

describe('renameEntity', () => {
  const model = {
    label: 'g',
    entities: [
      { label: 'A', indices: ['a'] },
      { label: 'B', indices: ['b'] },
    ],
    relations: [{ label: 'R', from: { entity: 'A', field: 'b_id' }, to: { entity: 'B' } }],
  };

  it('renames the relation ends that named the entity', () => {
    expect(renameEntity(model, 0, 'Alpha').relations[0].from).toEqual({
      entity: 'Alpha',
      field: 'b_id',
    });
  });

  it('leaves relations alone while another entity still has the old label', () => {
    const twoAs = { ...model, entities: [...model.entities, { label: 'A', indices: ['c'] }] };
    expect(renameEntity(twoAs, 2, 'C').relations).toEqual(model.relations);
  });
});

describe('modelProblems', () => {
  it('finds nothing wrong with a valid model', () => {
    const read = readFormModel(
      '{"label":"g","entities":[{"label":"A","indices":["a"]}],"relations":[{"label":"R","from":{"entity":"A"},"to":{"entity":"A","field":"parent"}}]}'
    );
    if (!read.ok) throw new Error('expected a model');
    expect(modelProblems(read.model)).toEqual({ byField: new Map(), other: [] });
  });

  it('places each problem on its field, and lists the ones no field shows', () => {
    const read = readFormModel(
      '{"label":"","entities":[{"label":"A","indices":["ok",""],"query":{}}],"relations":[{"label":"R","from":{"entity":"Nope"},"to":{"entity":""}}]}'
    );
    if (!read.ok) throw new Error('expected a model');
    const problems = modelProblems(read.model);
    expect(Object.fromEntries(problems.byField)).toEqual({
      label: 'must not be empty',
      'entities.0.indices': 'must not be empty',
      'relations.0.to.entity': 'must not be empty',
      'relations.0.from.entity': 'No entity is labelled Nope.',
    });
    expect(problems.other).toEqual(['entities[0]: Unrecognized key: "query"']);
  });
});
