import { FederationEngine } from './engine/federation_engine';
import { parseSettings } from './engine/settings';
import type { Logger } from './http/route';
import type { CoreSetup, PluginInitializerContext, Subscribable } from './osd_types';
import { registerRoutes } from './routes';

/** The raw `federation.*` configuration; `enabled` is OSD's, the rest are engine settings. */
type RawConfig = { enabled?: boolean } & Record<string, unknown>;

/**
 * The OSD side of the server: reads `federation.*` from opensearch_dashboards.yml, registers the
 * route modules on OSD's router, and gives each request an engine bound to the caller's
 * OpenSearch client (`asCurrentUser`), so every search runs with the user's permissions.
 */
export class FederationPlugin {
  private readonly logger: Logger;

  constructor(private readonly initializerContext: PluginInitializerContext) {
    this.logger = initializerContext.logger.get();
  }

  async setup(core: CoreSetup): Promise<Record<string, never>> {
    const { enabled: _enabled, ...raw } = await firstValue(
      this.initializerContext.config.create<RawConfig>()
    );
    const settings = parseSettings(raw);
    registerRoutes(core.http.createRouter(), {
      engineFor: (context) =>
        new FederationEngine(
          {
            asCurrentUser: context.core.opensearch.client.asCurrentUser,
            asInternalUser: context.core.opensearch.client.asInternalUser,
          },
          settings
        ),
      settings,
      logger: this.logger,
    });
    return {};
  }

  start(): Record<string, never> {
    return {};
  }

  stop(): void {}
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
