import type { AppHistory, AppLocation } from '../types';

/** The parts of `window` the adapter touches; a parameter so unit tests can pass a fake. */
export interface HistoryWindow {
  location: { pathname: string; search: string; hash: string };
  history: { pushState(data: unknown, unused: string, url: string): void } & {
    replaceState(data: unknown, unused: string, url: string): void;
  };
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

/**
 * A minimal stand-in for OSD's `ScopedHistory` in the standalone host: paths are relative to
 * `basePath` (`/app/federation`), as they are inside OSD, so the app code is the same in both.
 * We keep this to a few lines instead of adding the `history` package, since OSD gives the app
 * its own history object and only the standalone host needs one.
 */
export function createScopedBrowserHistory(
  basePath: string,
  win: HistoryWindow = window
): AppHistory {
  const base = basePath.replace(/\/$/, '');
  const listeners = new Set<(location: AppLocation) => void>();

  function current(): AppLocation {
    const { pathname, search, hash } = win.location;
    const inside = pathname === base || pathname.startsWith(`${base}/`);
    return { pathname: inside ? pathname.slice(base.length) || '/' : pathname, search, hash };
  }

  function notify(): void {
    const location = current();
    for (const listener of listeners) listener(location);
  }

  function toUrl(path: string): string {
    return `${base}${path.startsWith('/') ? path : `/${path}`}`;
  }

  return {
    get location() {
      return current();
    },
    push(path) {
      win.history.pushState(null, '', toUrl(path));
      notify();
    },
    replace(path) {
      win.history.replaceState(null, '', toUrl(path));
      notify();
    },
    listen(listener) {
      if (listeners.size === 0) win.addEventListener('popstate', notify);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) win.removeEventListener('popstate', notify);
      };
    },
  };
}
