/**
 * The oracle checked by hand on a graph small enough to reason about: every expected value below
 * was worked out on paper from DOCS, not computed.
 */
import { describe, expect, it } from 'vitest';
import {
  agg,
  and,
  cmp,
  edge,
  isIn,
  isNull,
  list,
  lit,
  node,
  not,
  path,
  prop,
  startsWith,
  statement,
  whole,
} from './ast_builder';
import { bruteForce, OracleError, type GraphData, type RawDocument } from './brute_force';
import type { GraphModelJson } from '../support/graph_models';
import { checkRows } from './result_check';
import { valueAt, valuesOf } from './oracle_values';
import { parseGql } from '../../common/gql';

const MODEL: GraphModelJson = {
  label: 'g',
  entities: [
    { label: 'Person', indices: ['stu', 'prof'], id: 'id' },
    { label: 'Student', indices: ['stu'], id: 'id' },
    { label: 'Professor', indices: ['prof'], id: 'id' },
    { label: 'City', indices: ['city'] },
    { label: 'Post', indices: ['post'], id: 'id' },
    { label: 'Lonely', indices: ['lonely'] },
  ],
  relations: [
    {
      label: 'knows',
      from: { entity: 'Person', field: 'friends' },
      to: { entity: 'Person', field: 'id' },
    },
    {
      label: 'livesIn',
      from: { entity: 'Person', field: 'city' },
      to: { entity: 'City', field: 'id' },
    },
    {
      label: 'hasCreator',
      from: { entity: 'Post', field: 'creator' },
      to: { entity: 'Person', field: 'id' },
    },
    {
      label: 'likedBy',
      from: { entity: 'Post', field: 'likers' },
      to: { entity: 'Person', field: 'id' },
    },
  ],
};

const doc = (index: string, id: string, source: Record<string, unknown>): RawDocument => ({
  _index: index,
  _id: id,
  _source: source,
});
const DOCS: Record<string, RawDocument[]> = {
  stu: [
    doc('stu', '1', {
      id: 1,
      name: 'Ann',
      age: 20,
      born: '2000-01-01',
      friends: [2, 1],
      city: 1,
      tags: ['a', 'b'],
    }),
    doc('stu', '2', { id: 2, name: 'Bob', age: null, friends: 3, city: 2, tags: 'c' }),
    doc('stu', '3', { id: 3, name: 'Cid', friends: [], tags: [] }),
  ],
  prof: [
    doc('prof', '10', {
      id: 10,
      name: 'Dee',
      age: 50,
      born: '1970-06-01',
      friends: [1, 2],
      city: 1,
    }),
  ],
  city: [
    doc('city', '1', { id: 1, name: 'Oslo' }),
    doc('city', '2', { id: 2, name: 'Bergen' }),
    doc('city', '3', { id: 3, name: 'Aarhus' }),
  ],
  post: [
    doc('post', '1', { id: 1, creator: 1, likers: [2, 10] }),
    doc('post', '2', { id: 2, creator: 10, likers: [10] }),
  ],
  lonely: [],
};

/** Query strings here are only `field:value`, matched against the field's values as text. */
const DATA: GraphData = {
  documents: (index) => DOCS[index],
  fieldType: (_index, field) => (field === 'born' ? 'date' : undefined),
  async matching(indices, query) {
    const [field, value] = query.split(':');
    return new Set(
      indices
        .flatMap((i) => DOCS[i])
        .filter((d) => valuesOf(valueAt(d._source, [field])).some((v) => String(v) === value))
        .map((d) => `${d._index}\u0000${d._id}`)
    );
  },
};

const run = (options: Parameters<typeof statement>[0]) =>
  bruteForce(statement(options), MODEL, DATA);
const rowsOf = async (options: Parameters<typeof statement>[0]) => (await run(options)).rows;
const sorted = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();

