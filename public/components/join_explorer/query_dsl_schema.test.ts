import { describe, expect, it } from 'vitest';
import { QUERY_DSL_CLAUSES, QUERY_DSL_SCHEMA, type JsonSchema } from './query_dsl_schema';

const query = QUERY_DSL_SCHEMA.definitions!.query;

describe('QUERY_DSL_SCHEMA', () => {
  it('describes the common clauses, each with a snippet completion offers', () => {
    for (const name of [
      'match_all',
      'match',
      'term',
      'terms',
      'range',
      'bool',
      'exists',
      'query_string',
      'ids',
    ]) {
      expect(QUERY_DSL_CLAUSES).toContain(name);
      const clause = query.properties![name];
      expect(clause.description, name).toBeTruthy();
      expect(clause.defaultSnippets?.[0]?.label).toBe(name);
    }
  });

  it('offers whole clauses for an empty document, one per clause name', () => {
    const snippets = query.defaultSnippets ?? [];
    expect(snippets.map((s) => s.label)).toEqual([...QUERY_DSL_CLAUSES]);
    for (const snippet of snippets) {
      expect(Object.keys(snippet.body as object)).toEqual([snippet.label]);
    }
  });

  it('nests queries in bool and in a nested join through the one query definition', () => {
    const bool = query.properties!.bool.properties!;
    for (const occur of ['must', 'filter', 'should', 'must_not']) {
      expect(JSON.stringify(bool[occur])).toContain('#/definitions/query');
    }
    const join = query.properties!.join.properties!.request.properties!.query as JsonSchema;
    expect(join.$ref).toBe('#/definitions/query');
  });

  it('is plain JSON (Monaco receives it serialised)', () => {
    expect(JSON.parse(JSON.stringify(QUERY_DSL_SCHEMA))).toEqual(QUERY_DSL_SCHEMA);
  });
});
