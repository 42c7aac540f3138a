import { describe, expect, it } from 'vitest';
import { parseGql, type Expression } from '../../../common/gql';
import type { BackendDocument } from '../backends/backend';
import { FederationError } from '../errors';
import {
  assertDateLiterals,
  compareValues,
  conjuncts,
  evaluateCondition,
  joinKey,
  nodesOf,
  propertyValue,
  scalarValues,
  toFieldPredicate,
  type DateFields,
} from './expressions';

const doc = (source: Record<string, unknown>, id = '1', index = 'people'): BackendDocument => ({
  _index: index,
  _id: id,
  _source: source,
});

/** The WHERE clause of a query over two nodes `a` and `b`, as the real parser builds it. */
function where(text: string): Expression {
  const result = parseGql(`SELECT a FROM "g" MATCH (a), (b) WHERE ${text}`);
  expect(result.errors).toEqual([]);
  return result.statement!.where!;
}

const variables = new Map([
  ['a', 0],
  ['b', 1],
]);
const noDates: DateFields = () => false;

/** Whether `condition` holds with `a` bound to `source` (and `b` to `other`). */
function holds(
  condition: string,
  source: Record<string, unknown>,
  other: Record<string, unknown> = {},
  isDate: DateFields = noDates
): boolean {
  return evaluateCondition(where(condition), [doc(source), doc(other, '2')], variables, isDate);
}

describe('propertyValue', () => {
  const person = doc({
    name: 'Ada',
    tags: ['x', 'y'],
    address: { city: 'Oulu', zip: '90100' },
    'literal.key': 7,
    empty: null,
    authors: [{ name: 'A' }, { name: 'B' }, { other: 1 }],
  });

  it('reads a field as stored: scalars, arrays and objects', () => {
    expect(propertyValue(person, ['name'])).toBe('Ada');
    expect(propertyValue(person, ['tags'])).toEqual(['x', 'y']);
    expect(propertyValue(person, ['address'])).toEqual({ city: 'Oulu', zip: '90100' });
  });

  it('gives null for missing and null fields', () => {
    expect(propertyValue(person, ['missing'])).toBeNull();
    expect(propertyValue(person, ['empty'])).toBeNull();
    expect(propertyValue(person, ['name', 'deeper'])).toBeNull();
  });

  it('follows dotted paths into objects and arrays of objects', () => {
    expect(propertyValue(person, ['address', 'city'])).toBe('Oulu');
    expect(propertyValue(person, ['authors', 'name'])).toEqual(['A', 'B']);
  });

  it('matches literal dotted keys like nested objects, and both when both exist', () => {
    expect(propertyValue(person, ['literal', 'key'])).toBe(7);
    const both = doc({ 'a.b': 1, a: { b: 2 } });
    expect(propertyValue(both, ['a', 'b'])).toEqual([1, 2]);
  });

  it('reads _id and _index from the document, not from _source', () => {
    const d = doc({ _id: 'shadow', _index: 'shadow' }, '42', 'idx');
    expect(propertyValue(d, ['_id'])).toBe('42');
    expect(propertyValue(d, ['_index'])).toBe('idx');
  });
});

describe('scalarValues', () => {
  it('flattens arrays and drops nulls and objects', () => {
    const d = doc({ v: [1, null, [2, 3], { a: 1 }], o: { a: 1 }, n: null });
    expect(scalarValues(d, ['v'])).toEqual([1, 2, 3]);
    expect(scalarValues(d, ['o'])).toEqual([]);
    expect(scalarValues(d, ['n'])).toEqual([]);
    expect(scalarValues(d, ['missing'])).toEqual([]);
  });

  it('collects through arrays of objects', () => {
    const d = doc({ authors: [{ tags: ['x', 'y'] }, { tags: 'z' }, { name: 'no tags' }] });
    expect(scalarValues(d, ['authors', 'tags'])).toEqual(['x', 'y', 'z']);
  });

  it('reads literal dotted keys and nested objects alike', () => {
    expect(scalarValues(doc({ 'a.b': [1, 2], a: { b: 3 } }), ['a', 'b'])).toEqual([1, 2, 3]);
  });

  it('gives _id and _index as one value', () => {
    expect(scalarValues(doc({}, '9', 'idx'), ['_id'])).toEqual(['9']);
    expect(scalarValues(doc({}, '9', 'idx'), ['_index'])).toEqual(['idx']);
  });
});