const knows = path(node('a', 'Person'), edge('knows'), node('b', 'Person'));
const pairs = [prop('a', 'name'), prop('b', 'name')];

describe('oracle: patterns', () => {
  it('binds edges over arrays and single values, one document to two variables included', async () => {
    expect(sorted(await rowsOf({ items: pairs, patterns: [knows] }))).toEqual(
      sorted([
        ['Ann', 'Bob'],
        ['Ann', 'Ann'],
        ['Bob', 'Cid'],
        ['Dee', 'Ann'],
        ['Dee', 'Bob'],
      ])
    );
  });

  it('counts anonymous nodes in the binding and reverses with <-', async () => {
    const anonymous = await rowsOf({
      items: [prop('a', 'name')],
      patterns: [path(node('a', 'Person'), edge('knows'), node())],
    });
    expect(anonymous).toHaveLength(5);
    const reversed = await rowsOf({
      items: pairs,
      patterns: [path(node('b', 'Person'), edge('knows', 'left'), node('a', 'Person'))],
    });
    expect(sorted(reversed)).toEqual(sorted(await rowsOf({ items: pairs, patterns: [knows] })));
  });

  it('holds undirected edges in either orientation, once per binding', async () => {
    const rows = await rowsOf({
      items: pairs,
      patterns: [path(node('a', 'Person'), edge('knows', 'undirected'), node('b', 'Person'))],
    });
    expect(sorted(rows)).toEqual(
      sorted([
        ['Ann', 'Bob'],
        ['Bob', 'Ann'],
        ['Ann', 'Ann'],
        ['Bob', 'Cid'],
        ['Cid', 'Bob'],
        ['Dee', 'Ann'],
        ['Ann', 'Dee'],
        ['Dee', 'Bob'],
        ['Bob', 'Dee'],
      ])
    );
  });

  it('resolves a bare arrow to the only relation and refuses an ambiguous one', async () => {
    const rows = await rowsOf({
      items: [prop('p', 'name'), prop('c', 'name')],
      patterns: [path(node('p', 'Person'), edge(undefined), node('c', 'City'))],
    });
    expect(sorted(rows)).toEqual(
      sorted([
        ['Ann', 'Oslo'],
        ['Bob', 'Bergen'],
        ['Dee', 'Oslo'],
      ])
    );
    await expect(
      run({
        items: [whole('x')],
        patterns: [path(node('x', 'Post'), edge(undefined), node('p', 'Person'))],
      })
    ).rejects.toThrow(/ambiguous/);
  });

  it('infers labels from edges and refuses a node it cannot label', async () => {
    const rows = await rowsOf({
      items: [prop('c', 'name')],
      patterns: [path(node('p', 'Person', 'name:Ann'), edge('livesIn'), node('c'))],
    });
    expect(rows).toEqual([['Oslo']]);
    await expect(run({ items: [whole('x')], patterns: [path(node('x'))] })).rejects.toThrow(
      OracleError
    );
  });

  it('merges adjacent nodes into one over the intersection of their indices', async () => {
    const rows = await rowsOf({
      items: [prop('s', 'name'), prop('p', 'name'), prop('q', 'name')],
      patterns: [path([node('s', 'Student'), node('p', 'Person')], edge('knows'), node('q'))],
    });
    expect(sorted(rows)).toEqual(
      sorted([
        ['Ann', 'Ann', 'Bob'],
        ['Ann', 'Ann', 'Ann'],
        ['Bob', 'Bob', 'Cid'],
      ])
    );
    await expect(
      run({ items: [whole('s')], patterns: [path([node('s', 'Student'), node('t', 'Professor')])] })
    ).rejects.toThrow(/share no index/);
  });

  it('refuses a variable with two labels, unknown names, edge variables and SUM(*)', async () => {
    const cases: Array<[Parameters<typeof statement>[0], RegExp]> = [
      [
        {
          items: [whole('a')],
          patterns: [path(node('a', 'Student')), path(node('a', 'Professor'))],
        },
        /labels/,
      ],
      [
        { graph: 'nope', items: [whole('a')], patterns: [path(node('a', 'Person'))] },
        /unknown graph/,
      ],
      [{ items: [whole('a')], patterns: [path(node('a', 'Nope'))] }, /unknown label/],
      [
        { items: [whole('a')], patterns: [path(node('a', 'Person'), edge('nope'), node())] },
        /unknown relation/,
      ],
      [{ items: [whole('z')], patterns: [knows] }, /unknown variable/],
      [
        {
          items: [whole('e')],
          patterns: [
            path(node('a', 'Person'), edge('knows', 'right', { variable: 'e' }), node('b')),
          ],
        },
        /edge variable/,
      ],
      [{ items: [agg('SUM', null)], patterns: [knows] }, /SUM\(\*\)/],
      [
        { items: [whole('c')], patterns: [path(node('c', 'City'), edge('knows'), node('b'))] },
        /no relation fits/,
      ],
      [
        {
          items: [whole('c')],
          patterns: [
            path(
              node('p', 'Person'),
              edge('livesIn', 'right', { min: 1, max: 2 }),
              node('c', 'City')
            ),
          ],
        },
        /quantified/,
      ],
    ];
    for (const [options, message] of cases) {
      await expect(run(options)).rejects.toThrow(message);
    }
  });

  it('follows quantified edges without repeating a document, one row per pair', async () => {
    const twoHops = await rowsOf({
      items: pairs,
      patterns: [
        path(node('a', 'Person'), edge('knows', 'right', { min: 2, max: 2 }), node('b', 'Person')),
      ],
    });
    expect(sorted(twoHops)).toEqual(
      sorted([
        ['Ann', 'Cid'],
        ['Dee', 'Bob'],
        ['Dee', 'Cid'],
      ])
    );
    const upToTwo = await rowsOf({
      items: pairs,
      patterns: [
        path(node('a', 'Person'), edge('knows', 'right', { min: 1, max: 2 }), node('b', 'Person')),
      ],
    });
    // Ann -> Ann is a path that repeats a document, so it is not one.
    expect(sorted(upToTwo)).toEqual(
      sorted([
        ['Ann', 'Bob'],
        ['Bob', 'Cid'],
        ['Dee', 'Ann'],
        ['Dee', 'Bob'],
        ['Ann', 'Cid'],
        ['Dee', 'Cid'],
      ])
    );
  });

  it('joins comma-separated patterns on shared variables, crosses them otherwise, closes cycles', async () => {
    const shared = await rowsOf({
      items: [prop('a', 'name'), prop('b', 'name')],
      patterns: [
        path(node('a', 'Person'), edge('livesIn'), node('c', 'City')),
        path(node('b', 'Person'), edge('livesIn'), node('c')),
      ],
    });
    expect(shared).toHaveLength(5);
    const cross = await rowsOf({
      items: [prop('a', 'name'), prop('c', 'name')],
      patterns: [path(node('a', 'Student')), path(node('c', 'City'))],
    });
    expect(cross).toHaveLength(9);
    const cycle = await rowsOf({
      items: [prop('a', 'name')],
      patterns: [path(node('a', 'Person'), edge('knows'), node('a'))],
    });
    expect(cycle).toEqual([['Ann']]);
  });

  it('projects whole documents and missing fields as null', async () => {
    const rows = await rowsOf({
      items: [whole('c'), prop('p', 'age'), prop('p', 'tags')],
      patterns: [path(node('p', 'Person', 'name:Bob'), edge('livesIn'), node('c', 'City'))],
    });
    expect(rows).toEqual([
      [{ _index: 'city', _id: '2', _source: { id: 2, name: 'Bergen' } }, null, 'c'],
    ]);
  });
});

