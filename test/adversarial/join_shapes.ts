/**
 * Deep nested joins (to the nesting limit, every child on another backend than its parent, so
 * each level is a cross-index join with its own key read) and huge `terms` lists, seeded.
 */
import type { Prng } from '../differential/prng';
import type { AdversarialRequest } from './adversarial_request';
import type { AdversarialWorld } from './adversarial_fixture';
import { PEOPLE_ROWS } from './suite_tables';

/** maxQueryDepth's default: joins nested in joins, each one level. */
const MAX_QUERY_DEPTH = 20;
/** maxTermsCount's default (OpenSearch's index.max_terms_count). */
const MAX_TERMS_COUNT = 65_536;

function termsValues(rng: Prng, count: number): number[] {
  return Array.from({ length: count }, () => rng.int(1, PEOPLE_ROWS * 2));
}

function searchRequest(label: string, index: string, body: unknown): AdversarialRequest {
  return {
    shape: 'deep_joins',
    label,
    method: 'POST',
    path: `/svc/${index}/_search`,
    body: JSON.stringify(body),
  };
}

/** A chain of `depth` joins from `indices[0]` down, ending in a `terms` query of `terms` values. */
function joinChain(rng: Prng, indices: string[], depth: number, terms: number): unknown {
  let query: unknown = { terms: { id: termsValues(rng, terms) } };
  for (let level = depth; level >= 1; level--) {
    const on = rng.pick(['id', 'company_id']);
    query = { join: { indices: [indices[level]], on: [on, on], request: { query } } };
  }
  return query;
}

export function deepJoins(rng: Prng, world: AdversarialWorld, count: number): AdversarialRequest[] {
  const backends = [world.osPeople, world.virtualPeople.postgres, world.virtualPeople.mysql];
  const requests: AdversarialRequest[] = [];
  for (let n = 0; n < count; n++) {
    if (n % 2 === 1) {
      // A terms list at (or one past) the limit on its own, on a virtual index or OpenSearch.
      const index = rng.pick(backends);
      const terms = rng.chance(0.7) ? MAX_TERMS_COUNT : MAX_TERMS_COUNT + 1;
      requests.push(
        searchRequest(`terms of ${terms} values on ${index}`, index, {
          size: 10,
          track_total_hits: true,
          query: { terms: { id: termsValues(rng, terms) } },
        })
      );
      continue;
    }
    // Each level's index differs from the one above it.
    const indices = [rng.pick(backends)];
    while (indices.length <= MAX_QUERY_DEPTH) {
      indices.push(rng.pick(backends.filter((index) => index !== indices[indices.length - 1])));
    }
    const terms = rng.int(1_000, MAX_TERMS_COUNT);
    requests.push(
      searchRequest(
        `${MAX_QUERY_DEPTH} nested cross-index joins from ${indices[0]}, terms of ${terms}`,
        indices[0],
        {
          size: 10,
          track_total_hits: true,
          query: joinChain(rng, indices, MAX_QUERY_DEPTH, terms),
        }
      )
    );
  }
  return requests;
}
