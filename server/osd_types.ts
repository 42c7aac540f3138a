/**
 * The parts of OSD's server-side plugin API (3.x) the adapter touches. OSD's packages are not
 * published on npm, so these mirror its `PluginInitializerContext` and `CoreSetup` shapes.
 */
import type { Logger } from './http/route';
import type { OpenSearchTransportClient, Router } from './http/router_contract';

/** rxjs's Observable, reduced to what we call. */
export interface Subscribable<T> {
  subscribe(next: (value: T) => void): { unsubscribe(): void };
}

export interface PluginInitializerContext {
  logger: { get(...contextParts: string[]): Logger };
  config: { create<T>(): Subscribable<T> };
}

export interface CoreSetup {
  http: { createRouter(): Router };
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
