import type { HttpClient } from '../../types';

/** Typed calls of the graph routes. */
export interface GraphApi {}

export function createGraphApi(http: HttpClient): GraphApi {
  void http;
  return {};
}
