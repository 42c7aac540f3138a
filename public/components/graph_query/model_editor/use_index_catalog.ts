/** Server state of the model form: index names to offer, and the fields of chosen indices. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../../services/services_context';
import {
  indexOptions,
  mappingFields,
  mergeFields,
  type IndexField,
  type Option,
} from './index_catalog';

const KEY = ['federation', 'graphQuery', 'modelEditor'] as const;

export interface IndexOptionsState {
  options: Option[];
  isLoading: boolean;
  /** The failed lists, each with the error the server gave. */
  errors: Array<{ list: 'indices' | 'virtualIndices'; error: unknown }>;
}

/** Every index, alias, data stream and virtual index, grouped, for the indices combo box. */
export function useIndexOptions(): IndexOptionsState {
  const { api } = useServices();
  const resolved = useQuery({
    queryKey: [...KEY, 'resolveIndex', '*'],
    queryFn: ({ signal }) => api.indices.resolveIndex('*', { signal }),
  });
  const virtual = useQuery({
    queryKey: [...KEY, 'virtualIndices'],
    queryFn: ({ signal }) => api.virtualIndices.list(signal),
  });
  const options = useMemo(
    () =>
      indexOptions(
        resolved.data,
        (virtual.data ?? []).map((index) => index.id)
      ),
    [resolved.data, virtual.data]
  );
  const errors: IndexOptionsState['errors'] = [];
  if (resolved.error) errors.push({ list: 'indices', error: resolved.error });
  if (virtual.error) errors.push({ list: 'virtualIndices', error: virtual.error });
  return { options, isLoading: resolved.isLoading || virtual.isLoading, errors };
}

export interface IndexFieldsState {
  fields: IndexField[];
  isLoading: boolean;
  errors: Array<{ index: string; error: unknown }>;
}

/**
 * The fields of the given indices, each index read on its own: one request naming a virtual and
 * a normal index together is refused by the server, and one index per cache entry lets rows that
 * share an index share its mapping.
 */
export function useIndexFields(indices: readonly string[]): IndexFieldsState {
  const { api } = useServices();
  const names = useMemo(() => [...new Set(indices.filter((name) => name !== ''))], [indices]);
  const results = useQueries({
    queries: names.map((index) => ({
      queryKey: [...KEY, 'mapping', index],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.indices.getMapping(index, signal),
      select: mappingFields,
    })),
  });
  // Cheap (a few hundred names at most), so merged on every render rather than memoised.
  const fields = mergeFields(
    results.flatMap((result) => (result.data === undefined ? [] : [result.data]))
  );
  return {
    fields,
    isLoading: results.some((result) => result.isLoading),
    errors: results.flatMap((result, i) =>
      result.error ? [{ index: names[i], error: result.error }] : []
    ),
  };
}
