import { describe, expect, it } from 'vitest';
import { parseJsonDocument } from './json_document';
import { checkJsonSchema } from './json_schema_check';

/** The problems of `text` against `schema`, each with the text it points at. */
function problems(text: string, schema: object) {
  const parsed = parseJsonDocument(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return checkJsonSchema(parsed.root, schema).map((problem) => [
    problem.message,
    text.slice(problem.span.start, problem.span.end),
  ]);
}

const MODEL_SCHEMA = {
  type: 'object',
  required: ['entities'],
  additionalProperties: false,
  properties: {
    entities: {
      type: 'array',
      minItems: 1,
      items: { $ref: '#/definitions/entity' },
    },
    version: { type: 'integer', minimum: 1 },
    mode: { enum: ['strict', 'lenient'] },
  },
  definitions: {
    entity: {
      type: 'object',
      required: ['label', 'index'],
      properties: { label: { type: 'string', pattern: '^[A-Z]' }, index: { type: 'string' } },
    },
  },
};

describe('checkJsonSchema', () => {
  it('accepts a document that follows the schema', () => {
    expect(
      problems('{"entities": [{"label": "Person", "index": "people"}]}', MODEL_SCHEMA)
    ).toEqual([]);
  });

  it('points at what is wrong: a type, a missing or unknown property, a bound, a pattern', () => {
    const text =
      '{"entities": [{"label": "person"}, {"label": 3, "index": "x"}], "version": 0.5, "extra": 1, "mode": "fast"}';
    expect(problems(text, MODEL_SCHEMA)).toEqual([
      ['missing property "index"', '{'],
      ['value does not match the pattern ^[A-Z]', '"person"'],
      ['expected string but found number', '3'],
      ['expected integer but found a fraction', '0.5'],
      ['property "extra" is not allowed here', '"extra"'],
      ['value must be one of "strict", "lenient"', '"fast"'],
    ]);
    expect(problems('{"entities": []}', MODEL_SCHEMA)).toEqual([
      ['expected at least 1 item', '[]'],
    ]);
  });

  it('accepts a value one branch of oneOf accepts, and explains the closest branch otherwise', () => {
    const schema = {
      definitions: { query: { type: 'object', minProperties: 1, maxProperties: 1 } },
      oneOf: [
        { $ref: '#/definitions/query' },
        { type: 'array', items: { $ref: '#/definitions/query' } },
      ],
    };
    expect(problems('{"match_all": {}}', schema)).toEqual([]);
    expect(problems('[{"term": {}}]', schema)).toEqual([]);
    expect(problems('[{"a": 1, "b": 2}]', schema)).toEqual([['expected at most 1 property', '{']]);
  });

  it('checks patternProperties and additionalProperties schemas', () => {
    const schema = {
      type: 'object',
      patternProperties: { '^x-': { type: 'string' } },
      additionalProperties: { type: 'number' },
    };
    expect(problems('{"x-a": "s", "n": 1, "x-b": 2, "m": "no"}', schema)).toEqual([
      ['expected string but found number', '2'],
      ['expected number but found string', '"no"'],
    ]);
  });

  it('ignores keywords and references it cannot follow rather than report false errors', () => {
    expect(problems('{"a": 1}', { $ref: 'http://elsewhere/schema.json' })).toEqual([]);
    expect(problems('{"a": 1}', { $ref: '#/definitions/missing' })).toEqual([]);
    expect(problems('{"a": 1}', { format: 'email', unknownKeyword: true })).toEqual([]);
    expect(problems('"x"', { $ref: '#' })).toEqual([]);
  });
});
