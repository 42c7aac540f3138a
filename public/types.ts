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
