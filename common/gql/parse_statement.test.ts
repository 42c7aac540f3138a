import { describe, expect, it } from 'vitest';
import { parseGql } from './parse';
import { parseValid, prop, withoutRanges } from './test_support';

describe('parseGql: statement clauses', () => {
  it('parses a minimal statement', () => {
    const statement = parseValid('SELECT a FROM "investments" MATCH (a)');
    expect(statement.explain).toBe(false);
    expect(statement.distinct).toBe(false);
    expect(statement.graph?.name).toBe('investments');
    expect(withoutRanges(statement.items)).toEqual([
      { expression: { kind: 'variable', variable: { name: 'a' } }, text: 'a' },
    ]);
    expect(statement.patterns).toHaveLength(1);
    expect(statement.where).toBeUndefined();
    expect(statement.orderBy).toEqual([]);
    expect(statement.limit).toBeUndefined();
    expect(statement.offset).toBeUndefined();
  });

  it('parses EXPLAIN and DISTINCT', () => {
    const statement = parseValid('EXPLAIN SELECT DISTINCT a.name FROM "g" MATCH (a)');
    expect(statement.explain).toBe(true);
    expect(statement.distinct).toBe(true);
    expect(statement.items.map((item) => item.text)).toEqual(['a.name']);
  });

  it('keeps each select item exactly as written, trimmed', () => {
    const statement = parseValid(
      'SELECT  a.name ,count( DISTINCT b.x ),\n  a.`first name`  FROM "g" MATCH (a), (b)'
    );
    expect(statement.items.map((item) => item.text)).toEqual([
      'a.name',
      'count( DISTINCT b.x )',
      'a.`first name`',
    ]);
    expect(withoutRanges(statement.items[2].expression)).toEqual(prop('a', 'first name'));
  });

  it('parses WHERE, ORDER BY, LIMIT, OFFSET and a final semicolon', () => {
    const statement = parseValid(
      'SELECT a.name FROM "g" MATCH (a) WHERE a.age > 30 ORDER BY a.name DESC, a.age ASC, a.id LIMIT 10 OFFSET 20;'
    );
    expect(withoutRanges(statement.where)).toEqual({
      kind: 'comparison',
      operator: '>',
      left: prop('a', 'age'),
      right: { kind: 'literal', value: 30 },
    });
    expect(statement.orderBy.map((item) => [item.text, item.descending])).toEqual([
      ['a.name', true],
      ['a.age', false],
      ['a.id', false],
    ]);
    expect(statement.limit?.value).toBe(10);
    expect(statement.offset?.value).toBe(20);
  });

  it('accepts LIMIT 0 and OFFSET 0', () => {
    const statement = parseValid('SELECT a FROM "g" MATCH (a) LIMIT 0 OFFSET 0');
    expect(statement.limit?.value).toBe(0);
    expect(statement.offset?.value).toBe(0);
  });

  it('matches ORDER BY text against select item text', () => {
    const statement = parseValid(
      'SELECT count(*), a.city FROM "g" MATCH (a) ORDER BY count(*) DESC, a.city'
    );
    expect(statement.orderBy[0].text).toBe(statement.items[0].text);
    expect(statement.orderBy[1].text).toBe(statement.items[1].text);
  });

  it('reads keywords in any case, names case-sensitively', () => {
    const statement = parseValid(
      'explain Select distinct Person.Name from "G" Match (Person:Person) where Person.Age iS nOt NuLl order by Person.Name desc limit 1 offset 2'
    );
    expect(statement.explain && statement.distinct).toBe(true);
    expect(statement.items[0].text).toBe('Person.Name');
    expect(statement.graph?.name).toBe('G');
    expect(statement.patterns[0].nodes[0][0].variable?.name).toBe('Person');
    expect(statement.where?.kind).toBe('isNull');
    expect(statement.orderBy[0].descending).toBe(true);
  });

  it('allows keywords as property names and labels, and backquoted variables', () => {
    const statement = parseValid(
      'SELECT `select`.count, `select`.order.limit FROM "g" MATCH (`select`:Match)'
    );
    expect(withoutRanges(statement.items.map((item) => item.expression))).toEqual([
      prop('select', 'count'),
      prop('select', 'order', 'limit'),
    ]);
    expect(statement.patterns[0].nodes[0][0].label?.name).toBe('Match');
  });

  it('reads identifiers with digits and underscores', () => {
    const statement = parseValid('SELECT _a1.b_2 FROM "g" MATCH (_a1:Label_3)');
    expect(withoutRanges(statement.items[0].expression)).toEqual(prop('_a1', 'b_2'));
  });

  it('resolves escapes in graph names', () => {
    expect(parseValid('SELECT a FROM "my \\"big\\" \\\\ graph" MATCH (a)').graph?.name).toBe(
      'my "big" \\ graph'
    );
  });

  it('resolves escapes in backquoted names', () => {
    const statement = parseValid('SELECT `a``b`.`x y` FROM "g" MATCH (`a``b`)');
    expect(withoutRanges(statement.items[0].expression)).toEqual(prop('a`b', 'x y'));
    expect(statement.items[0].text).toBe('`a``b`.`x y`');
  });

  it('skips line and block comments and any whitespace', () => {
    const statement = parseValid(
      '-- people and their cities\nSELECT /* the name */ a.name\r\n\tFROM "g" -- the model\n MATCH /* multi\nline */ (a)\n'
    );
    expect(statement.items[0].text).toBe('a.name');
    expect(statement.graph?.name).toBe('g');
  });

  it('keeps a comment inside an item in its text', () => {
    const statement = parseValid('SELECT count( /* all */ *) FROM "g" MATCH (a)');
    expect(statement.items[0].text).toBe('count( /* all */ *)');
  });
});

