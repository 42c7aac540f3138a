import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import { socialModel } from '../../../test/support/graph_models';
import type { BoundQuery } from './bound_query';
import { parseGraphModel } from './graph_model';
import { edgePatternText, matchText } from './pattern_text';
import { bindQuery } from './query_binding';

/** Person/Post have one relation each way (LIKES, hasCreator), so bare arrows resolve by direction. */
const MODEL = parseGraphModel(
  socialModel(
    ['Person', 'Forum', 'Post', 'Comment', 'Student', 'Professor'],
    ['hasMember', 'KNOWS', 'containerOf', 'hasCreator', 'LIKES', 'replyOf']
  )
);

function bind(text: string): BoundQuery {
  const result = parseGql(text);
  expect(result.errors).toEqual([]);
  return bindQuery(result.statement!, MODEL, { maxHops: 3 });
}

describe('edgePatternText', () => {
  it('numbers anonymous edges $1, $2... across patterns, skipping named ones', () => {
    const query = bind(
      'SELECT a FROM "social" MATCH (a:Person)-[k:KNOWS]->(b)->(x:Post), (f:Forum)-[:hasMember]->(a)'
    );
    expect(query.edges.map((e) => e.name)).toEqual(['k', '$1', '$2']);
    expect(query.edges.map((e) => edgePatternText(query, e))).toEqual([
      '(a:Person)-[k:KNOWS]->(b:Person)',
      '(b:Person)-[$1:LIKES]->(x:Post)',
      '(f:Forum)-[$2:hasMember]->(a:Person)',
    ]);
  });

  it('writes left and undirected arrows as written', () => {
    const query = bind(
      'SELECT p FROM "social" MATCH (p:Person)<-[:hasMember]-(f:Forum), (p)-[:KNOWS]-(q)'
    );
    expect(query.edges.map((e) => edgePatternText(query, e))).toEqual([
      '(p:Person)<-[$1:hasMember]-(f:Forum)',
      '(p:Person)-[$2:KNOWS]-(q:Person)',
    ]);
  });

  it('shows merged nodes with all their labels', () => {
    const query = bind('SELECT x FROM "social" MATCH (x:Person) (y:Student)-[:KNOWS]->(z)');
    expect(edgePatternText(query, query.edges[0])).toBe(
      '(x:Person&Student)-[$1:KNOWS]->(z:Person)'
    );
  });
});

describe('matchText', () => {
  it('writes the whole MATCH path by path, with resolved labels and edge names', () => {
    const query = bind(
      'SELECT a FROM "social" MATCH (a:Person)-[k:KNOWS]->(b)->(:Post)<-(c:Person), (f:Forum) (g), (a)'
    );
    expect(query.paths).toEqual([
      { nodes: [0, 1, 2, 3], edges: [0, 1, 2], clause: 0 },
      { nodes: [4], edges: [], clause: 0 },
      { nodes: [0], edges: [], clause: 0 },
    ]);
    expect(matchText(query)).toBe(
      '(a:Person)-[k:KNOWS]->(b:Person)-[$1:LIKES]->(:Post)<-[$2:LIKES]-(c:Person), (f:Forum), (a:Person)'
    );
  });

  it('writes quantifiers and merged nodes', () => {
    const query = bind('SELECT x FROM "social" MATCH (x:Person) (y:Student)-[:KNOWS]-{1,2}(z)');
    expect(matchText(query)).toBe('(x:Person&Student)-[$1:KNOWS]-{1,2}(z:Person)');
  });

  it('writes each OPTIONAL MATCH clause after the MATCH, as the assemble step shows it', () => {
    const query = bind(
      'MATCH (a:Person) OPTIONAL MATCH (a)-[:KNOWS]->(b) OPTIONAL MATCH (b)<-[:hasMember]-(f), (g:Post) RETURN a'
    );
    expect(matchText(query)).toBe(
      '(a:Person) OPTIONAL MATCH (a:Person)-[$1:KNOWS]->(b:Person) OPTIONAL MATCH (b:Person)<-[$2:hasMember]-(f:Forum), (g:Post)'
    );
  });
});
