import { describe, expect, it } from 'vitest';
import { parseGql, type GqlStatement } from '../../../common/gql';
import type { BackendDocument } from '../backends/backend';
import { FederationError } from '../errors';
import { WorkBudget } from '../work_budget';
import { parseGraphModel } from './graph_model';
import { bindQuery } from './query_binding';
import type { Binding } from './expressions';
import { checkResultWindow, shapeRows, shapeRowsAsync, type ShapingLimits } from './result_shaping';

const doc = (id: string, source: Record<string, unknown>): BackendDocument => ({
  _index: 'people',
  _id: id,
  _source: source,
});

const variables = new Map([
  ['a', 0],
  ['b', 1],
]);

function statement(text: string): GqlStatement {
  const result = parseGql(text);
  expect(result.errors).toEqual([]);
  return result.statement!;
}

const limits = (maxRows = 1000): ShapingLimits => ({
  maxRows,
  maxGroups: 100_000,
  maxAggregateValues: 1_000_000,
});

/** Shapes `SELECT <select> FROM "g" MATCH (a), (b) <rest>` over bindings of `a` only. */
function shape(
  select: string,
  docs: BackendDocument[],
  rest = '',
  maxRows = 1000
): { rows: unknown[][]; truncated: boolean } {
  const bindings: Binding[] = docs.map((d) => [d, undefined]);
  return shapeRows(
    statement(`SELECT ${select} FROM "g" MATCH (a), (b) ${rest}`),
    bindings,
    variables,
    limits(maxRows)
  );
}

const people = [
  doc('1', { name: 'Ada', city: 'Oulu', age: 36, tags: ['x', 'y'] }),
  doc('2', { name: 'Bob', city: 'Turku', age: 25 }),
  doc('3', { name: 'Cid', city: 'Oulu', age: 41, tags: 'z' }),
  doc('4', { name: 'Dan', age: 30 }),
];

/** Binds a statement over a one-entity model, as the service does before running it. */
function bound(text: string) {
  const model = parseGraphModel({ label: 'g', entities: [{ label: 'P', indices: ['people'] }] });
  return bindQuery(statement(text), model, { maxHops: 1 });
}

function errorOf(run: () => unknown): FederationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FederationError);
    expect((error as FederationError).status).toBe(400);
    return error as FederationError;
  }
  throw new Error('expected an error');
}

describe('shapeRows: plain rows', () => {
  it('gives properties as stored, whole documents and literals', () => {
    const { rows, truncated } = shape("a.name, a.tags, a.city, a, 1, 'k'", people.slice(0, 1));
    expect(truncated).toBe(false);
    expect(rows).toEqual([
      [
        'Ada',
        ['x', 'y'],
        'Oulu',
        { _index: 'people', _id: '1', _source: people[0]._source },
        1,
        'k',
      ],
    ]);
  });

  it('gives null for a missing property, and no rows for no bindings', () => {
    expect(shape('a.city', [people[3]]).rows).toEqual([[null]]);
    expect(shape('a.city', []).rows).toEqual([]);
  });

  it('reads each variable from its own node', () => {
    const result = shapeRows(
      statement('SELECT a.name, b.name FROM "g" MATCH (a), (b)'),
      [[people[0], people[1]]],
      variables,
      limits()
    );
    expect(result.rows).toEqual([['Ada', 'Bob']]);
  });

  it('drops repeated rows with DISTINCT, keeping first-seen order', () => {
    expect(shape('DISTINCT a.city', people).rows).toEqual([['Oulu'], ['Turku'], [null]]);
    expect(shape('a.city', people).rows).toHaveLength(4);
  });

  it('applies LIMIT and OFFSET', () => {
    const names = (rest: string) => shape('a.name', people, rest).rows.flat();
    expect(names('LIMIT 2')).toEqual(['Ada', 'Bob']);
    expect(names('LIMIT 2 OFFSET 1')).toEqual(['Bob', 'Cid']);
    expect(names('OFFSET 3')).toEqual(['Dan']);
    expect(names('OFFSET 10')).toEqual([]);
    expect(names('LIMIT 0')).toEqual([]);
  });

  it('cuts at maxRows and says so, but not when the answer fits', () => {
    expect(shape('a.name', people, '', 3)).toEqual({
      rows: [['Ada'], ['Bob'], ['Cid']],
      truncated: true,
    });
    expect(shape('a.name', people, '', 4).truncated).toBe(false);
    // LIMIT asked for no more than the cap: nothing was cut.
    expect(shape('a.name', people, 'LIMIT 3', 3)).toEqual({
      rows: [['Ada'], ['Bob'], ['Cid']],
      truncated: false,
    });
    expect(shape('a.name', people, 'ORDER BY a.name DESC', 2)).toEqual({
      rows: [['Dan'], ['Cid']],
      truncated: true,
    });
  });
});

