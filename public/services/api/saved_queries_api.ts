import type { HttpClient } from '../../types';

/** Typed calls of the saved queries routes. */
export interface SavedQueriesApi {}

export function createSavedQueriesApi(http: HttpClient): SavedQueriesApi {
  void http;
  return {};
}
