/**
 * Every OpenSearch index the plugin keeps its own state in (the catalog of datasources and
 * virtual indices, point-in-time state, the standalone host's saved GQL queries, and any later
 * one) starts with this prefix. Such indices hold credentials (encrypted) and other users'
 * requests, so `/svc` never reads or writes them and wildcards never expand to them; a new
 * system index must use this prefix to be covered (system_indices.test.ts checks each one).
 */
export const SYSTEM_INDEX_PREFIX = '.federation-';

/** The pattern that matches every system index, as OpenSearch reads index wildcards. */
export const SYSTEM_INDEX_PATTERN = `${SYSTEM_INDEX_PREFIX}*`;

/**
 * True when `name` (an exact index name, or the static part of a date-math name such as
 * `<.federation-{now/d}>`) is one of ours. Case-insensitive: a differently cased name is not
 * our index, but refusing it keeps the answer the same for every spelling.
 */
export function isSystemIndexName(name: string): boolean {
  const inner = /^<(.*)>$/s.exec(name.trim())?.[1] ?? name.trim();
  return inner.toLowerCase().startsWith(SYSTEM_INDEX_PREFIX);
}