describe('oracle: WHERE', () => {
  const names = async (where: Parameters<typeof statement>[0]['where']) =>
    (await rowsOf({ items: [prop('a', 'name')], patterns: [path(node('a', 'Person'))], where }))
      .map((r) => r[0])
      .sort();

  it('compares some value of each side; NOT is plain negation', async () => {
    expect(await names(cmp('>', prop('a', 'age'), lit(19)))).toEqual(['Ann', 'Dee']);
    expect(await names(not(cmp('>', prop('a', 'age'), lit(19))))).toEqual(['Bob', 'Cid']);
    expect(await names(cmp('=', prop('a', 'tags'), lit('b')))).toEqual(['Ann']);
    expect(await names(cmp('<>', prop('a', 'tags'), lit('a')))).toEqual(['Bob']);
    expect(await names(cmp('<', prop('a', 'name'), lit('B')))).toEqual(['Ann']);
  });

  it('compares dates as instants, and handles IN, IS NULL and STARTS WITH', async () => {
    expect(await names(cmp('<', prop('a', 'born'), lit('1990-01-01T00:00:00Z')))).toEqual(['Dee']);
    expect(await names(isIn(prop('a', 'name'), list('Ann', 'Dee')))).toEqual(['Ann', 'Dee']);
    expect(await names(isIn(prop('a', 'name'), list('Ann', 'Dee'), true))).toEqual(['Bob', 'Cid']);
    expect(await names(isNull(prop('a', 'age')))).toEqual(['Bob', 'Cid']);
    expect(await names(isNull(prop('a', 'tags')))).toEqual(['Cid', 'Dee']);
    expect(await names(isNull(prop('a', 'tags'), true))).toEqual(['Ann', 'Bob']);
    expect(await names(startsWith(prop('a', 'name'), 'B'))).toEqual(['Bob']);
  });

  it('relates two variables', async () => {
    const rows = await rowsOf({
      items: pairs,
      patterns: [knows],
      where: cmp('>', prop('a', 'age'), prop('b', 'age')),
    });
    expect(rows).toEqual([['Dee', 'Ann']]);
    const both = await rowsOf({
      items: pairs,
      patterns: [knows],
      where: and(cmp('=', prop('a', 'name'), lit('Ann')), cmp('<>', prop('b', 'name'), lit('Ann'))),
    });
    expect(both).toEqual([['Ann', 'Bob']]);
  });
});

