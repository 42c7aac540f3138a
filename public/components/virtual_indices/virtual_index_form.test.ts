import { describe, expect, it } from 'vitest';
import type { DatasourceMetadata } from '../../services/api/datasources_api';
import {
  catalogsOf,
  qualifiedName,
  resourcesMatching,
  schemasOf,
  splitColumns,
  suggestedIndexId,
  suggestedKey,
  toVirtualIndexBody,
} from './virtual_index_form';
import { virtualIndexIdProblem } from './virtual_index_id';

const metadata: DatasourceMetadata = {
  _id: 'pg',
  catalogs: ['postgres', 'test'],
  schemas: [
    { catalog: 'test', name: 'public' },
    { catalog: 'test', name: 'sales' },
  ],
  resources: [
    { catalog: 'test', schema: 'public', name: 'people', kind: 'table' },
    { catalog: 'test', schema: 'sales', name: 'orders', kind: 'table' },
  ],
};

describe('virtual index form rules', () => {
  it('narrows resources by catalog and schema, empty meaning any', () => {
    expect(catalogsOf(metadata)).toEqual(['postgres', 'test']);
    expect(schemasOf(metadata, 'test')).toEqual(['public', 'sales']);
    expect(resourcesMatching(metadata, '', 'sales').map((r) => r.name)).toEqual(['orders']);
    expect(resourcesMatching(metadata, 'postgres', '')).toEqual([]);
    expect(resourcesMatching(metadata, '', '')).toHaveLength(2);
  });

  it('suggests index names that pass the index-name rules', () => {
    for (const resource of ['Orders', 'order items', '_tmp', 'a/b:c', 'Café#1']) {
      const id = suggestedIndexId(resource);
      expect(virtualIndexIdProblem(id), `${resource} -> ${id}`).toBeNull();
    }
    expect(suggestedIndexId('Order Items')).toBe('vi-order-items');
  });

  it('offers a mapped `id` column as the key, never a skipped one', () => {
    const column = (name: string, type: 'long' | null) => ({
      name,
      remote_type: type ? 'bigint' : 'jsonb',
      type,
      nullable: false,
    });
    expect(suggestedKey([column('ID', 'long'), column('x', 'long')])).toBe('ID');
    expect(suggestedKey([column('id', null)])).toBe('');
    expect(
      splitColumns([column('a', 'long'), column('b', null)]).skipped.map((c) => c.name)
    ).toEqual(['b']);
  });

  it('sends the resource as chosen, qualified by its own catalog and schema', () => {
    const resource = { name: 'orders', catalog: 'test', schema: 'sales' };
    expect(qualifiedName(resource)).toBe('test.sales.orders');
    expect(toVirtualIndexBody('pg', resource, 'id')).toEqual({
      datasource: 'pg',
      resource: 'orders',
      key: 'id',
      catalog: 'test',
      schema: 'sales',
    });
    expect(toVirtualIndexBody('lite', { name: 't', schema: 'main' }, '')).toEqual({
      datasource: 'lite',
      resource: 't',
      schema: 'main',
    });
  });
});
