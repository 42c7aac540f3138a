import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import type { Backend, DocumentOptions } from '../backends/backend';
import { socialModel } from '../../../test/support/graph_models';
import type { GraphLimits } from './graph_limits';
import { parseGraphModel } from './graph_model';
import { bindQuery } from './query_binding';
import { ReductionState } from './reduction';

const MODEL = parseGraphModel(socialModel(['Person'], ['KNOWS']));

const LIMITS = { maxDocuments: 100_000, maxFrontierKeys: 1_000_000 } as GraphLimits;

/** A backend that matches nothing and records the options of each document read. */
function recording() {
  const reads: DocumentOptions[] = [];
  const backend = {
    documents: (_query: unknown, options: DocumentOptions) => {
      reads.push(options);
      return (async function* () {})();
    },
  } as unknown as Backend;
  return { backend, reads };
}

describe('ReductionState.fetch: the hint of how many documents a read finds', () => {
  it('expects few for an end of a shortest path that nothing counted, none for another node', async () => {
    const parsed = parseGql(
      'MATCH p = ANY SHORTEST (a:Person)-[:KNOWS]->{1,3}(b:Person), (c:Person) RETURN a, c'
    );
    expect(parsed.errors).toEqual([]);
    const query = bindQuery(parsed.statement!, MODEL, { maxHops: 3 });
    const { backend, reads } = recording();
    const state = new ReductionState(query, [backend, backend, backend], LIMITS, new Map());
    await state.fetch(0, {});
    await state.fetch(2, {});
    // One plain read for the end (a wrong hint only costs a second read); the lone node,
    // which may match any number of documents, is read without one.
    expect(reads.map((r) => r.expectedDocuments)).toEqual([1, undefined]);
  });
});
