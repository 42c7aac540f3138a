import { describe, expect, it } from 'vitest';
import { parseErrors, parseValid, withoutRanges } from './test_support';

const RANGES = (text: string, part: string) => ({
  column: text.indexOf(part) + 1,
  end: text.indexOf(part) + part.length,
});

describe('path variables', () => {
  it('names a path in both spellings of a quantified edge, and a fixed one', () => {
    for (const text of [
      'MATCH p = (a:A)-[:R]->{1,3}(b:B) RETURN p',
      'MATCH p = (a:A)-[:R*1..3]->(b:B) RETURN p',
      'SELECT p FROM "g" MATCH p = (a:A)-[:R]->{1,3}(b:B)',
    ]) {
      const [path] = parseValid(text).patterns;
      expect(path.variable?.name).toBe('p');
      expect(path.edges[0].quantifier).toMatchObject({ min: 1, max: 3 });
      expect(path.shortest).toBeUndefined();
    }
    const [fixed] = parseValid('MATCH p = (a)-[:R]->(b)-[:S]->(c) RETURN p').patterns;
    expect(fixed.variable?.name).toBe('p');
    expect(fixed.edges).toHaveLength(2);
  });

  it('spans the path from its variable, and keeps unnamed paths as they were', () => {
    const text = 'MATCH (x), p = (a)-[:R]->(b) RETURN p';
    const [plain, named] = parseValid(text).patterns;
    expect(plain.variable).toBeUndefined();
    expect(named.range).toMatchObject({ start: text.indexOf('p ='), end: text.indexOf(' RETURN') });
    expect(named.variable!.range).toMatchObject({ column: text.indexOf('p =') + 1 });
  });

  it('reads length, path_length and nodes of a path, case-insensitively', () => {
    const statement = parseValid(
      'MATCH p = (a)-[:R]->(b) RETURN length(p), PATH_LENGTH(p), Nodes(p)'
    );
    expect(withoutRanges(statement.items.map((i) => i.expression))).toEqual([
      { kind: 'pathFunction', function: 'length', path: { name: 'p' } },
      { kind: 'pathFunction', function: 'length', path: { name: 'p' } },
      { kind: 'pathFunction', function: 'nodes', path: { name: 'p' } },
    ]);
    expect(statement.items.map((i) => i.text)).toEqual(['length(p)', 'PATH_LENGTH(p)', 'Nodes(p)']);
  });

  it('reads list comprehensions over nodes(p), with and without a condition and a value', () => {
    const statement = parseValid(
      'MATCH p = (a)-[:R]->(b) RETURN [n IN nodes(p) | n.id], [n IN nodes(p) WHERE n.age > 3 | n.name], [n IN nodes(p) WHERE n.x = 1], [n IN nodes(p)]'
    );
    const [projected, filtered, onlyWhere, bare] = withoutRanges(
      statement.items.map((i) => i.expression)
    );
    expect(projected).toEqual({
      kind: 'listComprehension',
      variable: { name: 'n' },
      path: { name: 'p' },
      projection: { kind: 'property', variable: { name: 'n' }, path: ['id'] },
    });
    expect(filtered).toMatchObject({
      where: { kind: 'comparison', operator: '>' },
      projection: { kind: 'property', path: ['name'] },
    });
    expect(onlyWhere).toMatchObject({ where: { kind: 'comparison' } });
    expect(onlyWhere).not.toHaveProperty('projection');
    expect(bare).toEqual({
      kind: 'listComprehension',
      variable: { name: 'n' },
      path: { name: 'p' },
    });
  });

  it('still reads list literals and IN lists', () => {
    const statement = parseValid("MATCH (a) WHERE a.x IN ['k', 2] RETURN a.x");
    expect(statement.where).toMatchObject({ kind: 'in', list: { kind: 'list' } });
  });

  it('refuses an unknown function, naming the ones there are, at its name', () => {
    const text = 'MATCH p = (a) RETURN toUpper(p)';
    const [error] = parseErrors(text);
    expect(error.message).toContain('unknown function [toUpper]');
    expect(error.message).toContain('length(p), path_length(p) and nodes(p)');
    expect(error.range).toMatchObject(RANGES(text, 'toUpper'));
  });

  it('refuses a comprehension over length(p), at the function', () => {
    const text = 'MATCH p = (a) RETURN [n IN length(p) | n]';
    const [error] = parseErrors(text);
    expect(error.message).toContain('a list comprehension reads nodes(p)');
    expect(error.range).toMatchObject(RANGES(text, 'length(p)'));
  });

  it('says what is missing in a broken comprehension, where it is', () => {
    const text = 'MATCH p = (a) RETURN [n IN nodes(p) | ]';
    const [error] = parseErrors(text);
    expect(error.message).toContain('expected');
    expect(error.range.column).toBe(text.indexOf(']') + 1);
  });

  it('wants a pattern after p =', () => {
    const text = 'MATCH p = RETURN p';
    const [error] = parseErrors(text);
    expect(error.message).toBe('expected a pattern such as (v:Label) but found [RETURN]');
    expect(error.range.column).toBe(text.indexOf('RETURN') + 1);
  });
});

