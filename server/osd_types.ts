/**
 * The parts of OSD's server-side plugin API (3.x) the adapter touches. OSD's packages are not
 * published on npm, so these mirror its `PluginInitializerContext` and `CoreSetup` shapes.
 */
import type { Logger } from './http/route';
import type {
  HttpRequest,
  OpenSearchTransportClient,
  Router,
  Subscribable,
} from './http/router_contract';

export type { Subscribable };

export interface PluginInitializerContext {
  logger: { get(...contextParts: string[]): Logger };
  config: { create<T>(): Subscribable<T> };
}

/**
 * OSD's `SavedObjectsType` (src/core/server/saved_objects/types.ts), what `registerType` takes;
 * only the fields we set.
 */
export interface SavedObjectsType {
  name: string;
  /** Hidden types are reachable only by clients that ask for them; ours is not hidden. */
  hidden: boolean;
  namespaceType: 'single' | 'multiple' | 'agnostic';
  mappings: { dynamic?: false | 'strict'; properties: Record<string, unknown> };
  management?: SavedObjectsTypeManagement;
}

/** A saved object as the Saved Objects management page hands it to the callbacks below. */
export interface ManagedSavedObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
}

/** How Saved Objects management shows the type (OSD's `SavedObjectsTypeManagementDefinition`). */
export interface SavedObjectsTypeManagement {
  importableAndExportable?: boolean;
  defaultSearchField?: string;
  icon?: string;
  getTitle?(savedObject: ManagedSavedObject): string;
  getEditUrl?(savedObject: ManagedSavedObject): string;
  /** Where "Inspect"/the title link leads; shown when `uiCapabilitiesPath` is true. */
  getInAppUrl?(savedObject: ManagedSavedObject): { path: string; uiCapabilitiesPath: string };
}

/**
 * OSD's `core.http.auth.get(request)`: the state an auth provider handed over when it
 * authenticated the request. The security plugin's state holds `authInfo.user_name`; without an
 * auth provider there is no state.
 */
export interface AuthState {
  status?: string;
  state?: unknown;
}

export interface CoreSetup {
  http: {
    createRouter(): Router;
    auth?: { get(request: HttpRequest): AuthState };
  };
  savedObjects: { registerType(type: SavedObjectsType): void };
}

export interface CoreStart {
  opensearch: { client: { asInternalUser: OpenSearchTransportClient } };
}

/** The object `@osd/config-schema` exports as `schema`; only the builders we use. */
export interface ConfigSchemaBuilder {
  object(
    props: Record<string, unknown>,
    options?: { unknowns?: 'allow' | 'forbid' | 'ignore' }
  ): unknown;
  boolean(options?: { defaultValue?: boolean }): unknown;
}

/**
 * A search as OSD's data plugin hands it to a search strategy (`IOpenSearchSearchRequest` in
 * src/plugins/data/common/search/opensearch_search/types.ts): `params` are the client's
 * `search()` parameters (`index`, `body`, and URL parameters such as `preference`, camelCase or
 * snake_case); `indexType` and `dataSourceId` send it elsewhere than the local cluster.
 */
export interface OsdSearchRequest {
  id?: string;
  params?: { index?: unknown; body?: unknown } & Record<string, unknown>;
  indexType?: string;
  dataSourceId?: string;
  [key: string]: unknown;
}

/** `ISearchOptions` (src/plugins/data/common/search/types.ts): what the route passes along. */
export interface OsdSearchOptions {
  abortSignal?: AbortSignal;
  strategy?: string;
  [key: string]: unknown;
}

/** `IOpenSearchSearchResponse`: the strategy's answer, `rawResponse` being OpenSearch's body. */
export interface OsdSearchResponse {
  isPartial?: boolean;
  isRunning?: boolean;
  rawResponse: unknown;
  total?: number;
  loaded?: number;
  [key: string]: unknown;
}

/**
 * The request handler context a strategy gets: OSD's, or the one the data plugin's server-side
 * SearchSource fakes (src/plugins/data/server/search/search_service.ts, `searchSource.asScoped`),
 * which also carries `core.opensearch.client.asCurrentUser`.
 */
export interface OsdSearchContext {
  core: { opensearch: { client: { asCurrentUser: OpenSearchTransportClient } } };
}

/** `ISearchStrategy` (src/plugins/data/server/search/types.ts). */
export interface OsdSearchStrategy {
  search(
    context: OsdSearchContext,
    request: OsdSearchRequest,
    options: OsdSearchOptions
  ): Promise<OsdSearchResponse>;
  cancel?(context: OsdSearchContext, id: string): Promise<void>;
}

/**
 * The slices of the data plugin's contracts we use (src/plugins/data/server/plugin.ts,
 * `DataPluginSetup.search` / `DataPluginStart.search`, built in search/search_service.ts):
 * `registerSearchStrategy` writes an entry of the strategy map (and keeps working after setup),
 * `getSearchStrategy` reads one (throws when the name is unknown).
 */
export interface DataPluginSetup {
  search: { registerSearchStrategy(name: string, strategy: OsdSearchStrategy): void };
}

export interface DataPluginStart {
  search: { getSearchStrategy(name: string): OsdSearchStrategy };
}

/** The optional plugins opensearch_dashboards.json lists, as OSD hands them to setup/start. */
export interface FederationSetupDeps {
  data?: DataPluginSetup;
}

export interface FederationStartDeps {
  data?: DataPluginStart;
}
