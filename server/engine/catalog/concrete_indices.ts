import type { VirtualIndexColumn } from '../../../common/catalog_types';
import { FederationError, OpenSearchResponseError } from '../errors';
import { OpenSearchGateway, opensearchPath } from '../opensearch/opensearch_gateway';

/**
 * The empty OpenSearch index that stands beside each virtual index (spec §5): it lets security
 * plugins grant permissions on the name and makes the name show up where indices are listed.
 * It is created as the current user, who therefore needs the right to create it.
 */
export class ConcreteIndices {
  constructor(private readonly openSearch: OpenSearchGateway) {}

  /** Creates the index, or accepts an existing empty one; refuses one that holds documents. */
  async ensureEmpty(name: string, columns: VirtualIndexColumn[]): Promise<boolean> {
    const count = await this.documentCount(name);
    if (count === null) {
      try {
        await this.openSearch.request({
          method: 'PUT',
          path: opensearchPath(name),
          body: {
            settings: { index: { number_of_shards: 1, auto_expand_replicas: '0-1' } },
            mappings: { properties: mappingProperties(columns) },
          },
        });
        return true;
      } catch (error) {
        // Lost a race with another creator: judge the index that won.
        if (
          !(error instanceof OpenSearchResponseError) ||
          !JSON.stringify(error.body).includes('resource_already_exists')
        ) {
          throw error;
        }
        return this.ensureEmpty(name, columns);
      }
    }
    if (count > 0) {
      throw new FederationError(
        400,
        'resource_already_exists_exception',
        `index [${name}] already exists and holds ${count} documents; a virtual index needs the name of a missing or empty index`,
        { index: name }
      );
    }
    return false;
  }

  private async documentCount(name: string): Promise<number | null> {
    try {
      const response = await this.openSearch.request<{ count: number }>({
        method: 'GET',
        path: opensearchPath(name, '_count'),
      });
      return response.count;
    } catch (error) {
      if (error instanceof OpenSearchResponseError && error.status === 404) return null;
      throw error;
    }
  }
}

/** The OpenSearch mapping of a virtual index's columns (spec §2.3). */
export function mappingProperties(columns: VirtualIndexColumn[]): Record<string, { type: string }> {
  return Object.fromEntries(columns.map((c) => [c.name, { type: c.type }]));
}