describe('shortest paths', () => {
  it('reads ANY SHORTEST and ALL SHORTEST (GQL), keywords in any case', () => {
    const anyText = 'MATCH p = ANY SHORTEST (a:A)-[:R]->{1,6}(b:B) RETURN p';
    const [any] = parseValid(anyText).patterns;
    expect(any.shortest).toMatchObject({ mode: 'any', range: RANGES(anyText, 'ANY SHORTEST') });
    expect(any.variable?.name).toBe('p');
    const [all] = parseValid('MATCH all shortest (a)-[:R]->{1,6}(b) RETURN a').patterns;
    expect(all.shortest?.mode).toBe('all');
    expect(all.variable).toBeUndefined();
  });

  it("reads Cypher's shortestPath and allShortestPaths around a pattern", () => {
    const text = 'MATCH (a:A), (b:B), p = shortestPath((a)-[:R*..6]->(b)) RETURN p';
    const [, , path] = parseValid(text).patterns;
    expect(path.shortest).toMatchObject({ mode: 'any', range: RANGES(text, 'shortestPath') });
    expect(path.edges[0].quantifier).toMatchObject({ min: 1, max: 6 });
    expect(path.range.end).toBe(text.indexOf(' RETURN'));
    const [all] = parseValid('MATCH p = allShortestPaths((a)-[:R*1..3]-(b)) RETURN p').patterns;
    expect(all.shortest?.mode).toBe('all');
  });

  it('keeps any, all and shortest usable as names elsewhere', () => {
    const statement = parseValid('MATCH (any:All)-[:SHORTEST]->(b) RETURN any.shortest');
    expect(statement.patterns[0].nodes[0][0].variable?.name).toBe('any');
    expect(statement.items[0].expression).toMatchObject({ kind: 'property', path: ['shortest'] });
  });

  it('wants SHORTEST after ANY or ALL, at the word found', () => {
    const text = 'MATCH p = ANY PATHS (a)-[:R]->{1,3}(b) RETURN p';
    const [error] = parseErrors(text);
    expect(error.message).toBe(
      'expected SHORTEST after ANY: the path searches here are ANY SHORTEST and ALL SHORTEST'
    );
    expect(error.range).toMatchObject(RANGES(text, 'PATHS'));
  });

  it('wants the closing parenthesis of shortestPath(...)', () => {
    const text = 'MATCH p = shortestPath((a)-[:R*..3]->(b) RETURN p';
    const [error] = parseErrors(text);
    expect(error.message).toContain("')'");
    expect(error.range.column).toBe(text.indexOf('RETURN') + 1);
  });

  it('wants an upper bound on a shortest path, as on any variable-length edge', () => {
    const text = 'MATCH p = shortestPath((a)-[:R*]->(b)) RETURN p';
    const [error] = parseErrors(text);
    expect(error.message).toContain('needs an upper bound');
    expect(error.range).toMatchObject(RANGES(text, '*'));
  });
});
