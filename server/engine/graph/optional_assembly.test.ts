/**
 * OPTIONAL MATCH in planning and assembly: optional nodes are narrowed only from the nodes bound
 * before them, and rows are a left outer join on each OPTIONAL MATCH clause in turn.
 */
import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import { socialModel } from '../../../test/support/graph_models';
import type { BackendDocument } from '../backends/backend';
import type { BoundQuery } from './bound_query';
import { conjuncts, nodesOf, type Binding } from './expressions';
import { parseGraphModel } from './graph_model';
import { planCounts, planGraph, type GraphPlan } from './graph_plan';
import { bindQuery } from './query_binding';
import { assembleBindings } from './row_assembly';

const MODEL = parseGraphModel(socialModel(['Person', 'Forum'], ['hasMember', 'KNOWS']));

const doc = (index: string, id: string, source: Record<string, unknown>): BackendDocument => ({
  _index: index,
  _id: id,
  _source: source,
});

/** p1 -> p2, p1 -> p3, p2 -> p3, p3 -> p1; p4 knows itself. */
const PEOPLE = [
  doc('people', 'p1', { knows: ['p2', 'p3'], age: 40 }),
  doc('people', 'p2', { knows: 'p3', age: 30 }),
  doc('people', 'p3', { knows: ['p1'], age: 50 }),
  doc('people', 'p4', { knows: 'p4', age: 20 }),
];
const FORUMS = [
  doc('forums', 'f1', { members: ['p1', 'p2'] }),
  doc('forums', 'f2', { members: 'p3' }),
];

function bind(text: string): BoundQuery {
  const result = parseGql(text);
  expect(result.errors).toEqual([]);
  return bindQuery(result.statement!, MODEL, { maxHops: 3 });
}

/** Every node counted (`counts` by variable, else its number of documents). */
function plan(query: BoundQuery, counts: number[]): GraphPlan {
  const steps = planCounts(
    query,
    query.nodes.map(() => true)
  );
  return planGraph(
    query,
    steps.map((step) => ({ step, rows: counts[step.node] }))
  );
}

/**
 * Assembles `text` over the documents given per variable, with every WHERE conjunct checked in
 * assembly (a single-node one on its own node included: the same rows as pushing it down).
 */
function rows(text: string, documents: Record<string, BackendDocument[]>): string[] {
  const query = bind(text);
  const perNode = query.nodes.map((node) => documents[node.variables[0]]);
  const conditions = query.clauses.flatMap((clause, c) =>
    conjuncts(clause.where).map((expression) => ({
      expression,
      nodes: nodesOf(expression, query.variables),
      clause: c,
    }))
  );
  const bindings = assembleBindings({
    query,
    plan: plan(
      query,
      perNode.map((docs) => docs.length)
    ),
    documents: perNode,
    conditions,
    isDate: () => false,
  });
  return [...bindings].map(ids).sort();
}

const ids = (binding: Binding) => binding.map((d) => d?._id ?? 'null').join(' ');

describe('OPTIONAL MATCH: assembly', () => {
  it('keeps every row, with the optional node null where nothing matches', () => {
    const text = 'MATCH (p:Person) OPTIONAL MATCH (f:Forum)-[:hasMember]->(p) RETURN p, f';
    expect(rows(text, { p: PEOPLE, f: FORUMS })).toEqual(['p1 f1', 'p2 f1', 'p3 f2', 'p4 null']);
    expect(rows(text, { p: PEOPLE, f: [] })).toEqual(['p1 null', 'p2 null', 'p3 null', 'p4 null']);
  });

  it("filters the optional matches with the clause's WHERE, never the rows", () => {
    const text =
      'MATCH (p:Person) OPTIONAL MATCH (p)-[:KNOWS]->(q:Person) WHERE p.age > 35 RETURN p, q';
    expect(rows(text, { p: PEOPLE, q: PEOPLE })).toEqual([
      'p1 p2',
      'p1 p3',
      'p2 null',
      'p3 p1',
      'p4 null',
    ]);
  });

  it("reads a property map on an earlier node as the clause's condition, not the row's", () => {
    const text = 'MATCH (p:Person) OPTIONAL MATCH (p {age: 40})-[:KNOWS]->(q:Person) RETURN p, q';
    expect(rows(text, { p: PEOPLE, q: PEOPLE })).toEqual([
      'p1 p2',
      'p1 p3',
      'p2 null',
      'p3 null',
      'p4 null',
    ]);
  });

  it('chains clauses: a later one cannot match through a null, and keeps the row', () => {
    const text =
      'MATCH (p:Person) OPTIONAL MATCH (f:Forum)-[:hasMember]->(p) OPTIONAL MATCH (f)-[:hasMember]->(o:Person) WHERE o.age <> p.age RETURN p, f, o';
    expect(rows(text, { p: PEOPLE, f: FORUMS, o: PEOPLE })).toEqual([
      'p1 f1 p2',
      'p2 f1 p1',
      'p3 f2 null',
      'p4 null null',
    ]);
  });

  it('joins on two shared variables, checking the edge between them in the clause only', () => {
    const text =
      'MATCH (a:Person)-[:KNOWS]->(b:Person) OPTIONAL MATCH (b)-[:KNOWS]->(c:Person)-[:KNOWS]->(a) RETURN a, b, c';
    expect(rows(text, { a: PEOPLE, b: PEOPLE, c: PEOPLE })).toEqual([
      'p1 p2 p3',
      'p1 p3 null',
      'p2 p3 p1',
      'p3 p1 p2',
      'p4 p4 p4',
    ]);
    const shared = 'MATCH (a:Person), (b:Person) OPTIONAL MATCH (a)-[:KNOWS]->(b) RETURN a, b';
    expect(rows(shared, { a: PEOPLE, b: PEOPLE })).toHaveLength(16);
  });

  it('crosses an optional part that shares no variable, or leaves it null when empty', () => {
    const text = 'MATCH (p:Person) OPTIONAL MATCH (f:Forum) RETURN p, f';
    expect(rows(text, { p: PEOPLE.slice(0, 2), f: FORUMS })).toEqual([
      'p1 f1',
      'p1 f2',
      'p2 f1',
      'p2 f2',
    ]);
    expect(rows(text, { p: PEOPLE.slice(0, 2), f: [] })).toEqual(['p1 null', 'p2 null']);
  });
});

