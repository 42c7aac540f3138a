import { describe, expect, it } from 'vitest';
import { condition, lit, parseValid, prop, withoutRanges } from './test_support';

const cmp = (operator: string, left: object, right: object) => ({
  kind: 'comparison',
  operator,
  left,
  right,
});
const ax = prop('a', 'x');

describe('parseGql: literals', () => {
  it.each([
    ["'text'", 'text'],
    ["''", ''],
    ["'it''s'", "it's"],
    ["'it\\'s'", "it's"],
    ["'back\\\\slash'", 'back\\slash'],
    ["'keep \\n as written'", 'keep \\n as written'],
    ["'two\nlines'", 'two\nlines'],
    ['\'"double" inside\'', '"double" inside'],
  ])('string %s', (written, value) => {
    expect(condition(`a.x = ${written}`)).toEqual(cmp('=', ax, lit(value)));
  });

  it.each([
    ['42', 42],
    ['0', 0],
    ['-7', -7],
    ['3.25', 3.25],
    ['-0.5', -0.5],
    ['1e3', 1000],
    ['2.5E-2', 0.025],
    ['-1e+2', -100],
  ])('number %s', (written, value) => {
    expect(condition(`a.x = ${written}`)).toEqual(cmp('=', ax, lit(value)));
  });

  it.each([
    ['TRUE', true],
    ['false', false],
    ['Null', null],
  ])('%s', (written, value) => {
    expect(condition(`a.x = ${written}`)).toEqual(cmp('=', ax, lit(value)));
  });

  it('reads a negative number right after an operator', () => {
    expect(condition('a.x<-1')).toEqual(cmp('<', ax, lit(-1)));
    expect(condition('a.x>-1')).toEqual(cmp('>', ax, lit(-1)));
    expect(condition('a.x=-1')).toEqual(cmp('=', ax, lit(-1)));
  });
});

describe('parseGql: references', () => {
  it('reads a variable, a property and a nested property', () => {
    const statement = parseValid('SELECT a, a.name, a.address.city.zip FROM "g" MATCH (a)');
    expect(withoutRanges(statement.items.map((item) => item.expression))).toEqual([
      { kind: 'variable', variable: { name: 'a' } },
      prop('a', 'name'),
      prop('a', 'address', 'city', 'zip'),
    ]);
  });

  it('compares two properties', () => {
    expect(condition('a.x <> b.y')).toEqual(cmp('<>', ax, prop('b', 'y')));
  });
});

describe('parseGql: comparisons and predicates', () => {
  it.each([
    ['=', '='],
    ['<>', '<>'],
    ['!=', '<>'],
    ['<', '<'],
    ['<=', '<='],
    ['>', '>'],
    ['>=', '>='],
  ])('operator %s', (written, operator) => {
    expect(condition(`a.x ${written} 1`)).toEqual(cmp(operator, ax, lit(1)));
    expect(condition(`a.x${written}1`)).toEqual(cmp(operator, ax, lit(1)));
  });

  it('IN and NOT IN a list of literals', () => {
    expect(condition("a.x IN [1, 'two', TRUE, NULL, -2.5]")).toEqual({
      kind: 'in',
      operand: ax,
      list: { kind: 'list', items: [lit(1), lit('two'), lit(true), lit(null), lit(-2.5)] },
      negated: false,
    });
    expect(condition('a.x NOT IN []')).toEqual({
      kind: 'in',
      operand: ax,
      list: { kind: 'list', items: [] },
      negated: true,
    });
  });

  it('IS NULL and IS NOT NULL', () => {
    expect(condition('a.x IS NULL')).toEqual({ kind: 'isNull', operand: ax, negated: false });
    expect(condition('a.x is not null')).toEqual({ kind: 'isNull', operand: ax, negated: true });
  });

  it('STARTS WITH', () => {
    expect(condition("a.name STARTS WITH 'Jo'")).toEqual({
      kind: 'startsWith',
      operand: prop('a', 'name'),
      prefix: lit('Jo'),
    });
    expect(condition('a.name starts with b.prefix')).toMatchObject({ prefix: prop('b', 'prefix') });
  });

  it('accepts a bare boolean operand', () => {
    expect(condition('a.active')).toEqual(prop('a', 'active'));
    expect(condition('TRUE')).toEqual(lit(true));
  });
});

