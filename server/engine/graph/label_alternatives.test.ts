import { describe, expect, it } from 'vitest';
import { parseGql, type GqlStatement } from '../../../common/gql';
import { socialModel } from '../../../test/support/graph_models';
import { FederationError } from '../errors';
import { parseGraphModel } from './graph_model';
import { bindAlternatives, MAX_LABEL_BRANCHES } from './label_alternatives';
import { matchText } from './pattern_text';
import { bindQuery } from './query_binding';

// Person and Student share the index `people`; Forum, Post and Comment have their own.
const MODEL = parseGraphModel(
  socialModel(
    ['Person', 'Forum', 'Post', 'Comment', 'Student'],
    ['hasMember', 'KNOWS', 'containerOf', 'hasCreator', 'LIKES', 'replyOf']
  )
);

function parse(text: string): GqlStatement {
  const result = parseGql(text);
  expect(result.errors).toEqual([]);
  return result.statement!;
}

/** Each branch as its pattern text. */
function branches(text: string): string[] {
  return bindAlternatives(parse(text), MODEL, (s) => bindQuery(s, MODEL, { maxHops: 3 })).map(
    (query) => matchText(query)
  );
}

function reason(text: string): string {
  try {
    branches(text);
  } catch (error) {
    expect(error).toBeInstanceOf(FederationError);
    expect((error as FederationError).status).toBe(400);
    return (error as Error).message;
  }
  throw new Error(`no error for ${text}`);
}

describe('label alternatives', () => {
  it('binds a statement without alternatives once', () => {
    expect(branches('MATCH (p:Person) RETURN p')).toEqual(['(p:Person)']);
  });

  it('binds one branch per alternative, all with the same node ids', () => {
    const statement = parse('MATCH (x:Forum|Post) RETURN x');
    const bound = bindAlternatives(statement, MODEL, (s) => bindQuery(s, MODEL, { maxHops: 3 }));
    expect(bound.map((q) => matchText(q))).toEqual(['(x:Forum)', '(x:Post)']);
    expect(bound.map((q) => [...q.variables])).toEqual([[['x', 0]], [['x', 0]]]);
  });

  it('drops the alternatives an edge does not fit', () => {
    // containerOf goes Forum -> Post: a Comment cannot be its end.
    expect(branches('MATCH (f:Forum)-[:containerOf]->(x:Post|Comment) RETURN x')).toEqual([
      '(f:Forum)-[$1:containerOf]->(x:Post)',
    ]);
  });

  it('labels the far end of each relation alternative its own way', () => {
    expect(branches('MATCH (c:Comment)-[:replyOf|hasCreator]->(x) RETURN x')).toEqual([
      '(c:Comment)-[$1:replyOf]->(x:Post)',
    ]);
    expect(branches('MATCH (p:Post)-[:hasCreator|containerOf]-(x) RETURN x')).toEqual([
      '(p:Post)-[$1:hasCreator]-(x:Person)',
      '(p:Post)-[$1:containerOf]-(x:Forum)',
    ]);
  });

  it('chooses once for a variable written twice', () => {
    expect(branches('MATCH (x:Forum|Post), (x)-[:hasMember]->(p:Person) RETURN x')).toEqual([
      '(x:Forum), (x:Forum)-[$1:hasMember]->(p:Person)',
    ]);
    expect(reason('MATCH (x:Forum|Post), (x:Comment) RETURN x')).toContain(
      'no label fits the variable [x] everywhere it is written'
    );
  });

  it('reads A&B and A:B as labels a document has together', () => {
    expect(branches('MATCH (s:Person&Student) RETURN s')).toEqual(['(s:Person&Student)']);
    expect(branches('MATCH (s:Student:Person) RETURN s')).toEqual(['(s:Student&Person)']);
  });

  it('refuses what it cannot unite, naming why', () => {
    expect(reason('MATCH (x:Person|Student) RETURN x')).toContain(
      'line 1, column 17: the alternatives [Person] and [Student] share the index [people]'
    );
    expect(reason('MATCH (x:Forum|Nobody) RETURN x')).toContain(
      'the model has no entity labelled [Nobody]'
    );
    expect(
      reason('MATCH (p:Person) OPTIONAL MATCH (p)-[:LIKES]->(x:Post|Comment) RETURN x')
    ).toContain('label alternatives in an OPTIONAL MATCH are not supported');
    expect(reason('MATCH (p:Person)-[:KNOWS|LIKES*1..2]->(x) RETURN x')).toContain(
      'relation alternatives on a variable-length edge are not supported'
    );
    expect(reason('MATCH p = (a:Person)-[:KNOWS|LIKES]->(x) RETURN p')).toContain(
      'relation alternatives in a named path (p = ...) are not supported'
    );
    expect(reason('MATCH (p:Person)-[:KNOWS|nope]->(x) RETURN x')).toContain(
      'the model has no relation labelled [nope]'
    );
  });

  it('answers the first 400 when no alternative fits', () => {
    expect(reason('MATCH (f:Forum)-[:containerOf]->(x:Person|Comment) RETURN x')).toContain(
      'the relation [containerOf] does not connect'
    );
  });

  it('keeps a branch whose OPTIONAL MATCH edge does not fit a 400, not a dropped branch', () => {
    expect(
      reason('MATCH (x:Forum|Post) OPTIONAL MATCH (x)-[:hasMember]->(p:Person) RETURN p')
    ).toContain('hasMember');
  });

  it('bounds the combinations', () => {
    const many = Array.from({ length: 5 }, (_, i) => `(x${i}:Forum|Post)`).join(', ');
    expect(2 ** 5).toBeGreaterThan(MAX_LABEL_BRANCHES);
    expect(reason(`MATCH ${many} RETURN x0`)).toContain(
      `the label alternatives make 32 combinations, more than the ${MAX_LABEL_BRANCHES} a query may run`
    );
  });
});
