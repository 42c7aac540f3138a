import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../../../common/gql/parse';
import type { GqlEditorSchema } from '../code_editor_props';
import { gqlMarkers } from './gql_markers';

describe('gqlMarkers', () => {
  it("marks each parser error at its range with the parser's message", () => {
    const text = 'SELECT a FROM "g" MATCH (a) WHERE a.x = = 1';
    const [error] = parseGql(text).errors;
    expect(gqlMarkers(text)).toEqual([
      {
        message: error.message,
        severity: 'error',
        startLineNumber: 1,
        startColumn: 41,
        endLineNumber: 1,
        endColumn: 42,
      },
    ]);
    expect(error.message).toMatch(/but found \[=\]/);
  });

  it('spans lines as the parser does, e.g. an unterminated string', () => {
    const [marker] = gqlMarkers('SELECT a FROM "g" MATCH (a) WHERE a.x = \'open\nstill');
    expect(marker).toMatchObject({
      message: "unterminated string: missing closing '",
      startLineNumber: 1,
      startColumn: 41,
      endLineNumber: 2,
      endColumn: 6,
    });
  });

  it('reports an unexpected character and a missing end of query', () => {
    expect(gqlMarkers('SELECT a # FROM "g" MATCH (a)')[0]).toMatchObject({
      message: 'unexpected character [#]',
      startColumn: 10,
      endColumn: 11,
    });
    expect(gqlMarkers('SELECT a FROM "g" MATCH')).toEqual([
      expect.objectContaining({ startColumn: 24, endColumn: 24, message: expect.any(String) }),
    ]);
  });

  it('says nothing for an empty editor or one holding only comments', () => {
    expect(gqlMarkers('')).toEqual([]);
    expect(gqlMarkers('  \n -- to do\n /* later */')).toEqual([]);
  });

  it('marks the errors of the MATCH … RETURN form at their ranges', () => {
    const missing = 'MATCH (a:Person)\nRETURN';
    expect(gqlMarkers(missing)).toEqual([
      expect.objectContaining({
        message: parseGql(missing).errors[0].message,
        startLineNumber: 2,
        startColumn: 7,
      }),
    ]);
    const late = 'MATCH (a) OPTIONAL MATCH (a)-[:R]->(b) MATCH (b) RETURN a';
    expect(gqlMarkers(late)).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/MATCH after an OPTIONAL MATCH/),
        startColumn: 40,
        endColumn: 45,
      }),
    ]);
    expect(gqlMarkers('MATCH (a) RETURN a LIMIT 1 SKIP 2')[0]).toMatchObject({
      severity: 'error',
      startColumn: 28,
    });
    expect(gqlMarkers('MATCH (a:Person)-[:R*1..2]->(b) RETURN a.name AS n ORDER BY n')).toEqual([]);
  });

  it('has no marker for a valid query', () => {
    expect(gqlMarkers('SELECT a.name FROM "g" MATCH (a:Person) LIMIT 5')).toEqual([]);
  });

  describe('properties the entity does not have', () => {
    const schema: GqlEditorSchema = {
      graphs: ['g'],
      entities: [
        { label: 'Company', properties: ['address', 'address.city', 'founded', 'name'] },
        { label: 'Person', properties: ['name', 'age'] },
        // Mappings not loaded yet (or failed): nothing is known, so nothing is flagged.
        { label: 'Pending', properties: [] },
      ],
      relations: [{ label: 'WORKS_AT', from: 'Person', to: 'Company' }],
    };

    it('warns at the property, naming it and the entity', () => {
      const text = 'SELECT c.nosuchprop FROM "g" MATCH (c:Company)';
      expect(gqlMarkers(text, schema)).toEqual([
        {
          message: 'Company has no property nosuchprop: c.nosuchprop is null in every row',
          severity: 'warning',
          startLineNumber: 1,
          startColumn: 8,
          endLineNumber: 1,
          endColumn: 20,
        },
      ]);
    });

    it('looks in every clause and inside expressions, and checks each variable against its own entity', () => {
      const text = [
        'SELECT p.name, COUNT(DISTINCT c.staff) FROM "g"',
        'MATCH (p:Person)-[:WORKS_AT]->(c:Company)',
        "WHERE NOT (p.salary > 1 OR c.name IN ['a']) AND p.nick IS NULL AND c.city STARTS WITH 'x'",
        'ORDER BY c.founded, p.rank DESC',
      ].join('\n');
      const warned = gqlMarkers(text, schema).map((marker) => marker.message.split(':')[0]);
      expect(warned).toEqual([
        'Company has no property staff',
        'Person has no property salary',
        'Person has no property nick',
        'Company has no property city',
        'Person has no property rank',
      ]);
    });

    it('checks the MATCH … RETURN form: property maps, OPTIONAL MATCH variables and their WHERE', () => {
      const text = [
        "MATCH (p:Person {nick: 'x'})",
        'OPTIONAL MATCH (p)-[:WORKS_AT]->(c:Company) WHERE c.staff > 1',
        'RETURN p.name, c.city AS city',
      ].join('\n');
      expect(
        gqlMarkers(text, schema).map((m) => [m.startLineNumber, m.message.split(':')[0]])
      ).toEqual([
        [1, 'Person has no property nick'],
        [2, 'Company has no property staff'],
        [3, 'Company has no property city'],
      ]);
    });

    it('accepts known paths, objects, _id and _index, and what is not known', () => {
      const text = [
        'SELECT c.address, c.address.city, c._id, c._index, c.name.keyword, x.anything,',
        '  e.since, q.whatever, u.whatever',
        'FROM "g" MATCH (c:Company)-[e:WORKS_AT]-(x:Pending), (q:Unknown), (u)',
      ].join('\n');
      expect(gqlMarkers(text, schema)).toEqual([]);
    });

    it('flags a missing child of an object', () => {
      const text = 'SELECT c.address.zip FROM "g" MATCH (c:Company)';
      expect(gqlMarkers(text, schema).map((marker) => marker.message)).toEqual([
        'Company has no property address.zip: c.address.zip is null in every row',
      ]);
    });

    it('knows a property of any label the node has', () => {
      const text = 'SELECT x.age, x.founded, x.nope FROM "g" MATCH (x:Person) (y:Company)';
      expect(gqlMarkers(text, schema).map((marker) => marker.message)).toEqual([
        'Person and Company have no property nope: x.nope is null in every row',
      ]);
    });

    it('keeps syntax errors and warnings together, in source order', () => {
      const text = 'SELECT c.nope FROM "g" MATCH (c:Company) WHERE c.name = = 1';
      expect(gqlMarkers(text, schema).map((marker) => marker.severity)).toEqual([
        'warning',
        'error',
      ]);
    });
  });
});
