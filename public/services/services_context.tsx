import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { HttpClient } from '../types';
import { createFederationApi, type FederationApi } from './api';

/** Everything a component may reach outside itself, handed down through one context. */
export interface AppServices {
  http: HttpClient;
  api: FederationApi;
}

/**
 * Components reach the server through this context rather than through a module-level client,
 * so the same component works over OSD's `core.http`, the standalone fetch client, and a test's.
 */
const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ http, children }: { http: HttpClient; children: ReactNode }) {
  const services = useMemo(() => ({ http, api: createFederationApi(http) }), [http]);
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() must be used inside <ServicesProvider>');
  return services;
}
