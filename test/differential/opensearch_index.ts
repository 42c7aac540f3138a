/**
 * The reference side: a real OpenSearch index holding the same rows, mapped with the field types
 * a virtual index reports (docs/api/interface.md §2.3). One shard, so terms counts are exact
 * (`doc_count_error_upper_bound` 0) and nothing depends on how documents spread over shards.
 */
import { openSearchClient } from '../bed/context';
import type { TableSpec } from './table_spec';

const BULK_ROWS = 500;

export async function createOpenSearchIndex(index: string, spec: TableSpec): Promise<void> {
  const client = openSearchClient();
  await client.indices.create({
    index,
    body: {
      settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '-1' },
      mappings: {
        // strict: a typo in a test row fails loudly instead of adding a dynamic field.
        dynamic: 'strict',
        properties: Object.fromEntries(spec.columns.map((c) => [c.name, { type: c.type }])),
      },
    },
  });
  for (let start = 0; start < spec.rows.length; start += BULK_ROWS) {
    const body = spec.rows
      .slice(start, start + BULK_ROWS)
      .flatMap((row) => [{ index: { _index: index, _id: String(row[spec.key]) } }, row]);
    const response = await client.bulk({ body });
    if (response.body.errors) {
      const failed = response.body.items.find((item: any) => item.index?.error);
      throw new Error(`bulk load of ${index} failed: ${JSON.stringify(failed)}`);
    }
  }
  await client.indices.refresh({ index });
}

export async function deleteOpenSearchIndex(index: string): Promise<void> {
  await openSearchClient().indices.delete({ index }, { ignore: [404] });
}
