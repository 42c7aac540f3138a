import type { IndexField } from './mapping_fields';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaf clauses whose keys are field names (`{"term": {"<field>": …}}`). */
const PER_FIELD = new Set([
  'term',
  'terms',
  'range',
  'prefix',
  'wildcard',
  'regexp',
  'fuzzy',
  'match',
  'match_phrase',
  'match_phrase_prefix',
  'match_bool_prefix',
  'terms_set',
  'geo_distance',
  'geo_bounding_box',
]);

/** Settings a per-field clause carries beside the field (`{"term": {"f": 1, "boost": 2}}`). */
const CLAUSE_SETTINGS = new Set([
  'boost',
  '_name',
  'validation_method',
  'distance',
  'distance_type',
]);

/** Compound clauses: where their inner queries are. */
const INNER_QUERIES: Record<string, string[]> = {
  bool: ['must', 'should', 'filter', 'must_not'],
  constant_score: ['filter'],
  dis_max: ['queries'],
  boosting: ['positive', 'negative'],
  function_score: ['query'],
};

/**
 * The field names a query DSL clause reads, as far as they can be known from the text alone:
 * per-field leaf clauses, `exists.field`, and `multi_match.fields`, through `bool` and the other
 * compound clauses. A nested `join` reads another index (and `nested` a sub-document path), so
 * neither is walked. Names with wildcards are patterns and meta fields (`_id`) are always there,
 * so neither is listed; a `^boost` suffix is dropped.
 */
export function fieldsOfQuery(query: unknown): string[] {
  const found = new Set<string>();
  const add = (raw: unknown) => {
    if (typeof raw !== 'string') return;
    const name = raw.replace(/\^[\d.]+$/, '');
    if (name === '' || name.startsWith('_') || /[*?]/.test(name)) return;
    found.add(name);
  };
  const visit = (clause: unknown) => {
    if (Array.isArray(clause)) return clause.forEach(visit);
    if (!isObject(clause)) return;
    for (const [name, body] of Object.entries(clause)) {
      if (PER_FIELD.has(name) && isObject(body)) {
        Object.keys(body)
          .filter((key) => !CLAUSE_SETTINGS.has(key))
          .forEach(add);
      } else if (name === 'exists' && isObject(body)) {
        add(body.field);
      } else if (name === 'multi_match' && isObject(body) && Array.isArray(body.fields)) {
        body.fields.forEach(add);
      } else if (INNER_QUERIES[name] && isObject(body)) {
        for (const key of INNER_QUERIES[name]) visit(body[key]);
      }
    }
  };
  visit(query);
  return [...found];
}

/**
 * The fields a query reads that the mapping lacks. An object field (`customer` of
 * `customer.name`) counts as present. Nothing is said until the mapping has loaded.
 */
export function unknownQueryFields(query: unknown, fields: readonly IndexField[]): string[] {
  if (fields.length === 0) return [];
  const known = new Set(fields.map((f) => f.name));
  const objects = new Set(
    fields.flatMap((f) => {
      const parts = f.name.split('.');
      return parts.slice(1).map((_, i) => parts.slice(0, i + 1).join('.'));
    })
  );
  return fieldsOfQuery(query).filter((name) => !known.has(name) && !objects.has(name));
}
