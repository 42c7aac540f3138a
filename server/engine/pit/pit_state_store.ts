import { CatalogStore } from '../catalog/catalog_store';
import type { OpenSearchGateway } from '../opensearch/opensearch_gateway';
import { PitFilterCache } from './pit_filter_cache';
import { PIT_INDEX, PIT_PROPERTIES, type StoredPit } from './pit_state';

/**
 * The PIT states: stored in OpenSearch (the truth, readable by any process) with this process's
 * decoded copy of them in front (`filters`). One per runtime, so the cache lives as long as the
 * process and every engine built for a request shares it.
 */
export class PitStateStore extends CatalogStore<StoredPit> {
  readonly filters: PitFilterCache;

  constructor(internal: OpenSearchGateway, cacheBytes: number) {
    super(internal, PIT_INDEX, PIT_PROPERTIES);
    this.filters = new PitFilterCache(cacheBytes);
  }
}
