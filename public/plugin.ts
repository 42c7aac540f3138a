import { PLUGIN_ID, PLUGIN_NAME } from '../common/constants';
import { savedQueryEmbeddableFactory } from './embeddable/saved_query_embeddable_factory';
import { SAVED_GQL_QUERY_EMBEDDABLE } from './embeddable/saved_query_embeddable';
import type {
  AppCategory,
  AppMountParameters,
  CoreSetup,
  FederationSetupDeps,
  PluginInitializerContext,
} from './types';

/**
 * OSD's `DEFAULT_APP_CATEGORIES.opensearch`: we declare its shape instead of importing it, since
 * OSD's packages are not on npm; OSD groups apps in its side navigation by this `id`.
 */
export const OPENSEARCH_PLUGINS_CATEGORY: AppCategory = {
  id: 'opensearch',
  label: 'OpenSearch Plugins',
  order: 2000,
};

export class FederationPlugin {
  constructor(_initializerContext: PluginInitializerContext) {}

  setup(core: CoreSetup, plugins: FederationSetupDeps = {}): void {
    core.application.register({
      id: PLUGIN_ID,
      title: PLUGIN_NAME,
      category: OPENSEARCH_PLUGINS_CATEGORY,
      mount: async (params: AppMountParameters) => {
        // Loaded on first mount so OSD's start-up does not pay for the app's code.
        const [{ renderApp }, [coreStart]] = await Promise.all([
          import('./application'),
          core.getStartServices(),
        ]);
        return renderApp({ http: coreStart.http, notifications: coreStart.notifications }, params);
      },
    });
    // OSD's embeddable plugin is optional (opensearch_dashboards.json): with it, dashboards can
    // add a saved GQL query as a panel. The picker and the panel load when first used.
    plugins.embeddable?.registerEmbeddableFactory(
      SAVED_GQL_QUERY_EMBEDDABLE,
      savedQueryEmbeddableFactory({
        http: async () => (await core.getStartServices())[0].http,
        loadPicker: async () => (await import('./embeddable/pick_saved_query')).pickSavedQuery,
        loadPanel: async () => (await import('./embeddable/panel_mount')).mountSavedQueryPanel,
      })
    );
  }

  start(): void {}

  stop(): void {}
}