describe('parseGql: boolean operators and precedence', () => {
  const p = (n: number) => cmp('=', ax, lit(n));

  it('binds AND tighter than OR', () => {
    expect(condition('a.x = 1 OR a.x = 2 AND a.x = 3')).toEqual({
      kind: 'or',
      left: p(1),
      right: { kind: 'and', left: p(2), right: p(3) },
    });
    expect(condition('a.x = 1 AND a.x = 2 OR a.x = 3')).toEqual({
      kind: 'or',
      left: { kind: 'and', left: p(1), right: p(2) },
      right: p(3),
    });
  });

  it('binds NOT tighter than AND', () => {
    expect(condition('NOT a.x = 1 AND a.x = 2')).toEqual({
      kind: 'and',
      left: { kind: 'not', operand: p(1) },
      right: p(2),
    });
  });

  it('nests repeated NOT', () => {
    expect(condition('NOT NOT a.x = 1')).toEqual({
      kind: 'not',
      operand: { kind: 'not', operand: p(1) },
    });
  });

  it('associates AND and OR chains to the left', () => {
    expect(condition('a.x = 1 AND a.x = 2 AND a.x = 3')).toEqual({
      kind: 'and',
      left: { kind: 'and', left: p(1), right: p(2) },
      right: p(3),
    });
    expect(condition('a.x = 1 OR a.x = 2 OR a.x = 3')).toEqual({
      kind: 'or',
      left: { kind: 'or', left: p(1), right: p(2) },
      right: p(3),
    });
  });

  it('lets parentheses override precedence', () => {
    expect(condition('(a.x = 1 OR a.x = 2) AND NOT (a.x = 3 OR a.x = 4)')).toEqual({
      kind: 'and',
      left: { kind: 'or', left: p(1), right: p(2) },
      right: { kind: 'not', operand: { kind: 'or', left: p(3), right: p(4) } },
    });
    expect(condition('((((a.x = 1))))')).toEqual(p(1));
  });

  it('reads NOT IN inside a NOT', () => {
    expect(condition('NOT a.x NOT IN [1]')).toEqual({
      kind: 'not',
      operand: { kind: 'in', operand: ax, list: { kind: 'list', items: [lit(1)] }, negated: true },
    });
  });
});

describe('parseGql: aggregates', () => {
  const items = (select: string) =>
    withoutRanges(
      parseValid(`SELECT ${select} FROM "g" MATCH (a)`).items.map((item) => item.expression)
    );

  it('COUNT(*) has no argument', () => {
    expect(items('COUNT(*)')).toEqual([
      { kind: 'aggregate', function: 'COUNT', distinct: false, argument: null },
    ]);
  });

  it.each(['COUNT', 'SUM', 'AVG', 'MIN', 'MAX'])('%s of an expression', (fn) => {
    expect(items(`${fn.toLowerCase()}(a.x)`)).toEqual([
      { kind: 'aggregate', function: fn, distinct: false, argument: ax },
    ]);
  });

  it('DISTINCT inside an aggregate', () => {
    expect(items('count(DISTINCT a.x), SUM(distinct a.y)')).toEqual([
      { kind: 'aggregate', function: 'COUNT', distinct: true, argument: ax },
      { kind: 'aggregate', function: 'SUM', distinct: true, argument: prop('a', 'y') },
    ]);
  });

  it('aggregates in ORDER BY and comparisons', () => {
    const statement = parseValid(
      'SELECT a.city, COUNT(*) FROM "g" MATCH (a) WHERE a.x > 1 ORDER BY COUNT(*) DESC'
    );
    expect(withoutRanges(statement.orderBy[0].expression)).toEqual({
      kind: 'aggregate',
      function: 'COUNT',
      distinct: false,
      argument: null,
    });
    expect(condition('MAX(a.x) >= 3')).toMatchObject({ kind: 'comparison', operator: '>=' });
  });
});
