import { describe, expect, it } from 'vitest';
import type { Backend, BackendDocument, BackendFactory } from '../backends/backend';
import { GraphService, type GraphLimits } from './graph_service';

/** A backend over documents that pushes nothing down: enough for patterns without edges. */
function backend(index: string, count: number): Backend {
  const docs: BackendDocument[] = Array.from({ length: count }, (_, i) => ({
    _index: index,
    _id: String(i),
    _source: { n: i },
  }));
  return {
    kind: 'opensearch',
    indices: [index],
    fieldType: async () => 'long',
    fieldTypes: async (fields) => fields.map(() => 'long'),
    count: async () => docs.length,
    distinctKeys: async () => {
      throw new Error('no edges, no keys');
    },
    keyFilter: async () => ({ filter: { match_none: {} }, form: 'none' }),
    applyFilter: async () => ({ pushed: null, remaining: null }),
    documents: () =>
      (async function* () {
        yield* docs;
      })(),
  };
}

const backends = new Map([
  ['people', backend('people', 3)],
  ['robots', backend('robots', 2)],
]);
const factory: BackendFactory = { open: async (indices) => backends.get(indices[0])! };

const LIMITS: GraphLimits = {
  maxRows: 10_000,
  maxFrontierKeys: 1_000_000,
  maxDocuments: 100_000,
  maxHops: 5,
  timeoutMs: 600_000,
  maxQueryDepth: 20,
  maxPathSteps: 5_000_000,
  maxGroups: 100_000,
  maxAggregateValues: 1_000_000,
  maxResultWindow: 10_000,
  model: { maxEntities: 500, maxRelations: 2_000, maxBytes: 256 * 1024 },
};

const model = {
  label: 'g',
  entities: [
    { label: 'Person', indices: ['people'] },
    { label: 'Robot', indices: ['robots'] },
  ],
};

function run(query: string, detailed = false) {
  return new GraphService({ backends: factory, limits: LIMITS }).query({
    model,
    query,
    detailed,
    debug: false,
  });
}

describe('a query with label alternatives', () => {
  it('answers the rows of every branch, shaped together', async () => {
    const answer = await run('MATCH (x:Person|Robot) RETURN x._index, count(*) ORDER BY x._index');
    expect(answer.rows).toEqual([
      ['people', 3],
      ['robots', 2],
    ]);
    expect((await run('MATCH (x:Person|Robot) RETURN x.n ORDER BY x.n DESC LIMIT 2')).rows).toEqual(
      [[2], [1]]
    );
  });

  it("explains each branch's steps, ids going on, then one assemble step over all", async () => {
    const { plan } = await run('EXPLAIN MATCH (x:Person|Robot) RETURN x');
    expect(plan!.start).toBe('(x:Person)');
    expect(plan!.reason).toMatch(
      /^label alternatives: 2 branches, each planned alone; branch 1 starts at \(x:Person\): .*; branch 2 starts at \(x:Robot\): /
    );
    expect(plan!.steps).toEqual([
      { id: 1, kind: 'count', pattern: '(x:Person)', estimated_rows: 3, inputs: [] },
      { id: 2, kind: 'fetch', pattern: '(x:Person)', estimated_rows: 3, inputs: [1] },
      { id: 3, kind: 'count', pattern: '(x:Robot)', estimated_rows: 2, inputs: [] },
      { id: 4, kind: 'fetch', pattern: '(x:Robot)', estimated_rows: 2, inputs: [3] },
      {
        id: 5,
        kind: 'assemble',
        pattern: '(x:Person) UNION (x:Robot)',
        estimated_rows: 5,
        inputs: [2, 4],
      },
    ]);
  });

  it('reports the same steps when run, with their rows', async () => {
    const answer = await run('MATCH (x:Person|Robot) RETURN x.n', true);
    expect(answer.query_plan_execution.steps!.map((s) => [s.pattern, s.rows])).toEqual([
      ['(x:Person)', 3],
      ['(x:Person)', 3],
      ['(x:Robot)', 2],
      ['(x:Robot)', 2],
      ['(x:Person) UNION (x:Robot)', 5],
    ]);
  });
});
