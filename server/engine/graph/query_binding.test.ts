import { describe, expect, it } from 'vitest';
import { parseGql, type GqlStatement } from '../../../common/gql';
import { FederationError } from '../errors';
import { parseGraphModel } from './graph_model';
import { edgePatternText } from './pattern_text';
import { socialModel } from '../../../test/support/graph_models';
import type { BoundQuery } from './bound_query';
import { bindQuery } from './query_binding';

/**
 * A social graph where some label pairs have one relation, some two (Person/Post: LIKES one way,
 * hasCreator the other) and some none, so bare arrows can be resolved, ambiguous or impossible.
 */
const MODEL = parseGraphModel(
  socialModel(
    ['Person', 'Forum', 'Post', 'Comment', 'Student', 'Professor'],
    ['hasMember', 'KNOWS', 'containerOf', 'hasCreator', 'LIKES', 'replyOf']
  )
);

function parse(text: string): GqlStatement {
  const result = parseGql(text);
  expect(result.errors).toEqual([]);
  return result.statement!;
}

function bind(text: string, maxHops = 3): BoundQuery {
  return bindQuery(parse(text), MODEL, { maxHops });
}

function bindError(text: string, maxHops = 3): FederationError {
  return errorOf(() => bind(text, maxHops));
}

function errorOf(run: () => unknown): FederationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FederationError);
    expect((error as FederationError).status).toBe(400);
    return error as FederationError;
  }
  throw new Error('expected the query to be refused');
}

/** The orientations of an edge as `from>to:relation`, for compact comparisons. */
function orientations(query: BoundQuery, edge: number): string[] {
  return query.edges[edge].orientations.map((o) => `${o.from}>${o.to}:${o.relation.label}`);
}

