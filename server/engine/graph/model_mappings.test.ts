import { describe, expect, it } from 'vitest';
import type { Backend, BackendFactory, FieldType } from '../backends/backend';
import { FederationError } from '../errors';
import { WorkBudget } from '../work_budget';
import { parseGraphModel } from './graph_model';
import { checkModelMappings } from './model_mappings';

/** Backends over a fixed mapping, counting what the model check asks of them. */
function fakeFactory(mapping: Record<string, Record<string, FieldType>>) {
  const opened: string[][] = [];
  const reads: string[] = [];
  const factory: BackendFactory = {
    async open(indices) {
      opened.push(indices);
      const missing = indices.find((index) => mapping[index] === undefined);
      if (missing !== undefined) throw badIndex(missing);
      const backend: Partial<Backend> = {
        kind: 'opensearch',
        indices,
        // One read per call, as OpenSearch's backend asks one `_field_caps` for a list.
        async fieldTypes(fields) {
          reads.push(`${indices.join(',')}:${fields.join('+')}`);
          return fields.map((field) => {
            if (field === '_index') return '_index';
            const types = new Set(indices.map((index) => mapping[index][field] ?? null));
            types.delete(null);
            return types.size === 0 ? null : types.size === 1 ? [...types][0] : 'conflict';
          });
        },
      };
      return backend as Backend;
    },
  };
  return { factory, opened, reads };
}

function badIndex(name: string): FederationError {
  return new FederationError(404, 'index_not_found_exception', `no such index [${name}]`);
}

/** `count` entities over `people`, each related to the next by `parent_id` → `id`. */
function chain(count: number) {
  return parseGraphModel({
    label: 'g',
    entities: Array.from({ length: count }, (_, i) => ({
      label: `P${i}`,
      indices: ['people'],
      id: 'id',
    })),
    relations: Array.from({ length: count - 1 }, (_, i) => ({
      label: `R${i}`,
      from: { entity: `P${i}`, field: 'parent_id' },
      to: { entity: `P${i + 1}` },
    })),
  });
}

const people = {
  people: { id: 'long', parent_id: 'long', name: 'text' } as Record<string, FieldType>,
};

describe('checkModelMappings', () => {
  it('opens each list of indices once and reads its fields there in one request, whatever the entities', async () => {
    const { factory, opened, reads } = fakeFactory(people);
    const { backends, checked } = await checkModelMappings(factory, chain(500));
    await checked;
    expect(opened).toEqual([['people']]);
    expect(reads).toHaveLength(1);
    expect(reads[0].replace('people:', '').split('+').sort()).toEqual(['id', 'parent_id']);
    expect(backends.size).toBe(500);
    expect(new Set(backends.values()).size).toBe(1);
  });

  it('checks an entity nothing joins on by reading `_index`', async () => {
    const { factory, reads } = fakeFactory({ ...people, towns: {} });
    const model = parseGraphModel({
      label: 'g',
      entities: [
        { label: 'P', indices: ['people'] },
        { label: 'T', indices: ['towns'] },
      ],
    });
    await (
      await checkModelMappings(factory, model)
    ).checked;
    expect(reads.sort()).toEqual(['people:_index', 'towns:_index']);
  });

  it('names the first entity over a missing index', async () => {
    const { factory } = fakeFactory(people);
    const model = parseGraphModel({
      label: 'g',
      entities: [
        { label: 'P', indices: ['people'] },
        { label: 'A', indices: ['nope'] },
        { label: 'B', indices: ['nope'] },
      ],
    });
    await expect(checkModelMappings(factory, model)).rejects.toMatchObject({
      status: 400,
      message: '[model.entities[1].indices] of entity [A]: no such index [nope]',
    });
  });

  it('names the relation field that is unmapped or cannot be joined on', async () => {
    const { factory } = fakeFactory(people);
    const model = (field: string) =>
      parseGraphModel({
        label: 'g',
        entities: [{ label: 'P', indices: ['people'], id: 'id' }],
        relations: [{ label: 'R', from: { entity: 'P', field }, to: { entity: 'P' } }],
      });
    const unmapped = await checkModelMappings(factory, model('city'));
    await expect(unmapped.checked).rejects.toThrow(
      '[model.relations[0].from.field] the field [city] is not mapped in [people] of entity [P]'
    );
    const text = await checkModelMappings(factory, model('name'));
    await expect(text.checked).rejects.toThrow('is of type [text], which cannot be joined on');
  });

  it('stops with its request: the budget’s check ends the loops over the model', async () => {
    const { factory } = fakeFactory(people);
    const gone = new FederationError(499, 'request_aborted_exception', 'caller left');
    // A slice of 0 ms: every clock read pauses and runs the check.
    const budget = new WorkBudget(() => {
      throw gone;
    }, 0);
    await expect(checkModelMappings(factory, chain(500), { budget })).rejects.toBe(gone);
  });
});
