import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../services/services_context';
import { BLANK_DRAFT, DEMO_DRAFT, DEMO_MODEL, type GraphDraft } from './demo_starter';

export interface StarterDraft {
  /** Undefined while it is not known yet whether the demo graph is in the cluster. */
  draft: GraphDraft | undefined;
  demo: boolean;
}

/** The demo model's indices (a virtual index keeps a concrete index of its name, so it is listed). */
const DEMO_INDICES = [...new Set(DEMO_MODEL.entities.flatMap((entity) => entity.indices))];

/**
 * What a new query starts from: the demo query and model when every index of the demo model
 * exists, else a blank model. Asked with wildcards (`_resolve/index/demo-companies*,...`), which
 * answer an empty list rather than a 404: a cluster without the demo is normal, not an error.
 */
export function useStarterDraft(): StarterDraft {
  const { api } = useServices();
  const probe = useQuery({
    queryKey: ['federation', 'graph', 'demo-indices'],
    queryFn: ({ signal }) =>
      api.indices.resolveIndex(DEMO_INDICES.map((index) => `${index}*`).join(','), { signal }),
    staleTime: Infinity,
    retry: false,
  });
  if (probe.isPending) return { draft: undefined, demo: false };
  const names = new Set(probe.data?.indices.map((index) => index.name) ?? []);
  const demo = DEMO_INDICES.every((index) => names.has(index));
  return { draft: demo ? DEMO_DRAFT : BLANK_DRAFT, demo };
}
