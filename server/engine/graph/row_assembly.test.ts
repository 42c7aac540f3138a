import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import type { BackendDocument } from '../backends/backend';
import { conjuncts, nodesOf, type Binding } from './expressions';
import { parseGraphModel } from './graph_model';
import { SOCIAL_RELATIONS, socialModel } from '../../../test/support/graph_models';
import type { BoundQuery } from './bound_query';
import { planCounts, planGraph } from './graph_plan';
import { bindQuery } from './query_binding';
import { assembleBindings } from './row_assembly';

const MODEL = parseGraphModel(
  socialModel(
    ['Person', 'Forum', 'Post', 'Topic'],
    [
      'hasMember',
      'KNOWS',
      // A nested field: keys are read along a path.
      { ...SOCIAL_RELATIONS.hasCreator, from: { entity: 'Post', field: 'meta.author' } },
      'about',
    ]
  )
);

const doc = (index: string, id: string, source: Record<string, unknown> = {}): BackendDocument => ({
  _index: index,
  _id: id,
  _source: source,
});

const person = (id: string, source: Record<string, unknown> = {}) => doc('people', id, source);

/** p1 -> p2, p1 -> p3, p2 -> p3, p3 -> p1: one triangle, one mutual pair; p4 knows itself. */
const PEOPLE = [
  person('p1', { knows: ['p2', 'p3'], age: 40 }),
  person('p2', { knows: 'p3', age: 30 }),
  person('p3', { knows: ['p1'], age: 50 }),
  person('p4', { knows: 'p4', age: 20 }),
];

/** Plans as the service does: a count step per node, then the rest from what they found. */
function planFromCounts(query: BoundQuery, counts: number[]) {
  const steps = planCounts(
    query,
    counts.map(() => true)
  );
  return planGraph(
    query,
    steps.map((step) => ({ step, rows: counts[step.node] }))
  );
}

interface Assembly {
  query: BoundQuery;
  /** Each binding as the `_id`s of its nodes, in node order, space-separated. */
  rows: string[];
}

/**
 * Binds and plans `SELECT ... MATCH <match> [WHERE ...]` and assembles it over the documents
 * given per variable. `counts` (per variable) steer the plan's start; they default to the
 * number of documents.
 */
function assemble(
  match: string,
  documents: Record<string, BackendDocument[]>,
  counts: Partial<Record<string, number>> = {}
): Assembly {
  const result = parseGql(`SELECT COUNT(*) FROM "social" MATCH ${match}`);
  expect(result.errors).toEqual([]);
  const statement = result.statement!;
  const query = bindQuery(statement, MODEL, { maxHops: 3 });
  const perNode = query.nodes.map((node) => documents[node.variables[0]]);
  const plan = planFromCounts(
    query,
    query.nodes.map((node, i) => counts[node.variables[0]] ?? perNode[i].length)
  );
  // As the service does: single-node conditions go to the backends, the rest to assembly.
  const conditions = conjuncts(statement.where)
    .map((expression) => ({ expression, nodes: nodesOf(expression, query.variables) }))
    .filter((c) => c.nodes.size > 1);
  const bindings = assembleBindings({
    query,
    plan,
    documents: perNode,
    conditions,
    isDate: () => false,
  });
  return { query, rows: [...bindings].map(ids) };
}

const ids = (binding: Binding) => binding.map((d) => d!._id).join(' ');
const sorted = (rows: string[]) => [...rows].sort();

describe('assembleBindings: edges', () => {
  const forums = [
    doc('forums', 'f1', { members: ['p1', 'p2'] }),
    doc('forums', 'f2', { members: 'p3' }),
    doc('forums', 'f3', { members: [] }),
    doc('forums', 'f4', { members: ['nobody'] }),
  ];

  it('follows multi-valued keys, from either end', () => {
    const match = '(f:Forum)-[:hasMember]->(p:Person)';
    const expected = ['f1 p1', 'f1 p2', 'f2 p3'];
    expect(sorted(assemble(match, { f: forums, p: PEOPLE }, { f: 1 }).rows)).toEqual(expected);
    expect(sorted(assemble(match, { f: forums, p: PEOPLE }, { p: 1 }).rows)).toEqual(expected);
  });

  it('gives one row per pair even when two values link it', () => {
    const posts = [doc('posts', 'x', { tags: ['a', 'b'] }), doc('posts', 'y', { tags: 'c' })];
    const topics = [
      doc('topics', 't', { aliases: ['a', 'b', 'c'] }),
      doc('topics', 'u', { aliases: 'd' }),
    ];
    const match = '(x:Post)-[:about]->(t:Topic)';
    for (const start of [{ x: 1 }, { t: 1 }]) {
      expect(sorted(assemble(match, { x: posts, t: topics }, start).rows)).toEqual(['x t', 'y t']);
    }
    const repeated = [doc('forums', 'f', { members: ['p1', 'p1'] })];
    for (const start of [{ f: 1 }, { p: 1 }]) {
      expect(
        assemble('(f:Forum)-[:hasMember]->(p:Person)', { f: repeated, p: PEOPLE }, start).rows
      ).toEqual(['f p1']);
    }
  });

  it('joins numbers and strings that a term query matches alike, through dotted fields', () => {
    const people = [person('5'), person('6')];
    const posts = [
      doc('posts', 'n', { meta: { author: 5 } }),
      doc('posts', 's', { meta: { author: '6' } }),
      // A literal dotted key, as OpenSearch's _source may hold it.
      doc('posts', 'l', { 'meta.author': 6 }),
      doc('posts', 'o', { meta: [{ author: 7 }, { author: 5 }] }),
    ];
    const match = '(x:Post)-[:hasCreator]->(p:Person)';
    const expected = ['l 6', 'n 5', 'o 5', 's 6'];
    expect(sorted(assemble(match, { x: posts, p: people }, { x: 1 }).rows)).toEqual(expected);
    expect(sorted(assemble(match, { x: posts, p: people }, { p: 1 }).rows)).toEqual(expected);
  });

  it('drops documents that link to nothing among the survivors', () => {
    const { rows } = assemble('(a:Person)-[:KNOWS]->(b:Person)', {
      a: PEOPLE,
      b: [person('p3')],
    });
    expect(sorted(rows)).toEqual(['p1 p3', 'p2 p3']);
  });

  it('lets one document bind two variables (homomorphism)', () => {
    const { rows } = assemble('(a:Person)-[:KNOWS]->(b:Person)', { a: PEOPLE, b: PEOPLE });
    expect(sorted(rows)).toEqual(['p1 p2', 'p1 p3', 'p2 p3', 'p3 p1', 'p4 p4']);
  });

  it('checks an edge from a node to itself', () => {
    expect(assemble('(a:Person)-[:KNOWS]->(a)', { a: PEOPLE }).rows).toEqual(['p4']);
  });

  it('gives an undirected edge each ordered pair once, whichever orientation holds', () => {
    const { rows } = assemble('(a:Person)-[:KNOWS]-(b:Person)', {
      a: PEOPLE.slice(0, 3),
      b: PEOPLE.slice(0, 3),
    });
    // p1 and p3 know each other: both orientations hold, still one row each way.
    expect(sorted(rows)).toEqual(['p1 p2', 'p1 p3', 'p2 p1', 'p2 p3', 'p3 p1', 'p3 p2']);
  });
});

