import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../../../common/gql/parse';
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

  it('has no marker for a valid query', () => {
    expect(gqlMarkers('SELECT a.name FROM "g" MATCH (a:Person) LIMIT 5')).toEqual([]);
  });
});
