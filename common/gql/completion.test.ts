import { describe, expect, it } from 'vitest';
import { completionContext } from './completion';

/** The context with the caret at `|` (removed from the text). */
function at(textWithCaret: string) {
  const offset = textWithCaret.indexOf('|');
  return completionContext(textWithCaret.replace('|', ''), offset);
}

describe('completionContext', () => {
  it('offers the statement start in an empty query', () => {
    expect(at('|')).toMatchObject({
      expected: ['EXPLAIN', 'SELECT', 'OPTIONAL', 'MATCH'],
      prefix: { text: '' },
    });
  });

  it('treats the word under the caret as the prefix to replace', () => {
    const context = at('SEL|');
    expect(context.expected).toEqual(['EXPLAIN', 'SELECT', 'OPTIONAL', 'MATCH']);
    expect(context.prefix).toEqual({
      text: 'SEL',
      range: { start: 0, end: 3, line: 1, column: 1, endLine: 1, endColumn: 4 },
    });
  });

  it('offers what may follow a complete pattern', () => {
    expect(at('SELECT a FROM "g" MATCH (a) |').expected).toEqual([
      '(',
      '-',
      '->',
      '<-',
      ',',
      'WHERE',
      'ORDER',
      'LIMIT',
      'OFFSET',
      ';',
      'end of input',
    ]);
  });

  it('offers operators after an operand', () => {
    const { expected } = at('SELECT a FROM "g" MATCH (a) WHERE a.x |');
    expect(expected).toEqual(
      expect.arrayContaining(['=', '<>', '<', '<=', '>', '>=', 'IN', 'IS', 'STARTS', 'NOT', 'AND'])
    );
  });

  it('names the variable and path after v. and v.a.', () => {
    expect(at('SELECT a.| FROM "g" MATCH (a)')).toMatchObject({
      expected: ['name'],
      variable: 'a',
      path: [],
      variables: ['a'],
    });
    expect(at('SELECT a.address.ci| FROM "g" MATCH (a)')).toMatchObject({
      variable: 'a',
      path: ['address'],
      prefix: { text: 'ci' },
    });
    expect(at('SELECT `my var`.| FROM "g" MATCH (`my var`)')).toMatchObject({
      variable: 'my var',
    });
  });

  it('says when a node or edge label is expected', () => {
    expect(at('SELECT a FROM "g" MATCH (a:|)')).toMatchObject({
      label: 'node',
      expected: ['name'],
    });
    expect(at('SELECT a FROM "g" MATCH (:|')).toMatchObject({ label: 'node' });
    expect(at('SELECT a FROM "g" MATCH (a)-[e:|')).toMatchObject({ label: 'edge' });
    expect(at('SELECT a FROM "g" MATCH (a)-[e:RE|')).toMatchObject({
      label: 'edge',
      prefix: { text: 'RE' },
    });
  });

  it('says when a key of a node property map is expected, naming the node', () => {
    expect(at('MATCH (c:Company {|')).toMatchObject({
      expected: ['name', '}'],
      mapKey: { variable: 'c', labels: ['Company'] },
    });
    expect(at("MATCH (:Company {country: 'FR', size: 3, na|")).toMatchObject({
      mapKey: { labels: ['Company'] },
      prefix: { text: 'na' },
    });
    expect(at('MATCH (c {|').mapKey).toEqual({ variable: 'c', labels: [] });
    // `|` is the caret in `at`: the caret at the end instead.
    const end = (text: string) => completionContext(text, text.length);
    expect(end('MATCH (x:Company|Person {').mapKey).toEqual({
      variable: 'x',
      labels: ['Company', 'Person'],
    });
    expect(end('MATCH (x:Company&Person {').mapKey?.labels).toEqual(['Company', 'Person']);
    // A value, a quantifier's bounds and a list are not keys.
    expect(at('MATCH (c:Company {country: |').mapKey).toBeUndefined();
    expect(at('MATCH (a)-[:R]->{|').mapKey).toBeUndefined();
    expect(at('MATCH (c:Company) WHERE c.x IN [1, |').mapKey).toBeUndefined();
  });

  it('offers the clauses of the MATCH … RETURN form where they fit', () => {
    expect(at('MATCH (a) |').expected).toEqual(
      expect.arrayContaining(['WHERE', 'OPTIONAL', 'MATCH', 'RETURN'])
    );
    expect(at('MATCH (a) RETURN a.x |').expected).toEqual(
      expect.arrayContaining(['AS', 'ORDER', 'SKIP', 'OFFSET', 'LIMIT'])
    );
    expect(at('MATCH (a) RETURN a SKIP 2 |').expected).toEqual(['LIMIT', ';', 'end of input']);
    expect(at('MATCH (a:|')).toMatchObject({ label: 'node' });
    expect(at('MATCH (a)<-[e:|')).toMatchObject({ label: 'edge' });
    expect(at('OPTIONAL MATCH (a)-[:R]->(b) RETURN b.|')).toMatchObject({ variable: 'b' });
  });

  it('offers a graph name after FROM, with the typed part of the string', () => {
    expect(at('SELECT a FROM |')).toMatchObject({ expected: ['double-quoted string'] });
    expect(at('SELECT a FROM "inv|')).toMatchObject({
      expected: ['double-quoted string'],
      prefix: { text: '"inv' },
    });
  });

  it('lists the variables bound in the patterns', () => {
    expect(at('SELECT | FROM "g" MATCH (a)-[e:R]->(b), (b) (c)').variables).toEqual([
      'a',
      'b',
      'e',
      'c',
    ]);
  });

  it('lists the variables of OPTIONAL MATCH clauses too', () => {
    expect(at('MATCH (a) OPTIONAL MATCH (a)-[:R]->(b) RETURN |').variables).toEqual(['a', 'b']);
  });

  it('offers nothing inside a comment or after an error', () => {
    expect(at('SELECT a -- note |').expected).toEqual([]);
    expect(at('SELECT a /* note | */').expected).toEqual([]);
    expect(at('SELECT a /* note */ |').expected).toContain('FROM');
    expect(at('SELECT FROM FROM |').expected).toEqual([]);
  });

  it('clamps the caret to the text', () => {
    expect(completionContext('SELECT', 99).prefix.text).toBe('SELECT');
    expect(completionContext('SELECT', -5).expected).toEqual([
      'EXPLAIN',
      'SELECT',
      'OPTIONAL',
      'MATCH',
    ]);
  });
});
