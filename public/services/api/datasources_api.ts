import type { HttpClient } from '../../types';

/** Typed calls of the datasources routes. */
export interface DatasourcesApi {}

export function createDatasourcesApi(http: HttpClient): DatasourcesApi {
  void http;
  return {};
}