describe('shapeRows: ORDER BY', () => {
  const names = (rest: string, docs = people) => shape('a.name', docs, rest).rows.flat();

  it('sorts ascending and descending, missing values last both ways', () => {
    expect(names('ORDER BY a.city')).toEqual(['Ada', 'Cid', 'Bob', 'Dan']);
    expect(names('ORDER BY a.city DESC')).toEqual(['Bob', 'Ada', 'Cid', 'Dan']);
    expect(names('ORDER BY a.age DESC')).toEqual(['Cid', 'Ada', 'Dan', 'Bob']);
  });

  it('sorts by a selected item or by an unselected property', () => {
    expect(shape('a.age', people, 'ORDER BY a.age').rows.flat()).toEqual([25, 30, 36, 41]);
    expect(names('ORDER BY a.age ASC')).toEqual(['Bob', 'Dan', 'Ada', 'Cid']);
  });

  it('sorts arrays by their smallest value ascending and largest descending', () => {
    const docs = [
      doc('x', { name: 'x', v: [1, 10] }),
      doc('y', { name: 'y', v: 5 }),
      doc('z', { name: 'z', v: [3] }),
    ];
    expect(names('ORDER BY a.v', docs)).toEqual(['x', 'z', 'y']);
    expect(names('ORDER BY a.v DESC', docs)).toEqual(['x', 'y', 'z']);
    // The same when the array is a selected item.
    expect(shape('a.v', docs, 'ORDER BY a.v DESC').rows.flat(2)).toEqual([1, 10, 5, 3]);
  });

  it('sorts numbers numerically and numeric strings as their numbers', () => {
    const docs = [
      doc('1', { name: 'ten', n: 10 }),
      doc('2', { name: 'nine', n: '9' }),
      doc('3', { name: 'one', n: 1 }),
    ];
    expect(names('ORDER BY a.n', docs)).toEqual(['one', 'nine', 'ten']);
  });

  it('breaks ties with the next key', () => {
    expect(names('ORDER BY a.city, a.age DESC')).toEqual(['Cid', 'Ada', 'Bob', 'Dan']);
    expect(names('ORDER BY a.city DESC, a.name DESC')).toEqual(['Bob', 'Cid', 'Ada', 'Dan']);
  });

  it('refuses ORDER BY on a whole document that is not selected', () => {
    expect(errorOf(() => shape('a.name', people, 'ORDER BY a')).message).toBe(
      'line 1, column 48: ORDER BY takes a property (v.p) or a selected item'
    );
  });

  // The binder refuses it before anything runs, so the answer never depends on the data.
  it('refuses ORDER BY on an unselected whole document before running', () => {
    expect(errorOf(() => bound('SELECT a.name FROM "g" MATCH (a:P) ORDER BY a')).message).toContain(
      'ORDER BY takes a property (v.p) or a selected item'
    );
  });

  it('applies OFFSET and LIMIT after sorting', () => {
    expect(names('ORDER BY a.age LIMIT 2 OFFSET 1')).toEqual(['Dan', 'Ada']);
  });

  it('keeps the best rows of a long input', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      doc(String(i), { name: `n${i}`, n: (i * 7919) % 1000 })
    );
    expect(shape('a.n', many, 'ORDER BY a.n DESC LIMIT 3').rows.flat()).toEqual([999, 998, 997]);
    expect(shape('a.n', many, 'ORDER BY a.n LIMIT 2 OFFSET 5').rows.flat()).toEqual([5, 6]);
  });

  it('sorts DISTINCT rows', () => {
    expect(shape('DISTINCT a.city', people, 'ORDER BY a.city DESC').rows.flat()).toEqual([
      'Turku',
      'Oulu',
      null,
    ]);
  });
});

