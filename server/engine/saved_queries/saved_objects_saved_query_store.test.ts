import { describe, expect, it } from 'vitest';
import { SAVED_QUERY_TYPE } from '../../../common/saved_query_types';
import { createRecordingSavedObjectsClient } from '../../../test/osd/saved_objects_client';
import { FederationError } from '../errors';
import type { SavedObjectsClientContract } from './saved_objects_client';
import { SavedObjectsSavedQueryStore } from './saved_objects_saved_query_store';

const model = { label: 'g', entities: [{ label: 'A', indices: ['a'] }] };
const body = (title: string, description?: string) => ({
  title,
  ...(description === undefined ? {} : { description }),
  query: 'SELECT a FROM "g" MATCH (a:A)',
  model,
});

/** A clock that ticks a second per call, so `updated_at` orders saves. */
function ticking() {
  let t = Date.UTC(2026, 0, 1);
  return () => new Date((t += 1000));
}

describe('saved queries as OSD saved objects', () => {
  it('creates, then on a taken id replaces, saying which', async () => {
    const { client, calls } = createRecordingSavedObjectsClient(ticking());
    const store = new SavedObjectsSavedQueryStore(client);
    await expect(store.put('q1', body('One'))).resolves.toEqual({ result: 'created' });
    await expect(store.put('q1', body('One again'))).resolves.toEqual({ result: 'updated' });
    expect(calls.map((c) => c.args[2])).toEqual([
      { id: 'q1', overwrite: false },
      { id: 'q1', overwrite: false },
      { id: 'q1', overwrite: true },
    ]);
    expect(calls.every((c) => c.args[0] === SAVED_QUERY_TYPE)).toBe(true);
    const read = await store.get('q1');
    expect(read).toEqual({
      id: 'q1',
      source: { ...body('One again'), updated_at: '2026-01-01T00:00:02.000Z' },
    });
  });

  it('answers null for a missing query and for deleting one', async () => {
    const store = new SavedObjectsSavedQueryStore(createRecordingSavedObjectsClient().client);
    await expect(store.get('nope')).resolves.toBeNull();
    await expect(store.delete('nope')).resolves.toBeNull();
    await store.put('q', body('Q'));
    await expect(store.delete('q')).resolves.toEqual({ result: 'deleted' });
    await expect(store.get('q')).resolves.toBeNull();
  });

  it('searches title and description newest first, paging by offset', async () => {
    const { client, calls } = createRecordingSavedObjectsClient(ticking());
    const store = new SavedObjectsSavedQueryStore(client);
    for (const [i, title] of [
      'Alpha revenue',
      'Beta churn',
      'Gamma signups',
      'Delta revenue',
    ].entries())
      await store.put(`q${i}`, body(title, i === 1 ? 'monthly revenue' : undefined));
    const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);

    const revenue = await store.search({ text: 'rev*', from: 0, size: 10 });
    expect(revenue.total).toBe(3);
    expect(ids(revenue)).toEqual(['q3', 'q1', 'q0']);
    expect(calls.at(-1)?.args[0]).toEqual({
      type: SAVED_QUERY_TYPE,
      search: 'rev*',
      searchFields: ['title', 'description'],
      defaultSearchOperator: 'AND',
      sortField: 'updated_at',
      sortOrder: 'desc',
      page: 1,
      perPage: 10,
      // Only what a list shows is read from the saved-objects index (OSD adds `updated_at`).
      fields: ['title', 'description'],
    });
    // Hits carry no query or model, even from a client that answers every attribute.
    expect(revenue.items[1]).toEqual({
      id: 'q1',
      source: {
        title: 'Beta churn',
        description: 'monthly revenue',
        updated_at: '2026-01-01T00:00:02.000Z',
      },
    });
    expect(revenue.items.every((item) => !('query' in item.source || 'model' in item.source))).toBe(
      true
    );

    // An offset that is a multiple of the size is a page; any other is read up to and skipped.
    expect(ids(await store.search({ from: 2, size: 2 }))).toEqual(['q1', 'q0']);
    expect(calls.at(-1)?.args[0]).toMatchObject({ page: 2, perPage: 2, search: undefined });
    expect(ids(await store.search({ from: 1, size: 2 }))).toEqual(['q2', 'q1']);
    expect(calls.at(-1)?.args[0]).toMatchObject({ page: 1, perPage: 3 });
    const countOnly = await store.search({ from: 0, size: 0 });
    expect(countOnly).toEqual({ total: 4, items: [] });
  });

  it('answers OSD’s refusals in OpenSearch’s terms and lets its failures through', async () => {
    const boom = (statusCode: number) =>
      Object.assign(new Error(`refused ${statusCode}`), { isBoom: true, output: { statusCode } });
    const failing = (statusCode: number): SavedObjectsClientContract => ({
      create: () => Promise.reject(boom(statusCode)),
      get: () => Promise.reject(boom(statusCode)),
      delete: () => Promise.reject(boom(statusCode)),
      find: () => Promise.reject(boom(statusCode)),
    });
    const forbidden = new SavedObjectsSavedQueryStore(failing(403));
    const error = await forbidden.get('q').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FederationError);
    expect(error).toMatchObject({ status: 403, type: 'security_exception' });
    await expect(forbidden.put('q', body('Q'))).rejects.toMatchObject({ status: 403 });
    await expect(
      new SavedObjectsSavedQueryStore(failing(503)).search({ from: 0, size: 1 })
    ).rejects.toThrow('refused 503');
  });
});
