import { describe, expect, it } from 'vitest';
import { parseGql } from './parse';
import { lit, parseErrors, parseValid, prop, withoutRanges } from './test_support';

/** The parts both forms share, without ranges: what the planner reads. */
function meaning(text: string) {
  const { items, patterns, where, orderBy, limit, offset, distinct, explain } = parseValid(text);
  return withoutRanges({ items, patterns, where, orderBy, limit, offset, distinct, explain });
}

describe('parseGql: the MATCH … RETURN form (ISO GQL, openCypher)', () => {
  it('parses the first query a graph user types', () => {
    const statement = parseValid('MATCH (a:Article)-[:MENTIONS]->(c:Company) RETURN c.name');
    expect(statement.form).toBe('match');
    expect(statement.items.map((item) => item.text)).toEqual(['c.name']);
    expect(withoutRanges(statement.items[0].expression)).toEqual(prop('c', 'name'));
    expect(statement.patterns).toHaveLength(1);
    expect(statement.patterns[0].edges[0]).toMatchObject({
      direction: 'right',
      label: { name: 'MENTIONS' },
    });
  });

  it('means what its SELECT twin means, clause for clause', () => {
    expect(
      meaning(
        'EXPLAIN MATCH (a:Article)-[:MENTIONS]->(c:Company) WHERE a.score > 1 RETURN DISTINCT c.name ORDER BY c.name DESC SKIP 5 LIMIT 10'
      )
    ).toEqual(
      meaning(
        'EXPLAIN SELECT DISTINCT c.name FROM "g" MATCH (a:Article)-[:MENTIONS]->(c:Company) WHERE a.score > 1 ORDER BY c.name DESC LIMIT 10 OFFSET 5'
      )
    );
  });

  it('takes the SELECT form as form select, with its graph name', () => {
    const statement = parseValid('SELECT a FROM "g" MATCH (a)');
    expect(statement.form).toBe('select');
    expect(statement.graph?.name).toBe('g');
  });

  it('names items by their alias, which ORDER BY may use', () => {
    const statement = parseValid(
      'MATCH (c:Company) RETURN c.name AS name, count(*) AS mentions ORDER BY mentions DESC'
    );
    expect(statement.items.map((item) => [item.text, item.alias?.name])).toEqual([
      ['name', 'name'],
      ['mentions', 'mentions'],
    ]);
    expect(withoutRanges(statement.items[1].expression)).toMatchObject({
      kind: 'aggregate',
      function: 'COUNT',
      argument: null,
    });
    expect(statement.orderBy.map((item) => [item.text, item.descending])).toEqual([
      ['mentions', true],
    ]);
    // ORDER BY the alias: the aliased item's expression, found by its header text.
    expect(withoutRanges(statement.orderBy[0].expression)).toEqual(
      withoutRanges(statement.items[1].expression)
    );
  });

  it('takes an ORDER BY that repeats an aliased expression as that column', () => {
    const statement = parseValid('MATCH (p) RETURN p.age AS age, p.id ORDER BY p.age, p.id DESC');
    expect(statement.orderBy.map((item) => item.text)).toEqual(['age', 'p.id']);
    // A variable named like an alias is the alias, as in Cypher.
    const shadowed = parseValid('MATCH (p) RETURN p.name AS p ORDER BY p');
    expect(withoutRanges(shadowed.orderBy[0].expression)).toEqual(prop('p', 'name'));
  });

  it('accepts OFFSET for SKIP, and either alone', () => {
    expect(parseValid('MATCH (a) RETURN a OFFSET 3').offset?.value).toBe(3);
    expect(parseValid('MATCH (a) RETURN a SKIP 0').offset?.value).toBe(0);
    expect(parseValid('MATCH (a) RETURN a LIMIT 2').limit?.value).toBe(2);
  });

  it('ANDs the WHERE of several MATCH clauses, which share variables', () => {
    const statement = parseValid(
      "MATCH (a:Article) WHERE a.score > 1 MATCH (a)-[:MENTIONS]->(c:Company) WHERE c.country = 'FR' RETURN c.name"
    );
    expect(statement.patterns).toHaveLength(2);
    expect(withoutRanges(statement.where)).toEqual({
      kind: 'and',
      left: { kind: 'comparison', operator: '>', left: prop('a', 'score'), right: lit(1) },
      right: { kind: 'comparison', operator: '=', left: prop('c', 'country'), right: lit('FR') },
    });
  });

  it('reads a node property map as equalities ANDed to WHERE', () => {
    const statement = parseValid(
      "MATCH (c:Company {country: 'FR', listed: true}) WHERE c.size > 10 RETURN c"
    );
    expect(withoutRanges(statement.where)).toEqual({
      kind: 'and',
      left: {
        kind: 'and',
        left: { kind: 'comparison', operator: '>', left: prop('c', 'size'), right: lit(10) },
        right: { kind: 'comparison', operator: '=', left: prop('c', 'country'), right: lit('FR') },
      },
      right: { kind: 'comparison', operator: '=', left: prop('c', 'listed'), right: lit(true) },
    });
    expect(parseValid('SELECT c FROM "g" MATCH (c {n: 1})').where).toBeDefined();
  });

  it('keeps a property map on a node without a variable on the node, for the binder', () => {
    const statement = parseValid("MATCH (:Company {country: 'FR'}) RETURN 1");
    expect(statement.where).toBeUndefined();
    expect(withoutRanges(statement.patterns[0].nodes[0][0].properties)).toEqual([
      { key: { name: 'country' }, value: lit('FR') },
    ]);
  });

  it("reads Cypher's variable-length edges as the GQL quantifier", () => {
    const bounds = (edge: string) => {
      const statement = parseValid(`MATCH (a)${edge}(b) RETURN b`);
      const { min, max } = statement.patterns[0].edges[0].quantifier!;
      return [min, max];
    };
    expect(bounds('-[:KNOWS*1..3]->')).toEqual([1, 3]);
    expect(bounds('-[*2]-')).toEqual([2, 2]);
    expect(bounds('<-[r:KNOWS*..4]-')).toEqual([1, 4]);
    expect(bounds('-[:KNOWS]->{1,3}')).toEqual([1, 3]);
    expect(meaning('MATCH (a)-[:R*1..3]->(b) RETURN b')).toEqual(
      meaning('MATCH (a)-[:R]->{1,3}(b) RETURN b')
    );
  });

  it('refuses unbounded, inverted and doubled variable lengths, where they are written', () => {
    const messageOf = (edge: string) => parseErrors(`MATCH (a)${edge}(b) RETURN b`)[0].message;
    expect(messageOf('-[:R*]->')).toBe(
      'the variable-length edge * needs an upper bound, such as *1..3 (paths are bounded here)'
    );
    expect(messageOf('-[:R*2..]->')).toBe(
      'the variable-length edge *2.. needs an upper bound, such as *2..3 (paths are bounded here)'
    );
    expect(messageOf('-[:R*3..1]->')).toBe(
      'the quantifier *3..1 has a lower bound above its upper bound'
    );
    expect(messageOf('-[:R*0..2]->')).toBe(
      'the quantifier *0..2 must have a lower bound of at least 1'
    );
    expect(messageOf('-[:R*1..2]->{1,2}')).toBe(
      'the edge has two quantifiers; keep either *min..max or {min,max}'
    );
  });

  it('says what may follow the MATCH clauses, and what may start a statement', () => {
    expect(parseErrors('MATCH (a)')[0].message).toBe("expected ['RETURN'] but found end of input");
    expect(parseErrors('RETURN 1')[0].message).toBe(
      "expected one of ['SELECT', 'OPTIONAL', 'MATCH'] but found [RETURN]"
    );
    expect(parseErrors('MATCH (a) RETURN a AS')[0].message).toMatch(/expected .*identifier/);
  });

  it('keeps the SELECT form strict: RETURN, SKIP and AS do not belong there', () => {
    expect(parseErrors('SELECT a FROM "g" MATCH (a) RETURN a')[0].message).toMatch(
      /but found \[RETURN\]/
    );
    expect(parseErrors('SELECT a AS b FROM "g" MATCH (a)')[0].message).toMatch(/but found \[AS\]/);
    expect(parseGql('SELECT a FROM "g" MATCH (a) SKIP 1').errors[0].message).toMatch(
      /but found \[SKIP\]/
    );
  });
});
