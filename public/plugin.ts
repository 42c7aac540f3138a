import { PLUGIN_ID, PLUGIN_NAME } from '../common/constants';
import type { AppCategory, AppMountParameters, CoreSetup, PluginInitializerContext } from './types';

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

  setup(core: CoreSetup): void {
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
  }

  start(): void {}

  stop(): void {}
}
