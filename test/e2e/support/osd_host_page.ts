/**
 * Browser side of the OSD host page (test/e2e/support/osd_host.ts builds it): what OSD's core does
 * for a plugin, and no more. It reads `plugin/federation/public` from `__osdBundles__` (which the
 * plugin bundle defined), calls `plugin(initializerContext)`, `setup(core)` with a fake core whose
 * `application.register` captures the app, `start(core)`, then mounts the app as OSD's
 * application service does on navigating to `/app/federation`. With `?osdHost=dashboard` it shows
 * a dashboard stand-in instead (osd_host_dashboard.ts), whose panels come from the embeddable
 * factory the plugin registered with OSD's embeddable plugin (a registry double).
 */
import { APP_PATH } from '../../../common/constants';
import { createScopedBrowserHistory } from '../../../public/services/browser_history';
import { createFetchHttpClient } from '../../../public/services/fetch_http_client';
import { createEmbeddableRegistry } from '../../../public/test_support/embeddable_registry';
import type { App, CoreSetup, CoreStart, FederationSetupDeps } from '../../../public/types';
import { mountHostDashboard, type HostDashboardState } from './osd_host_dashboard';
import { mountHostDiscover, mountHostPanels, type HostSearchState } from './osd_host_search_pages';

interface PluginInstance {
  setup(core: CoreSetup, plugins: FederationSetupDeps): unknown;
  start(core: CoreStart): unknown;
}

interface OsdWindow {
  __osdBundles__: { get(key: string): { plugin: (context: unknown) => PluginInstance } };
  /** What the test reads back: the registered app, the toasts shown, the mount's outcome. */
  __osdHost__: {
    apps: Array<Pick<App, 'id' | 'title'>>;
    toasts: string[];
    mounted: string;
    /** The embeddable types the plugin registered with OSD's embeddable plugin. */
    embeddables: string[];
    dashboard: HostDashboardState;
    search: HostSearchState;
  };
}

const osdWindow = window as unknown as OsdWindow;
const host: OsdWindow['__osdHost__'] = {
  apps: [],
  toasts: [],
  mounted: 'pending',
  embeddables: [],
  dashboard: { choices: [], panels: 0 },
  search: { answers: [] },
};
osdWindow.__osdHost__ = host;

// OSD's core.http: prefixes its base path (none here) and sends osd-xsrf on every non-GET.
const http = createFetchHttpClient({ basePath: '' });
const basePath = { get: () => '', prepend: (path: string) => path, remove: (path: string) => path };
const toast = (kind: string) => (input: { title?: string; text?: string }) => {
  host.toasts.push(`${kind}: ${input.title ?? ''} ${input.text ?? ''}`.trim());
  return {};
};
const notifications = {
  toasts: {
    addSuccess: toast('success'),
    addDanger: toast('danger'),
    addWarning: toast('warning'),
  },
};
const coreStart: CoreStart = { http: { ...http, basePath }, notifications };

const registered: App[] = [];
const coreSetup: CoreSetup = {
  application: { register: (app) => void registered.push(app) },
  getStartServices: () => Promise.resolve([coreStart, {}, {}]),
};

const { plugin } = osdWindow.__osdBundles__.get('plugin/federation/public');
const instance = plugin({ opaqueId: Symbol('federation'), env: {}, config: {} });
// OSD's embeddable plugin, an optional dependency of ours (a double: osd_host_dashboard.ts).
const embeddable = createEmbeddableRegistry();
const registerFactory = embeddable.setup.registerEmbeddableFactory.bind(embeddable.setup);
embeddable.setup.registerEmbeddableFactory = (id, definition) => {
  host.embeddables.push(id);
  return registerFactory(id, definition);
};
instance.setup(coreSetup, { embeddable: embeddable.setup });
instance.start(coreStart);
host.apps = registered.map(({ id, title }) => ({ id, title }));

const element = document.getElementById('app');
const app = registered[0];
const params = new URLSearchParams(window.location.search);
const view = params.get('osdHost');
if (element !== null && view === 'dashboard') {
  // A dashboard instead of the app, as OSD shows one at /app/dashboards.
  mountHostDashboard(element, embeddable, host.dashboard);
  host.mounted = 'dashboard';
} else if (element !== null && (view === 'discover' || view === 'panels')) {
  // OSD's own apps searching through its data plugin (our strategy wrapper answers).
  const mount = view === 'discover' ? mountHostDiscover : mountHostPanels;
  mount(element, params, host.search).then(
    () => (host.mounted = view),
    (error: unknown) => (host.mounted = `failed: ${String(error)}`)
  );
} else if (element === null || app === undefined) {
  host.mounted = 'failed: no #app element or no registered app';
} else {
  Promise.resolve(
    app.mount({
      element,
      history: createScopedBrowserHistory(APP_PATH),
      setHeaderActionMenu: () => undefined,
      onAppLeave: () => undefined,
    })
  ).then(
    () => (host.mounted = 'mounted'),
    (error: unknown) => (host.mounted = `failed: ${String(error)}`)
  );
}