describe('joinKey', () => {
  it('gives equal keys to values a term query matches alike', () => {
    expect(joinKey(5)).toBe('5');
    expect(joinKey('5')).toBe('5');
    expect(joinKey(5.0)).toBe(joinKey(5));
    expect(joinKey(true)).toBe('true');
    expect(joinKey('a b')).toBe('a b');
  });

  it('gives no key to null, undefined, objects and arrays', () => {
    expect(joinKey(null)).toBeNull();
    expect(joinKey(undefined)).toBeNull();
    expect(joinKey({ a: 1 })).toBeNull();
    expect(joinKey([1])).toBeNull();
  });
});

describe('conjuncts and nodesOf', () => {
  it('splits nested ANDs and names the nodes each part reads', () => {
    const parts = conjuncts(where('a.x = 1 AND (a.y = b.y AND b.z > 2) AND (a.q = 1 OR b.q = 2)'));
    expect(parts.map((p) => [...nodesOf(p, variables)].sort())).toEqual([[0], [0, 1], [1], [0, 1]]);
    expect(conjuncts(undefined)).toEqual([]);
  });
});

describe('toFieldPredicate', () => {
  const predicate = (text: string) => toFieldPredicate(where(text));

  it('turns a comparison with a literal into compare, with dotted field names', () => {
    expect(predicate('a.age >= 30')).toEqual({
      kind: 'compare',
      field: 'age',
      operator: '>=',
      value: 30,
    });
    expect(predicate("a.address.city = 'Oulu'")).toEqual({
      kind: 'compare',
      field: 'address.city',
      operator: '=',
      value: 'Oulu',
    });
    expect(predicate('a.flag <> true')).toMatchObject({ operator: '<>', value: true });
  });

  it('flips a comparison written literal first', () => {
    expect(predicate('5 < a.x')).toEqual({ kind: 'compare', field: 'x', operator: '>', value: 5 });
    expect(predicate('5 <= a.x')).toMatchObject({ operator: '>=' });
    expect(predicate('5 > a.x')).toMatchObject({ operator: '<' });
    expect(predicate('5 >= a.x')).toMatchObject({ operator: '<=' });
    expect(predicate("'k' = a.x")).toMatchObject({ operator: '=', value: 'k' });
    expect(predicate('1 <> a.x')).toMatchObject({ operator: '<>', value: 1 });
  });

  it('has no form for comparisons between fields or with null', () => {
    expect(predicate('a.x = b.x')).toBeNull();
    expect(predicate('a.x = null')).toBeNull();
    expect(predicate('1 = 1')).toBeNull();
  });

  it('turns IN and NOT IN into in, dropping null items', () => {
    expect(predicate("a.x IN [1, 'b', null]")).toEqual({
      kind: 'in',
      field: 'x',
      values: [1, 'b'],
    });
    expect(predicate('a.x NOT IN [1]')).toEqual({
      kind: 'not',
      operand: { kind: 'in', field: 'x', values: [1] },
    });
  });

  it('turns IS NULL into not exists and IS NOT NULL into exists', () => {
    expect(predicate('a.x IS NULL')).toEqual({
      kind: 'not',
      operand: { kind: 'exists', field: 'x' },
    });
    expect(predicate('a.x IS NOT NULL')).toEqual({ kind: 'exists', field: 'x' });
  });

  it('turns STARTS WITH a string literal into prefix, and nothing else', () => {
    expect(predicate("a.name STARTS WITH 'Ad'")).toEqual({
      kind: 'prefix',
      field: 'name',
      value: 'Ad',
    });
    expect(predicate('a.name STARTS WITH 5')).toBeNull();
    expect(predicate('a.name STARTS WITH b.name')).toBeNull();
  });

  it('combines AND, OR and NOT when every part has a form', () => {
    expect(predicate('a.x = 1 AND (a.y = 2 OR NOT a.z = 3)')).toEqual({
      kind: 'and',
      operands: [
        { kind: 'compare', field: 'x', operator: '=', value: 1 },
        {
          kind: 'or',
          operands: [
            { kind: 'compare', field: 'y', operator: '=', value: 2 },
            { kind: 'not', operand: { kind: 'compare', field: 'z', operator: '=', value: 3 } },
          ],
        },
      ],
    });
    expect(predicate('a.x = 1 OR a.y = b.y')).toBeNull();
    expect(predicate('NOT a.y = b.y')).toBeNull();
  });

  it('has no form for a bare property', () => {
    expect(predicate('a.flag')).toBeNull();
  });
});