describe('oracle: results', () => {
  const people = [path(node('a', 'Person'))];

  it('aggregates with implicit grouping, counting array elements', async () => {
    expect(
      await rowsOf({
        items: [agg('COUNT', null)],
        patterns: people,
        where: cmp('>', prop('a', 'age'), lit(100)),
      })
    ).toEqual([[0]]);
    expect(
      await rowsOf({
        items: [
          agg('COUNT', prop('a', 'tags')),
          agg('SUM', prop('a', 'age')),
          agg('AVG', prop('a', 'age')),
          agg('MIN', prop('a', 'name')),
          agg('MAX', prop('a', 'name')),
        ],
        patterns: people,
      })
    ).toEqual([[3, 70, 35, 'Ann', 'Dee']]);
    expect(
      await rowsOf({ items: [agg('COUNT', prop('b', 'name'), true)], patterns: [knows] })
    ).toEqual([[3]]);
    expect(
      sorted(await rowsOf({ items: [prop('a', 'name'), agg('COUNT', null)], patterns: [knows] }))
    ).toEqual(
      sorted([
        ['Ann', 2],
        ['Bob', 1],
        ['Dee', 2],
      ])
    );
    expect(
      await rowsOf({
        items: [prop('a', 'name'), agg('COUNT', null)],
        patterns: people,
        where: cmp('>', prop('a', 'age'), lit(100)),
      })
    ).toEqual([]);
  });

  it('orders with nulls last both ways and arrays by min or max, then windows', async () => {
    const ages = await rowsOf({
      items: [prop('a', 'name'), prop('a', 'age')],
      patterns: people,
      orderBy: [[prop('a', 'age')]],
    });
    expect(ages.slice(0, 2)).toEqual([
      ['Ann', 20],
      ['Dee', 50],
    ]);
    const desc = await rowsOf({
      items: [prop('a', 'name'), prop('a', 'age')],
      patterns: people,
      orderBy: [[prop('a', 'age'), true]],
    });
    expect(desc.slice(0, 2)).toEqual([
      ['Dee', 50],
      ['Ann', 20],
    ]);
    const tagsAsc = await rowsOf({
      items: [prop('a', 'name'), prop('a', 'tags')],
      patterns: people,
      orderBy: [[prop('a', 'tags')]],
    });
    expect(tagsAsc.slice(0, 2).map((r) => r[0])).toEqual(['Ann', 'Bob']);
    const tagsDesc = await rowsOf({
      items: [prop('a', 'name'), prop('a', 'tags')],
      patterns: people,
      orderBy: [[prop('a', 'tags'), true]],
    });
    expect(tagsDesc.slice(0, 2).map((r) => r[0])).toEqual(['Bob', 'Ann']);
    const windowed = await run({
      items: [prop('a', 'name')],
      patterns: people,
      limit: 2,
      offset: 1,
    });
    expect([windowed.offset, windowed.limit, windowed.rows.length]).toEqual([1, 2, 4]);
  });

  it('removes duplicate rows with DISTINCT', async () => {
    expect(
      sorted(await rowsOf({ items: [prop('b', 'name')], patterns: [knows], distinct: true }))
    ).toEqual(sorted([['Bob'], ['Ann'], ['Cid']]));
  });
});

