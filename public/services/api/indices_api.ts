import { SEARCH_BASE_PATH } from '../../../common/constants';
import type { HttpClient } from '../../types';

/** OpenSearch's `expand_wildcards` values. */
export type ExpandWildcards = 'open' | 'closed' | 'hidden' | 'none' | 'all';

/** OpenSearch's `_resolve/index` answer (the Federation system indices are left out of it). */
export interface ResolveIndexResponse {
  indices: Array<{
    name: string;
    aliases?: string[];
    /** e.g. `open`, `closed`, `hidden`, `frozen`. */
    attributes: string[];
    data_stream?: string;
  }>;
  aliases: Array<{ name: string; indices: string[] }>;
  data_streams: Array<{ name: string; backing_indices: string[]; timestamp_field: string }>;
}

/** One field of a mapping: a leaf has `type`; objects and nested fields have `properties`. */
export interface MappingProperty {
  type?: string;
  properties?: Record<string, MappingProperty>;
  /** Multi-fields, e.g. `name.keyword`. */
  fields?: Record<string, MappingProperty>;
  format?: string;
  [setting: string]: unknown;
}

/** `GET /svc/<index>/_mapping`: per concrete index (virtual indices answer from the catalog). */
export type GetMappingResponse = Record<
  string,
  { mappings: { properties?: Record<string, MappingProperty>; [setting: string]: unknown } }
>;

export interface FieldCapability {
  type: string;
  searchable: boolean;
  aggregatable: boolean;
  /** Present when the field has this type in only some of the indices. */
  indices?: string[];
  non_searchable_indices?: string[];
  non_aggregatable_indices?: string[];
}

/** `GET /svc/<index>/_field_caps?fields=...`: per field, per type. */
export interface FieldCapsResponse {
  indices: string[];
  fields: Record<string, Record<string, FieldCapability>>;
}

/** Typed calls for index pickers and field suggestions. */
export interface IndicesApi {
  /** Indices, aliases and data streams matching `pattern` (`*`, `logs-*`, `a,b`). */
  resolveIndex(
    pattern: string,
    options?: { expandWildcards?: ExpandWildcards[]; signal?: AbortSignal }
  ): Promise<ResolveIndexResponse>;
  getMapping(index: string, signal?: AbortSignal): Promise<GetMappingResponse>;
  /** Capabilities of `fields` (wildcards allowed; all fields when empty). */
  fieldCaps(index: string, fields?: string[], signal?: AbortSignal): Promise<FieldCapsResponse>;
}

/** An index expression as one path segment: commas and wildcards stay readable, as the server expects. */
const indexSegment = (index: string) =>
  encodeURIComponent(index).replace(/%2C/gi, ',').replace(/%2A/gi, '*');

export function createIndicesApi(http: HttpClient): IndicesApi {
  return {
    resolveIndex: (pattern, { expandWildcards, signal } = {}) =>
      http.get<ResolveIndexResponse>(
        `${SEARCH_BASE_PATH}/_resolve/index/${indexSegment(pattern)}`,
        {
          query: { expand_wildcards: expandWildcards?.join(',') },
          signal,
        }
      ),
    getMapping: (index, signal) =>
      http.get<GetMappingResponse>(`${SEARCH_BASE_PATH}/${indexSegment(index)}/_mapping`, {
        signal,
      }),
    fieldCaps: (index, fields = [], signal) =>
      http.get<FieldCapsResponse>(`${SEARCH_BASE_PATH}/${indexSegment(index)}/_field_caps`, {
        query: { fields: fields.length > 0 ? fields.join(',') : '*' },
        signal,
      }),
  };
}
