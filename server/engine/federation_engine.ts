import { OpenSearchGateway } from './opensearch/opensearch_gateway';
import type { OpenSearchTransportClient } from './opensearch/transport';
import { SearchService } from './search/search_service';
import type { FederationSettings } from './settings';

export interface EngineClients {
  /** The caller's client: searches run with the caller's permissions. */
  asCurrentUser: OpenSearchTransportClient;
  /** The server's own client, for the catalog's system indices. */
  asInternalUser: OpenSearchTransportClient;
}

/**
 * The federation engine, bound to one caller. Cheap to build: route handlers make one per request
 * from the request's scoped clients; long-lived state (pools, caches) is passed in, never global.
 */
export class FederationEngine {
  readonly search: SearchService;

  constructor(
    clients: EngineClients,
    readonly settings: FederationSettings
  ) {
    this.search = new SearchService(new OpenSearchGateway(clients.asCurrentUser));
  }
}
