import { z } from 'zod';
import { APP_PATH, PLUGIN_ID } from '../common/constants';
import { SAVED_QUERY_TYPE } from '../common/saved_query_types';
import { FederationEngine } from './engine/federation_engine';
import { FederationRuntime } from './engine/federation_runtime';
import { SavedObjectsSavedQueryStore } from './engine/saved_queries/saved_objects_saved_query_store';
import { SAVED_QUERY_OBJECT_MAPPINGS } from './engine/saved_queries/saved_query_mappings';
import { parseSettings, type FederationSettings } from './engine/settings';
import { osdCaller } from './http/caller_scope';
import type { Logger } from './http/route';
import type { HandlerContext } from './http/router_contract';
import { federatedSearchStrategy, OPENSEARCH_SEARCH_STRATEGY } from './osd/search_strategy';
import type {
  CoreSetup,
  CoreStart,
  DataPluginSetup,
  FederationSetupDeps,
  FederationStartDeps,
  ManagedSavedObject,
  PluginInitializerContext,
  SavedObjectsType,
  Subscribable,
} from './osd_types';
import { registerRoutes } from './routes';

/** Where the app opens a saved query: the Graph query tab with the query named in the URL. */
export function savedQueryAppPath(id: string): string {
  return `${APP_PATH}/graph-query/${encodeURIComponent(id)}`;
}

/**
 * The OSD saved-object type of saved GQL queries, registered at setup. Single-namespace, like
 * visualizations: each tenant/workspace has its own. Saved Objects management lists, exports
 * and imports them, and its link opens the query in the app.
 */
export const savedQueryObjectType: SavedObjectsType = {
  name: SAVED_QUERY_TYPE,
  hidden: false,
  namespaceType: 'single',
  mappings: SAVED_QUERY_OBJECT_MAPPINGS,
  management: {
    importableAndExportable: true,
    defaultSearchField: 'title',
    icon: 'graphApp',
    getTitle: (object: ManagedSavedObject) => String(object.attributes.title ?? object.id),
    getInAppUrl: (object: ManagedSavedObject) => ({
      path: savedQueryAppPath(object.id),
      // Every app OSD registers has a navLinks capability: the link shows when the app does.
      uiCapabilitiesPath: `navLinks.${PLUGIN_ID}`,
    }),
  },
};

/** The raw `federation.*` configuration; `enabled` is OSD's, the rest are engine settings. */
type RawConfig = { enabled?: boolean } & Record<string, unknown>;

/**
 * The OSD side of the server: reads `federation.*` from opensearch_dashboards.yml, registers the
 * route modules on OSD's router, and gives each request an engine bound to the caller's
 * OpenSearch client (`asCurrentUser`), so every search runs with the user's permissions.
 */
export class FederationPlugin {
  private readonly logger: Logger;
  private settings: FederationSettings | null = null;
  private runtime: FederationRuntime | null = null;
  /** The data plugin's setup-time search contract, kept to replace a strategy at start. */
  private dataSearch: DataPluginSetup['search'] | null = null;

  constructor(private readonly initializerContext: PluginInitializerContext) {
    this.logger = initializerContext.logger.get();
  }

  async setup(core: CoreSetup, plugins: FederationSetupDeps = {}): Promise<Record<string, never>> {
    const { enabled: _enabled, ...raw } = await firstValue(
      this.initializerContext.config.create<RawConfig>()
    );
    if ((raw as Record<string, unknown>).openSearchRequestTimeoutMs !== undefined) {
      // Inside OSD, OSD's own client makes the OpenSearch calls: its timeout is OSD's setting.
      throw new Error(
        'federation.openSearchRequestTimeoutMs applies to the standalone host only; inside ' +
          'OpenSearch Dashboards set opensearch.requestTimeout instead'
      );
    }
    const settings = parseOsdSettings(raw);
    if (settings.encryptionKey === undefined) {
      this.logger.warn(
        'federation.encryptionKey is not set: datasources with a password cannot be saved'
      );
    }
    this.settings = settings;
    // Saved GQL queries are saved objects: listed in Saved Objects management, exportable.
    core.savedObjects.registerType(savedQueryObjectType);
    registerRoutes(core.http.createRouter(), {
      engineFor: (context) =>
        new FederationEngine(
          this.requireRuntime(),
          context.core.opensearch.client.asCurrentUser,
          context.scope
        ),
      // The user the security plugin authenticated (its auth state), for per-user limits.
      callerOf: (request) => osdCaller(core.http.auth?.get(request), request.headers),
      // The caller's own saved-objects client: OSD applies their tenant and permissions.
      savedQueriesFor: (context) => new SavedObjectsSavedQueryStore(savedObjectsOf(context)),
      settings,
      logger: this.logger,
    });
    this.dataSearch = plugins.data?.search ?? null;
    return {};
  }