describe('bindQuery: nodes', () => {
  it('gives each node its variable, label, indices and display', () => {
    const query = bind('SELECT p FROM "social" MATCH (p:Person WHERE "name:bob")');
    expect(query.nodes).toEqual([
      {
        id: 0,
        variables: ['p'],
        labels: ['Person'],
        indices: ['people'],
        queryStrings: ['name:bob'],
        display: 'p:Person',
        clause: 0,
      },
    ]);
    expect([...query.variables]).toEqual([['p', 0]]);
    expect(query.edges).toEqual([]);
  });

  it('merges patterns written side by side into one node with both labels', () => {
    const query = bind('SELECT x, y FROM "social" MATCH (x:Student) (y:Professor)');
    expect(query.nodes).toHaveLength(1);
    expect(query.nodes[0]).toMatchObject({
      variables: ['x', 'y'],
      labels: ['Student', 'Professor'],
      // The intersection of [people, students] and [staff, people].
      indices: ['people'],
      display: 'x:Student&Professor',
    });
    expect([...query.variables]).toEqual([
      ['x', 0],
      ['y', 0],
    ]);
  });

  it('ANDs the query strings of merged patterns', () => {
    const query = bind(
      'SELECT x FROM "social" MATCH (x:Person WHERE "a:1") (:Person WHERE "b:2"), (x WHERE "c:3")'
    );
    expect(query.nodes).toHaveLength(1);
    expect(query.nodes[0].queryStrings).toEqual(['a:1', 'b:2', 'c:3']);
    expect(query.nodes[0].labels).toEqual(['Person']);
  });

  it('refuses merged labels whose entities share no index', () => {
    const error = bindError('SELECT x FROM "social" MATCH (x:Person) (y:Forum)');
    expect(error.message).toContain('no document can be [Person] and [Forum] at once');
    expect(error.message).toContain('Person: [people]; Forum: [forums]');
  });

  it('binds a repeated variable to one node, across comma-separated patterns', () => {
    const query = bind(
      'SELECT a, b FROM "social" MATCH (a:Person)-[:KNOWS]->(b:Person), (b)-[:KNOWS]->(a)'
    );
    expect(query.nodes.map((n) => n.display)).toEqual(['a:Person', 'b:Person']);
    expect(query.edges.map((e) => [e.left, e.right])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(orientations(query, 1)).toEqual(['1>0:KNOWS']);
  });

  it('lets a repeated variable take its label from any of its patterns', () => {
    const query = bind('SELECT a FROM "social" MATCH (a), (a:Forum)');
    expect(query.nodes).toHaveLength(1);
    expect(query.nodes[0].labels).toEqual(['Forum']);
  });

  it('refuses one variable with two labels, pointing at both', () => {
    const error = bindError('SELECT a FROM "social" MATCH (a:Person), (a:Forum)');
    expect(error.message).toMatch(
      /^line 1, column 45: the variable \[a\] is labelled \[Person\] at line 1, column 33 and \[Forum\] here/
    );
  });

  it('refuses an unknown entity label, listing the known ones', () => {
    const error = bindError('SELECT a FROM "social" MATCH (a:Nobody)');
    expect(error.message).toBe(
      'line 1, column 33: the model has no entity labelled [Nobody]; its entities are [Person, Forum, Post, Comment, Student, Professor]'
    );
  });

  it('refuses a node that no label or relation identifies', () => {
    const error = bindError('SELECT a FROM "social" MATCH (a)');
    expect(error.message).toBe(
      'line 1, column 30: cannot tell which entity the node (a) is: give it a label, e.g. (a:Person), or connect it with a named relation'
    );
  });
});

describe('bindQuery: label inference', () => {
  it('labels an unlabelled end from a named relation', () => {
    const query = bind('SELECT p FROM "social" MATCH (f:Forum)-[:hasMember]->(p)');
    expect(query.nodes.map((n) => n.display)).toEqual(['f:Forum', 'p:Person']);
    expect(query.nodes[1].indices).toEqual(['people']);
  });

  it('labels both ends of a named relation between unlabelled nodes', () => {
    const query = bind('SELECT a, b FROM "social" MATCH (a)<-[:containerOf]-(b)');
    expect(query.nodes.map((n) => n.labels)).toEqual([['Post'], ['Forum']]);
    expect(orientations(query, 0)).toEqual(['1>0:containerOf']);
  });

  it('labels anonymous nodes: (:Person) displays without a variable', () => {
    const query = bind('SELECT f FROM "social" MATCH (f:Forum)-[:hasMember]->()');
    expect(query.nodes[1].display).toBe(':Person');
    expect(edgePatternText(query, query.edges[0])).toBe('(f:Forum)-[$1:hasMember]->(:Person)');
  });

  it('infers labels over several passes, along a chain of bare arrows', () => {
    // The first edge fits every relation until the second one labels x a Comment.
    const query = bind('SELECT y FROM "social" MATCH (y)<-(x), (x)-[:replyOf]->(z)');
    expect(query.nodes.map((n) => n.display)).toEqual(['y:Post', 'x:Comment', 'z:Post']);
    expect(query.edges.map((e) => e.label)).toEqual(['replyOf', 'replyOf']);
  });

  it('labels both ends of an undirected self-relation', () => {
    const query = bind('SELECT a, b FROM "social" MATCH (a)-[:KNOWS]-(b)');
    expect(query.nodes.map((n) => n.labels)).toEqual([['Person'], ['Person']]);
  });

  it('takes the one orientation that fits an undirected edge with one labelled end', () => {
    const query = bind('SELECT p FROM "social" MATCH (p)-[:hasMember]-(f:Forum)');
    expect(query.nodes[0].labels).toEqual(['Person']);
    expect(orientations(query, 0)).toEqual(['1>0:hasMember']);
  });
});

describe('bindQuery: edges', () => {
  it('resolves a bare arrow to the only relation in its direction', () => {
    const likes = bind('SELECT p FROM "social" MATCH (p:Person)->(x:Post)');
    expect(likes.edges[0]).toMatchObject({ name: '$1', label: 'LIKES', direction: 'right' });
    expect(orientations(likes, 0)).toEqual(['0>1:LIKES']);
    const created = bind('SELECT p FROM "social" MATCH (p:Person)<-(x:Post)');
    expect(created.edges[0]).toMatchObject({ label: 'hasCreator', direction: 'left' });
    expect(orientations(created, 0)).toEqual(['1>0:hasCreator']);
  });

  it('refuses a bare arrow that two relations fit, naming both', () => {
    const error = bindError('SELECT p FROM "social" MATCH (p:Person)-(x:Post)');
    expect(error.message).toBe(
      'line 1, column 40: the edge (p:Person)-[$1]-(x:Post) is ambiguous: the model has 2 relations that fit it: [hasCreator] (:Post)->(:Person), [LIKES] (:Person)->(:Post); name one, e.g. -[:hasCreator]->'
    );
  });

  it('refuses a bare arrow that no relation fits', () => {
    const error = bindError('SELECT p FROM "social" MATCH (p:Post)->(f:Forum)');
    expect(error.message).toBe(
      'line 1, column 38: the model has no relation that fits (p:Post)-[$1]->(f:Forum); name a relation or fix the labels'
    );
  });

  it('refuses a relation between entities it does not connect, showing its definition', () => {
    const error = bindError('SELECT p FROM "social" MATCH (p:Person)-[:hasMember]->(f:Forum)');
    expect(error.message).toContain(
      'the relation [hasMember] does not connect (p:Person)-[$1:hasMember]->(f:Forum); the model defines (:Forum)-[:hasMember]->(:Person)'
    );
  });

  it('refuses an unknown relation label, listing the known ones', () => {
    const error = bindError('SELECT p FROM "social" MATCH (p:Person)-[:FOLLOWS]->(q:Person)');
    expect(error.message).toBe(
      'line 1, column 43: the model has no relation labelled [FOLLOWS]; its relations are [hasMember, KNOWS, containerOf, hasCreator, LIKES, replyOf]'
    );
  });

  it('gives an undirected self-relation both orientations', () => {
    const query = bind('SELECT a FROM "social" MATCH (a:Person)-[e:KNOWS]-(b:Person)');
    expect(query.edges[0]).toMatchObject({ name: 'e', direction: 'undirected', left: 0, right: 1 });
    expect(orientations(query, 0)).toEqual(['0>1:KNOWS', '1>0:KNOWS']);
  });

  it('gives an undirected self-loop on one node a single orientation', () => {
    const query = bind('SELECT a FROM "social" MATCH (a:Person)-[:KNOWS]-(a)');
    expect(query.nodes).toHaveLength(1);
    expect(orientations(query, 0)).toEqual(['0>0:KNOWS']);
  });

  it('gives a directed self-relation one orientation each way it is written', () => {
    expect(orientations(bind('SELECT a FROM "social" MATCH (a:Person)-[:KNOWS]->(b)'), 0)).toEqual([
      '0>1:KNOWS',
    ]);
    expect(orientations(bind('SELECT a FROM "social" MATCH (a:Person)<-[:KNOWS]-(b)'), 0)).toEqual([
      '1>0:KNOWS',
    ]);
  });

  it('refuses an edge variable used twice', () => {
    const error = bindError(
      'SELECT a FROM "social" MATCH (a:Person)-[e:KNOWS]->(b:Person), (b)-[e:KNOWS]->(c:Person)'
    );
    expect(error.message).toContain('the edge variable [e] is used twice');
  });

  it('refuses a name used for a node and an edge', () => {
    const error = bindError('SELECT a FROM "social" MATCH (a:Person)-[a:KNOWS]->(b:Person)');
    expect(error.message).toBe(
      'line 1, column 31: [a] names both a node and an edge; use different names'
    );
  });
});

describe('bindQuery: quantifiers', () => {
  it('keeps a quantifier within maxHops on a self-relation', () => {
    const query = bind('SELECT b FROM "social" MATCH (a:Person)-[:KNOWS]->{1,3}(b)');
    expect(query.edges[0].quantifier).toEqual({ min: 1, max: 3 });
    expect(edgePatternText(query, query.edges[0])).toBe('(a:Person)-[$1:KNOWS]->{1,3}(b:Person)');
    expect(bind('SELECT b FROM "social" MATCH (a:Person)-[:KNOWS]-{2}(b)').edges[0]).toMatchObject({
      quantifier: { min: 2, max: 2 },
      direction: 'undirected',
    });
  });

  it('has no quantifier field on an unquantified edge', () => {
    const query = bind('SELECT b FROM "social" MATCH (a:Person)-[:KNOWS]->(b)');
    expect(query.edges[0]).not.toHaveProperty('quantifier');
  });

  it('refuses more hops than maxHops', () => {
    const error = bindError('SELECT b FROM "social" MATCH (a:Person)-[:KNOWS]->{1,5}(b)', 4);
    expect(error.message).toBe(
      'line 1, column 51: the quantifier {1,5} allows up to 5 hops, more than the 4 allowed (setting maxGraphHops)'
    );
  });

  it('refuses a quantified relation between two different entities', () => {
    const error = bindError('SELECT p FROM "social" MATCH (f:Forum)-[:hasMember]->{1,2}(p)');
    expect(error.message).toContain(
      'a quantified edge repeats its relation, so [hasMember] must go from an entity to the same entity; it goes from [Forum] to [Person]'
    );
  });

  it('refuses a quantified edge from a node to itself', () => {
    const error = bindError('SELECT a FROM "social" MATCH (a:Person)-[:KNOWS]->{1,2}(a)');
    expect(error.message).toContain(
      'a quantified edge cannot start and end at the same node: a quantified path repeats no node'
    );
  });
});

describe('bindQuery: references', () => {
  it('refuses a variable that is not in the pattern', () => {
    const error = bindError('SELECT z.name FROM "social" MATCH (a:Person)-[:KNOWS]->(b)');
    expect(error.message).toBe(
      'line 1, column 8: the variable [z] is not in the MATCH pattern; known variables are [a, b]'
    );
    expect(bindError('SELECT a FROM "social" MATCH (a:Person) WHERE q.x = 1').message).toContain(
      'the variable [q] is not in the MATCH pattern'
    );
    expect(bindError('SELECT a FROM "social" MATCH (a:Person) ORDER BY q.x').message).toContain(
      'the variable [q] is not in the MATCH pattern'
    );
  });

  it('refuses edge variables in SELECT, WHERE and ORDER BY', () => {
    const match = 'FROM "social" MATCH (a:Person)-[e:KNOWS]->(b:Person)';
    expect(bindError(`SELECT e ${match}`).message).toBe(
      'line 1, column 8: [e] is an edge; relations are joins and carry no documents or properties, so only node variables can be selected'
    );
    expect(bindError(`SELECT e.since ${match}`).message).toContain('[e] is an edge');
    expect(bindError(`SELECT COUNT(e) ${match}`).message).toContain('[e] is an edge');
    expect(bindError(`SELECT a ${match} WHERE e.since > 2000`).message).toContain(
      'only node variables can be WHERE'
    );
    expect(bindError(`SELECT a ${match} ORDER BY e.since`).message).toContain(
      'only node variables can be ORDER BY'
    );
  });

  it('refuses aggregates in WHERE', () => {
    const error = bindError('SELECT a FROM "social" MATCH (a:Person) WHERE COUNT(*) > 1');
    expect(error.message).toBe(
      'line 1, column 47: aggregates such as COUNT cannot be used in WHERE'
    );
  });

  it('accepts aggregates in SELECT and ORDER BY', () => {
    const query = bind(
      'SELECT a.city, COUNT(*), SUM(a.age) FROM "social" MATCH (a:Person) ORDER BY COUNT(*) DESC'
    );
    expect(query.nodes).toHaveLength(1);
  });

  // Refused up front, so the answer never depends on whether anything matched.
  it('refuses an aggregate inside an aggregate', () => {
    const text = 'SELECT COUNT(SUM(a.age)) FROM "social" MATCH (a:Person)';
    const parsed = parseGql(text);
    if (parsed.errors.length > 0) return;
    expect(errorOf(() => bindQuery(parsed.statement!, MODEL, { maxHops: 3 })).message).toContain(
      'COUNT'
    );
  });

  it('refuses SUM(*): the parser first, and the binder for a tree that has it', () => {
    expect(parseGql('SELECT SUM(*) FROM "social" MATCH (a:Person)').errors).not.toEqual([]);
    // The binder does not trust the parser alone: build the tree the parser would not.
    const statement = parse('SELECT SUM(a.age) FROM "social" MATCH (a:Person)');
    const item = statement.items[0].expression;
    if (item.kind !== 'aggregate') throw new Error('expected an aggregate');
    item.argument = null;
    const error = errorOf(() => bindQuery(statement, MODEL, { maxHops: 3 }));
    expect(error.message).toBe('line 1, column 8: SUM(*) is not defined; only COUNT(*) takes *');
  });

  it('refuses a graph name other than the model label', () => {
    const error = bindError('SELECT a FROM "other" MATCH (a:Person)');
    expect(error.message).toBe(
      'line 1, column 15: the query reads the graph ["other"] but the model is labelled [social]; write FROM "social"'
    );
  });
});

describe('bindQuery: OPTIONAL MATCH', () => {
  it('binds every clause into one set of nodes and edges, each marked with its clause', () => {
    const query = bind(
      "MATCH (p:Person) OPTIONAL MATCH (p)<-[:hasMember]-(f:Forum) WHERE f.name = 'x' OPTIONAL MATCH (f)-[:containerOf]->(x) RETURN p, f, x"
    );
    expect(query.nodes.map((n) => `${n.display} ${n.clause}`)).toEqual([
      'p:Person 0',
      'f:Forum 1',
      'x:Post 2',
    ]);
    expect(query.edges.map((e) => e.clause)).toEqual([1, 2]);
    expect(
      query.clauses.map(({ optional, introduced, nodes }) => ({ optional, introduced, nodes }))
    ).toEqual([
      { optional: false, introduced: [0], nodes: [0] },
      { optional: true, introduced: [1], nodes: [0, 1] },
      { optional: true, introduced: [2], nodes: [1, 2] },
    ]);
    expect(query.clauses[1].where).toMatchObject({ kind: 'comparison' });
    expect(query.clauses[2].where).toBeUndefined();
  });

  it("does not take an earlier node's label from an optional edge", () => {
    const error = bindError('MATCH (a) OPTIONAL MATCH (a)-[:hasMember]->(b) RETURN a');
    expect(error.message).toMatch(/^line 1, column 7: cannot tell which entity the node \(a\) is/);
    // The optional node itself is labelled from its edge as usual.
    expect(
      bind('MATCH (f:Forum) OPTIONAL MATCH (f)-[:hasMember]->(b) RETURN b').nodes[1].labels
    ).toEqual(['Person']);
  });

  it('refuses what would narrow an earlier node from inside an OPTIONAL MATCH', () => {
    const queryString = bindError(
      'MATCH (a:Person) OPTIONAL MATCH (a WHERE "age:1")-[:KNOWS]->(b) RETURN b'
    );
    expect(queryString.message).toBe(
      "line 1, column 33: [a] is bound by an earlier clause, so in OPTIONAL MATCH it cannot take a query string: that would narrow the earlier rows; say it in the OPTIONAL MATCH's WHERE"
    );
    const label = bindError(
      'MATCH (a)-[:KNOWS]->(b) OPTIONAL MATCH (a:Person)-[:KNOWS]->(c) RETURN c'
    );
    expect(label.message).toMatch(/cannot take a new label \[Person\]/);
    const beside = bindError('MATCH (a:Person) OPTIONAL MATCH (a) (s:Student) RETURN s');
    expect(beside.message).toMatch(/cannot take a pattern written beside it/);
    // The label the earlier clause wrote may be repeated.
    expect(
      bind('MATCH (a:Person) OPTIONAL MATCH (a:Person)-[:KNOWS]->(b) RETURN b').nodes
    ).toHaveLength(2);
  });

  it('refuses a WHERE naming a variable of a later clause', () => {
    const early = bindError(
      'MATCH (a:Person) WHERE b.age = 1 OPTIONAL MATCH (a)-[:KNOWS]->(b) RETURN a'
    );
    expect(early.message).toBe(
      'line 1, column 24: the variable [b] is bound by a later OPTIONAL MATCH; a WHERE sees only the variables of its clause and of those before it'
    );
    const optional = bindError(
      'MATCH (a:Person) OPTIONAL MATCH (a)-[:KNOWS]->(b) WHERE c.age = 1 OPTIONAL MATCH (b)-[:KNOWS]->(c) RETURN a'
    );
    expect(optional.message).toMatch(/^line 1, column 57: the variable \[c\] is bound by a later/);
  });
});

describe('bindQuery: property maps on nodes without a variable', () => {
  it("makes them equalities of the node's clause, on a name no written variable uses", () => {
    const query = bind(
      "MATCH (p:Person)-[:KNOWS]->(:Person {name: 'bob'}) OPTIONAL MATCH (p)<-[:hasMember]-(:Forum {id: 3}) RETURN p"
    );
    expect(query.variables.get('#1')).toBe(1);
    expect(query.variables.get('#2')).toBe(2);
    expect(query.nodes.map((n) => n.display)).toEqual(['p:Person', ':Person', ':Forum']);
    const written = (e: unknown) => JSON.stringify(e, (k, v) => (k === 'range' ? undefined : v));
    expect(written(query.clauses[0].where)).toBe(
      written({
        kind: 'comparison',
        operator: '=',
        left: { kind: 'property', variable: { name: '#1' }, path: ['name'] },
        right: { kind: 'literal', value: 'bob' },
      })
    );
    expect(query.clauses[1].where).toMatchObject({ left: { variable: { name: '#2' } } });
  });

  it('uses the variable of a pattern written beside it, and avoids a written `#n`', () => {
    const merged = bind('MATCH (x:Person) (:Student {age: 3}) RETURN x');
    expect(merged.clauses[0].where).toMatchObject({ left: { variable: { name: 'x' } } });
    const taken = bind('MATCH (`#1`:Person)-[:KNOWS]->(:Person {age: 3}) RETURN `#1`');
    expect(taken.variables.get('#1')).toBe(0);
    expect(taken.variables.get('#1#')).toBe(1);
  });
});
