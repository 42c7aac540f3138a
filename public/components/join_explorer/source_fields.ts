import type { SearchHit } from '../../services/api/search_api';

/** Field columns shown at most; every field stays in the row's JSON. */
export const MAX_FIELD_COLUMNS = 8;

/**
 * The top-level `_source` fields of a page, in the order they first appear, as Discover picks
 * its columns: what the documents hold, not the whole mapping (a pattern's mapping can list
 * hundreds of fields no hit on the page has).
 */
export function topLevelSourceFields(
  hits: readonly SearchHit[],
  max = MAX_FIELD_COLUMNS
): { fields: string[]; more: number } {
  const seen = new Set<string>();
  for (const hit of hits) {
    for (const name of Object.keys(hit._source ?? {})) seen.add(name);
  }
  const all = [...seen];
  return { fields: all.slice(0, max), more: Math.max(0, all.length - max) };
}
