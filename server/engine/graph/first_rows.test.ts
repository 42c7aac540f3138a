import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import { socialModel } from '../../../test/support/graph_models';
import type { BoundQuery } from './bound_query';
import { firstRowsWanted } from './first_rows';
import { parseGraphModel } from './graph_model';
import { nodeKeyFields, planCounts, planGraph, type PlanStep } from './graph_plan';
import { bindQuery } from './query_binding';

const MODEL = parseGraphModel(
  socialModel(['Person', 'Forum', 'Post'], ['hasMember', 'KNOWS', 'LIKES'])
);

function bind(text: string): BoundQuery {
  const result = parseGql(text);
  expect(result.errors).toEqual([]);
  return bindQuery(result.statement!, MODEL, { maxHops: 3 });
}

/** Plans as the service does, with the first rows the statement wants. */
function plan(query: BoundQuery, counts: ReadonlyArray<number | null>) {
  const steps = planCounts(
    query,
    counts.map((count) => count !== null)
  );
  return planGraph(
    query,
    steps.map((step) => ({ step, rows: counts[step.node]! })),
    nodeKeyFields(query, MODEL),
    0,
    firstRowsWanted(query, 10_000)
  );
}

function outline(steps: readonly PlanStep[]): string[] {
  return steps.map((step) => {
    const what =
      step.kind === 'reduce'
        ? ` ${step.from}>${step.to}`
        : step.kind === 'count'
          ? ` n${step.node}`
          : step.kind === 'fetch'
            ? ` n${step.node}${step.first ? ` first ${step.first}` : ''}${step.linked ? ` by n${step.linked.from}` : ''}`
            : '';
    return `${step.id} ${step.kind}${what} [${step.inputs.join(',')}]`;
  });
}

const CHAIN = 'MATCH (a:Person)-[:KNOWS]->(b:Person)-[:LIKES]->(c:Post)';

describe('firstRowsWanted', () => {
  it('wants OFFSET + LIMIT rows of a chain without ORDER BY, DISTINCT or aggregates', () => {
    expect(firstRowsWanted(bind(`${CHAIN} RETURN a, c LIMIT 10`), 100)).toBe(10);
    expect(firstRowsWanted(bind(`${CHAIN} RETURN a SKIP 5 LIMIT 10`), 100)).toBe(15);
    // LIMIT is read one past maxRows at most, as shaping reads it.
    expect(firstRowsWanted(bind(`${CHAIN} RETURN a LIMIT 500`), 100)).toBe(101);
    expect(firstRowsWanted(bind('MATCH (p:Person) RETURN p LIMIT 3'), 100)).toBe(3);
  });

  it('wants every row otherwise', () => {
    const refused = [
      `${CHAIN} RETURN a`,
      `${CHAIN} RETURN a ORDER BY a.name LIMIT 10`,
      `${CHAIN} RETURN DISTINCT a LIMIT 10`,
      `${CHAIN} RETURN count(*) LIMIT 10`,
      `${CHAIN} RETURN a LIMIT 0`,
      'MATCH (a:Person)-[:KNOWS]->(b:Person) OPTIONAL MATCH (b)-[:LIKES]->(c:Post) RETURN a LIMIT 5',
      'MATCH (a:Person)-[:KNOWS]->{1,2}(b:Person) RETURN a LIMIT 5',
      'MATCH p = (a:Person)-[:KNOWS]->(b:Person) RETURN p LIMIT 5',
      // A star (b has three edges) and a cycle: a document left may be in no row.
      'MATCH (a:Person)-[:KNOWS]->(b:Person), (b)-[:LIKES]->(c:Post), (f:Forum)-[:hasMember]->(b) RETURN a LIMIT 5',
      'MATCH (a:Person)-[:KNOWS]->(b:Person)-[:KNOWS]->(c:Person)-[:KNOWS]->(a) RETURN a LIMIT 5',
    ];
    for (const text of refused) expect(firstRowsWanted(bind(text), 100), text).toBeNull();
  });
});

describe('planGraph: the first rows of a LIMIT', () => {
  it('reads the largest node first, then its neighbours by the keys of what it read', () => {
    const query = bind(`${CHAIN} RETURN a, c LIMIT 10`);
    // c is the start (fewest), b is not counted: the driver (unknown counts as largest).
    const steps = plan(query, [100, null, 10]).steps;
    expect(outline(steps)).toEqual([
      '1 count n0 []',
      '2 count n2 []',
      '3 reduce 2>1 [2]',
      '4 reduce 1>0 [3,1]',
      '5 reduce 0>1 [4,3]',
      '6 reduce 1>2 [5,2]',
      // The driver once every narrowing is done; a and c by b's documents.
      '7 fetch n1 first 10 [4,5,6]',
      '8 fetch n0 by n1 [7]',
      '9 fetch n2 by n1 [7]',
      '10 assemble [9,7,8]',
    ]);
    expect(steps[6]).toMatchObject({ pattern: '(b:Person) LIMIT 10', estimatedRows: 10 });
    // a is found by its `knows` field (any number per key of b): its count stays the bound; c
    // by its id, at most one per document of b read.
    expect(steps[7]).toMatchObject({
      pattern: '(a:Person) BY (a:Person)-[$1:KNOWS]->(b:Person)',
      estimatedRows: 100,
    });
    expect(steps[8]).toMatchObject({ estimatedRows: 10 });
    expect(steps.at(-1)!.estimatedRows).toBe(10);
  });

  it('reads one node of a pattern alone up to the limit', () => {
    const steps = plan(bind('MATCH (p:Person) RETURN p LIMIT 3'), [7]).steps;
    expect(outline(steps)).toEqual(['1 count n0 []', '2 fetch n0 first 3 [1]', '3 assemble [2]']);
  });

  it('reads every document when the plan starts inside the chain', () => {
    // b is the start (fewest): a and c were narrowed by b before b was narrowed by them.
    const steps = plan(bind(`${CHAIN} RETURN a LIMIT 10`), [100, 5, 50]).steps;
    expect(steps.filter((s) => s.kind === 'fetch' && (s.first || s.linked))).toEqual([]);
  });
});
