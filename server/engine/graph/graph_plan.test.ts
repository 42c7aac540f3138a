import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import { parseGraphModel } from './graph_model';
import { socialModel } from '../../../test/support/graph_models';
import type { BoundQuery } from './bound_query';
import { nodeKeyFields, planCounts, planGraph, type GraphPlan, type PlanStep } from './graph_plan';
import { bindQuery } from './query_binding';

const MODEL = parseGraphModel(
  socialModel(['Person', 'Forum', 'Post'], ['hasMember', 'KNOWS', 'LIKES'])
);

function bind(match: string): BoundQuery {
  const result = parseGql(`SELECT COUNT(*) FROM "social" MATCH ${match}`);
  expect(result.errors).toEqual([]);
  return bindQuery(result.statement!, MODEL, { maxHops: 3 });
}

/**
 * Plans as the service does: count steps for the counted nodes (a null count: not counted),
 * then the rest from what they found.
 */
function planFromCounts(
  query: BoundQuery,
  counts: ReadonlyArray<number | null>,
  keyFields?: ReadonlyArray<ReadonlySet<string>>
): GraphPlan {
  const steps = planCounts(
    query,
    counts.map((count) => count !== null)
  );
  return planGraph(
    query,
    steps.map((step) => ({ step, rows: counts[step.node]! })),
    keyFields
  );
}

/** Steps as compact tuples, so a whole plan reads in one assertion. */
function outline(plan: GraphPlan): string[] {
  return plan.steps.map((step: PlanStep) => {
    const where =
      step.kind === 'reduce'
        ? ` ${step.from}>${step.to} e${step.edge}`
        : step.kind === 'expand'
          ? ` e${step.edge}`
          : 'node' in step
            ? ` n${step.node}`
            : '';
    return `${step.id} ${step.kind}${where} [${step.inputs.join(',')}]`;
  });
}

