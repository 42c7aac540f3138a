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
