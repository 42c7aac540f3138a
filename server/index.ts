import type { ConfigSchemaBuilder, PluginInitializerContext } from './osd_types';
import { FederationPlugin } from './plugin';

/**
 * OSD reads `config.schema` when it discovers the plugin. `@osd/config-schema` exists only inside
 * OSD, so it is required on that first read rather than at import, which keeps this module
 * loadable by the standalone host and the tests. Only `enabled` is declared for OSD; the engine's
 * own zod schema (server/engine/settings.ts) validates every other `federation.*` key.
 */
export const config = {
  get schema(): unknown {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { schema } = require('@osd/config-schema') as { schema: ConfigSchemaBuilder };
    return buildConfigSchema(schema);
  },
};

export function buildConfigSchema(schema: ConfigSchemaBuilder): unknown {
  return schema.object({ enabled: schema.boolean({ defaultValue: true }) }, { unknowns: 'allow' });
}

export function plugin(initializerContext: PluginInitializerContext): FederationPlugin {
  return new FederationPlugin(initializerContext);
}

export { FederationPlugin };
