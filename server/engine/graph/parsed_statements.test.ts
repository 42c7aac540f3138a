import { describe, expect, it } from 'vitest';
import { ParsedStatements } from './parsed_statements';

const QUERY = 'MATCH (a:Article)-[:MENTIONS]->(c:Company) RETURN c.name';

describe('ParsedStatements', () => {
  it('answers a text parsed before with the same statement, frozen', () => {
    const statements = new ParsedStatements();
    const first = statements.parse(QUERY);
    const second = statements.parse(QUERY);
    expect(first.errors).toEqual([]);
    expect(second.statement).toBe(first.statement);
    expect(Object.isFrozen(second.statement)).toBe(true);
    // Deep: a binder writing into a nested part would change the next request's query.
    const [pattern] = second.statement!.patterns;
    expect(Object.isFrozen(pattern)).toBe(true);
    expect(Object.isFrozen(second.statement!.items[0])).toBe(true);
    expect(() => {
      (second.statement as unknown as Record<string, unknown>).explain = true;
    }).toThrow(TypeError);
  });

  it('parses an erroneous text every time and keeps nothing of it', () => {
    const statements = new ParsedStatements();
    const first = statements.parse('MATCH (a RETURN a');
    const second = statements.parse('MATCH (a RETURN a');
    expect(first.errors.length).toBeGreaterThan(0);
    expect(second.errors).toEqual(first.errors);
    expect(second.errors).not.toBe(first.errors);
  });

  it('keeps at most its bound, dropping the least recently used text', () => {
    const statements = new ParsedStatements(2);
    const a = statements.parse('MATCH (a:A) RETURN a').statement;
    const b = statements.parse('MATCH (b:B) RETURN b').statement;
    expect(statements.parse('MATCH (a:A) RETURN a').statement).toBe(a); // a is now the newest
    statements.parse('MATCH (c:C) RETURN c'); // drops b
    expect(statements.parse('MATCH (a:A) RETURN a').statement).toBe(a);
    expect(statements.parse('MATCH (b:B) RETURN b').statement).not.toBe(b);
  });

  it('does not keep texts longer than its bound', () => {
    const statements = new ParsedStatements(10, 10);
    const text = 'MATCH (a:A) RETURN a';
    expect(statements.parse(text).statement).not.toBe(statements.parse(text).statement);
  });
});