describe('planGraph', () => {
  it('plans one node: count, fetch, assemble', () => {
    const query = bind('(p:Person)');
    const plan = planFromCounts(query, [7]);
    expect(plan.steps).toEqual([
      { id: 1, kind: 'count', node: 0, pattern: '(p:Person)', estimatedRows: 7, inputs: [] },
      { id: 2, kind: 'fetch', node: 0, pattern: '(p:Person)', estimatedRows: 7, inputs: [1] },
      { id: 3, kind: 'assemble', pattern: '(p:Person)', estimatedRows: 7, inputs: [2] },
    ]);
    expect(plan.order).toEqual([0]);
    expect(plan.start).toEqual({ node: 0, reason: 'the only node' });
  });

  it('starts from the node with the fewest documents and explains why', () => {
    const query = bind('(a:Person)-[:KNOWS]->(b:Person)-[:LIKES]->(c:Post)');
    const plan = planFromCounts(query, [100, 50, 10]);
    expect(plan.start).toEqual({
      node: 2,
      reason: 'fewest matching documents (10) of (a:Person): 100, (b:Person): 50, (c:Post): 10',
    });
    expect(plan.order).toEqual([2, 1, 0]);
    expect([...plan.joinEdge]).toEqual([
      [1, 1],
      [0, 0],
    ]);
  });

  it('breaks count ties by node order', () => {
    const plan = planFromCounts(bind('(a:Person)-[:KNOWS]->(b:Person)'), [5, 5]);
    expect(plan.start.node).toBe(0);
    expect(plan.order).toEqual([0, 1]);
  });

  it('reduces forward along the walk, then backward, then fetches and assembles', () => {
    const query = bind('(a:Person)-[:KNOWS]->(b:Person)-[:LIKES]->(c:Post)');
    const plan = planFromCounts(query, [100, 50, 10]);
    expect(outline(plan)).toEqual([
      '1 count n0 []',
      '2 count n1 []',
      '3 count n2 []',
      // Forward from c: c narrows b, then b narrows a.
      '4 reduce 2>1 e1 [3,2]',
      '5 reduce 1>0 e0 [4,1]',
      // Backward: a narrows b, then b narrows c, each from its latest step.
      '6 reduce 0>1 e0 [5,4]',
      '7 reduce 1>2 e1 [6,3]',
      '8 fetch n2 [7]',
      '9 fetch n1 [6]',
      '10 fetch n0 [5]',
      '11 assemble [8,9,10]',
    ]);
    const patterns = plan.steps.map((s) => s.pattern);
    expect(patterns.slice(3, 7)).toEqual([
      '(b:Person)-[$2:LIKES]->(c:Post)',
      '(a:Person)-[$1:KNOWS]->(b:Person)',
      '(a:Person)-[$1:KNOWS]->(b:Person)',
      '(b:Person)-[$2:LIKES]->(c:Post)',
    ]);
    expect(plan.steps.at(-1)!.pattern).toBe(
      '(a:Person)-[$1:KNOWS]->(b:Person)-[$2:LIKES]->(c:Post)'
    );
  });

  it('walks breadth-first, nearest neighbours by fewest documents first', () => {
    // A chain a - b - c - d starting at b: breadth-first visits a and c before d.
    const query = bind('(a:Person)-[:KNOWS]->(b:Person)-[:KNOWS]->(c:Person)-[:KNOWS]->(d:Person)');
    expect(planFromCounts(query, [50, 1, 20, 5]).order).toEqual([1, 2, 0, 3]);
    expect(planFromCounts(query, [10, 1, 20, 5]).order).toEqual([1, 0, 2, 3]);
  });

  it('narrows each end of an edge that closes a cycle once, between the two passes', () => {
    const query = bind('(a:Person)-[:KNOWS]->(b:Person)-[:KNOWS]->(c:Person)-[:KNOWS]->(a)');
    const plan = planFromCounts(query, [5, 10, 20]);
    expect(plan.order).toEqual([0, 1, 2]);
    expect([...plan.joinEdge]).toEqual([
      [1, 0],
      [2, 2],
    ]);
    expect(outline(plan)).toEqual([
      '1 count n0 []',
      '2 count n1 []',
      '3 count n2 []',
      '4 reduce 0>1 e0 [1,2]',
      '5 reduce 0>2 e2 [1,3]',
      // Edge 1 (b-c) closes the cycle.
      '6 reduce 1>2 e1 [4,5]',
      '7 reduce 2>1 e1 [6,4]',
      '8 reduce 2>0 e2 [6,1]',
      '9 reduce 1>0 e0 [7,8]',
      '10 fetch n0 [9]',
      '11 fetch n1 [7]',
      '12 fetch n2 [6]',
      '13 assemble [10,11,12]',
    ]);
  });

  it('does not reduce along an edge from a node to itself', () => {
    const plan = planFromCounts(bind('(a:Person)-[:KNOWS]->(a)'), [3]);
    expect(outline(plan)).toEqual(['1 count n0 []', '2 fetch n0 [1]', '3 assemble [2]']);
    expect(plan.steps.at(-1)!.pattern).toBe('(a:Person)-[$1:KNOWS]->(a:Person)');
  });

  it('plans disconnected components one after the other, smallest first', () => {
    const query = bind('(p:Person), (f:Forum)-[:hasMember]->(m:Person)');
    const plan = planFromCounts(query, [10, 3, 40]);
    expect(plan.order).toEqual([1, 2, 0]);
    expect([...plan.joinEdge]).toEqual([[2, 0]]);
    expect(outline(plan)).toEqual([
      '1 count n0 []',
      '2 count n1 []',
      '3 count n2 []',
      '4 reduce 1>2 e0 [2,3]',
      '5 reduce 2>1 e0 [4,2]',
      '6 fetch n1 [5]',
      '7 fetch n2 [4]',
      '8 fetch n0 [1]',
      '9 assemble [6,7,8]',
    ]);
    // The whole MATCH, path by path as written.
    expect(plan.steps.at(-1)!.pattern).toBe('(p:Person), (f:Forum)-[$1:hasMember]->(m:Person)');
  });

  it('estimates from the counts: a reduce expects about one key per document it starts from', () => {
    const query = bind('(f:Forum)-[:hasMember]->(p:Person)');
    const plan = planFromCounts(query, [2, 1000]);
    const byId = new Map(plan.steps.map((s) => [s.id, s.estimatedRows]));
    expect(byId.get(1)).toBe(2);
    expect(byId.get(2)).toBe(1000);
    // The two forums' member keys cross; they reach at most 1000 people (the fetch's estimate).
    expect(byId.get(3)).toBe(2);
    expect(plan.steps.find((s) => s.kind === 'fetch' && s.node === 1)?.estimatedRows).toBe(1000);
    expect(plan.steps.at(-1)).toMatchObject({ kind: 'assemble', estimatedRows: 1000 });
    for (const step of plan.steps) expect(step.estimatedRows).toBeLessThanOrEqual(1000);
  });

  it("gives each step its own estimate, and none where it cannot be known (not a neighbour's)", () => {
    // The demo's shape: articles and investments point at companies by company_id.
    const demo = parseGraphModel({
      label: 'investments',
      entities: [
        { label: 'Company', indices: ['companies'], id: 'id' },
        { label: 'Article', indices: ['articles'], id: 'id' },
        { label: 'Investment', indices: ['investments'], id: 'id' },
      ],
      relations: [
        {
          label: 'MENTIONS',
          from: { entity: 'Article', field: 'company_id' },
          to: { entity: 'Company' },
        },
        {
          label: 'FUNDS',
          from: { entity: 'Investment', field: 'company_id' },
          to: { entity: 'Company' },
        },
      ],
    });
    const parsed = parseGql(
      'SELECT a, c, i FROM "investments" MATCH (a:Article)-[:MENTIONS]->(c:Company)<-[:FUNDS]-(i:Investment)'
    );
    const query = bindQuery(parsed.statement!, demo, { maxHops: 3 });
    expect(nodeKeyFields(query, demo)).toEqual([
      new Set(['_id', 'id']),
      new Set(['_id', 'id']),
      new Set(['_id', 'id']),
    ]);
    // Only the articles had a condition, so only they were counted (27).
    const plan = planFromCounts(query, [27, null, null], nodeKeyFields(query, demo));
    expect(
      plan.steps.map((s) => `${outline({ ...plan, steps: [s] })[0]} ~${s.estimatedRows}`)
    ).toEqual([
      '1 count n0 [] ~27',
      // 27 articles name at most 27 companies, each found by its id: at most 27 companies.
      '2 reduce 0>1 e0 [1] ~27',
      // Those companies' ids cross; how many investments each has, no count tells.
      '3 reduce 1>2 e1 [2] ~27',
      '4 reduce 2>1 e1 [3,2] ~Infinity',
      '5 reduce 1>0 e0 [4,1] ~27',
      '6 fetch n0 [5] ~27',
      '7 fetch n1 [4] ~27',
      '8 fetch n2 [3] ~Infinity',
      '9 assemble [6,7,8] ~Infinity',
    ]);
    // With the investments counted too, their own count bounds them.
    const counted = planFromCounts(query, [27, null, 81], nodeKeyFields(query, demo));
    expect(counted.steps.find((s) => s.kind === 'fetch' && s.node === 2)?.estimatedRows).toBe(81);
  });

  it('does not narrow estimates along a quantified edge', () => {
    const query = bind('(a:Person WHERE "x")-[:KNOWS]->{1,3}(b:Person)');
    const plan = planFromCounts(query, [1, 100]);
    const reduces = plan.steps.filter((s) => s.kind === 'reduce');
    expect(reduces.map((s) => s.pattern)).toEqual([
      '(a:Person)-[$1:KNOWS]->{1,3}(b:Person)',
      '(a:Person)-[$1:KNOWS]->{1,3}(b:Person)',
    ]);
    // Keys crossing: one per document of the side each reduce starts from; the quantified edge
    // leaves b's estimate at its count (100), so the way back carries about 100 keys.
    expect(reduces.map((s) => s.estimatedRows)).toEqual([1, 100]);
  });

  it('reads the paths of each quantified edge in an expand step, after every fetch, before assembly', () => {
    const query = bind(
      '(a:Person WHERE "x")-[:KNOWS]->{1,3}(b:Person)-[:LIKES]->(c:Post), (b)-[:KNOWS]-{2,2}(d:Person)'
    );
    const plan = planFromCounts(query, [1, null, null, null]);
    expect(outline(plan).slice(-7)).toEqual([
      '8 fetch n0 [7]',
      '9 fetch n1 [6]',
      '10 fetch n2 [3]',
      '11 fetch n3 [4]',
      '12 expand e0 [8,9,10,11]',
      '13 expand e2 [8,9,10,11]',
      '14 assemble [8,9,10,11,12,13]',
    ]);
    const expands = plan.steps.filter((s) => s.kind === 'expand');
    expect(expands.map((s) => s.pattern)).toEqual([
      '(a:Person)-[$1:KNOWS]->{1,3}(b:Person)',
      '(b:Person)-[$3:KNOWS]-{2,2}(d:Person)',
    ]);
    // How many documents a path passes through, nothing tells before they are read.
    for (const step of expands) expect(step.estimatedRows).toBe(Infinity);
  });

  it('counts the nodes with conditions, or every node when none has any', () => {
    const query = bind('(a:Person)-[:KNOWS]->(b:Person)-[:LIKES]->(c:Post)');
    expect(planCounts(query, [false, true, false]).map((s) => s.node)).toEqual([1]);
    expect(planCounts(query, [false, false, false]).map((s) => s.node)).toEqual([0, 1, 2]);
  });

  it('allocates the count steps first, in node order, and the rest after them', () => {
    const query = bind('(a:Person)-[:KNOWS]->(b:Person WHERE "x")-[:LIKES]->(c:Post WHERE "y")');
    const counts = planCounts(query, [false, true, true]);
    // Nothing is known of a count before it runs.
    expect(counts).toEqual([
      { id: 1, kind: 'count', node: 1, pattern: '(b:Person)', estimatedRows: Infinity, inputs: [] },
      { id: 2, kind: 'count', node: 2, pattern: '(c:Post)', estimatedRows: Infinity, inputs: [] },
    ]);
    const plan = planGraph(query, [
      { step: counts[0], rows: 30 },
      { step: counts[1], rows: 5 },
    ]);
    expect(plan.steps.slice(0, 2)).toEqual([
      { ...counts[0], estimatedRows: 30 },
      { ...counts[1], estimatedRows: 5 },
    ]);
    expect(plan.start.node).toBe(2);
    expect(plan.steps.map((s) => s.id)).toEqual(plan.steps.map((_, i) => i + 1));
  });

  it('gives steps ids 1..n in order, each input an earlier step', () => {
    const query = bind(
      '(a:Person)-[:KNOWS]->(b:Person)-[:KNOWS]->(c:Person)-[:KNOWS]->(a), (c)-[:LIKES]->(x:Post), (f:Forum)'
    );
    const plan = planFromCounts(query, [4, 8, 2, 16, 1]);
    plan.steps.forEach((step, i) => {
      expect(step.id).toBe(i + 1);
      for (const input of step.inputs) expect(input).toBeLessThan(step.id);
    });
    expect(plan.steps.filter((s) => s.kind === 'fetch').map((s) => s.node)).toEqual(plan.order);
    expect(plan.order).toHaveLength(5);
  });
});

