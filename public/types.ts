/**
 * The subset of OpenSearch Dashboards' public (browser) contracts, 3.x, that this plugin uses.
 *
 * OSD's packages are not published on npm, so we cannot import its types. The shapes below follow
 * `CoreSetup`, `CoreStart`, `App`, `AppMountParameters`, `ScopedHistory` and `HttpSetup` from
 * `src/core/public`; only what we rely on is declared, so OSD's real objects satisfy them. The
 * standalone host builds its own implementations of the same shapes.
 */

/** Query string values as OSD's `HttpFetchQuery` accepts them; `undefined` entries are dropped. */
export type HttpQueryValue = string | number | boolean | undefined | null;
export type HttpQuery = Record<string, HttpQueryValue | HttpQueryValue[]>;

export interface HttpFetchOptions {
  query?: HttpQuery;
  /** Already serialised, as with OSD: callers pass `JSON.stringify(payload)`. */
  body?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * What `core.http` throws on a non-2xx answer (OSD's `HttpFetchError`): `body` is the parsed
 * error body (for our routes, OpenSearch's error shape) and `response.status` the HTTP status.
 */
export interface HttpFetchError extends Error {
  readonly body?: unknown;
  readonly response?: { readonly status: number };
}

/** OSD's `core.http` verbs: they resolve to the parsed JSON body and throw `HttpFetchError`. */
export interface HttpClient {
  /** OSD's `core.http.basePath`: the prefix OSD serves under (`server.basePath`), '' if none. */
  basePath?: { get(): string };
  get<T = unknown>(path: string, options?: HttpFetchOptions): Promise<T>;
  post<T = unknown>(path: string, options?: HttpFetchOptions): Promise<T>;
  put<T = unknown>(path: string, options?: HttpFetchOptions): Promise<T>;
  delete<T = unknown>(path: string, options?: HttpFetchOptions): Promise<T>;
}

/** The part of a history `Location` we read (OSD's `ScopedHistory` is a history v4 object). */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * OSD's `ScopedHistory`: paths are relative to the app's base (`/app/federation`), so
 * `push('/datasources')` lands on `/app/federation/datasources`.
 */
export interface AppHistory {
  readonly location: AppLocation;
  push(path: string): void;
  replace(path: string): void;
  listen(listener: (location: AppLocation) => void): () => void;
}

export interface AppMountParameters {
  element: HTMLElement;
  history: AppHistory;
  /** Mounts a menu in OSD's header; the standalone host passes a no-op. */
  setHeaderActionMenu: (menuMount: ((element: HTMLElement) => () => void) | undefined) => void;
  onAppLeave: (handler: (actions: unknown) => unknown) => void;
}

export type AppUnmount = () => void;

export interface AppCategory {
  id: string;
  label: string;
  order?: number;
  euiIconType?: string;
}

export interface App {
  id: string;
  title: string;
  category?: AppCategory;
  order?: number;
  mount: (params: AppMountParameters) => AppUnmount | Promise<AppUnmount>;
}

/**
 * OSD's `ToastInput` as we use it: a title and an optional text, both plain strings (OSD also
 * takes mount points, which we do not need).
 */
export interface ToastInputFields {
  title?: string;
  text?: string;
}

/** OSD's `core.notifications.toasts` (`ToastsApi`), the part the app calls. */
export interface ToastsApi {
  addSuccess(toast: ToastInputFields): unknown;
  addDanger(toast: ToastInputFields): unknown;
}

/** OSD's `core.notifications` (`NotificationsStart`). */
export interface NotificationsStart {
  toasts: ToastsApi;
}

export interface CoreStart {
  http: HttpClient;
  notifications: NotificationsStart;
}

export interface CoreSetup<TStart extends CoreStart = CoreStart> {
  application: { register(app: App): void };
  /** Resolves once every plugin has started: `[coreStart, pluginsStart, ownStart]`. */
  getStartServices(): Promise<[TStart, object, unknown]>;
}

/** What the app needs from OSD (or from the standalone host) to render. */
export interface AppDependencies {
  http: HttpClient;
  /** OSD's notifications, whose toasts the app uses; the standalone host has none (OUI's list). */
  notifications?: NotificationsStart;
}

export interface PluginInitializerContext {
  opaqueId?: symbol;
  env?: unknown;
  config?: unknown;
}

/*
 * OSD's `embeddable` plugin (src/plugins/embeddable/public, 3.x), the part our dashboard panel
 * uses: we cannot import it either, so the shapes are declared here, each as OSD's own (or the
 * subset we read of it). OSD's objects satisfy them; test doubles implement them.
 */

/**
 * An rxjs observable as far as we use one: `subscribe` with a next callback or an observer
 * object. OSD's containers hand their input and output as rxjs `Observable`s, and read ours only
 * by subscribing (the embeddable panel, `withEmbeddableSubscription`, the container's child
 * bookkeeping).
 */
export interface Subscribable<T> {
  subscribe(observer: ((value: T) => void) | { next?: (value: T) => void }): {
    unsubscribe(): void;
  };
}

/** OSD's `TimeRange` (src/plugins/data/common/query/timefilter/types.ts): date math or ISO text. */
export interface TimeRange {
  from: string;
  to: string;
  mode?: 'absolute' | 'relative';
}

/** OSD's `Query`: the query bar's text and language (`kuery` or `lucene`). */
export interface DashboardQuery {
  query: string | Record<string, unknown>;
  language: string;
}

/** OSD's `Filter` (src/plugins/data/common/opensearch_query/filters): a pill, `meta` and DSL. */
export interface DashboardFilter {
  meta?: { disabled?: boolean } & Record<string, unknown>;
  query?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * OSD's `EmbeddableInput` (lib/embeddables/i_embeddable.ts), with what a dashboard container
 * passes every panel (`DashboardContainerInput` minus `panels`: `timeRange`, `query`, `filters`,
 * `lastReloadRequestTime`, set when the user presses Refresh or the refresh interval ticks).
 */
export interface EmbeddableInput {
  id: string;
  title?: string;
  hidePanelTitles?: boolean;
  viewMode?: string;
  timeRange?: TimeRange;
  query?: DashboardQuery;
  filters?: DashboardFilter[];
  lastReloadRequestTime?: number;
  [key: string]: unknown;
}

/** OSD's `EmbeddableOutput`: what the panel frame reads (title, loading, error). */
export interface EmbeddableOutput {
  title?: string;
  defaultTitle?: string;
  loading?: boolean;
  error?: { name: string; message: string };
  editUrl?: string;
  editApp?: string;
  editPath?: string;
}

/**
 * OSD's `IContainer` (lib/containers/i_container.ts), the part a child reads: the container's
 * input stream, the input it computes for a child (its own inherited fields plus the panel's
 * explicit input), and where a child's input changes go.
 */
export interface EmbeddableContainer {
  readonly id: string;
  getInput$(): Subscribable<unknown>;
  getInputForChild<T extends EmbeddableInput>(id: string): T;
  updateInputForChild<T extends EmbeddableInput>(id: string, changes: Partial<T>): void;
}

/**
 * OSD's `IEmbeddable` (lib/embeddables/i_embeddable.ts): what a container and the embeddable
 * panel call. `render` draws into the panel's element; `reload` asks for fresh data (the
 * container calls it on Refresh); `destroy` when the panel goes.
 */
export interface Embeddable<I extends EmbeddableInput = EmbeddableInput> {
  readonly isContainer: boolean;
  readonly type: string;
  readonly id: string;
  readonly parent?: EmbeddableContainer;
  readonly runtimeId?: number;
  getIsContainer(): boolean;
  getInput$(): Subscribable<Readonly<I>>;
  getOutput$(): Subscribable<Readonly<EmbeddableOutput>>;
  getInput(): Readonly<I>;
  getOutput(): Readonly<EmbeddableOutput>;
  getTitle(): string | undefined;
  getRoot(): Embeddable | EmbeddableContainer;
  updateInput(changes: Partial<I>): void;
  render(domNode: HTMLElement): void;
  reload(): void;
  supportedTriggers(): string[];
  destroy(): void;
}

/**
 * OSD's `EmbeddableFactoryDefinition` (lib/embeddables/embeddable_factory_definition.ts), the
 * fields we set; OSD's `registerEmbeddableFactory` fills in defaults for the rest. The dashboard's
 * "add panel" flyout lists, under "Create new", the factories that are editable, can create new
 * and are not containers; choosing one calls `getExplicitInput()` and adds a panel with its
 * answer, for which the container then calls `create(input, container)`.
 */
export interface EmbeddableFactoryDefinition<I extends EmbeddableInput = EmbeddableInput> {
  readonly type: string;
  readonly isContainerType?: boolean;
  isEditable(): Promise<boolean>;
  canCreateNew?(): boolean;
  getDisplayName(): string;
  getIconType?(): string;
  getDescription?(): string;
  getExplicitInput?(): Promise<Partial<I>>;
  create(initialInput: I, parent?: EmbeddableContainer): Promise<Embeddable<I> | undefined>;
}

/** OSD's `EmbeddableSetup`, the one call we make. */
export interface EmbeddableSetup {
  registerEmbeddableFactory<I extends EmbeddableInput>(
    id: string,
    factory: EmbeddableFactoryDefinition<I>
  ): unknown;
}

/** The optional plugins our public half reads at setup (opensearch_dashboards.json). */
export interface FederationSetupDeps {
  embeddable?: EmbeddableSetup;
}
