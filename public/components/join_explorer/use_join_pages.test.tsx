import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpFetchOptions } from '../../types';
import { ServicesProvider } from '../../services/services_context';
import { memoryHistory } from '../../test_support/render_with_services';
import { buildJoinRequest, type JoinRequest } from './build_join_request';
import { INITIAL_JOIN_FORM } from './join_form';
import { FakeJoinServer, httpError } from './testing/fake_join_server';
import { hasNextPage, INITIAL_JOIN_PAGES, useJoinPages } from './use_join_pages';

function joinRequest(pageSize = 20): JoinRequest {
  const result = buildJoinRequest({
    ...INITIAL_JOIN_FORM,
    parentIndex: 'companies',
    child: { name: 'articles', virtual: false },
    parentField: 'id',
    childField: 'company_id',
    pageSize,
  });
  if (!result.ok) throw new Error('incomplete');
  return result.request;
}

function renderPages(http: HttpClient, initial: JoinRequest | null) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider http={http} history={memoryHistory()}>
      {children}
    </ServicesProvider>
  );
  return renderHook(({ request }) => useJoinPages(request), {
    wrapper,
    initialProps: { request: initial },
  });
}

/** The server's client, with every `_pit` open held until the test releases it. */
function withSlowPits(server: FakeJoinServer) {
  const waiting: Array<() => void> = [];
  const http: HttpClient = {
    get: server.get,
    put: server.put,
    delete: server.delete,
    post: async <T,>(path: string, options?: HttpFetchOptions): Promise<T> => {
      if (path.endsWith('/_pit')) await new Promise<void>((resolve) => waiting.push(resolve));
      return server.post<T>(path, options);
    },
  };
  return { http, release: () => waiting.splice(0).forEach((resolve) => resolve()) };
}

describe('useJoinPages', () => {
  it('does nothing until run, and does not run an incomplete request', () => {
    const server = new FakeJoinServer();
    const { result } = renderPages(server, null);
    act(() => result.current.run());
    expect(result.current.state).toEqual(INITIAL_JOIN_PAGES);
    expect(server.calls).toEqual([]);
  });

  it('keeps a stack of search_after values and re-asks a page exactly on Previous', async () => {
    const server = new FakeJoinServer({ matching: 25 });
    const { result } = renderPages(server, joinRequest(10));
    act(() => result.current.run());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(result.current.state.afters).toEqual([undefined]);

    act(() => result.current.next());
    await waitFor(() => expect(result.current.state.pageIndex).toBe(1));
    act(() => result.current.next());
    await waitFor(() => expect(result.current.state.pageIndex).toBe(2));
    expect(result.current.state.afters).toEqual([undefined, [10], [20]]);
    expect(result.current.canNext).toBe(false);

    act(() => result.current.previous());
    await waitFor(() => expect(result.current.state.pageIndex).toBe(1));
    expect(result.current.state.afters).toEqual([undefined, [10]]);
    expect(result.current.state.response?.hits.hits[0]._id).toBe('p11');
    expect(server.searches().map((c) => c.body?.search_after)).toEqual([
      undefined,
      [10],
      [20],
      [10],
    ]);
  });

  it('sends one page at a time however fast Next is pressed', async () => {
    const server = new FakeJoinServer({ matching: 100 });
    const { result } = renderPages(server, joinRequest(10));
    act(() => result.current.run());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    act(() => {
      result.current.next();
      result.current.next();
    });
    await waitFor(() => expect(result.current.state.pageIndex).toBe(1));
    expect(server.searches()).toHaveLength(2);
  });

  it('closes a PIT that opened after its run was superseded', async () => {
    const server = new FakeJoinServer();
    const slow = withSlowPits(server);
    const { result, rerender } = renderPages(slow.http, joinRequest(10));
    act(() => result.current.run());
    expect(result.current.state.status).toBe('opening');
    // The form changes while the PIT is still opening.
    rerender({ request: joinRequest(11) });
    await act(async () => slow.release());
    await waitFor(() => expect(server.callsTo('DELETE', '/svc/_pit')).toHaveLength(1));
    expect(server.openPits.size).toBe(0);
    expect(server.searches()).toEqual([]);
    expect(result.current.state.status).toBe('idle');
  });

  it('reports a PIT that cannot be opened, with nothing to close', async () => {
    const server = new FakeJoinServer({
      pitError: httpError(
        400,
        'illegal_argument_exception',
        'a point in time cannot be opened on virtual indices [vi_orders]'
      ),
    });
    const { result } = renderPages(server, joinRequest());
    act(() => result.current.run());
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    expect((result.current.state.error as Error).message).toMatch(/cannot be opened/);
    expect(server.callsTo('DELETE', '/svc/_pit')).toEqual([]);
  });

  it('closes the previous PIT when run again', async () => {
    const server = new FakeJoinServer();
    const { result } = renderPages(server, joinRequest());
    act(() => result.current.run());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    act(() => result.current.run());
    await waitFor(() => expect(server.callsTo('POST', '/svc/companies/_pit')).toHaveLength(2));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(server.callsTo('DELETE', '/svc/_pit').map((c) => c.body)).toEqual([{ id: 'pit-1.0' }]);
    expect([...server.openPits]).toEqual(['pit-2.0']);
  });
});

describe('hasNextPage', () => {
  const request = joinRequest(10);
  const page = (count: number, total: { value: number; relation: 'eq' | 'gte' }) => ({
    ...INITIAL_JOIN_PAGES,
    request,
    status: 'ready' as const,
    response: {
      hits: {
        total,
        hits: Array.from({ length: count }, (_, i) => ({ _index: 'c', _id: `${i}`, sort: [i] })),
      },
    },
  });

  it('reads an exact total, and falls back on a full page when the total is a lower bound', () => {
    expect(hasNextPage(page(10, { value: 20, relation: 'eq' }))).toBe(true);
    expect(hasNextPage(page(10, { value: 10, relation: 'eq' }))).toBe(false);
    expect(hasNextPage(page(10, { value: 10, relation: 'gte' }))).toBe(true);
    expect(hasNextPage(page(3, { value: 10, relation: 'gte' }))).toBe(false);
    expect(hasNextPage(page(0, { value: 0, relation: 'eq' }))).toBe(false);
  });
});
