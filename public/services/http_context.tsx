import { createContext, useContext, type ReactNode } from 'react';
import type { HttpClient } from '../types';

/**
 * Components reach the server through this context rather than through a module-level client,
 * so the same component works over OSD's `core.http` and over the standalone fetch client.
 */
const HttpContext = createContext<HttpClient | null>(null);

export function HttpProvider({ http, children }: { http: HttpClient; children: ReactNode }) {
  return <HttpContext.Provider value={http}>{children}</HttpContext.Provider>;
}

export function useHttp(): HttpClient {
  const http = useContext(HttpContext);
  if (!http) throw new Error('useHttp() must be used inside <HttpProvider>');
  return http;
}