  /** Pools and catalog stores need the server's own client, which OSD hands over at start. */
  start(core: CoreStart, plugins: FederationStartDeps = {}): Record<string, never> {
    if (this.settings === null) throw new Error('setup() must run before start()');
    this.runtime = new FederationRuntime(core.opensearch.client.asInternalUser, this.settings);
    this.wrapOsdSearchStrategy(plugins);
    return {};
  }

  async stop(): Promise<void> {
    await this.runtime?.close();
    this.runtime = null;
  }

  /**
   * OSD's own apps search through the data plugin's `opensearch` strategy: it is replaced by one
   * that answers virtual indices and joins and hands everything else to the original. The
   * original can only be read through the data plugin's start contract (`getSearchStrategy`;
   * the data plugin starts before us, being our dependency), and OSD serves no request before
   * every plugin has started, so no search meets the original alone. Without the data plugin
   * (an optional dependency) only our own routes serve virtual indices.
   */
  private wrapOsdSearchStrategy(plugins: FederationStartDeps): void {
    const register = this.dataSearch;
    const data = plugins.data;
    if (register === null || data === undefined) return;
    let original;
    try {
      original = data.search.getSearchStrategy(OPENSEARCH_SEARCH_STRATEGY);
    } catch (error) {
      this.logger.warn(
        `OSD's data plugin has no '${OPENSEARCH_SEARCH_STRATEGY}' search strategy: Discover and dashboards will not see virtual indices (${String(error)})`
      );
      return;
    }
    register.registerSearchStrategy(
      OPENSEARCH_SEARCH_STRATEGY,
      federatedSearchStrategy(original, {
        engineFor: (client, scope) => new FederationEngine(this.requireRuntime(), client, scope),
        logger: this.logger,
      })
    );
  }

  private requireRuntime(): FederationRuntime {
    // OSD serves no request before every plugin has started.
    if (this.runtime === null) throw new Error('Federation has not started');
    return this.runtime;
  }
}

function savedObjectsOf(context: HandlerContext) {
  const savedObjects = context.core.savedObjects;
  // OSD puts it on every request handler context; its absence means a broken host.
  if (savedObjects === undefined) throw new Error('OSD gave this request no saved objects client');
  return savedObjects.client;
}

function firstValue<T>(source: Subscribable<T>): Promise<T> {
  return new Promise((resolve) => {
    let done = false;
    const subscription = source.subscribe((value) => {
      if (done) return;
      done = true;
      resolve(value);
      // The first value may arrive synchronously, before `subscription` is assigned.
      queueMicrotask(() => subscription.unsubscribe());
    });
  });
}

/**
 * The engine's settings from `federation.*`, every problem named by its key as the user wrote it
 * in opensearch_dashboards.yml (`federation.noSuchSetting`), not as zod's issue list.
 */
function parseOsdSettings(raw: Record<string, unknown>): FederationSettings {
  try {
    return parseSettings(raw);
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const problems = error.issues.map((issue) => {
      const keys =
        issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.map(String).join('.')];
      const named = keys.map((key) => `[federation.${key}]`).join(', ');
      return issue.code === 'unrecognized_keys'
        ? `${named}: not a setting of this plugin`
        : `${named}: ${issue.message}`;
    });
    throw new Error(`Invalid configuration in opensearch_dashboards.yml: ${problems.join('; ')}`, {
      cause: error,
    });
  }
}
