import { afterAll, describe, expect, it } from 'vitest';
import { openSearchClient, uniqueName } from '../../../test/bed/context';
import { HiddenIndex } from './hidden_index';
import { OpenSearchGateway } from './opensearch_gateway';

describe('HiddenIndex', () => {
  const client = openSearchClient();
  const name = `.${uniqueName('hidden-index')}`;
  afterAll(() => client.indices.delete({ index: name }).catch(() => undefined));

  it('creates the index, and maps fields added since an earlier version created it', async () => {
    const gateway = new OpenSearchGateway(client);
    await new HiddenIndex(gateway, name, { title: { type: 'keyword' } }).ensure();
    // A later version of the same index has one more field; its strict mapping must take it.
    const later = { title: { type: 'keyword' }, owner: { type: 'keyword', index: false } };
    await new HiddenIndex(gateway, name, later).ensure();
    await client.index({ index: name, id: '1', body: { title: 't', owner: 'o' }, refresh: true });
    const mapping = await client.indices.getMapping({ index: name });
    expect(mapping.body[name].mappings).toMatchObject({ dynamic: 'strict', properties: later });
    const settings = await client.indices.getSettings({ index: name });
    expect(settings.body[name].settings?.index?.hidden).toBe('true');
  });
});
