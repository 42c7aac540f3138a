import { describe, expect, it } from 'vitest';
import { FederationError } from '../errors';
import { parseGraphModel, type ModelLimits } from './graph_model';

function modelError(raw: unknown, limits?: ModelLimits): string {
  try {
    parseGraphModel(raw, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(FederationError);
    expect((error as FederationError).status).toBe(400);
    return (error as FederationError).message;
  }
  throw new Error('expected the model to be refused');
}

const entities = [
  { label: 'Company', indices: ['companies'], id: 'id' },
  { label: 'Article', indices: ['articles', 'old-articles'] },
];

describe('parseGraphModel: valid models', () => {
  it('reads entities and relations, defaulting an endpoint field to its entity id', () => {
    const model = parseGraphModel({
      label: 'investments',
      entities,
      relations: [
        {
          label: 'MENTIONS',
          from: { entity: 'Article', field: 'company_id' },
          to: { entity: 'Company' },
        },
        { label: 'CITES', from: { entity: 'Article' }, to: { entity: 'Article', field: 'cited' } },
      ],
    });
    expect(model.label).toBe('investments');
    expect([...model.entities.values()]).toEqual([
      { label: 'Company', indices: ['companies'], id: 'id', path: 'model.entities[0]' },
      {
        label: 'Article',
        indices: ['articles', 'old-articles'],
        id: '_id',
        path: 'model.entities[1]',
      },
    ]);
    expect(model.relations).toEqual([
      {
        label: 'MENTIONS',
        // Company's id is `id`; Article's defaults to `_id`.
        from: { entity: 'Article', field: 'company_id' },
        to: { entity: 'Company', field: 'id' },
        path: 'model.relations[0]',
      },
      {
        label: 'CITES',
        from: { entity: 'Article', field: '_id' },
        to: { entity: 'Article', field: 'cited' },
        path: 'model.relations[1]',
      },
    ]);
  });

  it('accepts a model without relations', () => {
    const model = parseGraphModel({ label: 'g', entities: [entities[0]] });
    expect(model.relations).toEqual([]);
    expect([...model.entities.keys()]).toEqual(['Company']);
  });

  it('allows one relation label between different entity pairs', () => {
    const model = parseGraphModel({
      label: 'g',
      entities,
      relations: [
        { label: 'LINKS', from: { entity: 'Article' }, to: { entity: 'Company' } },
        { label: 'LINKS', from: { entity: 'Company' }, to: { entity: 'Article' } },
      ],
    });
    expect(model.relations.map((r) => `${r.from.entity}>${r.to.entity}`)).toEqual([
      'Article>Company',
      'Company>Article',
    ]);
  });
});

describe('parseGraphModel: shape errors name a JSON path', () => {
  it('requires a model', () => {
    expect(modelError(undefined)).toBe(
      '[model] is required: send the graph data model with the query'
    );
  });

  it('names a missing or mistyped part', () => {
    expect(modelError({ label: 'g' })).toMatch(/^invalid graph model: \[model\.entities\] /);
    expect(modelError({ entities })).toMatch(/^invalid graph model: \[model\.label\] /);
    expect(modelError('a model')).toMatch(/^invalid graph model: \[model\] /);
    expect(modelError({ label: 'g', entities: [{ label: 'A', indices: 'a' }] })).toMatch(
      /^invalid graph model: \[model\.entities\[0\]\.indices\] /
    );
  });

  it('refuses empty lists and empty strings with a reason', () => {
    expect(modelError({ label: 'g', entities: [] })).toBe(
      'invalid graph model: [model.entities] must hold at least one entity'
    );
    expect(modelError({ label: '', entities })).toBe(
      'invalid graph model: [model.label] must not be empty'
    );
    expect(modelError({ label: 'g', entities: [{ label: 'A', indices: [] }] })).toBe(
      'invalid graph model: [model.entities[0].indices] must name at least one index'
    );
    expect(modelError({ label: 'g', entities: [{ label: 'A', indices: ['a', ''] }] })).toBe(
      'invalid graph model: [model.entities[0].indices[1]] must not be empty'
    );
    expect(
      modelError({
        label: 'g',
        entities,
        relations: [
          { label: 'R', from: { entity: 'Article', field: '' }, to: { entity: 'Company' } },
        ],
      })
    ).toBe('invalid graph model: [model.relations[0].from.field] must not be empty');
  });

  it('names a missing relation endpoint', () => {
    expect(
      modelError({ label: 'g', entities, relations: [{ label: 'R', from: { entity: 'Article' } }] })
    ).toMatch(/^invalid graph model: \[model\.relations\[0\]\.to\] /);
  });

  it('refuses unknown keys, naming the object that holds them', () => {
    expect(modelError({ label: 'g', entities, extra: 1 })).toMatch(
      /^invalid graph model: \[model\] .*extra/
    );
    expect(
      modelError({ label: 'g', entities: [{ label: 'A', indices: ['a'], idField: 'x' }] })
    ).toMatch(/^invalid graph model: \[model\.entities\[0\]\] .*idField/);
  });

  it('lists every shape problem at once', () => {
    const message = modelError({ label: '', entities: [{ label: 'A', indices: [] }] });
    expect(message).toBe(
      'invalid graph model: [model.label] must not be empty; [model.entities[0].indices] must name at least one index'
    );
  });
});

describe('parseGraphModel: a long list of shape problems', () => {
  it('names the first twenty and counts the rest', () => {
    const message = modelError({ label: 'g', entities: Array.from({ length: 25 }, () => 7) });
    expect(message).toContain('[model.entities[19]]');
    expect(message).not.toContain('[model.entities[20]]');
    expect(message).toMatch(/; and 5 more problems$/);
  });
});

describe('parseGraphModel: reference errors', () => {
  it('refuses two entities with one label', () => {
    expect(
      modelError({
        label: 'g',
        entities: [entities[0], { label: 'Company', indices: ['firms'] }],
      })
    ).toBe(
      '[model.entities[1].label] the label [Company] is used by two entities; entity labels must be unique'
    );
  });

  it('refuses a relation endpoint that names no entity', () => {
    expect(
      modelError({
        label: 'g',
        entities,
        relations: [{ label: 'R', from: { entity: 'Article' }, to: { entity: 'Person' } }],
      })
    ).toBe(
      '[model.relations[0].to.entity] names the entity [Person], which the model does not define; defined: [Company, Article]'
    );
    expect(
      modelError({
        label: 'g',
        entities,
        relations: [{ label: 'R', from: { entity: 'Nobody' }, to: { entity: 'Company' } }],
      })
    ).toContain('[model.relations[0].from.entity] names the entity [Nobody]');
  });

  it('refuses a relation labelled like an entity', () => {
    expect(
      modelError({
        label: 'g',
        entities,
        relations: [{ label: 'Company', from: { entity: 'Article' }, to: { entity: 'Company' } }],
      })
    ).toBe(
      '[model.relations[0].label] the label [Company] is already an entity label; relation labels must differ from entity labels'
    );
  });

  it('refuses the same relation defined twice', () => {
    const relation = { label: 'R', from: { entity: 'Article' }, to: { entity: 'Company' } };
    expect(modelError({ label: 'g', entities, relations: [relation, relation] })).toBe(
      '[model.relations[1].label] the relation [R] from [Article] to [Company] is defined twice (also at [model.relations[0]])'
    );
  });
});

describe('parseGraphModel: bounds, checked before any entity is read', () => {
  const limits: ModelLimits = { maxEntities: 3, maxRelations: 2, maxBytes: 1_000 };
  const entity = (i: number) => ({ label: `E${i}`, indices: ['one-index'] });
  const relation = (i: number) => ({
    label: `R${i}`,
    from: { entity: 'E0' },
    to: { entity: 'E1' },
  });
  const model = (entityCount: number, relationCount: number) => ({
    label: 'g',
    entities: Array.from({ length: entityCount }, (_, i) => entity(i)),
    relations: Array.from({ length: relationCount }, (_, i) => relation(i)),
  });

  it('accepts a model at every limit', () => {
    const parsed = parseGraphModel(model(3, 2), limits);
    expect(parsed.entities.size).toBe(3);
    expect(parsed.relations).toHaveLength(2);
  });

  it('refuses too many entities, naming the path, the limit and the setting', () => {
    expect(modelError(model(4, 0), limits)).toBe(
      '[model.entities] holds 4 entities, more than the 3 a graph model may hold (setting maxGraphModelEntities); model fewer kinds of nodes'
    );
  });

  it('refuses too many relations, naming the path, the limit and the setting', () => {
    expect(modelError(model(2, 3), limits)).toBe(
      '[model.relations] holds 3 relations, more than the 2 a graph model may hold (setting maxGraphModelRelations); model fewer kinds of edges'
    );
  });

  it('refuses a model whose JSON text is too large, naming the setting', () => {
    const large = { ...model(1, 0), label: 'x'.repeat(1_000) };
    expect(modelError(large, limits)).toBe(
      '[model] is larger than the 1000 bytes of JSON text a graph model may have (setting maxGraphModelBytes); send a smaller model'
    );
    // Multi-byte text counts in UTF-8 bytes, as the body held it: 400 characters, 1,200 bytes.
    expect(modelError({ ...model(1, 0), label: '€'.repeat(400) }, limits)).toContain(
      'setting maxGraphModelBytes'
    );
  });

  it('counts before it checks the shape: 20,000 entities are refused by count alone', () => {
    // Entities no schema would accept: they are never looked at.
    const huge = { label: 'g', entities: Array.from({ length: 20_000 }, () => 7) };
    expect(modelError(huge, { ...limits, maxEntities: 500 })).toContain(
      'holds 20000 entities, more than the 500'
    );
  });

  it("applies the settings' defaults when no limits are given", () => {
    expect(modelError(model(501, 0))).toContain('more than the 500 a graph model may hold');
    expect(modelError({ ...model(1, 0), label: 'x'.repeat(256 * 1024) })).toContain(
      'the 262144 bytes of JSON text'
    );
  });
});
