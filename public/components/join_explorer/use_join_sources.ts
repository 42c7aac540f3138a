import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ResolveIndexResponse } from '../../services/api/indices_api';
import type { VirtualIndexSummary } from '../../services/api/virtual_indices_api';
import { useServices } from '../../services/services_context';
import { useVirtualIndices } from '../virtual_indices/use_virtual_indices';
import { fieldsOfMapping, type IndexField } from './mapping_fields';

/** The names a join can read, from `_resolve/index` and the virtual-index catalog. */
export interface JoinSources {
  /** OpenSearch indices, without the empty concrete indices that stand for virtual ones. */
  indices: string[];
  aliases: string[];
  dataStreams: string[];
  virtualIndices: VirtualIndexSummary[];
}

/**
 * Hidden and dot-prefixed names are system indices (the plugin's own catalog among them): they
 * are nobody's join. Each virtual index also has an empty concrete index of its name (docs/api/interface.md §5);
 * it is listed once, as virtual.
 */
export function joinSourcesOf(
  resolved: ResolveIndexResponse | undefined,
  virtualIndices: JoinSources['virtualIndices']
): JoinSources {
  const virtual = new Set(virtualIndices.map((v) => v.id));
  const visible = (name: string, attributes: string[] = []) =>
    !name.startsWith('.') && !attributes.includes('hidden');
  return {
    indices: (resolved?.indices ?? [])
      .filter((i) => visible(i.name, i.attributes) && !virtual.has(i.name) && !i.data_stream)
      .map((i) => i.name)
      .sort(),
    aliases: (resolved?.aliases ?? [])
      .filter((a) => visible(a.name))
      .map((a) => a.name)
      .sort(),
    dataStreams: (resolved?.data_streams ?? [])
      .filter((d) => visible(d.name))
      .map((d) => d.name)
      .sort(),
    virtualIndices: [...virtualIndices].sort((a, b) => a.id.localeCompare(b.id)),
  };
}

export function useJoinSources() {
  const { api } = useServices();
  const resolved = useQuery({
    queryKey: ['federation', 'join_explorer', 'resolveIndex', '*'],
    queryFn: ({ signal }) => api.indices.resolveIndex('*', { signal }),
  });
  // The Virtual indices screen's own query: saving one there refreshes this list too.
  const virtual = useVirtualIndices();
  const sources = useMemo(
    () => joinSourcesOf(resolved.data, virtual.data ?? []),
    [resolved.data, virtual.data]
  );
  return {
    sources,
    isLoading: resolved.isLoading || virtual.isLoading,
    indicesError: resolved.error,
    virtualError: virtual.error,
  };
}

/** The leaf fields of an index expression's mapping (virtual indices answer it too). */
export function useIndexFields(index: string | undefined) {
  const { api } = useServices();
  const query = useQuery({
    queryKey: ['federation', 'join_explorer', 'mapping', index],
    queryFn: ({ signal }) => api.indices.getMapping(index!, signal),
    enabled: index !== undefined && index !== '',
    select: fieldsOfMapping,
  });
  const fields: IndexField[] = query.data ?? EMPTY;
  return { fields, isLoading: query.isLoading && query.fetchStatus !== 'idle', error: query.error };
}

const EMPTY: IndexField[] = [];
