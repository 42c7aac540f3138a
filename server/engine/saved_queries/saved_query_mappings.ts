import { SAVED_QUERY_LIMITS } from '../../../common/saved_query_types';

/**
 * The fields of a saved query, mapped alike in the hidden index and in OSD's saved-object type.
 * The query text and the model are kept, not searched: only title and description are.
 */
const BODY_PROPERTIES = {
  title: {
    type: 'text',
    // Sorting ties and exact lookups; titles are never longer than the route allows.
    fields: { keyword: { type: 'keyword', ignore_above: SAVED_QUERY_LIMITS.titleMaxLength } },
  },
  description: { type: 'text' },
  query: { type: 'text', index: false },
  model: { type: 'object', enabled: false },
};

/** The hidden index's mapping (`dynamic: strict`); `updated_at` is ours there. */
export const SAVED_QUERY_INDEX_PROPERTIES = {
  ...BODY_PROPERTIES,
  updated_at: { type: 'date' },
};

/**
 * OSD's saved-object type mapping; OSD keeps `updated_at` on every saved object itself, and its
 * index is strict, so only these attributes are ever sent.
 */
export const SAVED_QUERY_OBJECT_MAPPINGS = { properties: BODY_PROPERTIES };
