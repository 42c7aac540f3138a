import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import type { BackendDocument } from '../backends/backend';
import { FederationError } from '../errors';
import { WorkBudget } from '../work_budget';
import { socialModel } from '../../../test/support/graph_models';
import { parseGraphModel } from './graph_model';
import { planCounts, planGraph } from './graph_plan';
import { documentIdentity } from './hop_walk';
import { namedPathEdges, PathEdgeIndex } from './path_edges';
import { PathValues } from './path_values';
import { QuantifiedHops } from './quantified_hops';
import { bindQuery } from './query_binding';
import { assembleBindings } from './row_assembly';

const MODEL = parseGraphModel(socialModel(['Person'], ['KNOWS']));

const person = (id: string, knows: string[]): BackendDocument => ({
  _index: 'people',
  _id: id,
  _source: { knows },
});

// a -> b -> d, a -> c -> d, a -> d: three paths from a to d within 2 hops.
const PEOPLE = [
  person('a', ['b', 'c', 'd']),
  person('b', ['d']),
  person('c', ['d']),
  person('d', []),
];

/**
 * Assembles `MATCH <match> RETURN <items>` over PEOPLE for every node (documents of the nodes
 * named in `only` restricted to those ids), with the plan starting from `start`, and reads the
 * items of each row as the service does.
 */
function rows(match: string, items: string, start: string, only: Record<string, string[]> = {}) {
  const parsed = parseGql(`MATCH ${match} RETURN ${items}`);
  expect(parsed.errors).toEqual([]);
  const query = bindQuery(parsed.statement!, MODEL, { maxHops: 3 });
  const documents = query.nodes.map((node) =>
    PEOPLE.filter((p) => !only[node.variables[0]] || only[node.variables[0]].includes(p._id))
  );
  const counts = query.nodes.map((node) => (node.variables[0] === start ? 1 : 10));
  const steps = planCounts(
    query,
    query.nodes.map(() => true)
  );
  const plan = planGraph(
    query,
    steps.map((step) => ({ step, rows: counts[step.node] }))
  );
  const budget = new WorkBudget(() => {}, Infinity);
  const middle = new Map(PEOPLE.map((p) => [documentIdentity(p), p]));
  const quantified = query.edges.filter((e) => e.quantifier).map((e) => [e.id, middle] as const);
  const hops = new QuantifiedHops(new Map(quantified), documents, 100_000, budget);
  const paths = new PathEdgeIndex(namedPathEdges(query), hops, new Map());
  const bindings = assembleBindings(
    { query, plan, documents, conditions: [], isDate: () => false, paths },
    hops
  );
  const values = new PathValues(query);
  const readers = parsed.statement!.items.map((item) => values.reader(item.expression));
  return [...bindings].map((binding) => readers.map((read) => read(binding)));
}

const MATCH = 'p = (x:Person)-[:KNOWS]->{1,2}(y:Person)';

describe('named paths: one row per path', () => {
  it('answers every path along a quantified edge, walked from either end, in written order', () => {
    for (const start of ['x', 'y']) {
      const found = rows(MATCH, '[n IN nodes(p) | n.knows], length(p)', start, {
        x: ['a'],
        y: ['d'],
      });
      const paths = rows(MATCH, 'p', start, { x: ['a'], y: ['d'] }).map(([p]) =>
        (p as { nodes: Array<{ _id: string }> }).nodes.map((n) => n._id).join('>')
      );
      expect(paths.sort()).toEqual(['a>b>d', 'a>c>d', 'a>d']);
      expect(found.map(([, length]) => length).sort()).toEqual([1, 2, 2]);
    }
  });

  it('renders a path as its length, its documents and a relation per hop', () => {
    const [[path]] = rows('p = (x:Person)-[:KNOWS]->(y:Person)', 'p', 'x', { x: ['b'] });
    expect(path).toEqual({
      length: 1,
      nodes: [
        { _index: 'people', _id: 'b', _source: { knows: ['d'] } },
        { _index: 'people', _id: 'd', _source: { knows: [] } },
      ],
      relations: ['KNOWS'],
    });
  });

  it('filters and projects in a list comprehension', () => {
    const found = rows(MATCH, "[n IN nodes(p) WHERE n.knows = 'd' | n.knows]", 'x', {
      x: ['a'],
      y: ['d'],
    });
    expect(found.map(([list]) => JSON.stringify(list)).sort()).toEqual([
      '[["b","c","d"],["d"]]',
      '[["b","c","d"],["d"]]',
      '[["b","c","d"]]',
    ]);
  });

  it('refuses a named path whose ends the pattern joins otherwise too', () => {
    // The plain edge, written first, joins y to x; the path would then only check the pair.
    const match = '(x:Person)-[:KNOWS]->(y:Person), p = (x)-[:KNOWS]->{1,2}(y)';
    expect(() => rows(match, 'p', 'x', { x: ['a'] })).toThrow(FederationError);
    expect(() => rows(match, 'p', 'x', { x: ['a'] })).toThrow('closes a cycle of the pattern');
  });
});