describe('shapeRows: aggregates', () => {
  it('counts, sums, averages and finds extremes over all bindings', () => {
    const { rows } = shape(
      'COUNT(*), COUNT(a.city), COUNT(DISTINCT a.city), SUM(a.age), AVG(a.age), MIN(a.age), MAX(a.name)',
      people
    );
    expect(rows).toEqual([[4, 3, 2, 132, 33, 25, 'Dan']]);
  });

  it('counts every value of an array, and each distinct value once', () => {
    const docs = [doc('1', { t: ['x', 'y'] }), doc('2', { t: 'x' }), doc('3', {})];
    expect(shape('COUNT(a.t), COUNT(DISTINCT a.t)', docs).rows).toEqual([[3, 2]]);
  });

  it('counts variables by document', () => {
    const { rows } = shape('COUNT(a), COUNT(DISTINCT a)', [...people, people[0]]);
    expect(rows).toEqual([[5, 4]]);
  });

  it('groups by the other items, implicitly', () => {
    const { rows } = shape('a.city, COUNT(*), SUM(a.age)', people, 'ORDER BY a.city');
    expect(rows).toEqual([
      ['Oulu', 2, 77],
      ['Turku', 1, 25],
      [null, 1, 30],
    ]);
  });

  it('orders groups by an aggregate item, written as in SELECT', () => {
    const { rows } = shape('a.city, COUNT(*)', people, 'ORDER BY COUNT(*) DESC, a.city LIMIT 2');
    expect(rows).toEqual([
      ['Oulu', 2],
      ['Turku', 1],
    ]);
  });

  it('refuses ORDER BY on something not selected when aggregating', () => {
    const error = errorOf(() => shape('a.city, COUNT(*)', people, 'ORDER BY a.age'));
    expect(error.message).toBe(
      'line 1, column 58: with aggregates, ORDER BY takes a selected item; [a.age] is not one'
    );
  });

  it('refuses ORDER BY on something not selected before running', () => {
    expect(
      errorOf(() => bound('SELECT a.city, COUNT(*) FROM "g" MATCH (a:P) ORDER BY a.age')).message
    ).toContain('ORDER BY takes a selected item');
  });

  it('answers one row over no bindings when nothing is grouped', () => {
    expect(shape('COUNT(*), COUNT(a.x), SUM(a.x), AVG(a.x), MIN(a.x), MAX(a.x)', []).rows).toEqual([
      [0, 0, null, null, null, null],
    ]);
    expect(shape('a.city, COUNT(*)', []).rows).toEqual([]);
  });

  it('gives null for SUM and AVG of a field no binding has', () => {
    expect(shape('SUM(a.x), AVG(a.x), COUNT(a.x)', people).rows).toEqual([[null, null, 0]]);
  });

  it('sums numeric strings and refuses text', () => {
    expect(shape('SUM(a.n)', [doc('1', { n: '2' }), doc('2', { n: 3 })]).rows).toEqual([[5]]);
    expect(errorOf(() => shape('SUM(a.name)', people)).message).toMatch(
      /: SUM met the value \[Ada\], which is not a number$/
    );
  });

  it('applies DISTINCT inside SUM and AVG', () => {
    const docs = [doc('1', { n: 2 }), doc('2', { n: 2 }), doc('3', { n: 4 })];
    expect(shape('SUM(DISTINCT a.n), AVG(DISTINCT a.n), SUM(a.n)', docs).rows).toEqual([[6, 3, 8]]);
  });

  it('finds the extremes of text and of arrays', () => {
    const docs = [doc('1', { v: [5, 1] }), doc('2', { v: 9 }), doc('3', {})];
    expect(shape('MIN(a.v), MAX(a.v), MIN(a.name), MAX(a.name)', docs).rows).toEqual([
      [1, 9, null, null],
    ]);
    expect(shape('MIN(a.name), MAX(a.name)', people).rows).toEqual([['Ada', 'Dan']]);
  });

  it('applies LIMIT, OFFSET and the row cap to groups', () => {
    expect(shape('a.name, COUNT(*)', people, 'ORDER BY a.name LIMIT 1 OFFSET 1').rows).toEqual([
      ['Bob', 1],
    ]);
    expect(shape('a.name, COUNT(*)', people, '', 2)).toMatchObject({ truncated: true });
  });
});

