import { describe, expect, it } from 'vitest';
import { parseGql } from './parse';

/** The one error of a query, as `line:column message`. */
function refusal(text: string): string {
  const { errors } = parseGql(text);
  expect(errors).toHaveLength(1);
  const [error] = errors;
  return `${error.range.line}:${error.range.column} ${error.message}`;
}

const READ_ONLY = 'graph queries here are read-only: change the indices or tables themselves';

describe('constructs refused by name', () => {
  it.each([
    ['CREATE (n:Person {name: "x"})', `1:1 CREATE is not supported: ${READ_ONLY}`],
    ['MERGE (n:Person)', `1:1 MERGE is not supported: ${READ_ONLY}`],
    ['MATCH (n) SET n.age = 1 RETURN n', `1:11 SET is not supported: ${READ_ONLY}`],
    ['MATCH (n) DELETE n', `1:11 DELETE is not supported: ${READ_ONLY}`],
    ['MATCH (n)\n  DETACH DELETE n', `2:3 DETACH DELETE is not supported: ${READ_ONLY}`],
    ['MATCH (n) WHERE n.x = 1 REMOVE n.x', `1:25 REMOVE is not supported: ${READ_ONLY}`],
    ['INSERT (:Person {name: "x"})', `1:1 INSERT is not supported: ${READ_ONLY}`],
    ['FOREACH (x IN [1] | CREATE ())', `1:1 FOREACH is not supported: ${READ_ONLY}`],
  ])('refuses the write %j as read-only', (query, expected) => {
    expect(refusal(query)).toBe(expected);
  });

  it.each([
    [
      'MATCH (n) WITH n RETURN n',
      '1:11 WITH is not supported: queries are not chained: use a WHERE on the MATCH, or ORDER BY, SKIP and LIMIT on RETURN',
    ],
    [
      'UNWIND [1, 2] AS x RETURN x',
      '1:1 UNWIND is not supported: a list is tested with IN in a WHERE (v.p IN [1, 2]); there are no row-producing lists',
    ],
    [
      'EXPLAIN CALL db.labels()',
      '1:9 CALL is not supported: procedures and subqueries do not run here; write the pattern in MATCH',
    ],
    [
      'MATCH (n) RETURN n UNION MATCH (m) RETURN m',
      '1:20 UNION is not supported: one query answers one pattern; send one query per pattern, or use label alternatives (n:A|B)',
    ],
    [
      'MATCH (n) RETURN n ORDER BY n.x UNION ALL MATCH (n) RETURN n',
      '1:33 UNION ALL is not supported: one query answers one pattern; send one query per pattern, or use label alternatives (n:A|B)',
    ],
    [
      "LOAD CSV FROM 'file:///x.csv' AS line RETURN line",
      '1:1 LOAD CSV is not supported: load data into an index or a table, then query it through the model',
    ],
    ['MATCH (n) FILTER n.x = 1 RETURN n', '1:11 FILTER is not supported: use a WHERE on the MATCH'],
  ])('names %j and the supported way to say it', (query, expected) => {
    expect(refusal(query)).toBe(expected);
  });

  it('reads the words case-insensitively', () => {
    expect(refusal('create (n)')).toBe(`1:1 CREATE is not supported: ${READ_ONLY}`);
  });

  it('names a construct only where a clause could start', () => {
    // A variable, label or property named like a clause is a name.
    expect(parseGql('MATCH (set:Create {delete: 1}) RETURN set.merge AS with_').errors).toEqual([]);
    const { errors } = parseGql('MATCH (n) RETURN n LIMIT set');
    expect(errors.map((e) => e.message)).toEqual(['expected [number] but found [set]']);
    // STARTS WITH stays a predicate.
    expect(parseGql("MATCH (n) WHERE n.x STARTS WITH 'a' RETURN n").errors).toEqual([]);
  });

  it('keeps the errors before the construct and drops the construct’s own syntax after it', () => {
    const { errors } = parseGql('MATCH (n WHERE) SET n.x = [1, 2] RETURN n');
    expect(errors.map((e) => e.message)).toEqual([
      'expected a query string in double quotes, such as "name:acme" but found [)]',
      `SET is not supported: ${READ_ONLY}`,
    ]);
  });
});
