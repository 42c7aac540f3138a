import type { serializeKeySet } from '../backends/key_set';
import type { JoinStrategy } from '../join/join_query';
import type { serializeProjection } from '../join/projection';
import type { PlaceRef } from './pit_places';

/** What a later page needs, kept in OpenSearch so any server process can serve it. */
export interface StoredPit {
  /** The OpenSearch PIT this one wraps; it may change from page to page. */
  os_pit_id: string;
  indices: string;
  /** The `preference` the PIT was opened with: its joins' child reads and reopenings use it. */
  preference?: string;
  keep_alive_ms: number;
  expires_at: number;
  created_at: number;
  /** Who opened it (pit_places.ts `callerKey`: a hash, the caller is only counted). */
  caller?: string;
  /**
   * The places it holds (pit_admission.ts), freed when it closes or expires. States written
   * before places existed hold none.
   */
  places?: PlaceRef[];
  /** The search request, fixed by the first search that uses the PIT (without paging fields). */
  request?: Record<string, unknown>;
  /** The joins computed on the first page (keys and projections), by join path. */
  joins?: Array<
    {
      path: string;
      root: boolean;
      strategy: JoinStrategy;
      projection?: ReturnType<typeof serializeProjection>;
    } & ReturnType<typeof serializeKeySet>
  >;
}

export const PIT_INDEX = '.federation-pits';

export const PIT_PROPERTIES = {
  os_pit_id: { type: 'keyword', index: false },
  indices: { type: 'keyword' },
  preference: { type: 'keyword', index: false },
  keep_alive_ms: { type: 'long' },
  expires_at: { type: 'date', format: 'epoch_millis' },
  created_at: { type: 'date', format: 'epoch_millis' },
  caller: { type: 'keyword' },
  places: { type: 'object', enabled: false },
  request: { type: 'object', enabled: false },
  joins: { type: 'object', enabled: false },
};
