import { describe, expect, it, vi } from 'vitest';
import { createScopedBrowserHistory, type HistoryWindow } from './browser_history';

/** Just enough of `window` to watch the adapter: a URL, a history stack and popstate. */
function fakeWindow(pathname: string) {
  const popstate = new Set<() => void>();
  const win = {
    location: { pathname, search: '', hash: '' },
    history: {
      pushState: (_data: unknown, _unused: string, url: string) => {
        win.location.pathname = url;
      },
      replaceState: (_data: unknown, _unused: string, url: string) => {
        win.location.pathname = url;
      },
    },
    addEventListener: (_type: 'popstate', listener: () => void) => popstate.add(listener),
    removeEventListener: (_type: 'popstate', listener: () => void) => popstate.delete(listener),
  } satisfies HistoryWindow;
  const back = (to: string) => {
    win.location.pathname = to;
    for (const listener of popstate) listener();
  };
  return { win, popstate, back };
}

describe('createScopedBrowserHistory', () => {
  it('reports paths relative to the base path', () => {
    const { win } = fakeWindow('/app/federation/datasources');
    expect(createScopedBrowserHistory('/app/federation', win).location.pathname).toBe(
      '/datasources'
    );
    win.location.pathname = '/app/federation';
    expect(createScopedBrowserHistory('/app/federation/', win).location.pathname).toBe('/');
  });

  it('pushes and replaces under the base path and tells listeners', () => {
    const { win } = fakeWindow('/app/federation');
    const history = createScopedBrowserHistory('/app/federation', win);
    const listener = vi.fn();
    history.listen(listener);

    history.push('/join-explorer');
    expect(win.location.pathname).toBe('/app/federation/join-explorer');
    expect(listener).toHaveBeenLastCalledWith({ pathname: '/join-explorer', search: '', hash: '' });

    history.replace('graph-query');
    expect(win.location.pathname).toBe('/app/federation/graph-query');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('follows back/forward and unsubscribes from popstate with the last listener', () => {
    const { win, popstate, back } = fakeWindow('/app/federation/datasources');
    const history = createScopedBrowserHistory('/app/federation', win);
    const listener = vi.fn();
    const stop = history.listen(listener);

    back('/app/federation/virtual-indices');
    expect(listener).toHaveBeenLastCalledWith(
      expect.objectContaining({ pathname: '/virtual-indices' })
    );

    stop();
    expect(popstate.size).toBe(0);
  });
});