describe('shapeRows: aggregates over whole documents', () => {
  const model = parseGraphModel({ label: 'g', entities: [{ label: 'P', indices: ['people'] }] });

  // A whole document has no order or sum: the binder refuses MIN(a) before it runs.
  it('never answers the internal document key for MIN/MAX of a variable', () => {
    let rows: unknown[][] = [];
    try {
      const parsed = parseGql('SELECT MIN(a), MAX(a) FROM "g" MATCH (a:P)');
      const query = bindQuery(parsed.statement!, model, { maxHops: 1 });
      rows = shapeRows(query.statement, [[people[0]]], query.variables, limits()).rows;
    } catch (error) {
      expect(error).toBeInstanceOf(FederationError);
      return;
    }
    expect(JSON.stringify(rows)).not.toContain('\\u0000');
  });
});

describe('shapeRows: streaming', () => {
  /** An endless source that records how many bindings were taken and whether it was closed. */
  function endless() {
    const state = { taken: 0, closed: false };
    function* generate(): Generator<Binding> {
      try {
        for (let i = 0; ; i++) {
          state.taken++;
          yield [doc(String(i), { n: i }), undefined];
        }
      } finally {
        state.closed = true;
      }
    }
    return { state, bindings: generate() };
  }

  it('stops reading bindings once LIMIT is met, without ORDER BY', () => {
    const { state, bindings } = endless();
    const result = shapeRows(
      statement('SELECT a.n FROM "g" MATCH (a), (b) LIMIT 3 OFFSET 2'),
      bindings,
      variables,
      limits()
    );
    expect(result).toEqual({ rows: [[2], [3], [4]], truncated: false });
    expect(state.taken).toBe(5);
    expect(state.closed).toBe(true);
  });

  it('stops one binding past the row cap when there is no LIMIT', () => {
    const { state, bindings } = endless();
    const result = shapeRows(
      statement('SELECT a.n FROM "g" MATCH (a), (b)'),
      bindings,
      variables,
      limits(3)
    );
    expect(result).toEqual({ rows: [[0], [1], [2]], truncated: true });
    expect(state.taken).toBe(4);
  });

  it('stops after enough distinct rows', () => {
    const { state, bindings } = endless();
    const result = shapeRows(
      statement('SELECT DISTINCT a.n FROM "g" MATCH (a), (b) LIMIT 2'),
      bindings,
      variables,
      limits()
    );
    expect(result.rows).toEqual([[0], [1]]);
    expect(state.taken).toBe(2);
  });

  it('pauses on its budget while reading many bindings, and stops when the check throws', async () => {
    let checks = 0;
    const bindings: Binding[] = Array.from({ length: 10_000 }, (_, i) => [
      doc(String(i), {}),
      undefined,
    ]);
    // A slice of 0 ms: a pause (and a check) at every read of the clock.
    const counting = new WorkBudget(() => void checks++, 0);
    await shapeRowsAsync(
      statement('SELECT COUNT(*) FROM "g" MATCH (a), (b)'),
      bindings,
      variables,
      {
        ...limits(10),
        budget: counting,
      }
    );
    expect(checks).toBeGreaterThan(0);
    const expired = new WorkBudget(() => {
      throw new Error('deadline passed');
    }, 0);
    await expect(
      shapeRowsAsync(
        statement('SELECT a FROM "g" MATCH (a), (b) ORDER BY a._id'),
        bindings,
        variables,
        { ...limits(10), budget: expired }
      )
    ).rejects.toThrow('deadline passed');
  });
});

