import { ConcreteIndices } from './catalog/concrete_indices';
import { DatasourceHostPolicy } from './catalog/datasource_hosts';
import { DatasourceService } from './catalog/datasource_service';
import { VirtualIndexService } from './catalog/virtual_index_service';
import type { FederationRuntime } from './federation_runtime';
import { PitService } from './pit/pit_service';
import { OpenSearchGateway } from './opensearch/opensearch_gateway';
import type { OpenSearchTransportClient } from './opensearch/transport';
import { DocumentService } from './search/document_service';
import { IndexMetadataService } from './search/index_metadata_service';
import { IndexResolver } from './search/index_resolver';
import { MsearchService } from './search/msearch_service';
import { SearchService } from './search/search_service';
import { SystemIndexGateway } from './search/system_indices';
import { VirtualSearch } from './search/virtual/virtual_search';

/**
 * The federation engine, bound to one caller. Cheap to build: route handlers make one per request
 * from the caller's OpenSearch client (`asCurrentUser`); everything long-lived is in the runtime.
 */
export class FederationEngine {
  readonly datasources: DatasourceService;
  readonly virtualIndices: VirtualIndexService;
  readonly search: SearchService;
  readonly msearch: MsearchService;
  readonly documents: DocumentService;
  readonly indexMetadata: IndexMetadataService;
  readonly pits: PitService;

  constructor(runtime: FederationRuntime, asCurrentUser: OpenSearchTransportClient) {
    // The user's door to OpenSearch never opens onto our system indices (.federation-*).
    const user = new SystemIndexGateway(asCurrentUser, runtime.systemAliases);
    // Late-bound: the two services refer to each other (a datasource in use cannot be deleted).
    const usersOf = (id: string) => this.virtualIndices.usersOf(id);
    this.datasources = new DatasourceService(
      runtime.datasourceStore,
      runtime.secrets,
      runtime.connectors,
      usersOf,
      new DatasourceHostPolicy(runtime.settings.datasourceHosts)
    );
    this.virtualIndices = new VirtualIndexService(
      runtime.virtualIndexStore,
      this.datasources,
      new ConcreteIndices(user, new OpenSearchGateway(asCurrentUser))
    );
    const resolver = new IndexResolver(this.virtualIndices);
    const settings = runtime.settings;
    const joinLimits = {
      maxJoinKeys: settings.maxJoinKeys,
      termsChunkSize: settings.joinTermsChunkSize,
      keyPageSize: settings.joinKeyPageSize,
      timeoutMs: settings.joinTimeoutMs,
      bitmapFilter: settings.joinBitmapFilter,
      bitmapsSupported: () => runtime.bitmapsSupported(),
    };
    this.pits = new PitService(user, runtime.pitStore, resolver, this.virtualIndices, {
      ...joinLimits,
      maxOpenPits: settings.maxOpenPits,
    });
    this.search = new SearchService(
      user,
      resolver,
      new VirtualSearch(
        this.virtualIndices,
        settings.connectorStatementTimeoutMs,
        settings.maxBuckets
      ),
      this.virtualIndices,
      joinLimits,
      this.pits,
      {
        maxResultWindow: settings.maxResultWindow,
        maxTermsCount: settings.maxTermsCount,
        maxClauseCount: settings.maxClauseCount,
      }
    );
    this.msearch = new MsearchService(this.search);
    this.documents = new DocumentService(
      user,
      resolver,
      this.virtualIndices,
      runtime.settings.maxMgetDocs
    );
    this.indexMetadata = new IndexMetadataService(user, resolver);
  }
}
