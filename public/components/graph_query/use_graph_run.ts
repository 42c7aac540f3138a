import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { GraphResponse, GraphRunRequest } from '../../services/api/graph_api';
import { useServices } from '../../services/services_context';

export interface GraphRunVariables {
  mode: 'run' | 'explain';
  request: GraphRunRequest;
  detailed: boolean;
  /** A neighbour expansion from the picture's node of this key: its answer joins the picture. */
  expansion?: { from: string };
}

/** Raised instead of the HTTP client's error when the user pressed Cancel. */
export class GraphRunCancelled extends Error {
  override readonly name = 'GraphRunCancelled';
  constructor() {
    super('cancelled');
  }
}

/**
 * Runs (or explains) a graph query as a mutation. Each run gets its own AbortController: Cancel,
 * a new run, or leaving the screen aborts the request in flight. The variables of the last run
 * stay with the result, so the views read the query that produced it, not the editor's text.
 */
export function useGraphRun() {
  const { api } = useServices();
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation<GraphResponse, unknown, GraphRunVariables>({
    mutationFn: async ({ mode, request, detailed }) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      try {
        const call = mode === 'explain' ? api.graph.explain : api.graph.run;
        return await call(request, { detailed, signal: own.signal });
      } catch (error) {
        throw own.signal.aborted ? new GraphRunCancelled() : error;
      } finally {
        if (controller.current === own) controller.current = null;
      }
    },
  });

  const cancel = useCallback(() => controller.current?.abort(), []);
  useEffect(() => () => controller.current?.abort(), []);

  return { ...mutation, cancel };
}
