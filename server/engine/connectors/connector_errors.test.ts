import { describe, expect, it } from 'vitest';
import { qualifiedName, resourceNotFound } from './connector_errors';

describe('connector errors', () => {
  it('names the missing resource in a 404', () => {
    const error = resourceNotFound({ schema: 'public', name: 'orders' });
    expect(error).toMatchObject({ status: 404, type: 'resource_not_found_exception' });
    expect(error.reason).toBe(
      'table or view [public.orders] does not exist in the datasource; check the [resource] name and its [schema]/[catalog]'
    );
    expect(qualifiedName({ catalog: 'c', name: 'n' })).toBe('c.n');
  });
});
