import { useCallback, useEffect, useState } from 'react';
import type { AppHistory } from '../types';

export interface RoutedTab<Id extends string> {
  id: Id;
  /** The tab's path under the app, e.g. `/datasources`: it is in the URL so reload keeps it. */
  path: string;
}

function tabForPath<Id extends string>(tabs: readonly RoutedTab<Id>[], pathname: string) {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return tabs.find((tab) => tab.path === first);
}

/**
 * The selected tab, kept in the app's URL path through the history OSD (or the standalone host)
 * hands the app, so reload, back/forward and shared links all land on the same tab.
 */
export function useSelectedTab<Id extends string>(
  history: AppHistory,
  tabs: readonly RoutedTab<Id>[]
): [Id, (id: Id) => void] {
  const fallback = tabs[0];
  if (!fallback) throw new Error('useSelectedTab needs at least one tab');

  const [selected, setSelected] = useState<Id>(
    () => (tabForPath(tabs, history.location.pathname) ?? fallback).id
  );

  useEffect(() => {
    // An empty or unknown path shows the first tab; say so in the URL too.
    if (!tabForPath(tabs, history.location.pathname)) history.replace(fallback.path);
    return history.listen((location) => {
      setSelected((tabForPath(tabs, location.pathname) ?? fallback).id);
    });
  }, [history, tabs, fallback]);

  const select = useCallback(
    (id: Id) => {
      const tab = tabs.find((candidate) => candidate.id === id);
      if (tab && tab.path !== history.location.pathname) history.push(tab.path);
    },
    [history, tabs]
  );

  return [selected, select];
}
