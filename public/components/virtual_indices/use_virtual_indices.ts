/** Server state of the Virtual indices screen, through react-query over `useServices().api`. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VirtualIndexBody } from '../../../common/catalog_types';
import type { ResourceRef } from '../../services/api/datasources_api';
import { useServices } from '../../services/services_context';
import { DATASOURCES_KEY } from '../datasources/use_datasources';

export const VIRTUAL_INDICES_KEY = ['federation', 'virtual_indices'] as const;

export function useVirtualIndices() {
  const { api } = useServices();
  return useQuery({
    queryKey: VIRTUAL_INDICES_KEY,
    queryFn: ({ signal }) => api.virtualIndices.list(signal),
  });
}

export function useSaveVirtualIndex() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VirtualIndexBody }) =>
      api.virtualIndices.put(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIRTUAL_INDICES_KEY }),
  });
}

export function useDeleteVirtualIndex() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.virtualIndices.delete(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: VIRTUAL_INDICES_KEY }),
  });
}

/**
 * Catalogs, schemas and resources a datasource's connection sees. Kept under the datasources
 * key, so saving a datasource (new settings may see other tables) refreshes it.
 */
export function useDatasourceMetadata(datasource: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...DATASOURCES_KEY, datasource, 'metadata'],
    queryFn: ({ signal }) => api.datasources.metadata(datasource as string, signal),
    enabled: datasource !== null,
    // Connecting to a remote database is slow; the tables change rarely while a flyout is open.
    staleTime: 60_000,
  });
}

/** The columns of one resource with the index field types the server maps them to. */
export function useResourceColumns(datasource: string | null, resource: ResourceRef | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...DATASOURCES_KEY, datasource, 'columns', resource],
    queryFn: ({ signal }) =>
      api.datasources.describe(datasource as string, resource as ResourceRef, signal),
    enabled: datasource !== null && resource !== null,
    staleTime: 60_000,
  });
}