describe('OPTIONAL MATCH first', () => {
  it('answers its matches, or one row of nulls when there is none', () => {
    const text = 'OPTIONAL MATCH (f:Forum)-[:hasMember]->(p:Person) RETURN f, p';
    expect(rows(text, { f: FORUMS, p: PEOPLE })).toEqual(['f1 p1', 'f1 p2', 'f2 p3']);
    expect(rows(text, { f: FORUMS, p: [] })).toEqual(['null null']);
  });

  it('plans it as the first clause: counted, started from, written after OPTIONAL MATCH', () => {
    const query = bind('OPTIONAL MATCH (f:Forum)-[:hasMember]->(p:Person) RETURN p');
    expect(planCounts(query, [false, false]).map((step) => step.node)).toEqual([0, 1]);
    const built = plan(query, [10, 2]);
    expect(built.order).toEqual([1, 0]);
    expect(built.steps.at(-1)!.pattern).toBe('OPTIONAL MATCH (f:Forum)-[$1:hasMember]->(p:Person)');
  });
});

describe('OPTIONAL MATCH: plan', () => {
  it('narrows optional nodes from the mandatory ones, never the other way', () => {
    const query = bind(
      'MATCH (p:Person) OPTIONAL MATCH (f:Forum)-[:hasMember]->(p)-[:KNOWS]->(q:Person) RETURN p'
    );
    // The optional nodes are the most selective: the plan still starts from the MATCH's node.
    const built = plan(query, [100, 1, 1]);
    expect(built.order[0]).toBe(0);
    const reductions = built.steps.flatMap((step) =>
      step.kind === 'reduce' ? [`${step.from}>${step.to} ${step.pattern}`] : []
    );
    expect(reductions).toEqual([
      '0>1 OPTIONAL (f:Forum)-[$1:hasMember]->(p:Person)',
      '0>2 OPTIONAL (p:Person)-[$2:KNOWS]->(q:Person)',
    ]);
    expect(built.steps.at(-1)).toMatchObject({
      kind: 'assemble',
      pattern:
        '(p:Person) OPTIONAL MATCH (f:Forum)-[$1:hasMember]->(p:Person)-[$2:KNOWS]->(q:Person)',
    });
  });

  it('narrows the nodes of one optional clause both ways among themselves', () => {
    const query = bind(
      'MATCH (p:Person) OPTIONAL MATCH (p)-[:KNOWS]->(q:Person)<-[:hasMember]-(f:Forum) RETURN p'
    );
    const reductions = plan(query, [5, 5, 5]).steps.flatMap((step) =>
      step.kind === 'reduce' ? [`${step.from}>${step.to}`] : []
    );
    expect(reductions).toEqual(['0>1', '1>2', '2>1']);
  });

  it('counts only the MATCH nodes to choose a start when none has conditions', () => {
    const query = bind('MATCH (p:Person) OPTIONAL MATCH (p)-[:KNOWS]->(q:Person) RETURN p');
    const counted = planCounts(query, [false, true]).map((step) => step.node);
    expect(counted).toEqual([0, 1]);
    expect(planCounts(query, [false, false]).map((step) => step.node)).toEqual([0]);
  });
});