describe('result check', () => {
  const ordered = (rows: unknown[][], offset = 0, limit?: number) => ({
    header: ['k', 'v'],
    rows,
    order: [{ column: 0, descending: false }],
    offset,
    limit,
  });
  const all = [
    [1, 'a'],
    [2, 'b'],
    [2, 'c'],
    [3, 'd'],
  ];

  it('accepts ties in any order and flags wrong keys, rows and counts', () => {
    expect(
      checkRows(
        [
          [1, 'a'],
          [2, 'c'],
          [2, 'b'],
          [3, 'd'],
        ],
        ordered(all)
      )
    ).toEqual([]);
    expect(
      checkRows(
        [
          [2, 'b'],
          [1, 'a'],
          [2, 'c'],
          [3, 'd'],
        ],
        ordered(all)
      )[0]
    ).toMatch(/sort keys differ at row 0/);
    expect(
      checkRows(
        [
          [1, 'a'],
          [2, 'b'],
          [2, 'x'],
          [3, 'd'],
        ],
        ordered(all)
      ).join()
    ).toMatch(/unexpected/);
    expect(checkRows([[1, 'a']], ordered(all)).join()).toMatch(/got 1 rows, expected 4/);
  });

  it('accepts either member of a tie group cut by the window', () => {
    expect(
      checkRows(
        [
          [1, 'a'],
          [2, 'c'],
        ],
        ordered(all, 0, 2)
      )
    ).toEqual([]);
    expect(
      checkRows(
        [
          [2, 'b'],
          [3, 'd'],
        ],
        ordered(all, 2, 5)
      )
    ).toEqual([]);
    expect(
      checkRows(
        [
          [1, 'a'],
          [2, 'x'],
        ],
        ordered(all, 0, 2)
      ).join()
    ).toMatch(/not among/);
  });

  it('checks unordered windows by count and containment, and multisets otherwise', () => {
    const unordered = { ...ordered(all, 1, 2), order: null };
    expect(
      checkRows(
        [
          [3, 'd'],
          [1, 'a'],
        ],
        unordered
      )
    ).toEqual([]);
    expect(
      checkRows(
        [
          [3, 'd'],
          [3, 'd'],
        ],
        unordered
      ).join()
    ).toMatch(/not among/);
    expect(
      checkRows(
        [
          [1, 'a'],
          [1, 'a'],
          [2, 'b'],
          [3, 'd'],
        ],
        { ...ordered(all), order: null }
      ).join()
    ).toMatch(/unexpected 1x \[1,"a"\].*missing 1x \[2,"c"\]/);
    expect(
      checkRows(
        [
          [1.0000000000001, 'a'],
          [2, 'b'],
          [2, 'c'],
          [3, 'd'],
        ],
        ordered(all)
      )
    ).toEqual([]);
  });
});

