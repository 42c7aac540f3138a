import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { ServicesProvider } from '../services/services_context';
import type { HttpClient } from '../types';

/**
 * Renders a screen as the app does (react-query and the services context), over the HTTP client
 * the test gives: a recording fake for logic tests, or a fetch client to a real host.
 */
export function renderWithServices(ui: ReactElement, http: HttpClient): RenderResult {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <ServicesProvider http={http}>{ui}</ServicesProvider>
    </QueryClientProvider>
  );
}
