import { queryOptions } from '@tanstack/react-query';
import type { FederationApi } from '../../services/api';
import { errorDetails } from '../../services/error_reason';
import { indexSetKey } from './gql_schema_from_model';

/** Mappings change rarely while one edits a query: read them once per index set. */
const MAPPINGS_STALE_MS = 5 * 60_000;

/**
 * The react-query options of one index set's mappings (`GET /svc/<a,b>/_mapping`), keyed by the
 * sorted set so the schema and the demo check share one request. A 4xx (no such index) is an
 * answer, not a hiccup: it is not retried.
 */
export function indexMappingsQuery(api: FederationApi, indices: readonly string[]) {
  const key = indexSetKey(indices);
  return queryOptions({
    queryKey: ['federation', 'graph', 'mappings', key],
    queryFn: ({ signal }) => api.indices.getMapping(key, signal),
    staleTime: MAPPINGS_STALE_MS,
    retry: (failures, error) => failures < 2 && (errorDetails(error).status ?? 500) >= 500,
  });
}