describe('oracle: OPTIONAL MATCH', () => {
  const query = async (text: string) => {
    const parsed = parseGql(text);
    expect(parsed.errors).toEqual([]);
    return sorted((await bruteForce(parsed.statement!, MODEL, DATA)).rows);
  };
  const refused = async (text: string) =>
    expect(bruteForce(parseGql(text).statement!, MODEL, DATA)).rejects.toThrow(OracleError);

  it('keeps every row, null where the optional pattern has no match', async () => {
    expect(
      await query('MATCH (p:Person) OPTIONAL MATCH (p)-[:livesIn]->(c:City) RETURN p.name, c.name')
    ).toEqual(
      sorted([
        ['Ann', 'Oslo'],
        ['Bob', 'Bergen'],
        ['Cid', null],
        ['Dee', 'Oslo'],
      ])
    );
  });

  it("filters the optional matches by the clause's WHERE, never the rows", async () => {
    expect(
      await query(
        'MATCH (c:City) OPTIONAL MATCH (p:Person)-[:livesIn]->(c) WHERE p.age > 30 RETURN c.name, p.name'
      )
    ).toEqual(
      sorted([
        ['Oslo', 'Dee'],
        ['Bergen', null],
        ['Aarhus', null],
      ])
    );
  });

  it('counts rows with count(*) and skips nulls with count(v)', async () => {
    expect(
      await query(
        'MATCH (c:City) OPTIONAL MATCH (p:Person)-[:livesIn]->(c) RETURN c.name, count(p), count(*)'
      )
    ).toEqual(
      sorted([
        ['Oslo', 2, 2],
        ['Bergen', 1, 1],
        ['Aarhus', 0, 1],
      ])
    );
  });

  it('chains clauses: one naming a null node matches nothing, the row stays', async () => {
    expect(
      await query(
        'MATCH (c:City) OPTIONAL MATCH (p:Person)-[:livesIn]->(c) OPTIONAL MATCH (p)-[:knows]->(f:Person) RETURN c.name, p.name, f.name'
      )
    ).toEqual(
      sorted([
        ['Oslo', 'Ann', 'Bob'],
        ['Oslo', 'Ann', 'Ann'],
        ['Oslo', 'Dee', 'Ann'],
        ['Oslo', 'Dee', 'Bob'],
        ['Bergen', 'Bob', 'Cid'],
        ['Aarhus', null, null],
      ])
    );
  });

  it('starts from one empty row when OPTIONAL MATCH comes first', async () => {
    expect(
      await query("OPTIONAL MATCH (c:City) WHERE c.name = 'Nowhere' RETURN c.name, count(*)")
    ).toEqual(sorted([[null, 1]]));
    expect(await query('OPTIONAL MATCH (c:City) RETURN count(c)')).toEqual(sorted([[3]]));
  });

  it('refuses what the contract refuses', async () => {
    await refused('MATCH (a:Person) WHERE b.age = 1 OPTIONAL MATCH (a)-[:knows]->(b) RETURN a');
    // The optional edge does not label the earlier node.
    await refused('MATCH (a) OPTIONAL MATCH (a)-[:livesIn]->(c) RETURN c');
    await refused('MATCH (a:Person) OPTIONAL MATCH (a WHERE "age:1")-[:knows]->(b) RETURN b');
  });
});
