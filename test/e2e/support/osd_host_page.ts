/**
 * Browser side of the OSD host page (test/e2e/support/osd_host.ts builds it): what OSD's core does
 * for a plugin, and no more. It reads `plugin/federation/public` from `__osdBundles__` (which the
 * plugin bundle defined), calls `plugin(initializerContext)`, `setup(core)` with a fake core whose
 * `application.register` captures the app, `start(core)`, then mounts the app as OSD's
 * application service does on navigating to `/app/federation`.
 */
import { APP_PATH } from '../../../common/constants';
import { createScopedBrowserHistory } from '../../../public/services/browser_history';
import { createFetchHttpClient } from '../../../public/services/fetch_http_client';
import type { App, CoreSetup, CoreStart } from '../../../public/types';

interface PluginInstance {
  setup(core: CoreSetup): unknown;
  start(core: CoreStart): unknown;
}

interface OsdWindow {
  __osdBundles__: { get(key: string): { plugin: (context: unknown) => PluginInstance } };
  /** What the test reads back: the registered app, the toasts shown, the mount's outcome. */
  __osdHost__: { apps: Array<Pick<App, 'id' | 'title'>>; toasts: string[]; mounted: string };
}

const osdWindow = window as unknown as OsdWindow;
const host: OsdWindow['__osdHost__'] = { apps: [], toasts: [], mounted: 'pending' };
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
instance.setup(coreSetup);
instance.start(coreStart);
host.apps = registered.map(({ id, title }) => ({ id, title }));

const element = document.getElementById('app');
const app = registered[0];
if (element === null || app === undefined) {
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
