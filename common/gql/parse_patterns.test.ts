import { describe, expect, it } from 'vitest';
import type { EdgePattern, PathPattern } from './ast';
import { parseErrors, parseValid, withoutRanges } from './test_support';

function patterns(match: string): PathPattern[] {
  return withoutRanges(parseValid(`SELECT a FROM "g" MATCH ${match}`).patterns);
}

function onlyEdge(match: string): EdgePattern {
  const [pattern] = patterns(match);
  expect(pattern.edges).toHaveLength(1);
  expect(pattern.nodes).toHaveLength(2);
  return pattern.edges[0];
}

describe('parseGql: node patterns', () => {
  it('parses every optional part of a node', () => {
    expect(patterns('(a:Company WHERE "name:acme AND city:\\"New York\\"")')).toEqual([
      {
        nodes: [
          [
            {
              variable: { name: 'a' },
              label: { name: 'Company' },
              where: { query: 'name:acme AND city:"New York"' },
            },
          ],
        ],
        edges: [],
      },
    ]);
  });

  it('parses empty, variable-only, label-only and query-only nodes', () => {
    const [pattern] = patterns('() -> (a) -> (:Article) -> (WHERE "x:1")');
    expect(pattern.nodes).toEqual([
      [{}],
      [{ variable: { name: 'a' } }],
      [{ label: { name: 'Article' } }],
      [{ where: { query: 'x:1' } }],
    ]);
  });

  it('keeps query string escapes other than \\" and \\\\ for OpenSearch', () => {
    const [pattern] = patterns('(a WHERE "path:a\\/b AND x:\\\\ AND t:\\:")');
    expect(pattern.nodes[0][0].where?.query).toBe('path:a\\/b AND x:\\ AND t:\\:');
  });

  it('merges adjacent node patterns into one group', () => {
    const [pattern] = patterns('(x:Student) (y:Professor)-[:TEACHES]->(c)(d)(e)');
    expect(pattern.nodes).toEqual([
      [
        { variable: { name: 'x' }, label: { name: 'Student' } },
        { variable: { name: 'y' }, label: { name: 'Professor' } },
      ],
      [{ variable: { name: 'c' } }, { variable: { name: 'd' } }, { variable: { name: 'e' } }],
    ]);
    expect(pattern.edges).toHaveLength(1);
  });

  it('parses comma-separated patterns', () => {
    const result = patterns('(a)-[:R]->(b), (b)<-[:S]-(c), (d)');
    expect(result).toHaveLength(3);
    expect(result.map((p) => p.nodes.length)).toEqual([2, 2, 1]);
  });

  it('parses multi-hop paths with edges = nodes - 1', () => {
    const [pattern] = patterns('(a)-[:R]->(b)<-[:S]-(c)-(d)->(e)<-(f)');
    expect(pattern.nodes).toHaveLength(6);
    expect(pattern.edges.map((edge) => edge.direction)).toEqual([
      'right',
      'left',
      'undirected',
      'right',
      'left',
    ]);
  });
});

