import { describe, expect, it } from 'vitest';
import { FieldCapsCache } from '../catalog/field_caps_cache';
import { OpenSearchFields } from './opensearch_fields';

/** `_field_caps` answers of one index mapping `id` and `parent_id` as long; the requests sent. */
function index(mapped: Record<string, string> = { id: 'long', parent_id: 'long' }) {
  const sent: string[] = [];
  let failing = false;
  const request = async <T>(api: string[], querystring?: Record<string, unknown>): Promise<T> => {
    const names = String(querystring?.fields);
    sent.push(`${api.join('/')}?fields=${names}`);
    if (failing) throw new Error('no such index');
    const fields = Object.fromEntries(
      names
        .split(',')
        .filter((name) => mapped[name] !== undefined)
        .map((name) => [name, { [mapped[name]]: {} }])
    );
    return { fields } as T;
  };
  return { sent, request, fail: (on: boolean) => (failing = on) };
}

describe('OpenSearchFields with the process cache', () => {
  const kept = (cache: FieldCapsCache, caller = 'user:alice') => ({
    cache,
    caller,
    indices: 'people',
  });

  it('asks `_field_caps` once while the types are fresh, across requests', async () => {
    const cache = new FieldCapsCache(5_000);
    const opensearch = index();
    const first = new OpenSearchFields(opensearch.request, true, kept(cache));
    expect(await first.typesOf(['id', 'parent_id'])).toEqual(['long', 'long']);
    // The next request's backend: nothing sent for the kept fields.
    const second = new OpenSearchFields(opensearch.request, true, kept(cache));
    expect(await second.type('parent_id')).toBe('long');
    expect(await second.typesOf(['id', 'parent_id'])).toEqual(['long', 'long']);
    expect(opensearch.sent).toEqual(['_field_caps?fields=id,parent_id']);
    // Another caller asks for itself.
    const other = new OpenSearchFields(opensearch.request, true, kept(cache, 'user:bob'));
    expect(await other.type('id')).toBe('long');
    expect(opensearch.sent).toHaveLength(2);
  });

  it('asks again for an unmapped field, after an error, and for the anonymous caller', async () => {
    const cache = new FieldCapsCache(5_000);
    const opensearch = index();
    const fields = () => new OpenSearchFields(opensearch.request, true, kept(cache));
    expect(await fields().typesOf(['id', 'later'])).toEqual(['long', null]);
    expect(await fields().typesOf(['id', 'later'])).toEqual(['long', null]);
    expect(opensearch.sent).toEqual(['_field_caps?fields=id,later', '_field_caps?fields=later']);

    opensearch.sent.length = 0;
    opensearch.fail(true);
    await expect(fields().type('parent_id')).rejects.toThrow('no such index');
    opensearch.fail(false);
    expect(await fields().type('parent_id')).toBe('long');
    expect(opensearch.sent).toEqual([
      '_field_caps?fields=parent_id',
      '_field_caps?fields=parent_id',
    ]);

    opensearch.sent.length = 0;
    const anonymous = () =>
      new OpenSearchFields(opensearch.request, true, kept(cache, 'anonymous'));
    await anonymous().type('id');
    await anonymous().type('id');
    expect(opensearch.sent).toHaveLength(2);
  });

  it('keeps nothing without a cache', async () => {
    const opensearch = index();
    await new OpenSearchFields(opensearch.request, true).type('id');
    await new OpenSearchFields(opensearch.request, true).type('id');
    expect(opensearch.sent).toHaveLength(2);
  });
});
