import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';
import { KeySetBuilder, type KeySet } from './key_set';

interface CompositeResponse {
  aggregations?: {
    keys?: { after_key?: Record<string, unknown>; buckets: Array<{ key: { k: unknown } }> };
  };
}

/**
 * Streams the distinct values of `field` over the documents matching `query`, with a composite
 * aggregation paged by `after_key`: OpenSearch deduplicates and sorts, and only one page of keys
 * is in flight at a time. Keys go straight into the typed key set.
 */
export async function openSearchChildKeys(
  openSearch: OpenSearchGateway,
  indices: string[],
  field: string,
  query: unknown,
  options: {
    pageSize: number;
    limit: number;
    describe: string;
    preference?: string;
    /** Milliseconds left for the join; each request gets at most that. */
    remainingMs?: () => number;
  }
): Promise<KeySet> {
  const builder = new KeySetBuilder(options.limit, options.describe);
  let after: Record<string, unknown> | undefined;
  for (;;) {
    const response = await openSearch.request<CompositeResponse>(
      {
        method: 'POST',
        path: opensearchPath(indices.join(','), '_search'),
        querystring: { ...(options.preference ? { preference: options.preference } : {}) },
        body: {
          size: 0,
          track_total_hits: false,
          query: query as Record<string, unknown>,
          aggs: {
            keys: {
              composite: {
                size: options.pageSize,
                sources: [{ k: { terms: { field } } }],
                ...(after ? { after } : {}),
              },
            },
          },
        },
      },
      options.remainingMs ? { requestTimeout: Math.max(1, options.remainingMs()) } : undefined
    );
    const page = response.aggregations?.keys;
    if (!page) break;
    for (const bucket of page.buckets) builder.add(bucket.key.k);
    if (page.buckets.length < options.pageSize || page.after_key === undefined) break;
    after = page.after_key;
  }
  return builder.build();
}
