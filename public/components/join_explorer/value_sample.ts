import type { SearchApi, SearchResponse } from '../../services/api/search_api';
import type { JoinPairCandidate } from './join_pair_names';

/** Parent values sampled per candidate field: enough to tell "meets" from "never meets". */
export const SAMPLE_VALUES = 20;

/** How a candidate's sampled parent values fared on the child side. */
export interface PairEvidence {
  /** Distinct parent values sampled (0: the parent has no value in this field). */
  sampled: number;
  /** How many of them some child document holds in its field. */
  met: number;
}

/** Evidence by candidate, keyed `parentField=childField`. */
export type SampleEvidence = Map<string, PairEvidence>;

export const pairKey = (pair: { parentField: string; childField: string }) =>
  `${pair.parentField}=${pair.childField}`;

type Key = string | number;

/** One search on the parent: a small terms aggregation per distinct candidate field. */
export function parentSampleBody(parentFields: readonly string[]): Record<string, unknown> {
  const aggs: Record<string, unknown> = {};
  parentFields.forEach((field, i) => {
    aggs[`p${i}`] = { terms: { field, size: SAMPLE_VALUES } };
  });
  return { size: 0, aggs };
}

interface TermsAnswer {
  buckets?: Array<{ key: Key; doc_count?: number }>;
}

function bucketKeys(answer: unknown): Key[] {
  const buckets = (answer as TermsAnswer | undefined)?.buckets ?? [];
  return buckets.map((b) => b.key).filter((k) => typeof k === 'string' || typeof k === 'number');
}

/** The sampled values of each parent field, from the answer to `parentSampleBody`. */
export function parentSampleValues(
  parentFields: readonly string[],
  response: SearchResponse
): Map<string, Key[]> {
  const aggregations = (response as { aggregations?: Record<string, unknown> }).aggregations ?? {};
  return new Map(parentFields.map((field, i) => [field, bucketKeys(aggregations[`p${i}`])]));
}

/**
 * One search on the child: per candidate, a `filters` bucket of the children holding one of the
 * sampled values, with a terms aggregation under it naming the values met. Both are among what
 * virtual indices answer (docs/api/interface.md §4.6: `filters`, and `terms` nested in a bucket), so a virtual
 * child is sampled the same way.
 */
export function childSampleBody(
  candidates: readonly JoinPairCandidate[],
  values: Map<string, Key[]>
): Record<string, unknown> {
  const aggs: Record<string, unknown> = {};
  candidates.forEach((pair, i) => {
    const sample = values.get(pair.parentField) ?? [];
    if (sample.length === 0) return;
    aggs[`c${i}`] = {
      filters: { filters: { met: { terms: { [pair.childField]: sample } } } },
      aggs: { values: { terms: { field: pair.childField, size: sample.length } } },
    };
  });
  return { size: 0, aggs };
}

/** What each candidate's sample showed, from the two answers. */
export function sampleEvidence(
  candidates: readonly JoinPairCandidate[],
  values: Map<string, Key[]>,
  childResponse: SearchResponse | undefined
): SampleEvidence {
  const aggregations =
    (childResponse as { aggregations?: Record<string, unknown> } | undefined)?.aggregations ?? {};
  const evidence: SampleEvidence = new Map();
  candidates.forEach((pair, i) => {
    const sampled = values.get(pair.parentField)?.length ?? 0;
    const met = (aggregations[`c${i}`] as { buckets?: { met?: { values?: unknown } } } | undefined)
      ?.buckets?.met?.values;
    evidence.set(pairKey(pair), { sampled, met: Math.min(sampled, bucketKeys(met).length) });
  });
  return evidence;
}

/**
 * Samples the candidates in two searches, whatever their number: parent values, then the
 * children that hold them. Cancelled through `signal` when the pickers change or the explorer
 * closes.
 */
export async function sampleJoinPairs(
  search: SearchApi['search'],
  parentIndex: string,
  childIndex: string,
  candidates: readonly JoinPairCandidate[],
  signal?: AbortSignal
): Promise<SampleEvidence> {
  const parentFields = [...new Set(candidates.map((c) => c.parentField))];
  const parentAnswer = await search(parentIndex, parentSampleBody(parentFields), undefined, signal);
  const values = parentSampleValues(parentFields, parentAnswer);
  const childBody = childSampleBody(candidates, values);
  const anyValues = Object.keys(childBody.aggs as object).length > 0;
  const childAnswer = anyValues
    ? await search(childIndex, childBody, undefined, signal)
    : undefined;
  return sampleEvidence(candidates, values, childAnswer);
}
