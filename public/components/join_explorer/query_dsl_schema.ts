/**
 * A JSON schema of the query DSL's common shapes, for the join explorer's query editors: Monaco's
 * JSON language service completes the clause names below, fills in a clause's `defaultSnippets`
 * when one is chosen, and validates what it knows. It is deliberately open: a clause it does not
 * describe (e.g. `match_phrase`) is still valid JSON for the server to judge, so unknown names are
 * allowed rather than flagged.
 */

/** The subset of JSON Schema (draft 7, plus the `defaultSnippets` extension) used here. */
export interface JsonSchema {
  $ref?: string;
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null' | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  minProperties?: number;
  maxProperties?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  definitions?: Record<string, JsonSchema>;
  /** Completion proposals: `body` is inserted, its strings read as snippets (`${1:field}`). */
  defaultSnippets?: Array<{ label: string; description?: string; body: unknown }>;
}

const QUERY_REF: JsonSchema = { $ref: '#/definitions/query' };
const QUERIES_REF: JsonSchema = {
  oneOf: [QUERY_REF, { type: 'array', items: QUERY_REF }],
  description: 'One query clause, or an array of them.',
};

const scalar: JsonSchema = { type: ['string', 'number', 'boolean'] };
const boost: JsonSchema = { type: 'number', description: 'Multiplies the clause’s score.' };

/** `{ "<field>": <shorthand> | { ...options } }`: the shape of term, match, range, prefix... */
function perField(description: string, options: JsonSchema, shorthand?: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description,
    minProperties: 1,
    maxProperties: 1,
    additionalProperties: shorthand ? { oneOf: [shorthand, options] } : options,
  };
}

const SNIPPETS = {
  match_all: { match_all: {} },
  match: { match: { '${1:field}': '${2:text}' } },
  term: { term: { '${1:field}': { value: '${2:value}' } } },
  terms: { terms: { '${1:field}': ['${2:value}'] } },
  range: { range: { '${1:field}': { gte: '${2:from}', lt: '${3:to}' } } },
  exists: { exists: { field: '${1:field}' } },
  ids: { ids: { values: ['${1:id}'] } },
  prefix: { prefix: { '${1:field}': { value: '${2:prefix}' } } },
  wildcard: { wildcard: { '${1:field}': { value: '${2:pat*}' } } },
  query_string: { query_string: { query: '${1:field:value}' } },
  bool: {
    bool: { must: [{ match_all: {} }], filter: [], should: [], must_not: [] },
  },
  join: {
    join: {
      indices: ['${1:child_index}'],
      on: ['${2:parent_field}', '${3:child_field}'],
      request: { query: { match_all: {} } },
    },
  },
} as const;

type ClauseName = keyof typeof SNIPPETS;

const CLAUSE_DESCRIPTIONS: Record<ClauseName, string> = {
  match_all: 'Matches every document.',
  match:
    'Full-text match on an analysed field (on a virtual index it behaves as on keyword fields).',
  term: 'Exact value of a field.',
  terms: 'Any of several exact values of a field.',
  range: 'Values between bounds: gt, gte, lt, lte.',
  exists: 'Documents that have a value for the field.',
  ids: 'Documents with these _id values.',
  prefix: 'Values that start with a prefix.',
  wildcard: 'Values matching a pattern with * and ?.',
  query_string: 'Lucene query syntax, e.g. "status:active AND amount:>10".',
  bool: 'Combines clauses: must, filter, should, must_not.',
  join: 'A nested join: documents whose field matches a field of another index set.',
};

/** The value snippet a clause's property gets (its body without the clause name). */
function valueSnippet(
  name: ClauseName
): Array<{ label: string; description: string; body: unknown }> {
  const body = (SNIPPETS[name] as Record<string, unknown>)[name];
  return [{ label: name, description: CLAUSE_DESCRIPTIONS[name], body }];
}

function clause(name: ClauseName, schema: JsonSchema): JsonSchema {
  return { ...schema, description: CLAUSE_DESCRIPTIONS[name], defaultSnippets: valueSnippet(name) };
}

