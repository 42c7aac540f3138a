import { describe, expect, it } from 'vitest';
import { fieldsOfMapping, isSortable } from './mapping_fields';

describe('fieldsOfMapping', () => {
  it('lists leaf fields, objects walked, multi-fields included, types merged across indices', () => {
    const fields = fieldsOfMapping({
      'orders-1': {
        mappings: {
          properties: {
            id: { type: 'long' },
            name: { type: 'text', fields: { keyword: { type: 'keyword' } } },
            customer: { properties: { id: { type: 'long' }, city: { type: 'keyword' } } },
            lines: { type: 'nested', properties: { sku: { type: 'keyword' } } },
          },
        },
      },
      'orders-2': {
        mappings: { properties: { id: { type: 'keyword' }, total: { type: 'double' } } },
      },
    });
    expect(fields).toEqual([
      { name: 'customer.city', type: 'keyword', types: ['keyword'] },
      { name: 'customer.id', type: 'long', types: ['long'] },
      { name: 'id', type: 'conflict', types: ['keyword', 'long'] },
      { name: 'lines.sku', type: 'keyword', types: ['keyword'] },
      { name: 'name', type: 'text', types: ['text'] },
      { name: 'name.keyword', type: 'keyword', types: ['keyword'] },
      { name: 'total', type: 'double', types: ['double'] },
    ]);
    expect(fields.filter(isSortable).map((f) => f.name)).toEqual([
      'customer.city',
      'customer.id',
      'lines.sku',
      'name.keyword',
      'total',
    ]);
  });

  it('reads an index with no mappings as no fields', () => {
    expect(fieldsOfMapping({ empty: { mappings: {} } })).toEqual([]);
  });
});
