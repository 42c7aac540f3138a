import { createContext, useContext, type ReactNode } from 'react';
import type { AppToasts } from './toasts';

const ToastsContext = createContext<AppToasts | null>(null);

/** Hands the app's toasts (OSD's or OUI's, see `toasts.ts`) to every screen. */
export function ToastsProvider({ toasts, children }: { toasts: AppToasts; children: ReactNode }) {
  return <ToastsContext.Provider value={toasts}>{children}</ToastsContext.Provider>;
}

export function useToasts(): AppToasts {
  const toasts = useContext(ToastsContext);
  if (!toasts) throw new Error('useToasts() must be used inside <ToastsProvider>');
  return toasts;
}