describe('planGraph: shortest paths', () => {
  const bindShortest = (pattern: string) => {
    const result = parseGql(`SELECT COUNT(*) FROM "social" MATCH ${pattern}`);
    expect(result.errors).toEqual([]);
    return bindQuery(result.statement!, MODEL, { maxHops: 3 });
  };

  it('narrows no end along the shortest edge: its own step searches between the fetched ends', () => {
    const query = bindShortest('p = ANY SHORTEST (a:Person)-[:KNOWS]->{1,3}(b:Person)');
    // Nothing is counted: the counts would choose nothing for a shortest step.
    expect(planCounts(query, [true, true])).toEqual([]);
    const plan = planFromCounts(query, [2, 5]);
    expect(outline(plan)).toEqual([
      '1 fetch n0 []',
      '2 fetch n1 []',
      '3 shortest [1,2]',
      '4 assemble [1,2,3]',
    ]);
    expect(plan.start).toEqual({
      node: 0,
      reason:
        'the first node of the pattern: shortest paths alone are not counted (their step searches from both ends)',
    });
    const shortest = plan.steps.find((s) => s.kind === 'shortest')!;
    expect(shortest).toMatchObject({
      edge: 0,
      pattern: 'ANY SHORTEST (a:Person)-[$1:KNOWS]->{1,3}(b:Person)',
    });
  });

  it('still narrows along the other edges of the pattern', () => {
    const query = bindShortest(
      'p = ALL SHORTEST (a:Person)-[:KNOWS]->{1,3}(b:Person), (b)-[:LIKES]->(m:Post)'
    );
    const kinds = planFromCounts(query, [1, null, 4]).steps.map((s) => s.kind);
    // Another edge is narrowed by the counts' choice: they are planned.
    expect(kinds.filter((k) => k === 'count')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'reduce')).toHaveLength(2);
    expect(kinds).toContain('shortest');
    expect(kinds).not.toContain('expand');
  });
});
