/** OSD's public entry: it calls `plugin(initializerContext)` and then `setup`/`start`/`stop`. */
import { FederationPlugin } from './plugin';
import type { PluginInitializerContext } from './types';

export function plugin(initializerContext: PluginInitializerContext): FederationPlugin {
  return new FederationPlugin(initializerContext);
}

export type { FederationPlugin };