describe('parseGql: source ranges', () => {
  const text =
    'SELECT a.name\nFROM "g"\nMATCH (a:Person)-[k:KNOWS]->(b)\nWHERE b.age >= 18 LIMIT 5';
  const statement = parseValid(text);

  it('gives the statement the whole text', () => {
    expect(statement.range).toEqual({
      start: 0,
      end: text.length,
      line: 1,
      column: 1,
      endLine: 4,
      endColumn: 26,
    });
  });

  it('gives offsets, 1-based lines and columns, exclusive ends', () => {
    expect(statement.items[0].range).toEqual({
      start: 7,
      end: 13,
      line: 1,
      column: 8,
      endLine: 1,
      endColumn: 14,
    });
    expect(statement.graph?.range).toMatchObject({ start: 19, end: 22, line: 2, column: 6 });
  });

  it('ranges nodes, labels and edges as written', () => {
    const [pattern] = statement.patterns;
    const node = pattern.nodes[0][0];
    expect(text.slice(node.range.start, node.range.end)).toBe('(a:Person)');
    expect(node.range).toMatchObject({ line: 3, column: 7, endLine: 3, endColumn: 17 });
    expect(text.slice(node.label!.range.start, node.label!.range.end)).toBe('Person');
    const edge = pattern.edges[0];
    expect(text.slice(edge.range.start, edge.range.end)).toBe('-[k:KNOWS]->');
    expect(text.slice(pattern.range.start, pattern.range.end)).toBe('(a:Person)-[k:KNOWS]->(b)');
  });

  it('ranges expressions and their parts', () => {
    const where = statement.where!;
    expect(text.slice(where.range.start, where.range.end)).toBe('b.age >= 18');
    expect(where.range).toMatchObject({ line: 4, column: 7 });
    if (where.kind !== 'comparison') throw new Error('expected a comparison');
    expect(text.slice(where.right.range.start, where.right.range.end)).toBe('18');
    expect(statement.limit?.range).toMatchObject({ line: 4, column: 25, endColumn: 26 });
  });

  it('includes parentheses in the range of the expression around them', () => {
    const t = 'SELECT a FROM "g" MATCH (a) WHERE (a.x = 1) AND NOT (a.y = 2)';
    const where = parseValid(t).where!;
    expect(t.slice(where.range.start, where.range.end)).toBe('(a.x = 1) AND NOT (a.y = 2)');
    if (where.kind !== 'and') throw new Error('expected AND');
    expect(t.slice(where.left.range.start, where.left.range.end)).toBe('a.x = 1');
    expect(t.slice(where.right.range.start, where.right.range.end)).toBe('NOT (a.y = 2)');
  });

  it('counts columns after CRLF line breaks', () => {
    const result = parseGql('SELECT a\r\nFROM "g"\r\nMATCH (a)');
    expect(result.statement?.patterns[0].range).toMatchObject({ line: 3, column: 7 });
  });
});
