import { NAME_SCORES, type JoinPairCandidate } from './join_pair_names';
import { pairKey, type PairEvidence, type SampleEvidence } from './value_sample';

/** A pair offered to the user, with what its sample showed when it has been sampled. */
export interface JoinPairSuggestion {
  parentField: string;
  childField: string;
  evidence?: PairEvidence;
}

export const MAX_SUGGESTIONS = 4;

/**
 * Values that meet outweigh a name: a pair whose sampled values meet gains up to 5 (2 for meeting
 * at all, 3 by the share met), so `company_id = id` (a reference by name, every value met) comes
 * before `id = id` (same name, ids that happen to overlap). A named pair none of whose values
 * meet goes last; a pair that only types and id-like names proposed is dropped unless it meets.
 */
function score(candidate: JoinPairCandidate, evidence: PairEvidence | undefined): number | null {
  const named = candidate.nameScore > NAME_SCORES.typesOnly;
  if (evidence === undefined || evidence.sampled === 0) {
    return named ? candidate.nameScore : null;
  }
  if (evidence.met === 0) return named ? candidate.nameScore - 10 : null;
  return candidate.nameScore + 2 + (3 * evidence.met) / evidence.sampled;
}

/** The suggestions, most likely first: by name until the sample answers, then by both. */
export function rankJoinPairs(
  candidates: readonly JoinPairCandidate[],
  evidence: SampleEvidence | undefined,
  limit = MAX_SUGGESTIONS
): JoinPairSuggestion[] {
  const ranked: Array<JoinPairSuggestion & { score: number }> = [];
  for (const candidate of candidates) {
    const pairEvidence = evidence?.get(pairKey(candidate));
    const value = score(candidate, pairEvidence);
    if (value === null) continue;
    ranked.push({
      parentField: candidate.parentField,
      childField: candidate.childField,
      ...(pairEvidence ? { evidence: pairEvidence } : {}),
      score: value,
    });
  }
  // Stable: equal scores keep the candidates' order (by name, then alphabetical).
  return ranked
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ score: _score, ...suggestion }) => suggestion);
}
