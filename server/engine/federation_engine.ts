import { BackendFactory } from './backends/backend_factory';
import { GraphService } from './graph/graph_service';
import { ConcreteIndices } from './catalog/concrete_indices';
import { DatasourceHostPolicy } from './catalog/datasource_hosts';
import { DatasourceService } from './catalog/datasource_service';
import { VirtualIndexService } from './catalog/virtual_index_service';
import type { FederationRuntime } from './federation_runtime';
import { PitService } from './pit/pit_service';
import { abortableClient } from './opensearch/abortable_client';
import { OpenSearchGateway } from './opensearch/opensearch_gateway';
import type { OpenSearchTransportClient } from './opensearch/transport';
import { DocumentService } from './search/document_service';
import { IndexMetadataService } from './search/index_metadata_service';
import { IndexResolver } from './backends/index_resolver';
import { MsearchService } from './search/msearch_service';
import { ResolveIndexService } from './search/resolve_index_service';
import { SearchService } from './search/search_service';
import { SystemIndexGateway } from './search/system_indices';
import { VirtualSearch } from './search/virtual/virtual_search';
import { detachedScope, type RequestScope } from './request_scope';

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
  /** The backend layer (backends/), for engines that read indices through it (graph/). */
  readonly backends: BackendFactory;
  readonly graph: GraphService;
  readonly resolveIndex: ResolveIndexService;
  /** Who answers an index expression (virtual or OpenSearch), for hosts that route searches. */
  readonly indices: IndexResolver;

  constructor(
    runtime: FederationRuntime,
    callersClient: OpenSearchTransportClient,
    readonly scope: RequestScope = detachedScope()
  ) {
    // Every OpenSearch call of the request stops when its caller leaves (the catalog's and PIT
    // state's own calls, on the server's client, are short and need no abort).
    const asCurrentUser = abortableClient(callersClient, scope.signal);
    // The user's door to OpenSearch never opens onto our system indices (.federation-*).
    const user = new SystemIndexGateway(asCurrentUser, runtime.systemAliases);
    // Late-bound: the two services refer to each other (a datasource in use cannot be deleted).
    const usersOf = (id: string) => this.virtualIndices.usersOf(id);
    this.datasources = new DatasourceService(
      runtime.datasourceStore,
      runtime.secrets,
      runtime.connectors,
      usersOf,
      new DatasourceHostPolicy(runtime.settings.datasourceHosts),
      scope.signal,
      runtime.datasourceCache
    );
    this.virtualIndices = new VirtualIndexService(
      runtime.virtualIndexStore,
      this.datasources,
      new ConcreteIndices(user, new OpenSearchGateway(asCurrentUser), {
        cache: runtime.readChecks,
        caller: scope.caller,
      }),
      runtime.catalogHints,
      runtime.virtualIndexCache
    );
    const resolver = new IndexResolver(this.virtualIndices);
    this.indices = resolver;
    const settings = runtime.settings;
    this.backends = new BackendFactory({
      openSearch: user,
      resolver,
      virtualIndices: this.virtualIndices,
      limits: {
        maxJoinKeys: settings.maxJoinKeys,
        termsChunkSize: settings.joinTermsChunkSize,
        keyPageSize: settings.joinKeyPageSize,
        bitmapFilter: settings.joinBitmapFilter,
        bitmapsSupported: () => runtime.bitmapsSupported(),
        statementTimeoutMs: settings.connectorStatementTimeoutMs,
        queryLimits: {
          maxClauseCount: settings.maxClauseCount,
          maxTermsCount: settings.maxTermsCount,
        },
      },
      now: Date.now(),
      fieldCaps: { cache: runtime.fieldCaps, caller: scope.caller },
    });
    const joinLimits = { maxJoinKeys: settings.maxJoinKeys, timeoutMs: settings.joinTimeoutMs };
    this.pits = new PitService(
      user,
      runtime.pitStore,
      resolver,
      this.backends,
      {
        ...joinLimits,
        maxOpenPits: settings.maxOpenPits,
        maxOpenPitsPerUser: settings.maxOpenPitsPerUser,
      },
      scope.caller
    );
    this.search = new SearchService(
      user,
      resolver,
      this.backends,
      new VirtualSearch(
        this.virtualIndices,
        settings.connectorStatementTimeoutMs,
        settings.maxBuckets,
        { maxClauseCount: settings.maxClauseCount, maxTermsCount: settings.maxTermsCount },
        settings.maxResultWindow
      ),
      joinLimits,
      // search/ and pit/ are siblings: a search that carries `pit` is handed over here.
      (body, params) => this.pits.search(body, params),
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
    this.resolveIndex = new ResolveIndexService(
      new OpenSearchGateway(asCurrentUser),
      runtime.systemAliases
    );
    this.graph = new GraphService({
      backends: this.backends,
      limits: {
        maxRows: settings.maxGraphRows,
        maxFrontierKeys: settings.maxGraphFrontierKeys,
        maxDocuments: settings.maxGraphDocuments,
        maxHops: settings.maxGraphHops,
        timeoutMs: settings.graphTimeoutMs,
        maxQueryDepth: settings.maxQueryDepth,
        maxPathSteps: settings.maxGraphPathSteps,
        maxGroups: settings.maxGraphGroups,
        maxAggregateValues: settings.maxGraphAggregateValues,
        maxResultWindow: settings.maxResultWindow,
        model: {
          maxEntities: settings.maxGraphModelEntities,
          maxRelations: settings.maxGraphModelRelations,
          maxBytes: settings.maxGraphModelBytes,
        },
      },
      signal: scope.signal,
    });
  }
}