describe('assembleBindings: cycles and conditions', () => {
  it('closes a cycle written with a repeated variable', () => {
    const match = '(a:Person)-[:KNOWS]->(b:Person)-[:KNOWS]->(c:Person)-[:KNOWS]->(a)';
    const documents = { a: PEOPLE, b: PEOPLE, c: PEOPLE };
    const expected = ['p1 p2 p3', 'p2 p3 p1', 'p3 p1 p2', 'p4 p4 p4'];
    for (const start of [{ a: 1 }, { b: 1 }, { c: 1 }]) {
      expect(sorted(assemble(match, documents, start).rows)).toEqual(expected);
    }
  });

  it('closes a two-node cycle across comma-separated patterns', () => {
    const { rows } = assemble('(a:Person)-[:KNOWS]->(b:Person), (b)-[:KNOWS]->(a)', {
      a: PEOPLE,
      b: PEOPLE,
    });
    expect(sorted(rows)).toEqual(['p1 p3', 'p3 p1', 'p4 p4']);
  });

  it('applies WHERE conditions over several nodes', () => {
    const match = '(a:Person)-[:KNOWS]->(b:Person) WHERE a.age > b.age';
    expect(sorted(assemble(match, { a: PEOPLE, b: PEOPLE }).rows)).toEqual(['p1 p2', 'p3 p1']);
    const either = '(a:Person)-[:KNOWS]->(b:Person) WHERE a.age = 30 OR b.age = 20';
    expect(sorted(assemble(either, { a: PEOPLE, b: PEOPLE }).rows)).toEqual(['p2 p3', 'p4 p4']);
  });

  it('applies a condition over three nodes once all are bound', () => {
    const path = '(a:Person)-[:KNOWS]->(b:Person)-[:KNOWS]->(c:Person)';
    const documents = { a: PEOPLE, b: PEOPLE, c: PEOPLE };
    // Paths: p1 p2 p3, p1 p3 p1, p2 p3 p1, p3 p1 p2, p3 p1 p3, p4 p4 p4.
    expect(assemble(`${path} WHERE a.age > c.age`, documents).rows).toEqual(['p3 p1 p2']);
    const three = assemble(`${path} WHERE (a.age > c.age OR b.age = 50)`, documents);
    expect(sorted(three.rows)).toEqual(['p1 p3 p1', 'p2 p3 p1', 'p3 p1 p2']);
  });

  it('crosses disconnected components', () => {
    const forums = [doc('forums', 'f1', { city: 'Oulu' }), doc('forums', 'f2', { city: 'Turku' })];
    const people = [person('p1', { city: 'Oulu' }), person('p2', { city: 'Oulu' }), person('p3')];
    const all = assemble('(p:Person), (f:Forum)', { p: people, f: forums });
    expect(all.rows).toHaveLength(6);
    expect(new Set(all.rows).size).toBe(6);
    const same = assemble('(p:Person), (f:Forum) WHERE p.city = f.city', { p: people, f: forums });
    expect(sorted(same.rows)).toEqual(['p1 f1', 'p2 f1']);
  });

  it('yields bindings lazily, so a consumer can stop early', () => {
    const many = Array.from({ length: 2000 }, (_, i) => person(`p${i}`));
    const result = parseGql(
      'SELECT COUNT(*) FROM "social" MATCH (a:Person), (b:Person), (c:Person)'
    );
    const query = bindQuery(result.statement!, MODEL, { maxHops: 3 });
    const plan = planFromCounts(query, [2000, 2000, 2000]);
    const bindings = assembleBindings({
      query,
      plan,
      documents: [many, many, many],
      conditions: [],
      isDate: () => false,
    });
    // Eight billion rows in all: only a lazy generator answers the first three at once.
    const first: string[] = [];
    for (const binding of bindings) {
      first.push(ids(binding));
      if (first.length === 3) break;
    }
    expect(first).toEqual(['p0 p0 p0', 'p0 p0 p1', 'p0 p0 p2']);
  });
});