const CLAUSES: Record<ClauseName, JsonSchema> = {
  match_all: clause('match_all', {
    type: 'object',
    properties: { boost },
    additionalProperties: false,
  }),
  match: clause(
    'match',
    perField(
      '',
      {
        type: 'object',
        properties: {
          query: scalar,
          operator: { enum: ['or', 'and', 'OR', 'AND'] },
          fuzziness: { type: ['string', 'integer'] },
          minimum_should_match: { type: ['string', 'integer'] },
          boost,
        },
        required: ['query'],
      },
      scalar
    )
  ),
  term: clause(
    'term',
    perField(
      '',
      {
        type: 'object',
        properties: { value: scalar, boost, case_insensitive: { type: 'boolean' } },
        required: ['value'],
      },
      scalar
    )
  ),
  terms: clause('terms', {
    type: 'object',
    properties: { boost },
    additionalProperties: { type: 'array', items: scalar },
    minProperties: 1,
  }),
  range: clause(
    'range',
    perField('', {
      type: 'object',
      properties: {
        gt: scalar,
        gte: scalar,
        lt: scalar,
        lte: scalar,
        format: { type: 'string' },
        time_zone: { type: 'string' },
        relation: { enum: ['INTERSECTS', 'CONTAINS', 'WITHIN'] },
        boost,
      },
      minProperties: 1,
    })
  ),
  exists: clause('exists', {
    type: 'object',
    properties: { field: { type: 'string' }, boost },
    required: ['field'],
    additionalProperties: false,
  }),
  ids: clause('ids', {
    type: 'object',
    properties: { values: { type: 'array', items: { type: 'string' } }, boost },
    required: ['values'],
    additionalProperties: false,
  }),
  prefix: clause(
    'prefix',
    perField(
      '',
      {
        type: 'object',
        properties: { value: { type: 'string' }, boost, case_insensitive: { type: 'boolean' } },
        required: ['value'],
      },
      { type: 'string' }
    )
  ),
  wildcard: clause(
    'wildcard',
    perField(
      '',
      {
        type: 'object',
        properties: { value: { type: 'string' }, boost, case_insensitive: { type: 'boolean' } },
        required: ['value'],
      },
      { type: 'string' }
    )
  ),
  query_string: clause('query_string', {
    type: 'object',
    properties: {
      query: { type: 'string' },
      default_field: { type: 'string' },
      fields: { type: 'array', items: { type: 'string' } },
      default_operator: { enum: ['OR', 'AND', 'or', 'and'] },
      analyze_wildcard: { type: 'boolean' },
      boost,
    },
    required: ['query'],
  }),
  bool: clause('bool', {
    type: 'object',
    properties: {
      must: QUERIES_REF,
      filter: QUERIES_REF,
      should: QUERIES_REF,
      must_not: QUERIES_REF,
      minimum_should_match: { type: ['string', 'integer'] },
      boost,
    },
    additionalProperties: false,
  }),
  join: clause('join', {
    type: 'object',
    properties: {
      indices: {
        type: 'array',
        items: { type: 'string' },
        minItems: 1,
        description: 'Child index names or patterns.',
      },
      on: {
        type: 'array',
        items: { type: 'string' },
        minItems: 2,
        maxItems: 2,
        description: 'The parent’s field, then the child’s field.',
      },
      request: {
        type: 'object',
        properties: {
          query: QUERY_REF,
          project: {
            type: 'array',
            description: 'Child fields put in each parent hit’s fields.',
            items: {
              type: 'object',
              properties: {
                field: {
                  type: 'object',
                  properties: { name: { type: 'string' } },
                  required: ['name'],
                },
              },
              required: ['field'],
            },
          },
        },
        additionalProperties: false,
      },
      type: { enum: ['HASH_JOIN', 'BROADCAST_JOIN', 'INDEX_JOIN'] },
    },
    required: ['indices', 'on'],
    additionalProperties: false,
  }),
};

const CLAUSE_NAMES = Object.keys(SNIPPETS) as ClauseName[];

/** The schema of one query clause (the editors' documents are a single clause). */
export const QUERY_DSL_SCHEMA: JsonSchema = {
  $ref: '#/definitions/query',
  definitions: {
    query: {
      type: 'object',
      description: 'A query clause, e.g. {"term": {"status": "active"}}.',
      properties: CLAUSES,
      minProperties: 1,
      maxProperties: 1,
      defaultSnippets: CLAUSE_NAMES.map((name) => ({
        label: name,
        description: CLAUSE_DESCRIPTIONS[name],
        body: SNIPPETS[name],
      })),
    },
  },
};

/** Monaco keys schemas by URI; both query editors share this one. */
export const QUERY_DSL_SCHEMA_URI = 'federation://schemas/query-dsl.json';

export const QUERY_DSL_EDITOR_SCHEMA = { uri: QUERY_DSL_SCHEMA_URI, schema: QUERY_DSL_SCHEMA };

/** The clause names the schema offers, for help text and tests. */
export const QUERY_DSL_CLAUSES: readonly string[] = CLAUSE_NAMES;
