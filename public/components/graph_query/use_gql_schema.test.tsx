import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { errorDetails } from '../../services/error_reason';
import { ServicesProvider } from '../../services/services_context';
import { memoryHistory } from '../../test_support/render_with_services';
import { modelOutline } from './model_text';
import type { RecordingHttp } from '../../test_support/recording_http';
import { demoClusterHttp, httpError } from './testing/graph_http';
import { useGqlSchema } from './use_gql_schema';

function wrapperFor(http: RecordingHttp) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ServicesProvider http={http} history={memoryHistory()}>
        {children}
      </ServicesProvider>
    </QueryClientProvider>
  );
}

const model = modelOutline({
  label: 'mixed',
  entities: [
    { label: 'Company', indices: ['demo-companies'] },
    // Same index set as Company, in another order: one request serves both.
    { label: 'Firm', indices: ['demo-companies', 'demo-companies'] },
    { label: 'Investment', indices: ['demo-investments'] },
    { label: 'Ghost', indices: ['no-such-index'] },
  ],
  relations: [{ label: 'FUNDS', from: { entity: 'Investment' }, to: { entity: 'Company' } }],
});

describe('useGqlSchema', () => {
  it("offers each entity's mapped properties, one request per index set, and names failures", async () => {
    const http = demoClusterHttp().on('GET', '/svc/no-such-index/_mapping', () =>
      Promise.reject(httpError(404, 'index_not_found_exception', 'no such index [no-such-index]'))
    );
    const { result } = renderHook(() => useGqlSchema(model), { wrapper: wrapperFor(http) });
    // Labels and relations at once, before any mapping answers.
    expect(result.current.schema.entities.map((e) => e.label)).toEqual([
      'Company',
      'Firm',
      'Investment',
      'Ghost',
    ]);
    await waitFor(() => expect(result.current.failures).toHaveLength(1));
    await waitFor(() =>
      expect(result.current.schema.entities).toEqual([
        { label: 'Company', properties: ['id', 'name', 'sector'] },
        { label: 'Firm', properties: ['id', 'name', 'sector'] },
        { label: 'Investment', properties: ['amount', 'company_id', 'id', 'investor'] },
        { label: 'Ghost', properties: [] },
      ])
    );
    expect(result.current.schema.graphs).toEqual(['mixed']);
    expect(result.current.schema.relations).toEqual([
      { label: 'FUNDS', from: 'Investment', to: 'Company' },
    ]);
    expect(result.current.failures[0].entity).toBe('Ghost');
    expect(errorDetails(result.current.failures[0].error).reason).toBe(
      'no such index [no-such-index]'
    );
    expect(http.callsTo('GET', /_mapping$/).map((c) => c.path)).toEqual([
      '/svc/demo-companies/_mapping',
      '/svc/demo-investments/_mapping',
      '/svc/no-such-index/_mapping',
    ]);
  });
});
