import { CatalogStore, type StoredDocument } from '../catalog/catalog_store';
import { answeredError, expecting } from '../opensearch/client_errors';
import { opensearchPath, type OpenSearchGateway } from '../opensearch/opensearch_gateway';
import { CallerTurns } from './caller_turns';
import { PitFilterCache } from './pit_filter_cache';
import { PitPlaces } from './pit_places';
import { PIT_INDEX, PIT_PROPERTIES, type StoredPit } from './pit_state';

/** The part of a state that says whether its PIT is over, and what it holds. */
export type PitLifeAndPlaces = Pick<StoredPit, 'expires_at' | 'places'>;

/**
 * The PIT states: stored in OpenSearch (the truth, readable by any process) with this process's
 * decoded copy of them in front (`filters`), and the places open PITs hold (`places`, which
 * count them for maxOpenPits and maxOpenPitsPerUser) with this process's turns at taking them
 * (`admissionTurns`). One per runtime, so the cache lives as long as the process and every
 * engine built for a request shares it.
 */
export class PitStateStore extends CatalogStore<StoredPit> {
  readonly filters: PitFilterCache;
  readonly places: PitPlaces;
  readonly admissionTurns = new CallerTurns();

  constructor(
    private readonly internal: OpenSearchGateway,
    cacheBytes: number
  ) {
    super(internal, PIT_INDEX, PIT_PROPERTIES);
    this.filters = new PitFilterCache(cacheBytes);
    this.places = new PitPlaces(internal);
  }

  /**
   * How long each PIT lives and which places it holds, by id (missing ones null): the fields an
   * open reads to tell a place held by a live PIT from one to take back, without the request
   * and join key sets a state also holds (megabytes for a large join).
   */
  async lives(ids: string[]): Promise<Array<StoredDocument<PitLifeAndPlaces> | null>> {
    if (ids.length === 0) return [];
    // No state index yet (404): no state either.
    const response = await this.internal.request<{
      docs?: Array<StoredDocument<PitLifeAndPlaces> & { found?: boolean }>;
    }>(
      {
        method: 'POST',
        path: opensearchPath(PIT_INDEX, '_mget'),
        querystring: { _source_includes: 'expires_at,places' },
        body: { ids },
      },
      expecting(404)
    );
    if (answeredError(response) !== null) return ids.map(() => null);
    return (response.docs ?? []).map((doc) => (doc.found === true ? doc : null));
  }

  /**
   * Deletes the state of a PIT that is over (expired), unless written since it was read, and
   * frees its places. True when the state is gone.
   */
  async retire(read: StoredDocument<PitLifeAndPlaces>): Promise<boolean> {
    if (!(await this.deleteIfUnchanged(read._id, read))) return false;
    await this.places.free(read._source.places ?? []);
    return true;
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
          // Opens count places, not states (pit_admission.ts): no list needs to see it gone.
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
