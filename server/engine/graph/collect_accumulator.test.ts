import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import type { BackendDocument } from '../backends/backend';
import { FederationError } from '../errors';
import { collectOrder } from './collect_accumulator';
import type { Binding } from './expressions';
import { shapeRows } from './result_shaping';

const doc = (id: string, source: Record<string, unknown>): BackendDocument => ({
  _index: 'people',
  _id: id,
  _source: source,
});

const people = [
  doc('1', { name: 'Ada', city: 'Oulu', age: 36, tags: ['x', 'y'] }),
  doc('2', { name: 'Bob', city: 'Turku', age: 25 }),
  doc('3', { name: 'Cid', city: 'Oulu', age: 41 }),
  doc('4', { name: 'Dan', age: 36 }),
];

/** Shapes `MATCH (a), (b) RETURN <items>` over bindings of `a` (b null, as an OPTIONAL MATCH leaves it). */
function shape(items: string, docs = people, maxAggregateValues = 1000): unknown[][] {
  const parsed = parseGql(`MATCH (a), (b) RETURN ${items}`);
  expect(parsed.errors).toEqual([]);
  const bindings: Binding[] = docs.map((d) => [d, undefined]);
  return shapeRows(
    parsed.statement!,
    bindings,
    new Map([
      ['a', 0],
      ['b', 1],
    ]),
    { maxRows: 100, maxGroups: 100, maxAggregateValues }
  ).rows;
}

describe('COLLECT', () => {
  it('answers a list per group, missing values skipped, in a fixed order', () => {
    expect(shape('a.city, collect(a.name) ORDER BY a.city')).toEqual([
      ['Oulu', ['Ada', 'Cid']],
      ['Turku', ['Bob']],
      [null, ['Dan']],
    ]);
    expect(shape('collect(a.city)')).toEqual([[['Oulu', 'Oulu', 'Turku']]]);
  });

  it('drops repeats with DISTINCT', () => {
    expect(shape('collect(DISTINCT a.age), collect(a.age)')).toEqual([
      [
        [25, 36, 41],
        [25, 36, 36, 41],
      ],
    ]);
  });

  it('keeps an array as one value, and collects whole documents', () => {
    expect(shape('collect(a.tags)')).toEqual([[[['x', 'y']]]]);
    expect(shape('collect(a)', people.slice(0, 2))).toEqual([
      [
        [
          { _index: 'people', _id: '1', _source: people[0]._source },
          { _index: 'people', _id: '2', _source: people[1]._source },
        ],
      ],
    ]);
  });

  it('skips a null variable, and answers an empty list over no row', () => {
    expect(shape('collect(b), collect(b.name), count(*)')).toEqual([[[], [], 4]]);
    expect(shape('collect(a.name)', [])).toEqual([[[]]]);
  });

  it('is bounded by maxGraphAggregateValues, DISTINCT or not', () => {
    expect(shape('collect(a.name)', people, 4)).toEqual([[['Ada', 'Bob', 'Cid', 'Dan']]]);
    for (const items of ['collect(a.name)', 'collect(DISTINCT a.name)']) {
      let caught: unknown;
      try {
        shape(items, people, 3);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(FederationError);
      expect((caught as FederationError).status).toBe(400);
      expect((caught as Error).message).toContain(
        'the DISTINCT and COLLECT aggregates of the query hold more than 3 values (setting maxGraphAggregateValues)'
      );
    }
  });

  it('orders numbers, strings, booleans, then objects', () => {
    expect([{ b: 1 }, true, 'a', 2, [1], 1].sort(collectOrder)).toEqual([
      1,
      2,
      'a',
      true,
      [1],
      { b: 1 },
    ]);
  });
});
