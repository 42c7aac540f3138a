import type { HttpClient } from '../../types';
import { createDatasourcesApi, type DatasourcesApi } from './datasources_api';
import { createGraphApi, type GraphApi } from './graph_api';
import { createIndicesApi, type IndicesApi } from './indices_api';
import { createSavedQueriesApi, type SavedQueriesApi } from './saved_queries_api';
import { createSearchApi, type SearchApi } from './search_api';
import { createVirtualIndicesApi, type VirtualIndicesApi } from './virtual_indices_api';

/**
 * The app's one typed client of the server's routes, over OSD's `core.http` (or the standalone
 * fetch client, which has the same shape). One module per resource; components reach it through
 * `useServices().api` and read server state through the react-query hooks beside each screen.
 */
export interface FederationApi {
  datasources: DatasourcesApi;
  virtualIndices: VirtualIndicesApi;
  indices: IndicesApi;
  search: SearchApi;
  graph: GraphApi;
  savedQueries: SavedQueriesApi;
}

export function createFederationApi(http: HttpClient): FederationApi {
  return {
    datasources: createDatasourcesApi(http),
    virtualIndices: createVirtualIndicesApi(http),
    indices: createIndicesApi(http),
    search: createSearchApi(http),
    graph: createGraphApi(http),
    savedQueries: createSavedQueriesApi(http),
  };
}
