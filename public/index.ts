/** OSD's public entry: it calls `plugin(initializerContext)` and then `setup`/`start`/`stop`. */
// First: zod must be jitless before any module builds a schema (see the module).
import './services/zod_jitless';
import { FederationPlugin } from './plugin';
import type { PluginInitializerContext } from './types';

export function plugin(initializerContext: PluginInitializerContext): FederationPlugin {
  return new FederationPlugin(initializerContext);
}

export type { FederationPlugin };
