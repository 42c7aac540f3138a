/**
 * Random query DSL from a seeded PRNG: every query type of docs/api/interface.md §4.6, values drawn from the data
 * so most queries match something, and bool trees two levels deep.
 */
import type { Prng } from './prng';
import { fieldsOfType, type ValuePool } from './value_pool';

/** A field name that is not a column: must behave as an unmapped field, not fail in SQL. */
export const UNKNOWN_FIELD = 'no_such_field';

export function randomQuery(random: Prng, pool: ValuePool, depth = 0): Record<string, unknown> {
  if (depth < 2 && random.chance(depth === 0 ? 0.35 : 0.15)) return randomBool(random, pool, depth);
  const kind = random.pick([
    'term',
    'term',
    'terms',
    'range',
    'range',
    'exists',
    'prefix',
    'wildcard',
    'wildcard',
    'ids',
    'match_all',
  ] as const);
  switch (kind) {
    case 'term':
      return termQuery(random, pool);
    case 'terms': {
      const field = anyField(random, pool);
      const values = Array.from({ length: random.int(1, 4) }, () => valueFor(random, pool, field));
      return { terms: { [field]: values } };
    }
    case 'range':
      return rangeQuery(random, pool);
    case 'exists':
      return { exists: { field: anyField(random, pool) } };
    case 'prefix':
      return prefixQuery(random, pool);
    case 'wildcard':
      return wildcardQuery(random, pool);
    case 'ids': {
      const ids = random.sample(pool.values.get(pool.key)!, random.int(1, 5)).map(String);
      // ('' would be a 400 "Ids can't be empty" on OpenSearch: the hostile suite covers errors.)
      if (random.chance(0.3)) ids.push(random.pick(['x', '-0', '1.0', ' 7']));
      return { ids: { values: ids } };
    }
    case 'match_all':
      return { match_all: {} };
  }
}

function randomBool(random: Prng, pool: ValuePool, depth: number): Record<string, unknown> {
  const bool: Record<string, unknown> = {};
  const clauses = (n: number) =>
    Array.from({ length: n }, () => randomQuery(random, pool, depth + 1));
  for (const occur of ['must', 'filter', 'should', 'must_not'] as const) {
    if (random.chance(occur === 'should' ? 0.5 : 0.35)) {
      const list = clauses(random.int(1, 3));
      bool[occur] = list.length === 1 && random.chance(0.3) ? list[0] : list;
    }
  }
  if (bool.should !== undefined && random.chance(0.4)) {
    bool.minimum_should_match = random.pick([1, 2, -1, '50%', '100%', 0]);
  }
  return { bool };
}

function anyField(random: Prng, pool: ValuePool): string {
  return random.chance(0.04) ? UNKNOWN_FIELD : random.pick([...pool.types.keys()]);
}

/** A value of the field's type, usually one that occurs, spelled in the ways OpenSearch accepts. */
export function valueFor(random: Prng, pool: ValuePool, field: string): unknown {
  const values = pool.values.get(field);
  if (!values || values.length === 0) return random.pick(['x', 1, true]);
  const value = random.pick(values);
  switch (pool.types.get(field)) {
    case 'long':
      return random.chance(0.15) ? String(value) : random.chance(0.1) ? Number(value) + 1 : value;
    case 'double':
      return random.chance(0.1) ? Number(value) / 2 : value;
    case 'boolean':
      return random.chance(0.2) ? String(value) : value;
    case 'date':
      return random.chance(0.3) ? Date.parse(String(value)) : value;
    default:
      return random.chance(0.1) ? flipCase(String(value)) : value;
  }
}

function termQuery(random: Prng, pool: ValuePool): Record<string, unknown> {
  const field = anyField(random, pool);
  const value = valueFor(random, pool, field);
  return { term: { [field]: random.chance(0.2) ? { value } : value } };
}

function rangeField(random: Prng, pool: ValuePool): string {
  return random.chance(0.03)
    ? UNKNOWN_FIELD
    : random.pick(fieldsOfType(pool, 'long', 'double', 'date', 'keyword'));
}

