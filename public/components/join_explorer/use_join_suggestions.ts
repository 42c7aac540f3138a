import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useServices } from '../../services/services_context';
import { joinPairCandidates } from './join_pair_names';
import type { IndexField } from './mapping_fields';
import { rankJoinPairs, type JoinPairSuggestion } from './rank_join_pairs';
import { sampleJoinPairs } from './value_sample';

/** Pairs sampled at most: the sample is two searches whatever this is, each aggregation small. */
export const MAX_SAMPLED_PAIRS = 6;

/**
 * Join suggestions for the chosen parent and child: candidates from the mappings (names and
 * types), ranked by name at once and by values that meet once a small sample answers. The sample
 * is a react-query query whose signal reaches both searches, so changing a picker or leaving
 * the tab cancels it; a failed sample leaves the ranking by name.
 */
export function useJoinSuggestions({
  parentIndex,
  childIndex,
  parentFields,
  childFields,
}: {
  parentIndex: string;
  childIndex: string;
  parentFields: readonly IndexField[];
  childFields: readonly IndexField[];
}): { suggestions: JoinPairSuggestion[]; sampling: boolean } {
  const { api } = useServices();
  const candidates = useMemo(
    () => joinPairCandidates(parentIndex, childIndex, parentFields, childFields, MAX_SAMPLED_PAIRS),
    [parentIndex, childIndex, parentFields, childFields]
  );
  const sample = useQuery({
    queryKey: [
      'federation',
      'join_explorer',
      'joinSample',
      parentIndex,
      childIndex,
      candidates.map((c) => [c.parentField, c.childField]),
    ],
    queryFn: ({ signal }) =>
      sampleJoinPairs(api.search.search, parentIndex, childIndex, candidates, signal),
    enabled: parentIndex !== '' && childIndex !== '' && candidates.length > 0,
    // Data changes slowly against a user choosing fields: one sample per pair of indices.
    staleTime: 60_000,
    retry: false,
  });
  const suggestions = useMemo(
    () => rankJoinPairs(candidates, sample.data),
    [candidates, sample.data]
  );
  return { suggestions, sampling: sample.isFetching };
}