describe('evaluateCondition', () => {
  it('compares numbers, strings and booleans', () => {
    expect(holds('a.age > 30', { age: 31 })).toBe(true);
    expect(holds('a.age > 30', { age: 30 })).toBe(false);
    expect(holds('a.age <= 30', { age: 30 })).toBe(true);
    expect(holds("a.name < 'b'", { name: 'a' })).toBe(true);
    // UTF-16 code units, as keyword fields sort: upper case before lower case.
    expect(holds("a.name < 'a'", { name: 'Z' })).toBe(true);
    expect(holds('a.flag = true', { flag: true })).toBe(true);
    expect(holds('a.flag', { flag: true })).toBe(true);
    expect(holds('a.flag', { flag: false })).toBe(false);
  });

  it('matches an array when any value matches', () => {
    expect(holds("a.tags = 'y'", { tags: ['x', 'y'] })).toBe(true);
    expect(holds("a.tags = 'z'", { tags: ['x', 'y'] })).toBe(false);
    expect(holds('a.n > 5 AND a.n < 3', { n: [1, 10] })).toBe(true);
    expect(holds("a.authors.name = 'B'", { authors: [{ name: 'A' }, { name: 'B' }] })).toBe(true);
  });

  it('never matches a comparison with a missing side; NOT negates that', () => {
    for (const op of ['=', '<', '<=', '>', '>=', '<>']) {
      expect(holds(`a.missing ${op} 1`, {})).toBe(false);
      expect(holds(`a.missing ${op} 1`, { missing: null })).toBe(false);
      expect(holds(`a.missing ${op} 1`, { missing: [] })).toBe(false);
      expect(holds(`NOT a.missing ${op} 1`, {})).toBe(true);
    }
    expect(holds('a.x = b.x', { x: 1 }, {})).toBe(false);
  });

  it('holds <> only when there is a value and none equals', () => {
    expect(holds('a.n <> 5', { n: 4 })).toBe(true);
    expect(holds('a.n <> 5', { n: 5 })).toBe(false);
    expect(holds('a.n <> 5', { n: '5' })).toBe(false);
    expect(holds("a.tags <> 'x'", { tags: ['x', 'y'] })).toBe(false);
    expect(holds("a.tags <> 'z'", { tags: ['x', 'y'] })).toBe(true);
    expect(holds('a.n <> 5', {})).toBe(false);
  });

  it('evaluates AND, OR and NOT', () => {
    expect(holds('a.x = 1 AND a.y = 2', { x: 1, y: 2 })).toBe(true);
    expect(holds('a.x = 1 AND a.y = 2', { x: 1, y: 3 })).toBe(false);
    expect(holds('a.x = 1 OR a.y = 2', { x: 0, y: 2 })).toBe(true);
    expect(holds('NOT (a.x = 1 OR a.y = 2)', { x: 0, y: 0 })).toBe(true);
    expect(holds('NOT NOT a.x = 1', { x: 1 })).toBe(true);
  });

  it('evaluates IN and NOT IN, over arrays and with numeric strings', () => {
    expect(holds('a.n IN [1, 5]', { n: 5 })).toBe(true);
    expect(holds('a.n IN [1, 5]', { n: '5' })).toBe(true);
    expect(holds('a.n IN [1, 5]', { n: 6 })).toBe(false);
    expect(holds("a.tags IN ['z', 'y']", { tags: ['x', 'y'] })).toBe(true);
    expect(holds('a.n NOT IN [1, 2]', { n: 3 })).toBe(true);
    expect(holds('a.n NOT IN [1, 2]', { n: [3, 2] })).toBe(false);
    expect(holds('a.n IN [1, null]', {})).toBe(false);
    // Two-valued: a missing field is in no list, so NOT IN holds.
    expect(holds('a.n NOT IN [1, 2]', {})).toBe(true);
  });

  it('evaluates IS NULL and IS NOT NULL: null, missing and empty arrays are null', () => {
    for (const source of [{}, { x: null }, { x: [] }, { x: [null] }]) {
      expect(holds('a.x IS NULL', source)).toBe(true);
      expect(holds('a.x IS NOT NULL', source)).toBe(false);
    }
    for (const source of [{ x: 0 }, { x: '' }, { x: false }, { x: [null, 1] }]) {
      expect(holds('a.x IS NULL', source)).toBe(false);
      expect(holds('a.x IS NOT NULL', source)).toBe(true);
    }
  });

  it('evaluates STARTS WITH on strings only, case-sensitively', () => {
    expect(holds("a.name STARTS WITH 'Ad'", { name: 'Ada' })).toBe(true);
    expect(holds("a.name STARTS WITH 'ad'", { name: 'Ada' })).toBe(false);
    expect(holds("a.name STARTS WITH 'B'", { name: ['Ada', 'Bob'] })).toBe(true);
    expect(holds("a.n STARTS WITH '1'", { n: 12 })).toBe(false);
    expect(holds("a.name STARTS WITH ''", { name: 'Ada' })).toBe(true);
    expect(holds("a.name STARTS WITH 'A'", {})).toBe(false);
  });

  it('compares numeric strings with numbers as numbers, and strings with strings as text', () => {
    expect(holds('a.n = 10', { n: '10' })).toBe(true);
    expect(holds('a.n > 9', { n: '10' })).toBe(true);
    expect(holds("a.n > '9'", { n: 10 })).toBe(true);
    expect(holds("a.n > '9'", { n: '10' })).toBe(false);
    expect(holds('a.n = 10', { n: 'ten' })).toBe(false);
    expect(holds('a.n = 10.0', { n: 10 })).toBe(true);
  });

  it('compares fields of two nodes', () => {
    expect(holds('a.age > b.age', { age: 40 }, { age: 30 })).toBe(true);
    expect(holds('a.age > b.age', { age: 20 }, { age: 30 })).toBe(false);
    expect(holds('a.tags = b.tags', { tags: ['x', 'y'] }, { tags: ['y', 'z'] })).toBe(true);
    expect(holds('a.n = b.n', { n: 5 }, { n: '5' })).toBe(true);
  });

  it('compares dates as instants on date fields, and as text elsewhere', () => {
    const born: DateFields = (node, field) => node === 0 && field === 'born';
    const source = { born: '2020-01-02T01:00:00+01:00' };
    expect(holds("a.born = '2020-01-02'", source, {}, born)).toBe(true);
    expect(holds("a.born = '2020-01-02T00:00:00Z'", source, {}, born)).toBe(true);
    expect(holds("a.born < '2020-01-02T00:00:01Z'", source, {}, born)).toBe(true);
    expect(holds("a.born > '2019-12-31'", source, {}, born)).toBe(true);
    // Epoch milliseconds, as numbers or digit strings, are instants too.
    expect(holds('a.born = 1577923200000', source, {}, born)).toBe(true);
    expect(holds("a.born = '1577923200000'", source, {}, born)).toBe(true);
    expect(holds("a.born = 'not a date'", source, {}, born)).toBe(false);
    // The same text on a field that holds no dates compares as strings.
    expect(holds("a.born = '2020-01-02'", source)).toBe(false);
    // A date on the other node's side counts too.
    const bornB: DateFields = (node, field) => node === 1 && field === 'born';
    expect(holds('a.born = b.born', source, { born: '2020-01-02' }, bornB)).toBe(true);
  });
});

