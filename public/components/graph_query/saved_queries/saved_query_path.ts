/**
 * The URL names the open saved query: `/graph-query/<id>` under the app (the tab router reads
 * only the first segment, so the Graph query tab stays selected), `/graph-query` for a new one.
 */
export const GRAPH_QUERY_PATH = '/graph-query';

/**
 * The saved query a path names: its id, `null` for the tab without one, `undefined` for a path
 * of another tab (whose change is not ours to act on).
 */
export function savedQueryIdFromPath(pathname: string): string | null | undefined {
  const [tab, id] = pathname.split('/').filter(Boolean);
  if (`/${tab ?? ''}` !== GRAPH_QUERY_PATH) return undefined;
  if (!id) return null;
  try {
    return decodeURIComponent(id);
  } catch {
    // A malformed escape cannot name a saved query; let the server say it does not exist.
    return id;
  }
}

export function savedQueryPath(id: string | null): string {
  return id === null ? GRAPH_QUERY_PATH : `${GRAPH_QUERY_PATH}/${encodeURIComponent(id)}`;
}
