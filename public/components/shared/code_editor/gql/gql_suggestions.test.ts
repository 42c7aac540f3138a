import { describe, expect, it } from 'vitest';
import type { GqlEditorSchema } from '../code_editor_props';
import { gqlSuggestions } from './gql_suggestions';

const SCHEMA: GqlEditorSchema = {
  graphs: ['investments', 'my "big" graph'],
  entities: [
    { label: 'Person', properties: ['name', 'age', 'address.city', 'address.zip', 'first-name'] },
    { label: 'Company', properties: ['name', 'founded'] },
    { label: 'Odd label', properties: [] },
  ],
  relations: [{ label: 'WORKS_AT', from: 'Person', to: 'Company' }],
};

/** Suggestions with the caret at `|` (removed from the text). */
function at(textWithCaret: string, schema: GqlEditorSchema | undefined = SCHEMA) {
  const offset = textWithCaret.indexOf('|');
  return gqlSuggestions(textWithCaret.replace('|', ''), offset, schema);
}

const labels = (textWithCaret: string) => at(textWithCaret).map((s) => s.label);

describe('gqlSuggestions', () => {
  it('offers the keywords the grammar accepts, replacing the typed part of the word', () => {
    const suggestions = at('SEL|');
    expect(suggestions.map((s) => [s.kind, s.label])).toEqual([
      ['keyword', 'EXPLAIN'],
      ['keyword', 'SELECT'],
      ['keyword', 'OPTIONAL MATCH'],
      ['keyword', 'MATCH'],
    ]);
    expect(suggestions[1].range).toEqual({
      startLineNumber: 1,
      startColumn: 1,
      endLineNumber: 1,
      endColumn: 4,
    });
  });

  it('completes the MATCH … RETURN form as it does the SELECT form', () => {
    expect(labels('MATCH (a) |')).toEqual(['WHERE', 'OPTIONAL MATCH', 'MATCH', 'RETURN']);
    expect(labels('MATCH (a) RETURN a |')).toEqual(
      expect.arrayContaining(['AS', 'ORDER BY', 'SKIP', 'OFFSET', 'LIMIT'])
    );
    expect(labels('MATCH (a) RETURN a ORDER BY a |')).toEqual(
      expect.arrayContaining(['ASC', 'DESC', 'SKIP', 'LIMIT'])
    );
    expect(labels('MATCH (a) RETURN a SKIP 5 |')).toEqual(['LIMIT']);
    expect(labels('MATCH (a:P|')).toEqual(['Person', 'Company', 'Odd label']);
    expect(at('OPTIONAL MATCH (a:Person)-[:|').map((s) => s.insertText)).toEqual(['WORKS_AT']);
    expect(labels('MATCH (a:Person)-[:WORKS_AT]->(c:Company) RETURN c.|')).toEqual([
      'name',
      'founded',
    ]);
    expect(labels('MATCH (a)-[:WORKS_AT*1..2]->(c:Company) WHERE c.|')).toEqual([
      'name',
      'founded',
    ]);
  });

  it('offers the properties of a variable an OPTIONAL MATCH binds', () => {
    const text = 'MATCH (a:Person) OPTIONAL MATCH (a)-[:WORKS_AT]->(c:Company)';
    expect(labels(`${text} WHERE c.|`)).toEqual(['name', 'founded']);
    expect(labels(`${text} RETURN a.name, c.|`)).toEqual(['name', 'founded']);
    expect(labels(`${text} RETURN |`)).toEqual(expect.arrayContaining(['a', 'c']));
  });

  it('offers the properties of every label a node may have, `:A&B` and `:A|B`', () => {
    // `|` is the caret in `at`: the caret at the end instead.
    const end = (text: string) => gqlSuggestions(text, text.length, SCHEMA).map((s) => s.label);
    expect(end('MATCH (x:Person|Company) RETURN x.')).toEqual([
      'name',
      'age',
      'address.city',
      'address.zip',
      'first-name',
      'founded',
    ]);
    expect(end('MATCH (x:Company&Person) WHERE x.')).toEqual([
      'name',
      'age',
      'address.city',
      'address.zip',
      'first-name',
      'founded',
    ]);
  });

  it("offers a node's properties as the keys of its property map", () => {
    expect(at('MATCH (c:Company {|').map((s) => [s.kind, s.insertText])).toEqual([
      ['property', 'name'],
      ['property', 'founded'],
    ]);
    // Without a label in the node, the labels its variable has elsewhere; a dotted name is one key.
    expect(at("MATCH (p:Person), (p {name: 'Ada', |})").map((s) => s.insertText)).toEqual([
      'name',
      'age',
      '`address.city`',
      '`address.zip`',
      '`first-name`',
    ]);
    expect(at('SELECT c FROM "g" MATCH (c:Company {na|').map((s) => s.label)).toEqual([
      'name',
      'founded',
    ]);
  });

  it('offers ORDER BY and STARTS WITH as pairs', () => {
    expect(labels('SELECT a FROM "g" MATCH (a) |')).toEqual(
      expect.arrayContaining(['WHERE', 'ORDER BY', 'LIMIT', 'OFFSET'])
    );
    expect(labels('SELECT a FROM "g" MATCH (a) WHERE a.x |')).toContain('STARTS WITH');
  });

  it('offers entity labels after ( v : and relation labels after -[ e :', () => {
    expect(at('SELECT a FROM "g" MATCH (a:P|)').map((s) => [s.kind, s.insertText])).toEqual([
      ['label', 'Person'],
      ['label', 'Company'],
      ['label', '`Odd label`'],
    ]);
    expect(at('SELECT a FROM "g" MATCH (a:Person)-[e:|')).toEqual([
      {
        kind: 'relation',
        label: 'WORKS_AT',
        insertText: 'WORKS_AT',
        detail: 'Person → Company',
        range: { startLineNumber: 1, startColumn: 39, endLineNumber: 1, endColumn: 39 },
      },
    ]);
  });

  it("offers the properties of v's entity after v., quoting names that need it", () => {
    expect(at('SELECT a.| FROM "g" MATCH (a:Person)-[:WORKS_AT]->(c:Company)')).toEqual(
      ['name', 'age', 'address.city', 'address.zip', '`first-name`'].map((insertText) =>
        expect.objectContaining({ kind: 'property', insertText })
      )
    );
    expect(labels('SELECT c.| FROM "g" MATCH (a:Person)-[:WORKS_AT]->(c:Company)')).toEqual([
      'name',
      'founded',
    ]);
  });

  it('offers the properties of every label of a node, as its warnings accept them', () => {
    expect(labels('SELECT x.| FROM "g" MATCH (x:Person) (y:Company)')).toEqual([
      'name',
      'age',
      'address.city',
      'address.zip',
      'first-name',
      'founded',
    ]);
    expect(labels('SELECT a.| FROM "g" MATCH (a)-[]->(b), (a:Company)')).toEqual([
      'name',
      'founded',
    ]);
  });

  it('offers what lies below a path already written', () => {
    expect(labels('SELECT a.address.| FROM "g" MATCH (a:Person)')).toEqual(['city', 'zip']);
  });

  it('finds the binding anywhere in the query, and nothing for an unlabelled variable', () => {
    expect(labels('SELECT a FROM "g" MATCH (a)-[]->(b:Company) WHERE b.|')).toEqual([
      'name',
      'founded',
    ]);
    expect(at('SELECT a.| FROM "g" MATCH (a)')).toEqual([]);
  });

  it('offers graph names after FROM as double-quoted strings', () => {
    expect(at('SELECT a FROM |').map((s) => s.insertText)).toEqual([
      '"investments"',
      '"my \\"big\\" graph"',
    ]);
    // Typed `"inv`, with the closing quote the editor auto-inserted: the whole string is replaced.
    const [first] = at('SELECT a FROM "inv|"');
    expect(first.range).toEqual({
      startLineNumber: 1,
      startColumn: 15,
      endLineNumber: 1,
      endColumn: 20,
    });
  });

  it('does not offer graph names for a node query string', () => {
    expect(at('SELECT a FROM "g" MATCH (a WHERE |')).toEqual([]);
  });

  it('offers bound variables where an expression may start, quoting keywords', () => {
    const suggestions = at('SELECT | FROM "g" MATCH (a)-[e]->(`count`)');
    expect(suggestions.filter((s) => s.kind === 'variable').map((s) => s.insertText)).toEqual([
      'a',
      '`count`',
      'e',
    ]);
    expect(suggestions.map((s) => s.label)).toContain('COUNT');
  });

  it('offers nothing in a comment, after an error, or without a schema for names', () => {
    expect(at('SELECT a -- |')).toEqual([]);
    expect(at('SELECT FROM FROM |')).toEqual([]);
    const text = 'SELECT a FROM "g" MATCH (a:';
    expect(gqlSuggestions(text, text.length, undefined)).toEqual([]);
  });

  it('keeps replacement ranges on the caret line', () => {
    const [first] = at('SELECT a FROM "my\ngr|');
    expect(first.range).toEqual({
      startLineNumber: 2,
      startColumn: 1,
      endLineNumber: 2,
      endColumn: 3,
    });
  });
});
