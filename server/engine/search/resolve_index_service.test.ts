import { describe, expect, it } from 'vitest';
import { withoutSystemIndices, type ResolveIndexAnswer } from './resolve_index_service';

describe('withoutSystemIndices', () => {
  const answer: ResolveIndexAnswer = {
    indices: [
      { name: '.federation-saved-queries', aliases: ['peek'], attributes: ['hidden', 'open'] },
      { name: 'orders', aliases: ['all-orders', 'mixed', 'peek2'], attributes: ['open'] },
      { name: '.kibana_1', aliases: ['.kibana'], attributes: ['hidden', 'open'] },
      { name: 'logs-000001', attributes: ['open'], data_stream: 'logs' },
    ],
    aliases: [
      { name: 'peek', indices: ['.federation-saved-queries'] },
      { name: 'all-orders', indices: ['orders'] },
      { name: 'mixed', indices: ['orders', '.federation-datasources'] },
      { name: '.kibana', indices: ['.kibana_1'] },
    ],
    data_streams: [
      { name: 'logs', backing_indices: ['logs-000001'], timestamp_field: '@timestamp' },
      { name: '.federation-stream', backing_indices: ['x'], timestamp_field: '@timestamp' },
    ],
  };

  it('drops system indices, aliases that reach one, and system data streams; keeps the rest as is', () => {
    // `peek2` points at a system index but is not listed in this answer: known from the server.
    expect(withoutSystemIndices(answer, new Set(['peek2']))).toEqual({
      indices: [
        { name: 'orders', aliases: ['all-orders'], attributes: ['open'] },
        { name: '.kibana_1', aliases: ['.kibana'], attributes: ['hidden', 'open'] },
        { name: 'logs-000001', attributes: ['open'], data_stream: 'logs' },
      ],
      aliases: [
        { name: 'all-orders', indices: ['orders'] },
        { name: '.kibana', indices: ['.kibana_1'] },
      ],
      data_streams: [
        { name: 'logs', backing_indices: ['logs-000001'], timestamp_field: '@timestamp' },
      ],
    });
  });

  it('leaves an answer without system indices unchanged', () => {
    const plain: ResolveIndexAnswer = {
      indices: [{ name: 'a', attributes: ['open'] }],
      aliases: [],
      data_streams: [],
    };
    expect(withoutSystemIndices(plain, new Set())).toEqual(plain);
  });
});
