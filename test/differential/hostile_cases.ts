/**
 * Search bodies over the hostile table: every hostile value in each value-taking query, every
 * hostile column in queries, sorts, aggregations and `_source`, and field names that are not
 * columns (SQL-looking, case variants of real columns) wherever a field name goes.
 */
import type { TableSpec } from './table_spec';

export type Bodies = Array<Record<string, unknown>>;

const ALL = 200;
/** Longest wildcard pattern, in code points, built from a value. */
const MAX_PATTERN = 100;

/** Escapes the wildcard query's metacharacters so the pattern means the literal text. */
export function wildcardLiteral(text: string): string {
  return text.replace(/[\\*?]/g, (c) => `\\${c}`);
}

export function valueBodies(values: string[]): Bodies {
  return values
    .flatMap((value, i) => [
      { term: { v: value } },
      { terms: { v: [value, values[(i + 1) % values.length]] } },
      { range: { v: { gte: value, lte: value } } },
      { range: { v: { gt: value } } },
      { match: { v: value } },
    ])
    .map((query) => ({ query, size: ALL }));
}

export function patternBodies(values: string[]): Bodies {
  return values
    .flatMap((value) => {
      const points = Array.from(value);
      const middle = points.slice(1, Math.max(2, points.length - 1)).join('');
      const bodies: Array<Record<string, unknown>> = [
        { prefix: { v: value } },
        { prefix: { v: points.slice(0, 1).join('') } },
        { prefix: { v: points.slice(0, 3).join('') } },
      ];
      if (points.length <= MAX_PATTERN) {
        bodies.push(
          { wildcard: { v: wildcardLiteral(value) } },
          { wildcard: { v: `*${wildcardLiteral(middle)}*` } },
          { wildcard: { v: `?${wildcardLiteral(points.slice(1).join(''))}` } }
        );
      } else {
        // OpenSearch refuses leading-wildcard patterns this long (automaton too complex), so a
        // long value is matched by its ends.
        const head = points.slice(0, MAX_PATTERN).join('');
        const tail = points.slice(-MAX_PATTERN).join('');
        bodies.push(
          { wildcard: { v: `${wildcardLiteral(head)}*` } },
          { wildcard: { v: `*${wildcardLiteral(tail)}` } },
          { wildcard: { v: `${wildcardLiteral(head)}*${wildcardLiteral(tail)}` } }
        );
      }
      return bodies;
    })
    .map((query) => ({ query, size: ALL, _source: ['id', 'v'] }));
}

export function columnBodies(spec: TableSpec): Bodies {
  const bodies: Bodies = [];
  const sample = spec.rows[3];
  for (const { name, type } of spec.columns) {
    const value = sample[name];
    const numeric = type === 'long' || type === 'double';
    bodies.push(
      { query: { exists: { field: name } }, size: ALL },
      { query: { term: { [name]: value } }, size: ALL },
      { query: { bool: { must_not: { term: { [name]: value } } } }, size: ALL, _source: [name] },
      { sort: [{ [name]: { order: 'desc', missing: '_first' } }, { id: 'asc' }], size: ALL },
      { sort: [{ [name]: 'asc' }, { id: 'desc' }], size: 10, _source: { excludes: [name] } },
      { size: 0, aggs: { t: { terms: { field: name, size: 100 } } } },
      { size: 0, aggs: { c: { cardinality: { field: name } } } },
      {
        size: 0,
        aggs: { g: { terms: { field: 'select' }, aggs: { c: { cardinality: { field: name } } } } },
      }
    );
    if (type !== 'boolean' && value !== null) {
      bodies.push({ query: { range: { [name]: { gte: value } } }, size: ALL });
    }
    if (numeric || type === 'date') {
      bodies.push({
        size: 0,
        aggs: { mn: { min: { field: name } }, mx: { max: { field: name } } },
      });
    }
    if (numeric) {
      bodies.push(
        { size: 0, aggs: { a: { avg: { field: name } }, s: { sum: { field: name } } } },
        { size: 0, aggs: { h: { histogram: { field: name, interval: 25 } } } },
        { size: 0, aggs: { r: { range: { field: name, ranges: [{ to: 0 }, { from: 0 }] } } } }
      );
    }
    if (type === 'date') {
      bodies.push({
        size: 0,
        aggs: {
          h: {
            date_histogram: { field: name, calendar_interval: 'day', time_zone: 'Europe/Helsinki' },
          },
        },
      });
    }
    if (type === 'keyword') {
      bodies.push(
        { query: { prefix: { [name]: String(value ?? '').slice(0, 2) } }, size: ALL },
        { query: { wildcard: { [name]: `*${wildcardLiteral(name)}` } }, size: ALL }
      );
    }
  }
  bodies.push({ _source: spec.columns.map((c) => c.name).slice(0, 8), size: ALL });
  return bodies;
}

/**
 * Field names a user may send that are not columns. OpenSearch treats them as unmapped: no hits
 * for queries, empty or null aggregations, a 400 for sorts. Names differing from a column only in
 * case must not reach the column (MariaDB and SQLite resolve identifiers case-insensitively).
 */
export function unknownFieldNames(canary: string): string[] {
  return [
    'V',
    'SELECT',
    'mixed case',
    'A"B',
    `nope"; DROP TABLE ${canary}; --`,
    `nope\`; DROP TABLE ${canary}; --`,
    "nope'; DROP TABLE x; --",
    'a.b',
    'v ',
    ' v',
    '"v"',
    '`v`',
    '[v]',
    'v; SELECT 1',
    'v--',
    '?',
    '$1',
    '%',
  ];
}

export function unknownFieldBodies(names: string[]): Bodies {
  return names.flatMap((name) => [
    { query: { term: { [name]: 'abc' } }, size: ALL },
    { query: { terms: { [name]: ['abc', 1] } }, size: ALL },
    { query: { range: { [name]: { gte: 'a' } } }, size: ALL },
    { query: { prefix: { [name]: 'a' } }, size: ALL },
    { query: { wildcard: { [name]: 'a*' } }, size: ALL },
    { query: { exists: { field: name } }, size: ALL },
    { query: { bool: { must_not: { term: { [name]: 'abc' } } } }, size: 5, sort: [{ id: 'asc' }] },
    { sort: [{ [name]: 'asc' }], size: 5 },
    { _source: [name], size: 5, sort: [{ id: 'asc' }] },
    {
      size: 0,
      aggs: {
        t: { terms: { field: name } },
        a: { avg: { field: name } },
        s: { sum: { field: name } },
        c: { cardinality: { field: name } },
        m: { max: { field: name } },
      },
    },
    { size: 0, aggs: { h: { histogram: { field: name, interval: 10 } } } },
    { size: 0, aggs: { h: { date_histogram: { field: name, calendar_interval: 'month' } } } },
    { size: 0, aggs: { r: { range: { field: name, ranges: [{ to: 0 }, { from: 0 }] } } } },
    {
      size: 0,
      aggs: { g: { terms: { field: 'select' }, aggs: { t: { terms: { field: name } } } } },
    },
  ]);
}

export function hostileIdBodies(): Bodies {
  return [
    {
      query: {
        ids: { values: ['1; DROP TABLE x', "1' OR '1'='1", '1 OR 1=1', '0x1', '1e0', ' 1', '2'] },
      },
    },
    { query: { term: { id: "1' OR '1'='1" } } },
  ].map((b) => ({ ...b, size: ALL }));
}
