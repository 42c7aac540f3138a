import { CatalogStore, type StoredDocument } from '../catalog/catalog_store';
import { expecting } from '../opensearch/client_errors';
import { opensearchPath, type OpenSearchGateway } from '../opensearch/opensearch_gateway';
import { PitFilterCache } from './pit_filter_cache';
import { PIT_INDEX, PIT_PROPERTIES, type StoredPit } from './pit_state';

/**
 * The PIT states: stored in OpenSearch (the truth, readable by any process) with this process's
 * decoded copy of them in front (`filters`). One per runtime, so the cache lives as long as the
 * process and every engine built for a request shares it.
 */
export class PitStateStore extends CatalogStore<StoredPit> {
  readonly filters: PitFilterCache;

  constructor(
    private readonly internal: OpenSearchGateway,
    cacheBytes: number
  ) {
    super(internal, PIT_INDEX, PIT_PROPERTIES);
    this.filters = new PitFilterCache(cacheBytes);
  }

  /**
   * Deletes a state only if nobody wrote it since it was read as `read`: a list (a search) may
   * see an older version than the latest page wrote, and must not delete a PIT that page kept
   * alive. True when the state is gone (deleted now, or already).
   */
  async deleteIfUnchanged(
    id: string,
    read: Pick<StoredDocument<StoredPit>, '_seq_no' | '_primary_term'>
  ): Promise<boolean> {
    // Gone already (404) or written since (409): both leave the decision to the newer state.
    const answer = await this.internal.request<{ result?: string }>(
      {
        method: 'DELETE',
        path: opensearchPath(PIT_INDEX, '_doc', id),
        querystring: {
          // A list that still sees the state only over-counts open PITs; the count refreshes
          // before it refuses an open (pit_service.ts, countOpen).
          refresh: 'false',
          if_seq_no: String(read._seq_no),
          if_primary_term: String(read._primary_term),
        },
      },
      expecting(404, 409)
    );
    return answer.result === 'deleted' || answer.result === 'not_found';
  }
}
