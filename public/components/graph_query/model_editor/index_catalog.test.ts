import { describe, expect, it } from 'vitest';
import { indexOptions, mappingFields, mergeFields } from './index_catalog';

describe('indexOptions', () => {
  it('groups indices, aliases, data streams and virtual indices, each name once', () => {
    const options = indexOptions(
      {
        indices: [
          { name: 'orders', attributes: ['open'] },
          { name: 'articles', attributes: ['open'] },
          // A data stream's backing index is offered through its stream.
          { name: '.ds-logs-000001', attributes: ['open'], data_stream: 'logs' },
          // A virtual index's empty concrete index.
          { name: 'sql-people', attributes: ['open'] },
        ],
        aliases: [{ name: 'shop', indices: ['orders'] }],
        data_streams: [{ name: 'logs', backing_indices: [], timestamp_field: '@timestamp' }],
      },
      ['sql-people']
    );
    expect(options.map((o) => (o.isGroupLabelOption ? `# ${o.label}` : o.label))).toEqual([
      '# Indices',
      'articles',
      'orders',
      '# Aliases',
      'shop',
      '# Data streams',
      'logs',
      '# Virtual indices',
      'sql-people',
    ]);
  });

  it('offers the virtual indices alone when the index list failed', () => {
    expect(indexOptions(undefined, ['v']).map((o) => o.label)).toEqual(['Virtual indices', 'v']);
  });
});

describe('mappingFields', () => {
  it('lists leaves by dotted path with multi-fields, over every index of the answer', () => {
    const fields = mappingFields({
      'companies-1': {
        mappings: {
          properties: {
            name: { type: 'text', fields: { keyword: { type: 'keyword' } } },
            address: { properties: { city: { type: 'keyword' } } },
            id: { type: 'keyword' },
          },
        },
      },
      'companies-2': { mappings: { properties: { id: { type: 'long' } } } },
    });
    expect(fields).toEqual([
      { name: 'address.city', type: 'keyword' },
      { name: 'id', type: 'keyword | long' },
      { name: 'name', type: 'text' },
      { name: 'name.keyword', type: 'keyword' },
    ]);
  });

  it('keeps a nested field itself when it has a type', () => {
    expect(
      mappingFields({
        i: { mappings: { properties: { tags: { type: 'nested', properties: {} } } } },
      })
    ).toEqual([{ name: 'tags', type: 'nested' }]);
  });
});

describe('mergeFields', () => {
  it('joins the field lists of several indices, with every type a field has', () => {
    expect(
      mergeFields([
        [{ name: 'id', type: 'keyword' }],
        [
          { name: 'id', type: 'long' },
          { name: 'a', type: 'date' },
        ],
      ])
    ).toEqual([
      { name: 'a', type: 'date' },
      { name: 'id', type: 'keyword | long' },
    ]);
  });
});
