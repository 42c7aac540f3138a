import type { HttpClient } from '../../types';

/** Typed calls of the search routes. */
export interface SearchApi {}

export function createSearchApi(http: HttpClient): SearchApi {
  void http;
  return {};
}
