import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ServicesProvider } from '../services/services_context';
import type { AppToasts } from '../services/toasts';
import { ToastsProvider } from '../services/toasts_context';
import type { AppHistory, HttpClient } from '../types';
import { RecordingToasts } from './recording_toasts';

/**
 * Renders a screen as the app does (react-query, the services context and toasts), over the HTTP
 * client the test gives: a recording fake for logic tests, or a fetch client to a real host.
 * Pass a `RecordingToasts` to read the toasts the screen shows.
 */
export function renderWithServices(
  ui: ReactElement,
  http: HttpClient,
  history: AppHistory = memoryHistory(),
  toasts: AppToasts = new RecordingToasts()
): RenderResult {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ServicesProvider http={http} history={history}>
        <ToastsProvider toasts={toasts}>{ui}</ToastsProvider>
      </ServicesProvider>
    </QueryClientProvider>
  );
}

/** An in-memory `AppHistory` for tests: records pushes, notifies listeners. */
export function memoryHistory(initialPath = '/'): AppHistory & { entries: string[] } {
  const listeners = new Set<(location: AppHistory['location']) => void>();
  const entries = [initialPath];
  const locationOf = (path: string) => {
    const url = new URL(path, 'http://app');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  };
  const history = {
    entries,
    location: locationOf(initialPath),
    push(path: string) {
      entries.push(path);
      history.location = locationOf(path);
      listeners.forEach((listener) => listener(history.location));
    },
    replace(path: string) {
      entries[entries.length - 1] = path;
      history.location = locationOf(path);
      listeners.forEach((listener) => listener(history.location));
    },
    listen(listener: (location: AppHistory['location']) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return history;
}
