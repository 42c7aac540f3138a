import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { DatasourcesPanel } from './components/datasources/datasources_panel';
import { GraphQueryPanel } from './components/graph_query/graph_query_panel';
import { JoinExplorerPanel } from './components/join_explorer/join_explorer_panel';
import { AppShell, type AppTab } from './components/shared/app_shell';
import { VirtualIndicesPanel } from './components/virtual_indices/virtual_indices_panel';
import { createOuiToastStore, type OuiToastStore } from './services/oui_toast_store';
import { OuiToastList } from './services/oui_toasts';
import { ServicesProvider } from './services/services_context';
import { osdToasts, type AppToasts } from './services/toasts';
import { ToastsProvider } from './services/toasts_context';
import type { AppDependencies, AppMountParameters, AppUnmount, NotificationsStart } from './types';

export type AppTabId = 'graph_query' | 'join_explorer' | 'datasources' | 'virtual_indices';

/** The tabs, in display order; the first is shown when the URL names none. */
export const APP_TABS: readonly AppTab<AppTabId>[] = [
  { id: 'graph_query', label: 'Graph query', path: '/graph-query', Panel: GraphQueryPanel },
  { id: 'join_explorer', label: 'Join explorer', path: '/join-explorer', Panel: JoinExplorerPanel },
  { id: 'datasources', label: 'Datasources', path: '/datasources', Panel: DatasourcesPanel },
  {
    id: 'virtual_indices',
    label: 'Virtual indices',
    path: '/virtual-indices',
    Panel: VirtualIndicesPanel,
  },
];

/**
 * Inside OSD, OSD's toasts (one list for every app); standalone, OUI's list, which the app then
 * draws itself.
 */
function appToasts(notifications?: NotificationsStart): {
  toasts: AppToasts;
  ouiToasts: OuiToastStore | null;
} {
  if (notifications) return { toasts: osdToasts(notifications.toasts), ouiToasts: null };
  const store = createOuiToastStore();
  return { toasts: store, ouiToasts: store };
}

/**
 * Mounts the app into `element` (OSD's mount contract, also used by the standalone host) and
 * returns the unmount function. OUI 1.24 has no `EuiProvider` (it arrived in later EUI), so the
 * tree needs no theme provider: the theme comes from OUI's CSS, which the host loads.
 * `pageBanner`: the app is the whole page (standalone), so its title is the page's banner; OSD
 * draws its own header around the app.
 */
export function renderApp(
  { http, notifications }: AppDependencies,
  { element, history }: Pick<AppMountParameters, 'element' | 'history'>,
  { pageBanner = false }: { pageBanner?: boolean } = {}
): AppUnmount {
  // One client per mount: cached server state must not outlive the app or leak between mounts.
  const queryClient = new QueryClient();
  const { toasts, ouiToasts } = appToasts(notifications);
  const root = createRoot(element);
  root.render(
    <QueryClientProvider client={queryClient}>
      <ServicesProvider http={http} history={history}>
        <ToastsProvider toasts={toasts}>
          <AppShell history={history} tabs={APP_TABS} pageBanner={pageBanner} />
          {ouiToasts ? <OuiToastList store={ouiToasts} /> : null}
        </ToastsProvider>
      </ServicesProvider>
    </QueryClientProvider>
  );
  return () => {
    root.unmount();
    queryClient.clear();
  };
}
