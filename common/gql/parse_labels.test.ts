import { describe, expect, it } from 'vitest';
import { completionContext } from './completion';
import { parseGql } from './parse';
import { parseValid, withoutRanges } from './test_support';

const firstNode = (text: string) => parseValid(text).patterns[0].nodes[0][0];
const firstEdge = (text: string) => parseValid(text).patterns[0].edges[0];
const names = (ids: { name: string }[] | undefined) => ids?.map((id) => id.name);

/** The one error of a query, as `line:column message`. */
function error(text: string): string {
  const { errors } = parseGql(text);
  expect(errors).toHaveLength(1);
  return `${errors[0].range.line}:${errors[0].range.column} ${errors[0].message}`;
}

describe('label expressions', () => {
  it('reads alternatives :A|B and Cypher 5’s :A|:B, without a single label', () => {
    for (const text of ['MATCH (n:A|B|C) RETURN n', 'MATCH (n:A|:B|:C) RETURN n']) {
      const node = firstNode(text);
      expect(node.label).toBeUndefined();
      expect(names(node.labelAlternatives)).toEqual(['A', 'B', 'C']);
    }
    expect(firstNode('MATCH (n:A|B) RETURN n').labelAlternatives![1].range).toMatchObject({
      line: 1,
      column: 12,
    });
  });

  it('reads A&B and Cypher’s A:B as the first label and more', () => {
    for (const text of ['MATCH (n:A&B) RETURN n', 'MATCH (n:A:B) RETURN n']) {
      const node = firstNode(text);
      expect(node.label?.name).toBe('A');
      expect(names(node.moreLabels)).toEqual(['B']);
      expect(node.labelAlternatives).toBeUndefined();
    }
  });

  it('keeps one label for a repeated alternative, and a plain label as before', () => {
    expect(withoutRanges(firstNode('MATCH (n:A|A) RETURN n'))).toEqual(
      withoutRanges(firstNode('MATCH (n:A) RETURN n'))
    );
  });

  it('reads relation alternatives on an edge, before a variable-length bound', () => {
    const edge = firstEdge('MATCH (a)-[r:R|S*1..2]->(b) RETURN a');
    expect(edge.label).toBeUndefined();
    expect(names(edge.labelAlternatives)).toEqual(['R', 'S']);
    expect(edge.quantifier).toMatchObject({ min: 1, max: 2 });
    expect(names(firstEdge('MATCH (a)<-[:R|:S]-(b) RETURN a').labelAlternatives)).toEqual([
      'R',
      'S',
    ]);
  });

  it('refuses label negation, the wildcard and | mixed with &, by name and position', () => {
    expect(error('MATCH (n:!A) RETURN n')).toBe(
      '1:10 label negation !A is not supported: name the labels the node may have, e.g. (n:A|B)'
    );
    expect(error('MATCH (n:A|!B) RETURN n')).toMatch(/^1:12 label negation/);
    expect(error('MATCH (n:%) RETURN n')).toBe(
      '1:10 the label wildcard % is not supported: leave the label out, (n), and every entity its edges allow fits'
    );
    expect(error('MATCH (n:A|B&C) RETURN n')).toBe(
      '1:9 the label expression :A|B&C mixes | and &, which is not supported: write alternatives (n:A|B) or labels a document has together (n:A&B)'
    );
    expect(error('MATCH (a)-[:R&S]->(b) RETURN a')).toBe(
      '1:15 an edge stands for one relation: write its alternatives with | (-[:R|S]->), not & or :'
    );
    // `!` elsewhere is the lexer's error as before.
    expect(error('MATCH (n) WHERE ! n.x RETURN n')).toBe('1:17 unexpected character [!]');
  });

  it('still wants a label after the colon', () => {
    expect(error('MATCH (n:) RETURN n')).toBe('1:10 expected [name] but found [)]');
    expect(error('MATCH (n:A|) RETURN n')).toBe('1:12 expected [name] but found [)]');
  });
});

describe('COLLECT', () => {
  it('is an aggregate, with DISTINCT, in both forms', () => {
    const items = parseValid('MATCH (a) RETURN collect(a.x), COLLECT(DISTINCT a)').items;
    expect(withoutRanges(items.map((i) => i.expression))).toEqual([
      {
        kind: 'aggregate',
        function: 'COLLECT',
        distinct: false,
        argument: { kind: 'property', variable: { name: 'a' }, path: ['x'] },
      },
      {
        kind: 'aggregate',
        function: 'COLLECT',
        distinct: true,
        argument: { kind: 'variable', variable: { name: 'a' } },
      },
    ]);
    expect(parseValid('SELECT collect(a.x) FROM "g" MATCH (a)').items[0].text).toBe('collect(a.x)');
  });

  it('refuses COLLECT(*) at the star', () => {
    expect(error('MATCH (a) RETURN collect(*)')).toBe(
      '1:26 COLLECT(*) is not allowed: only COUNT accepts *, COLLECT needs an expression such as COLLECT(v.field)'
    );
  });
});

describe('completion in a label expression', () => {
  it('expects a label after |, & and :, for nodes and edges', () => {
    const at = (text: string) => completionContext(text, text.length);
    expect(at('MATCH (n:A|')).toMatchObject({ label: 'node', expected: [':', 'name'] });
    expect(at('MATCH (n:A&B:')).toMatchObject({ label: 'node', expected: ['name'] });
    expect(at('MATCH (a)-[e:R|')).toMatchObject({ label: 'edge' });
    expect(at('MATCH (a)-[:R|S|')).toMatchObject({ label: 'edge' });
  });
});
