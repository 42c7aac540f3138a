import type { HttpClient } from '../../types';

/** Typed calls of the indices routes. */
export interface IndicesApi {}

export function createIndicesApi(http: HttpClient): IndicesApi {
  void http;
  return {};
}