describe('parseGql: edge patterns', () => {
  it.each([
    ['(a)-[e:R]->(b)', { variable: { name: 'e' }, label: { name: 'R' }, direction: 'right' }],
    ['(a)<-[e:R]-(b)', { variable: { name: 'e' }, label: { name: 'R' }, direction: 'left' }],
    ['(a)-[e:R]-(b)', { variable: { name: 'e' }, label: { name: 'R' }, direction: 'undirected' }],
    ['(a)-[:R]->(b)', { label: { name: 'R' }, direction: 'right' }],
    ['(a)<-[:R]-(b)', { label: { name: 'R' }, direction: 'left' }],
    ['(a)-[e]->(b)', { variable: { name: 'e' }, direction: 'right' }],
    ['(a)-[]->(b)', { direction: 'right' }],
    ['(a)<-[]-(b)', { direction: 'left' }],
    ['(a)-[]-(b)', { direction: 'undirected' }],
    ['(a)->(b)', { direction: 'right' }],
    ['(a)<-(b)', { direction: 'left' }],
    ['(a)-(b)', { direction: 'undirected' }],
  ])('%s', (match, edge) => {
    expect(onlyEdge(match)).toEqual(edge);
  });

  it.each([
    ['(a) - [ e : R ] -> (b)', 'right'],
    ['(a) <- [ e : R ] - (b)', 'left'],
    ['(a) - [ e : R ] - (b)', 'undirected'],
    ['(a)\n  -[e:R]->\n  (b)', 'right'],
    ['(a) -> (b)', 'right'],
    ['(a) <- (b)', 'left'],
    ['(a) - (b)', 'undirected'],
  ])('accepts spaces: %s', (match, direction) => {
    expect(onlyEdge(match).direction).toBe(direction);
  });

  it('reads backquoted and keyword relation labels', () => {
    expect(onlyEdge('(a)-[`works at`:`WORKS AT`]->(b)')).toEqual({
      variable: { name: 'works at' },
      label: { name: 'WORKS AT' },
      direction: 'right',
    });
    expect(onlyEdge('(a)-[:IN]->(b)').label?.name).toBe('IN');
  });

  it('ranges the edge from its first to its last character', () => {
    const text = 'SELECT a FROM "g" MATCH (a) <-[ e:R ]- {1,2} (b)';
    const edge = parseValid(text).patterns[0].edges[0];
    expect(text.slice(edge.range.start, edge.range.end)).toBe('<-[ e:R ]- {1,2}');
    expect(text.slice(edge.quantifier!.range.start, edge.quantifier!.range.end)).toBe('{1,2}');
  });
});

describe('parseGql: quantifiers', () => {
  it.each([
    ['(a)-[:R]->{1,3}(b)', 1, 3],
    ['(a)-[:R]->{2}(b)', 2, 2],
    ['(a)<-[:R]-{ 1 , 5 }(b)', 1, 5],
    ['(a)-[:R]-{4,4}(b)', 4, 4],
    ['(a)->{1,2}(b)', 1, 2],
    ['(a)<-{3}(b)', 3, 3],
    ['(a)-{1,9}(b)', 1, 9],
  ])('%s', (match, min, max) => {
    expect(onlyEdge(match).quantifier).toEqual({ min, max });
  });

  it('leaves unquantified edges without a quantifier', () => {
    expect(onlyEdge('(a)-[:R]->(b)').quantifier).toBeUndefined();
  });

  it('refuses a lower bound above the upper bound, at the quantifier', () => {
    const text = 'SELECT a FROM "g" MATCH (a)-[:R]->{3,1}(b)';
    const [error] = parseErrors(text);
    expect(error.message).toBe('the quantifier {3,1} has a lower bound above its upper bound');
    expect(text.slice(error.range.start, error.range.end)).toBe('{3,1}');
    expect(error.range).toMatchObject({ line: 1, column: 35 });
  });

  it('refuses a lower bound of 0', () => {
    const [error] = parseErrors('SELECT a FROM "g" MATCH (a)->{0,2}(b)');
    expect(error.message).toBe('the quantifier {0,2} must have a lower bound of at least 1');
    expect(parseErrors('SELECT a FROM "g" MATCH (a)->{0}(b)')[0].message).toContain('at least 1');
  });

  it('refuses bounds that are not non-negative safe integers', () => {
    expect(parseErrors('SELECT a FROM "g" MATCH (a)->{1.5,2}(b)')[0].message).toBe(
      'a quantifier bound must be a non-negative integer, found [1.5]'
    );
    expect(parseErrors('SELECT a FROM "g" MATCH (a)->{1,-2}(b)')[0].message).toBe(
      'a quantifier bound must be a non-negative integer, found [-2]'
    );
    expect(parseErrors('SELECT a FROM "g" MATCH (a)->{1,9007199254740993}(b)')[0].message).toBe(
      'a quantifier bound 9007199254740993 is too large (at most 9007199254740991)'
    );
  });
});
