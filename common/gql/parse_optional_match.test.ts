import { describe, expect, it } from 'vitest';
import { parseErrors, parseValid, withoutRanges } from './test_support';

describe('OPTIONAL MATCH', () => {
  it('keeps each OPTIONAL MATCH clause apart, with its patterns and its own WHERE', () => {
    const statement = parseValid(
      "MATCH (a:A) WHERE a.x = 1 OPTIONAL MATCH (a)-[:R]->(b:B) WHERE b.y = 'k' RETURN a, b"
    );
    expect(statement.patterns).toHaveLength(1);
    expect(withoutRanges(statement.where)).toMatchObject({ kind: 'comparison', operator: '=' });
    expect(statement.optional).toHaveLength(1);
    const [clause] = statement.optional!;
    expect(clause.patterns[0].nodes.map((group) => group[0].variable?.name)).toEqual(['a', 'b']);
    expect(withoutRanges(clause.where)).toEqual({
      kind: 'comparison',
      operator: '=',
      left: { kind: 'property', variable: { name: 'b' }, path: ['y'] },
      right: { kind: 'literal', value: 'k' },
    });
    expect(clause.range).toMatchObject({ line: 1, column: 27 });
    expect(clause.range.end).toBe(
      'MATCH (a:A) WHERE a.x = 1 OPTIONAL MATCH (a)-[:R]->(b:B) WHERE b.y = '.length + 3
    );
  });

  it('reads several OPTIONAL MATCH clauses in order, comma patterns included', () => {
    const statement = parseValid(
      'MATCH (a) OPTIONAL MATCH (a)-[:R]->(b), (b)-[:R]->(c) OPTIONAL MATCH (c)-[:R]->(d) RETURN d'
    );
    expect(statement.optional!.map((clause) => clause.patterns.length)).toEqual([2, 1]);
    expect(statement.optional!.every((clause) => clause.where === undefined)).toBe(true);
  });

  it("puts an optional node's property map in its clause's WHERE, not the statement's", () => {
    const statement = parseValid(
      "MATCH (a:A) OPTIONAL MATCH (a)-[:R]->(b:B {country: 'FR'}) RETURN b"
    );
    expect(statement.where).toBeUndefined();
    expect(withoutRanges(statement.optional![0].where)).toEqual({
      kind: 'comparison',
      operator: '=',
      left: { kind: 'property', variable: { name: 'b' }, path: ['country'] },
      right: { kind: 'literal', value: 'FR' },
    });
  });

  it('leaves the statement without `optional` when there is none (the SELECT form too)', () => {
    expect(parseValid('MATCH (a) RETURN a').optional).toBeUndefined();
    expect(parseValid('SELECT a FROM "g" MATCH (a)').optional).toBeUndefined();
  });

  it('reads an OPTIONAL MATCH before any MATCH, the MATCH patterns empty', () => {
    const statement = parseValid('OPTIONAL MATCH (a:A) RETURN a');
    expect(statement.patterns).toEqual([]);
    expect(statement.optional).toHaveLength(1);
    expect(statement.optional![0].range).toMatchObject({ line: 1, column: 1 });
  });

  it('refuses a MATCH after an OPTIONAL MATCH, pointing at that MATCH', () => {
    const [error] = parseErrors(
      'MATCH (a) OPTIONAL MATCH (a)-[:R]->(b)\nMATCH (b)-[:R]->(c) RETURN c'
    );
    expect(error.message).toBe(
      'a MATCH after an OPTIONAL MATCH is not supported: write every MATCH clause before the OPTIONAL MATCH clauses'
    );
    expect(error.range).toMatchObject({ line: 2, column: 1, endColumn: 6 });
  });

  it('says what OPTIONAL must be followed by', () => {
    const [error] = parseErrors('MATCH (a) OPTIONAL (a)-[:R]->(b) RETURN b');
    expect(error.message).toBe("expected ['MATCH'] but found [(]");
    expect(error.range).toMatchObject({ line: 1, column: 20 });
  });

  it('keeps a property map on an anonymous optional node on the node, its WHERE untouched', () => {
    const statement = parseValid("MATCH (a) OPTIONAL MATCH (a)-[:R]->(:B {k: 'v'}) RETURN a");
    expect(statement.optional![0].where).toBeUndefined();
    expect(statement.optional![0].patterns[0].nodes[1][0].properties).toHaveLength(1);
  });
});