describe('shapeRows: bounded by the settings, never by the input', () => {
  const many = (n: number, value: (i: number) => Record<string, unknown>): Binding[] =>
    Array.from({ length: n }, (_, i) => [doc(String(i), value(i)), undefined]);

  it('refuses OFFSET + LIMIT past maxResultWindow in OpenSearch’s words, OFFSET alone without LIMIT', () => {
    const window = (rest: string) => () =>
      checkResultWindow(statement(`SELECT a.n FROM "g" MATCH (a), (b) ${rest}`), 10_000);
    expect(window('LIMIT 10 OFFSET 9990')).not.toThrow();
    expect(window('OFFSET 10000')).not.toThrow();
    expect(window('LIMIT 10000')).not.toThrow();
    const error = errorOf(window('LIMIT 1 OFFSET 1000000000'));
    expect(error.type).toBe('illegal_argument_exception');
    expect(error.message).toContain(
      'Result window is too large, OFFSET + LIMIT must be less than or equal to: [10000] but was [1000000001]'
    );
    expect(error.message).toContain('setting maxResultWindow');
    expect(errorOf(window('OFFSET 10001')).message).toContain('but was [10001]');
    expect(errorOf(window('LIMIT 10001')).message).toContain('but was [10001]');
  });

  it('keeps the best rows of ORDER BY as a sort would, ties in arrival order', () => {
    const rows = many(5_000, (i) => ({ n: (i * 7919) % 1_000, i }));
    const sortedRows = rows
      .map((b) => b[0]!._source as { n: number; i: number })
      .sort((x, y) => y.n - x.n)
      .map((r) => [r.n, r.i]);
    for (const [limit, offset] of [
      [10, 0],
      [7, 993],
      [50, 4_000],
    ]) {
      const result = shapeRows(
        statement(
          `SELECT a.n, a.i FROM "g" MATCH (a), (b) ORDER BY a.n DESC LIMIT ${limit} OFFSET ${offset}`
        ),
        rows,
        variables,
        limits()
      );
      expect(result.rows, `LIMIT ${limit} OFFSET ${offset}`).toEqual(
        sortedRows.slice(offset, offset + limit)
      );
    }
  });

  it('applies DISTINCT with ORDER BY within the kept rows, exactly', () => {
    // 20,000 bindings, 500 distinct values, each seen 40 times in scattered order.
    const rows = many(20_000, (i) => ({ n: (i * 7919) % 500 }));
    const result = shapeRows(
      statement('SELECT DISTINCT a.n FROM "g" MATCH (a), (b) ORDER BY a.n DESC LIMIT 5 OFFSET 3'),
      rows,
      variables,
      limits()
    );
    expect(result.rows).toEqual([[496], [495], [494], [493], [492]]);
    // Ranked by an unselected property: each distinct row by the best key one of its bindings gave.
    const byAge = shape(
      'DISTINCT a.city',
      [...people, doc('5', { city: 'Turku', age: 99 })],
      'ORDER BY a.age DESC'
    );
    expect(byAge.rows).toEqual([['Turku'], ['Oulu'], [null]]);
  });

  it('refuses more groups than maxGraphGroups, naming the setting', () => {
    const rows = many(50, (i) => ({ n: i }));
    const run = (maxGroups: number) => () =>
      shapeRows(statement('SELECT a.n, COUNT(*) FROM "g" MATCH (a), (b)'), rows, variables, {
        ...limits(),
        maxGroups,
      });
    expect(run(50)().rows).toHaveLength(50);
    const error = errorOf(run(49));
    expect(error.message).toContain('more than 49 groups');
    expect(error.message).toContain('setting maxGraphGroups');
  });

  it('refuses DISTINCT aggregates holding more than maxGraphAggregateValues values over all groups', () => {
    // Two groups of 30 distinct values each: 60 in all.
    const rows = many(60, (i) => ({ g: i % 2, n: i }));
    const run = (maxAggregateValues: number) => () =>
      shapeRows(
        statement('SELECT a.g, COUNT(DISTINCT a.n), SUM(DISTINCT a.n) FROM "g" MATCH (a), (b)'),
        rows,
        variables,
        { ...limits(), maxAggregateValues }
      );
    expect(run(120)().rows).toHaveLength(2);
    const error = errorOf(run(100));
    expect(error.message).toContain('hold more than 100 values');
    expect(error.message).toContain('setting maxGraphAggregateValues');
  });
});
