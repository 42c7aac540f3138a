import { SEARCH_BASE_PATH } from '../../../common/constants';
import type { HttpClient, HttpQuery } from '../../types';

/** A value of a hit's `sort` array: what `search_after` sends back for the next page. */
export type SortValue = string | number | boolean | null;

export interface SearchHit {
  _index: string;
  _id: string;
  _score?: number | null;
  _source?: Record<string, unknown>;
  /** Doc values and, for joins with `project`, the projected child fields (always arrays). */
  fields?: Record<string, unknown[]>;
  sort?: SortValue[];
}

export interface TotalHits {
  value: number;
  relation: 'eq' | 'gte';
}

export interface SearchResponse {
  took?: number;
  timed_out?: boolean;
  /** With a PIT: the id the next page must send (docs/api/interface.md §4.5, step 4: it may change). */
  pit_id?: string;
  hits: {
    /** An object when `track_total_hits` is set, a number with `rest_total_hits_as_int`. */
    total?: TotalHits | number;
    max_score?: number | null;
    hits: SearchHit[];
  };
}

export interface OpenPitResponse {
  /** The <PIT_ID> of docs/api/interface.md §2.5; `pit_id` carries the same value, as OpenSearch names it. */
  id: string;
  pit_id?: string;
  creation_time?: number;
}

export interface ClosePitResponse {
  pits: Array<{ successful: boolean; pit_id: string }>;
}

/** Typed calls of the search routes: search, and points in time (docs/api/interface.md §4.4, §4.5). */
export interface SearchApi {
  /** `POST /svc/{index}/_search`, or `POST /svc/_search` with a PIT (`index` undefined). */
  search(
    index: string | undefined,
    body: Record<string, unknown>,
    query?: HttpQuery,
    signal?: AbortSignal
  ): Promise<SearchResponse>;
  /** `POST /svc/{index}/_pit?keep_alive=...`. */
  openPit(index: string, keepAlive?: string, signal?: AbortSignal): Promise<OpenPitResponse>;
  /** `DELETE /svc/_pit` with every id given. */
  closePit(ids: string | string[]): Promise<ClosePitResponse>;
}

/**
 * An index expression as a path segment: encoded, but with the commas of a list kept readable
 * (they are legal in a path, and the same text goes into the `curl` the join explorer shows).
 */
export function indexPath(index: string): string {
  return encodeURIComponent(index).replace(/%2C/gi, ',');
}

export function createSearchApi(http: HttpClient): SearchApi {
  return {
    search(index, body, query, signal) {
      const path =
        index === undefined
          ? `${SEARCH_BASE_PATH}/_search`
          : `${SEARCH_BASE_PATH}/${indexPath(index)}/_search`;
      // POST, not GET: inside OSD a GET carries no body.
      return http.post<SearchResponse>(path, { body: JSON.stringify(body), query, signal });
    },
    openPit(index, keepAlive, signal) {
      return http.post<OpenPitResponse>(`${SEARCH_BASE_PATH}/${indexPath(index)}/_pit`, {
        query: keepAlive === undefined ? undefined : { keep_alive: keepAlive },
        signal,
      });
    },
    closePit(ids) {
      const list = Array.isArray(ids) ? ids : [ids];
      const body = list.length === 1 ? { id: list[0] } : { pit_id: list };
      return http.delete<ClosePitResponse>(`${SEARCH_BASE_PATH}/_pit`, {
        body: JSON.stringify(body),
      });
    },
  };
}