/** `{range: {field: bounds}}` with bounds drawn from the field's values, dates in every spelling. */
function rangeQuery(random: Prng, pool: ValuePool): Record<string, unknown> {
  const field = rangeField(random, pool);
  const type = pool.types.get(field);
  const bounds: Record<string, unknown> = {};
  const lowerOp = random.pick(['gt', 'gte']);
  const upperOp = random.pick(['lt', 'lte']);
  const one = () => random.chance(0.25);
  if (type === 'date') {
    const [lo, hi] = sortedPair(random, pool, field).map((v) => Date.parse(String(v)));
    const style = random.pick(['iso', 'millis', 'day', 'math', 'now'] as const);
    const write = (ms: number): unknown => dateBound(random, style, ms);
    if (!one()) bounds[lowerOp] = write(lo);
    if (!one() || bounds[lowerOp] === undefined) bounds[upperOp] = write(hi);
    if (style === 'millis') bounds.format = 'epoch_millis';
    if (style === 'day') bounds.format = random.pick(['yyyy-MM-dd', 'strict_date_optional_time']);
  } else {
    const [lo, hi] = type ? sortedPair(random, pool, field) : [1, 2];
    if (!one()) bounds[lowerOp] = lo;
    if (!one() || bounds[lowerOp] === undefined) bounds[upperOp] = hi;
  }
  return { range: { [field]: bounds } };
}

function dateBound(random: Prng, style: 'iso' | 'millis' | 'day' | 'math' | 'now', ms: number) {
  const iso = new Date(ms).toISOString();
  switch (style) {
    case 'iso':
      // Without a zone suffix OpenSearch reads it as UTC.
      return random.chance(0.5) ? iso : iso.slice(0, 19);
    case 'millis':
      return ms;
    case 'day':
      return iso.slice(0, 10);
    case 'math':
      return `${iso}||${random.pick(['', '-1d', '+2h', '-1M', '+1w'])}${random.pick(['', '/d', '/M', '/h', '/w', '/y'])}`;
    case 'now':
      return `now-${random.int(0, 40)}${random.pick(['y', 'M', 'd'])}${random.pick(['', '/d', '/M', '/y'])}`;
  }
}

function sortedPair(
  random: Prng,
  pool: ValuePool,
  field: string
): Array<string | number | boolean> {
  const values = pool.values.get(field)!;
  const pair = [random.pick(values), random.pick(values)];
  return pair.sort((x, y) => (compareBytes(x, y) <= 0 ? -1 : 1));
}

/** OpenSearch's order: numbers by value, strings by UTF-8 bytes (not JS UTF-16 order). */
export function compareBytes(x: unknown, y: unknown): number {
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'string' && typeof y === 'string' && !/^\d{4}-/.test(x)) {
    return Buffer.compare(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));
  }
  return String(x) < String(y) ? -1 : String(x) > String(y) ? 1 : 0;
}

function keywordField(random: Prng): string {
  return random.chance(0.75) ? 'k' : 'k2';
}

function prefixQuery(random: Prng, pool: ValuePool): Record<string, unknown> {
  const field = random.chance(0.05) ? UNKNOWN_FIELD : keywordField(random);
  const source = pool.values.get(field) ?? ['x'];
  const codePoints = Array.from(String(random.pick(source)));
  const value = codePoints.slice(0, random.int(0, Math.min(4, codePoints.length))).join('');
  return random.chance(0.2) ? { prefix: { [field]: { value } } } : { prefix: { [field]: value } };
}

/** A pattern derived from a real value: metacharacters escaped, then some replaced by ? and *. */
function wildcardQuery(random: Prng, pool: ValuePool): Record<string, unknown> {
  const field = keywordField(random);
  const codePoints = Array.from(String(random.pick(pool.values.get(field)!)));
  let pattern = '';
  for (let i = 0; i < codePoints.length; i++) {
    const roll = random.next();
    if (roll < 0.15) pattern += '?';
    else if (roll < 0.25) {
      pattern += '*';
      i += random.int(0, 2);
    } else pattern += codePoints[i].replace(/[\\*?]/g, (c) => `\\${c}`);
  }
  if (random.chance(0.3)) pattern = `*${pattern}`;
  if (random.chance(0.3)) pattern = `${pattern}*`;
  return { wildcard: { [field]: random.chance(0.2) ? { value: pattern } : pattern } };
}

function flipCase(text: string): string {
  return text === text.toUpperCase() ? text.toLowerCase() : text.toUpperCase();
}
