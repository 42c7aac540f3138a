/** Server state of the Datasources screen, through react-query over `useServices().api`. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DatasourceBody } from '../../../common/catalog_types';
import { useServices } from '../../services/services_context';

/** Every query about datasources starts with this key, so one invalidation refreshes them all. */
export const DATASOURCES_KEY = ['federation', 'datasources'] as const;

export function useDatasources() {
  const { api } = useServices();
  return useQuery({
    queryKey: DATASOURCES_KEY,
    queryFn: ({ signal }) => api.datasources.list(signal),
  });
}

export function useSaveDatasource() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DatasourceBody }) =>
      api.datasources.put(id, body),
    // Also drops the saved datasource's cached metadata: new settings may see other tables.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATASOURCES_KEY }),
  });
}

export function useDeleteDatasource() {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.datasources.delete(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DATASOURCES_KEY }),
  });
}

/** A test of the saved settings; changes nothing, so nothing is invalidated. */
export function useValidateDatasource() {
  const { api } = useServices();
  return useMutation({ mutationFn: (id: string) => api.datasources.validate(id) });
}