describe('evaluateCondition: agreement with OpenSearch', () => {
  // OpenSearch (and the pushed-down range on a date field) reads a date-time without an offset as
  // UTC; so must this code, whatever the server's TZ.
  it('reads a date-time without an offset as UTC, whatever the server zone', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Helsinki';
    try {
      // The zone change took effect (Node reads TZ at run time).
      expect(Date.parse('2020-01-02T10:00:00')).not.toBe(Date.parse('2020-01-02T10:00:00Z'));
      const born: DateFields = (node, field) => node === 0 && field === 'born';
      expect(
        holds("a.born = '2020-01-02T10:00:00'", { born: '2020-01-02T10:00:00Z' }, {}, born)
      ).toBe(true);
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  // The pushed-down form is `exists`, which OpenSearch answers true for an object field; the
  // same condition evaluated here (inside an OR with another node) must agree.
  it('counts an object-valued field as present, as OpenSearch exists does', () => {
    expect(holds('a.address IS NOT NULL', { address: { city: 'Oulu' } })).toBe(true);
  });
});

describe('compareValues', () => {
  it('orders like the backends: numbers, numeric strings, text, booleans', () => {
    expect(compareValues(2, 10)).toBe(-1);
    expect(compareValues('2', 10)).toBe(-1);
    expect(compareValues('2', '10')).toBe(1);
    expect(compareValues(false, true)).toBe(-1);
    expect(compareValues(true, 'true')).toBe(0);
    expect(compareValues(1, 'x')).toBeNull();
    expect(compareValues(1, ' ')).toBeNull();
    expect(compareValues(null, 1)).toBeNull();
  });
});

describe('assertDateLiterals', () => {
  const published: DateFields = (node, field) => node === 0 && field === 'published';
  const check = (text: string) => () => assertDateLiterals(where(text), variables, published);

  it('refuses a string compared with a date field that is no date, naming the value', () => {
    for (const text of [
      "a.published > '2024-13-45'",
      "'2024-13-45' <= a.published",
      "a.published = '2024-02-30'",
      "a.published IN ['2024-01-01', 'yesterday']",
      "a.id = 1 OR NOT a.published <> 'soon'",
    ]) {
      let error: unknown;
      try {
        check(text)();
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(FederationError);
      expect((error as FederationError).status, text).toBe(400);
      expect((error as FederationError).type, text).toBe('parse_exception');
      expect((error as FederationError).message, text).toMatch(
        /^failed to parse date field \[[^\]]+\] with format \[strict_date_optional_time\|\|epoch_millis\]: line 1, column \d+, compared with the date field \[a\.published\]$/
      );
    }
    expect(check("a.published > '2024-13-45'")).toThrow('[2024-13-45]');
  });

  it('accepts dates, epoch milliseconds, and strings compared with other fields', () => {
    for (const text of [
      "a.published > '2024-12-31'",
      "a.published >= '2024-01-01T10:00:00Z'",
      'a.published < 1704067200000',
      "a.published IN ['2024-01-01', '2024-01-02']",
      "a.title = '2024-13-45'",
      "b.published = '2024-13-45'",
      'a.published IS NULL',
    ]) {
      expect(check(text), text).not.toThrow();
    }
  });
});
