import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { GqlEditorSchema } from '../shared/code_editor/code_editor_props';
import type { GraphModelJson } from '../../services/api/graph_api';
import type { GetMappingResponse } from '../../services/api/indices_api';
import { useServices } from '../../services/services_context';
import { gqlSchemaFromModel, indexSetKey } from './gql_schema_from_model';
import { indexMappingsQuery } from './use_index_mappings';

export interface GqlSchemaState {
  schema: GqlEditorSchema;
  /** Entities whose mappings could not be read (their properties are not offered). */
  failures: Array<{ entity: string; error: unknown }>;
}

/**
 * GQL completion's schema for a model: labels and relations from the model, each entity's
 * properties from its indices' mappings (one cached request per index set). Pass a settled
 * (debounced) outline, so half-typed index names are not fetched.
 */
export function useGqlSchema(outline: GraphModelJson): GqlSchemaState {
  const { api } = useServices();
  const indexSets = useMemo(
    () => [...new Map(outline.entities.map((e) => [indexSetKey(e.indices), e.indices])).values()],
    [outline]
  );
  // react-query re-runs `combine` only when an answer changes or the outline does.
  const combine = useCallback(
    (results: UseQueryResult<GetMappingResponse>[]): GqlSchemaState => {
      const loaded = new Map<string, GetMappingResponse>();
      const failed = new Map<string, unknown>();
      indexSets.forEach((indices, i) => {
        const { data, error } = results[i] ?? {};
        if (data) loaded.set(indexSetKey(indices), data);
        else if (error) failed.set(indexSetKey(indices), error);
      });
      const failures = outline.entities.flatMap((entity) => {
        const error = failed.get(indexSetKey(entity.indices));
        return error === undefined ? [] : [{ entity: entity.label, error }];
      });
      return { schema: gqlSchemaFromModel(outline, loaded), failures };
    },
    [outline, indexSets]
  );
  return useQueries({
    queries: indexSets.map((indices) => indexMappingsQuery(api, indices)),
    combine,
  });
}
