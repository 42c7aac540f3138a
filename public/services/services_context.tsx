import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { AppHistory, HttpClient } from '../types';
import { createFederationApi, type FederationApi } from './api';

/** Everything a component may reach outside itself, handed down through one context. */
export interface AppServices {
  http: HttpClient;
  api: FederationApi;
  /** The app's history (paths relative to the app), for screens that keep state in the URL. */
  history: AppHistory;
}

/**
 * Components reach the server through this context rather than through a module-level client,
 * so the same component works over OSD's `core.http`, the standalone fetch client, and a test's.
 */
const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  http,
  history,
  children,
}: {
  http: HttpClient;
  history: AppHistory;
  children: ReactNode;
}) {
  const services = useMemo(
    () => ({ http, history, api: createFederationApi(http) }),
    [http, history]
  );
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() must be used inside <ServicesProvider>');
  return services;
}
