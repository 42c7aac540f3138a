import { describe, expect, it } from 'vitest';
import investments from '../../../scripts/demo/investments_graph.json';
import type { GetMappingResponse } from '../../services/api/indices_api';
import { gqlSchemaFromModel, indexSetKey, mappingPropertyPaths } from './gql_schema_from_model';
import { modelOutline } from './model_text';

describe('mappingPropertyPaths', () => {
  it('flattens objects to dotted paths, keeps the object paths, skips multi-fields', () => {
    const mappings: GetMappingResponse = {
      people: {
        mappings: {
          properties: {
            name: { type: 'text', fields: { keyword: { type: 'keyword' } } },
            address: {
              properties: { city: { type: 'keyword' }, geo: { properties: { lat: {} } } },
            },
            age: { type: 'integer' },
          },
        },
      },
    };
    expect(mappingPropertyPaths(mappings)).toEqual([
      'address',
      'address.city',
      'address.geo',
      'address.geo.lat',
      'age',
      'name',
    ]);
  });

  it('unions the indices of one answer (a pattern or several indices) without repeats', () => {
    const mappings: GetMappingResponse = {
      'logs-1': { mappings: { properties: { a: { type: 'keyword' }, b: { type: 'long' } } } },
      'logs-2': { mappings: { properties: { b: { type: 'long' }, c: { type: 'date' } } } },
      empty: { mappings: {} },
    };
    expect(mappingPropertyPaths(mappings)).toEqual(['a', 'b', 'c']);
  });
});

describe('indexSetKey', () => {
  it('is the same for the same indices in any order', () => {
    expect(indexSetKey(['b', 'a', 'b'])).toBe('a,b');
    expect(indexSetKey(['a', 'b'])).toBe(indexSetKey(['b', 'a']));
  });
});

describe('gqlSchemaFromModel', () => {
  it('gives the graph name, entities with their properties and relations with their ends', () => {
    const model = modelOutline(investments);
    const mappings = new Map<string, GetMappingResponse>([
      [
        'demo-companies',
        { 'demo-companies': { mappings: { properties: { id: {}, name: {}, sector: {} } } } },
      ],
      [
        'demo-investments',
        { 'demo-investments': { mappings: { properties: { amount: {}, investor: {} } } } },
      ],
    ]);
    expect(gqlSchemaFromModel(model, mappings)).toEqual({
      graphs: ['investments'],
      entities: [
        { label: 'Company', properties: ['id', 'name', 'sector'] },
        // Not loaded (yet, or it failed): the label is still offered, without properties.
        { label: 'Article', properties: [] },
        { label: 'Investment', properties: ['amount', 'investor'] },
      ],
      relations: [
        { label: 'MENTIONS', from: 'Article', to: 'Company' },
        { label: 'FUNDS', from: 'Investment', to: 'Company' },
      ],
    });
  });

  it('finds an entity of several indices under its sorted index set', () => {
    const model = modelOutline({
      label: 'g',
      entities: [{ label: 'Log', indices: ['logs-b', 'logs-a'] }],
    });
    const mappings = new Map<string, GetMappingResponse>([
      ['logs-a,logs-b', { 'logs-a': { mappings: { properties: { msg: {} } } } }],
    ]);
    expect(gqlSchemaFromModel(model, mappings).entities).toEqual([
      { label: 'Log', properties: ['msg'] },
    ]);
  });

  it('offers no graph name for a model without a label', () => {
    const schema = gqlSchemaFromModel(modelOutline({ entities: [] }), new Map());
    expect(schema).toEqual({ graphs: [], entities: [], relations: [] });
  });
});
