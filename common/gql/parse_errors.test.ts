import { describe, expect, it } from 'vitest';
import { formatGqlError } from './format_error';
import { MAX_QUERY_LENGTH, MAX_REPORTED_ERRORS, parseGql } from './parse';
import { parseErrors } from './test_support';

/** The error's text in the query. */
function at(text: string, error: { range: { start: number; end: number } }): string {
  return text.slice(error.range.start, error.range.end);
}

describe('parseGql: syntax errors', () => {
  it('reports a missing FROM at the token found instead, and keeps the rest', () => {
    const text = 'SELECT a.name MATCH (a:Person)';
    const result = parseGql(text);
    expect(result.errors).toEqual([
      {
        message: "expected ['FROM'] but found [MATCH]",
        range: { start: 14, end: 19, line: 1, column: 15, endLine: 1, endColumn: 20 },
        expected: ['FROM'],
      },
    ]);
    expect(result.statement?.items[0].text).toBe('a.name');
    expect(result.statement?.patterns[0].nodes[0][0].label?.name).toBe('Person');
    expect(formatGqlError(result.errors[0])).toBe(
      "line 1, column 15: expected ['FROM'] but found [MATCH]"
    );
  });

  it('reports a missing MATCH', () => {
    const [error] = parseErrors('SELECT a FROM "g" WHERE a.x = 1');
    expect(error.message).toBe("expected ['MATCH'] but found [WHERE]");
    expect(error.expected).toEqual(['MATCH']);
    expect(error.range).toMatchObject({ line: 1, column: 19 });
  });

  it('reports a missing SELECT list with every token that could start an expression', () => {
    const [error] = parseErrors('SELECT FROM "g" MATCH (a)');
    expect(error.message).toBe('expected an expression to select but found [FROM]');
    expect(error.expected).toEqual(
      expect.arrayContaining(['NOT', 'string', 'number', 'identifier', 'COUNT', '(', '['])
    );
  });

  it('reports a missing operand after a comparison', () => {
    const text = 'SELECT a FROM "g" MATCH (a) WHERE a.x = ORDER BY a.x';
    const [error] = parseErrors(text);
    expect(error.message).toBe('expected an expression but found [ORDER]');
    expect(at(text, error)).toBe('ORDER');
  });

  it('reports an incomplete edge with the tokens that would close it', () => {
    const [error] = parseErrors('SELECT a FROM "g" MATCH (a)-[e:R](b)');
    expect(error.message).toBe("expected one of ['->', '-'] but found [(]");
    expect(error.expected).toEqual(['->', '-']);
    expect(error.range.column).toBe(34);
  });

  it('reports what may follow when the query goes on after its end', () => {
    const text = 'SELECT a FROM "g" MATCH (a) WHERE a.x = 1 garbage here';
    const errors = parseErrors(text);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe(
      "expected one of ['AND', 'OR', 'ORDER', 'LIMIT', 'OFFSET', ';', end of input] but found [garbage]"
    );
    expect(at(text, errors[0])).toBe('garbage');
  });

  it('reports a misspelt clause keyword with the clauses allowed there', () => {
    const [error] = parseErrors('SELECT a FROM "g" MATCH (a) WHER a.x = 1');
    expect(error.expected).toEqual([
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

  it('quotes expected tokens, so a comma or bracket reads as one', () => {
    const [list] = parseErrors('SELECT a FROM "g" MATCH (a) ORDER BY a.x y');
    expect(list.message).toContain("'ASC', 'DESC', ',', 'LIMIT'");
    expect(list.message).toMatch(/, end of input\] but found \[y\]$/);
    const [bracket] = parseErrors('SELECT a FROM "g" MATCH (a) WHERE a.x IN [1 2]');
    expect(bracket.message).toBe("expected [']'] but found [2]");
    // The labels themselves stay bare: completion matches them.
    expect(bracket.expected).toEqual([']']);
  });

  it('places end-of-input errors just after the last token', () => {
    const text = 'SELECT a FROM "g" MATCH (a\n  ';
    const [error] = parseErrors(text);
    expect(error.message).toBe("expected [')'] but found end of input");
    expect(error.range).toMatchObject({ start: 26, end: 26, line: 1, column: 27 });
  });

  it('reports an empty query', () => {
    expect(parseGql('')).toEqual({
      statement: null,
      errors: [
        {
          message: "expected one of ['SELECT', 'OPTIONAL', 'MATCH'] but found end of input",
          range: { start: 0, end: 0, line: 1, column: 1, endLine: 1, endColumn: 1 },
          expected: ['SELECT', 'OPTIONAL', 'MATCH'],
        },
      ],
    });
    expect(parseGql('  -- only a comment\n').statement).toBeNull();
  });

  it('explains how to use a keyword as a name', () => {
    const [error] = parseErrors('SELECT a FROM "g" MATCH (match:Person)');
    expect(error.message).toBe(
      "expected [')'] but found [match] (MATCH is a keyword: write `match` to use it as a name)"
    );
  });

  it('reports two independent errors, in source order', () => {
    const text = 'SELECT a FROM "g" MATCH (a)-[:R]->{3,1}(b) WHERE a.x = ORDER BY a.x';
    const result = parseGql(text);
    expect(result.errors.map((error) => [error.message, at(text, error)])).toEqual([
      ['the quantifier {3,1} has a lower bound above its upper bound', '{3,1}'],
      ['expected an expression but found [ORDER]', 'ORDER'],
    ]);
    expect(result.statement?.orderBy[0].text).toBe('a.x');
  });

  it('reports errors on later lines with their line and column', () => {
    const text = 'SELECT a\nFROM "g"\nMATCH (a)\nWHERE a.x IN [1, 2,]';
    const [error] = parseErrors(text);
    expect(error.range).toMatchObject({ line: 4, column: 20 });
    expect(at(text, error)).toBe(']');
  });
});

describe('parseGql: lexical errors', () => {
  it.each([
    ['SELECT a FROM "g" MATCH (a) WHERE a.x = \'abc', "unterminated string: missing closing '"],
    ['SELECT a FROM "g', 'unterminated string: missing closing "'],
    ['SELECT a FROM "g" MATCH (a WHERE "x:1', 'unterminated string: missing closing "'],
    ['SELECT `a FROM "g" MATCH (a)', 'unterminated name: missing closing `'],
    ['SELECT a FROM "g" MATCH (a) /* note', 'unterminated comment: missing closing */'],
  ])('%s', (text, message) => {
    const errors = parseErrors(text);
    const error = errors.find((e) => e.message === message);
    expect(error).toBeDefined();
    // From the opening quote to the end of the text.
    expect(error!.range.end).toBe(text.length);
    expect('\'"`/').toContain(text[error!.range.start]);
  });

  it('reports an unterminated string ending in an escaped quote', () => {
    const errors = parseErrors('SELECT a FROM "g" MATCH (a) WHERE a.x = \'it\\\'');
    expect(errors[0].message).toBe("unterminated string: missing closing '");
  });

  it('reports unexpected characters and still parses around them', () => {
    const text = 'SELECT a FROM "g" MATCH (a) WHERE a.x # 1 = 1';
    const result = parseGql(text);
    expect(result.errors[0]).toEqual({
      message: 'unexpected character [#]',
      range: { start: 38, end: 39, line: 1, column: 39, endLine: 1, endColumn: 40 },
      expected: [],
    });
    expect(parseErrors('SELECT a FROM "g" MATCH (a) WHERE a.x = 1 ^^^')[0].message).toBe(
      'unexpected characters [^^^]'
    );
  });

  it('reports a lone !', () => {
    expect(parseErrors('SELECT a FROM "g" MATCH (a) WHERE ! a.x')[0].message).toBe(
      'unexpected character [!]'
    );
  });
});

describe('parseGql: values out of range', () => {
  it.each([
    ['LIMIT -1', 'LIMIT must be a non-negative integer, found [-1]'],
    ['LIMIT 2.5', 'LIMIT must be a non-negative integer, found [2.5]'],
    ['LIMIT 1e3', 'LIMIT must be a non-negative integer, found [1e3]'],
    ['OFFSET 1.5', 'OFFSET must be a non-negative integer, found [1.5]'],
    [
      'LIMIT 99999999999999999999',
      'LIMIT 99999999999999999999 is too large (at most 9007199254740991)',
    ],
  ])('%s', (clause, message) => {
    const text = `SELECT a FROM "g" MATCH (a) ${clause}`;
    const [error] = parseErrors(text);
    expect(error.message).toBe(message);
    expect(at(text, error)).toBe(clause.split(' ')[1]);
  });

  it('refuses * in aggregates other than COUNT', () => {
    const text = 'SELECT SUM(*), AVG(*), COUNT(*) FROM "g" MATCH (a)';
    const errors = parseErrors(text);
    expect(errors.map((error) => error.message)).toEqual([
      'SUM(*) is not allowed: only COUNT accepts *, SUM needs an expression such as SUM(v.field)',
      'AVG(*) is not allowed: only COUNT accepts *, AVG needs an expression such as AVG(v.field)',
    ]);
    expect(errors[0].range).toMatchObject({ start: 11, end: 12 });
  });

  it('refuses numbers beyond double range', () => {
    expect(parseErrors('SELECT a FROM "g" MATCH (a) WHERE a.x = 1e999')[0].message).toBe(
      'the number 1e999 is out of range'
    );
  });

  it('refuses an empty backquoted name', () => {
    expect(parseErrors('SELECT `` FROM "g" MATCH (``)')[0].message).toBe('a name cannot be empty');
  });
});

describe('parseGql: hostile input', () => {
  const where = 'SELECT a FROM "g" MATCH (a) WHERE ';

  it('accepts 100 levels of parentheses', () => {
    const result = parseGql(`${where}${'('.repeat(100)}a.x = 1${')'.repeat(100)}`);
    expect(result.errors).toEqual([]);
    expect(result.statement?.where?.kind).toBe('comparison');
  });

  it('refuses deeper parentheses before parsing, at the first one too deep', () => {
    const text = `${where}${'('.repeat(100_000)}a.x = 1`;
    const result = parseGql(text);
    expect(result.statement).toBeNull();
    expect(result.errors).toEqual([
      expect.objectContaining({
        message: 'parentheses are nested too deeply (more than 100 levels)',
        range: expect.objectContaining({ start: where.length + 100 }),
      }),
    ]);
  });

  it('refuses expression trees deeper than the limit without overflowing the stack', () => {
    const nots = parseGql(`${where}${'NOT '.repeat(50_000)}a.x = 1`);
    expect(nots.errors.map((error) => error.message)).toEqual([
      'the expression is nested too deeply (more than 1000 levels)',
    ]);
    const ands = parseGql(where + Array.from({ length: 2000 }, () => 'a.x = 1').join(' AND '));
    expect(ands.errors[0].message).toContain('nested too deeply');
    expect(parseGql(`${where}${'NOT '.repeat(900)}a.x = 1`).errors).toEqual([]);
  });

  it('stops after too many errors, quickly', () => {
    const text = 'SELECT a FROM "g" MATCH ' + '(a)-['.repeat(20_000);
    const started = performance.now();
    const { errors } = parseGql(text);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(errors).toHaveLength(MAX_REPORTED_ERRORS + 1);
    expect(errors[errors.length - 1].message).toMatch(/^too many errors/);
  });

  it('refuses a query longer than the limit without parsing it', () => {
    const text = `SELECT a FROM "g" MATCH (a) WHERE a.x IN [${'1,'.repeat(MAX_QUERY_LENGTH / 2)}1]`;
    expect(parseGql(text)).toEqual({
      statement: null,
      errors: [
        expect.objectContaining({
          message: `the query is too long (${text.length} characters, at most 1000000)`,
        }),
      ],
    });
  });

  it('survives random garbage', () => {
    const words = [
      'SELECT',
      'FROM',
      'MATCH',
      'WHERE',
      '(',
      ')',
      '-[',
      ']->',
      '<-',
      ',',
      'a.b',
      "'s",
      '"g',
      '{1,',
      'NOT',
      '[',
      '=',
      '1',
      '*',
      'COUNT(',
      '`x',
      '/*',
      '!',
      '--',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let round = 0; round < 20; round++) {
      const text = Array.from(
        { length: 300 },
        () => words[Math.floor(random() * words.length)]
      ).join(' ');
      const result = parseGql(text);
      for (const error of result.errors) {
        expect(error.range.start).toBeGreaterThanOrEqual(0);
        expect(error.range.end).toBeLessThanOrEqual(text.length);
        expect(error.message.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('parseGql: edges from other graph languages', () => {
  it.each(['(a)--[:R]->(b)'])('%s is an error, not a comment', (match) => {
    const result = parseGql(`SELECT a FROM "g" MATCH ${match}`);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0].message).toMatch(/^expected .* but found \[[-[]/);
  });

  it.each([
    ['(a)--(b)', 'undirected'],
    ['(a)-->(b)', 'right'],
    ['(a)<--(b)', 'left'],
  ])("Cypher's bare %s is an edge, not a comment", (match, direction) => {
    const result = parseGql(`MATCH ${match} RETURN a`);
    expect(result.errors).toEqual([]);
    expect(result.statement!.patterns[0].edges[0].direction).toBe(direction);
  });
});

describe('parseGql: errors described in words', () => {
  it.each([
    [
      'SELECT a FROM "g" MATCH (a) WHERE a.x IN (1, 2)',
      'expected a list such as [1, 2] but found [(]',
    ],
    [
      'SELECT a FROM g MATCH (a)',
      'expected a graph name in double quotes, such as "my graph" but found [g]',
    ],
    [
      'SELECT a FROM "g" MATCH (a WHERE \'x:1\')',
      'expected a query string in double quotes, such as "name:acme" but found [\'x:1\']',
    ],
    ['SELECT * FROM "g" MATCH (a)', 'expected an expression to select but found [*]'],
    ['SELECT a FROM "g" MATCH a', 'expected a pattern such as (v:Label) but found [a]'],
  ])('%s', (text, message) => {
    expect(parseErrors(text)[0].message).toBe(message);
  });
});
