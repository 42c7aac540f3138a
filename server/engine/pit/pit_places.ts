import { createHash } from 'node:crypto';
import type { StoredDocument } from '../catalog/catalog_store';
import { OpenSearchResponseError } from '../errors';
import { answeredError, expecting } from '../opensearch/client_errors';
import { HiddenIndex } from '../opensearch/hidden_index';
import { opensearchPath, type OpenSearchGateway } from '../opensearch/opensearch_gateway';

/**
 * Places of open PITs. A limit of N is N places with fixed ids (`global/0` ... `global/N-1`
 * for maxOpenPits; `<caller key>/0` ... for maxOpenPitsPerUser), and an open PIT holds one of
 * each kind. A place is taken by creating its document (`op_type=create`): OpenSearch creates a
 * document id once, so two opens, in one process or in any two sharing the cluster, never hold
 * the same place, and no more PITs are open than there are places. Reads and writes by id are
 * real-time, so no refresh is needed anywhere.
 */
export const PIT_PLACE_INDEX = '.federation-pit-places';

export const PIT_PLACE_PROPERTIES = {
  /** The PIT (our id, the id of its state document) holding the place. */
  pit: { type: 'keyword' },
  /**
   * How long the place is held if its PIT's state never gets written (an open that died
   * half-way): the keep-alive from when it was taken. Once the state exists, its lease decides.
   */
  expires_at: { type: 'date', format: 'epoch_millis' },
};

export interface StoredPlace {
  pit: string;
  expires_at: number;
}

/**
 * A place as its holder took it. Freeing it is conditional on this version, so a holder whose
 * place was reclaimed (its PIT expired) and taken by another PIT never frees that one's place.
 */
export interface PlaceRef {
  id: string;
  seq_no: number;
  primary_term: number;
}

/** The places of maxOpenPits, lowest first. */
export function globalPlaceIds(maxOpenPits: number): string[] {
  return Array.from({ length: maxOpenPits }, (_, k) => `global/${k}`);
}

/**
 * The places of one caller (maxOpenPitsPerUser), lowest first. The caller (a user name, a
 * client address) is only counted, never shown, so it is stored as a hash.
 */
export function callerPlaceIds(caller: string, maxOpenPitsPerUser: number): string[] {
  const key = callerKey(caller);
  return Array.from({ length: maxOpenPitsPerUser }, (_, k) => `${key}/${k}`);
}

export function callerKey(caller: string): string {
  return createHash('sha256').update(caller).digest('hex').slice(0, 32);
}

export class PitPlaces {
  private readonly hiddenIndex: HiddenIndex;

  constructor(private readonly internal: OpenSearchGateway) {
    this.hiddenIndex = new HiddenIndex(internal, PIT_PLACE_INDEX, PIT_PLACE_PROPERTIES);
  }

  /** The places among `ids` that are held now, by id (one real-time read). */
  async held(ids: string[]): Promise<Map<string, StoredDocument<StoredPlace>>> {
    await this.hiddenIndex.ensure();
    const response = await this.internal.request<{
      docs: Array<StoredDocument<StoredPlace> & { found?: boolean }>;
    }>({ method: 'POST', path: opensearchPath(PIT_PLACE_INDEX, '_mget'), body: { ids } });
    return new Map(response.docs.filter((doc) => doc.found === true).map((doc) => [doc._id, doc]));
  }

  /** Takes place `id` for `holder`; null when it is held already (OpenSearch's 409). */
  async take(id: string, holder: StoredPlace): Promise<PlaceRef | null> {
    await this.hiddenIndex.ensure();
    const answer = await this.internal.request<{ _seq_no: number; _primary_term: number }>(
      {
        method: 'PUT',
        path: opensearchPath(PIT_PLACE_INDEX, '_create', id),
        body: { ...holder },
        querystring: { refresh: 'false' },
      },
      expecting(409)
    );
    if (answeredError(answer) !== null) return null;
    return { id, seq_no: answer._seq_no, primary_term: answer._primary_term };
  }

  /**
   * Frees places, each only if it is still the version its holder took (or read): a place
   * freed already, or taken since by another PIT, is left as it is. With `state`, that PIT
   * state document is deleted in the same request (a close: one write round trip, not two).
   */
  async free(places: PlaceRef[], state?: { index: string; id: string }): Promise<void> {
    if (places.length === 0 && state === undefined) return;
    await this.hiddenIndex.ensure();
    const answer = await this.internal.request<{ items: Array<Record<string, BulkItem>> }>({
      method: 'POST',
      path: '/_bulk',
      querystring: { refresh: 'false' },
      bulkBody: [
        ...(state === undefined ? [] : [{ delete: { _index: state.index, _id: state.id } }]),
        ...places.map((place) => ({
          delete: {
            _index: PIT_PLACE_INDEX,
            _id: place.id,
            if_seq_no: place.seq_no,
            if_primary_term: place.primary_term,
          },
        })),
      ],
    });
    // A place gone already (404) or taken since (409) is what the condition is for; the state
    // may be gone already (404). Anything else failed.
    const failed = answer.items
      .map((item) => item.delete)
      .find((item) => item.status !== 200 && item.status !== 404 && item.status !== 409);
    if (failed !== undefined) {
      throw new OpenSearchResponseError(failed.status, {
        error: failed.error,
        status: failed.status,
      });
    }
  }
}

interface BulkItem {
  status: number;
  error?: unknown;
}

/** The version a place was read at, to free it only if nobody took it since. */
export function placeRef(doc: StoredDocument<StoredPlace>): PlaceRef {
  return { id: doc._id, seq_no: doc._seq_no, primary_term: doc._primary_term };
}
