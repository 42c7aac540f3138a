import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import type { Backend, BackendDocument, DocumentOptions } from '../backends/backend';
import { keyChunks, type KeySet } from '../backends/key_set';
import { FederationError } from '../errors';
import { WorkBudget } from '../work_budget';
import { socialModel } from '../../../test/support/graph_models';
import type { BoundEdge } from './bound_query';
import { parseGraphModel } from './graph_model';
import { bindQuery } from './query_binding';
import { findShortestPaths, type ShortestLimits } from './shortest_paths';

const MODEL = parseGraphModel(socialModel(['Person'], ['KNOWS']));

const person = (id: string, knows: string[]): BackendDocument => ({
  _index: 'people',
  _id: id,
  _source: { knows, name: `name of ${id}` },
});

/** `(a:Person)<arrow>(b:Person)` with a shortest-path search, e.g. `-[:KNOWS]->{1,5}`. */
function edgeOf(arrow: string, mode = 'ANY'): BoundEdge {
  const parsed = parseGql(`MATCH p = ${mode} SHORTEST (a:Person)${arrow}(b:Person) RETURN p`);
  expect(parsed.errors).toEqual([]);
  return bindQuery(parsed.statement!, MODEL, { maxHops: 6 }).edges[0];
}

/**
 * The relation's entity in memory, recording each read: a key filter is the field and its keys,
 * and documents carry only the fields asked for, as the real backends do.
 */
function entityOver(people: BackendDocument[]) {
  const reads: Array<{ field: string; keys: string[]; fields: readonly string[] | 'all' }> = [];
  const valuesOf = (doc: BackendDocument, field: string) =>
    field === '_id' ? [doc._id] : ([doc._source[field]].flat() as string[]);
  const backend = {
    fieldType: async () => 'keyword',
    keyFilter: async (field: string, keys: KeySet) => ({
      filter: { field, keys: [...keyChunks(keys, 1_000_000)].flat().map(String) },
      form: 'terms' as const,
    }),
    async *documents(filter: unknown, options: DocumentOptions) {
      type Terms = { field: string; keys: string[] };
      const should = (filter as { bool?: { should: Terms[] } }).bool?.should;
      const parts = should ?? [filter as Terms];
      for (const { field, keys } of parts) {
        reads.push({ field, keys, fields: options.fields ?? 'all' });
      }
      const matches = (doc: BackendDocument) =>
        parts.some(({ field, keys }) => valuesOf(doc, field).some((v) => keys.includes(String(v))));
      for (const doc of people) {
        if (!matches(doc)) continue;
        const source = options.fields
          ? Object.fromEntries(options.fields.map((f) => [f, doc._source[f]]))
          : doc._source;
        yield { ...doc, _source: source };
      }
    },
  } as unknown as Backend;
  return { backend, reads };
}

const LIMITS: ShortestLimits = { maxDocuments: 1000, maxKeys: 1000, maxPathSteps: 100_000 };
const budget = () => new WorkBudget(() => {}, Infinity);

async function search(
  arrow: string,
  people: BackendDocument[],
  starts: string[],
  ends: string[],
  { mode = 'ANY', limits = LIMITS } = {}
) {
  const byId = new Map(people.map((p) => [p._id, p]));
  const entity = entityOver(people);
  const found = await findShortestPaths(
    edgeOf(arrow, mode),
    entity.backend,
    starts.map((id) => byId.get(id)!),
    ends.map((id) => byId.get(id)!),
    {},
    limits,
    budget()
  );
  /** Per start, each end with the ids between, as `a>x>y>b`. */
  const paths = (start: string) => {
    const { ends: reached, middles } = found.from(byId.get(start)!, 'forward');
    return reached
      .map((end, i) => [start, ...middles[i].map((d) => d._id), end._id].join('>'))
      .sort();
  };
  return { found, paths, reads: entity.reads, byId };
}

// a -> x -> y -> b, and a dead end a -> z; a tail b -> t1 -> t2 that no search needs.
const CHAIN = [
  person('a', ['x', 'z']),
  person('x', ['y']),
  person('y', ['b']),
  person('z', []),
  person('b', ['t1']),
  person('t1', ['t2']),
  person('t2', []),
];

describe('findShortestPaths: breadth-first from both ends over keys', () => {
  it('finds the shortest path and reads whole only the documents between its ends', async () => {
    const { paths, reads } = await search('-[:KNOWS]->{1,5}', CHAIN, ['a'], ['b']);
    expect(paths('a')).toEqual(['a>x>y>b']);
    const levels = reads.filter((r) => r.fields !== 'all');
    // Levels read only the relation's field; one last read fetches x and y whole, by _id.
    for (const level of levels) expect(level.fields).toEqual(['knows']);
    expect(reads.filter((r) => r.fields === 'all')).toEqual([
      { field: '_id', keys: ['x', 'y'], fields: 'all' },
    ]);
    // Three hops: the sides met within two rounds of both sides (frontiers of one and two
    // documents, about as small: BOTH_SIDES_RATIO), four levels; nothing past b was read.
    expect(levels).toHaveLength(4);
    expect(levels.flatMap((r) => r.keys)).not.toContain('t1');
  });

  it('alternates sides, walking the end side backwards (documents whose key the frontier holds)', async () => {
    const { reads } = await search('-[:KNOWS]->{1,5}', CHAIN, ['a'], ['b']);
    const levels = reads.filter((r) => r.fields !== 'all');
    // From a: the documents whose _id a knows; from b: those that know b.
    expect(levels[0]).toMatchObject({ field: '_id', keys: ['x', 'z'] });
    expect(levels[1]).toMatchObject({ field: 'knows', keys: ['b'] });
  });

  it('reads the smaller side alone while the other frontier is much larger', async () => {
    // One start, five ends: the end side (5 > 2 × 1) never goes, the start side reaches b1.
    const people = [
      person('a', ['x']),
      person('x', ['b1']),
      ...['b1', 'b2', 'b3', 'b4', 'b5'].map((id) => person(id, [])),
    ];
    const ends = ['b1', 'b2', 'b3', 'b4', 'b5'];
    const { paths, reads } = await search('-[:KNOWS]->{1,5}', people, ['a'], ends);
    expect(paths('a')).toEqual(['a>x>b1']);
    const levels = reads.filter((r) => r.fields !== 'all');
    expect(levels).toEqual([
      { field: '_id', keys: ['x'], fields: ['knows'] },
      { field: '_id', keys: ['b1'], fields: ['knows'] },
    ]);
  });

  it('answers every shortest path for ALL SHORTEST, one for ANY', async () => {
    const diamond = [
      person('a', ['x', 'y']),
      person('x', ['b']),
      person('y', ['b']),
      person('b', []),
      person('c', ['b']),
    ];
    const all = await search('-[:KNOWS]->{1,4}', diamond, ['a'], ['b'], { mode: 'ALL' });
    expect(all.paths('a')).toEqual(['a>x>b', 'a>y>b']);
    const any = await search('-[:KNOWS]->{1,4}', diamond, ['a'], ['b']);
    expect(any.paths('a')).toHaveLength(1);
    expect(any.paths('a')[0]).toMatch(/^a>[xy]>b$/);
  });

  it('counts a document that is both a start and an end once (ALL SHORTEST: no doubled path)', async () => {
    // m is an end and, through a, also on a's way to b: numbered twice, it would be its own
    // neighbour's neighbour twice and ALL would answer a>m>b twice.
    const people = [person('a', ['m']), person('m', ['b']), person('b', [])];
    const { paths } = await search('-[:KNOWS]->{1,4}', people, ['a', 'm'], ['m', 'b'], {
      mode: 'ALL',
    });
    expect(paths('a')).toEqual(['a>m', 'a>m>b']);
    expect(paths('m')).toEqual(['m>b']);
  });

  it('finds each pair its own shortest path, though the sides met on another pair first', async () => {
    // a1 -> b1 directly; a2 reaches b2 only in three hops; a1 never reaches b2.
    const people = [
      person('a1', ['b1']),
      person('a2', ['m1']),
      person('m1', ['m2']),
      person('m2', ['b2']),
      person('b1', []),
      person('b2', []),
    ];
    const { paths, found } = await search('-[:KNOWS]->{1,5}', people, ['a1', 'a2'], ['b1', 'b2']);
    expect(paths('a1')).toEqual(['a1>b1']);
    expect(paths('a2')).toEqual(['a2>m1>m2>b2']);
    expect(found.size).toBe(2);
  });

  it('answers the pairs from the end side too (a backward walk of row assembly)', async () => {
    const { found, byId } = await search('-[:KNOWS]->{1,5}', CHAIN, ['a'], ['b']);
    const back = found.from(byId.get('b')!, 'backward');
    expect(back.ends.map((d) => d._id)).toEqual(['a']);
    // The documents between stay in the written order, start to end.
    expect(back.middles[0].map((d) => d._id)).toEqual(['x', 'y']);
  });

  it('respects the upper bound and the direction', async () => {
    expect((await search('-[:KNOWS]->{1,2}', CHAIN, ['a'], ['b'])).found.size).toBe(0);
    expect((await search('<-[:KNOWS]-{1,5}', CHAIN, ['a'], ['b'])).found.size).toBe(0);
    const undirected = await search('-[:KNOWS]-{1,5}', CHAIN, ['b'], ['a']);
    expect(undirected.paths('b')).toEqual(['b>y>x>a']);
  });

  it('never pairs a document with itself (a path repeats no document)', async () => {
    const loop = [person('a', ['b']), person('b', ['a'])];
    const { paths } = await search('-[:KNOWS]->{1,5}', loop, ['a', 'b'], ['a', 'b']);
    expect(paths('a')).toEqual(['a>b']);
    expect(paths('b')).toEqual(['b>a']);
  });

  it('fails with a 400 naming the setting when a level carries too many keys', async () => {
    const star = [person('a', ['x1', 'x2', 'x3']), person('b', [])];
    const error = await search('-[:KNOWS]->{1,5}', star, ['a'], ['b'], {
      limits: { ...LIMITS, maxKeys: 2 },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FederationError);
    expect((error as FederationError).status).toBe(400);
    expect((error as Error).message).toContain('maxGraphFrontierKeys');
  });

  it('fails with a 400 naming the setting when the search reads too many documents', async () => {
    const error = await search('-[:KNOWS]->{1,5}', CHAIN, ['a'], ['b'], {
      limits: { ...LIMITS, maxDocuments: 3 },
    }).catch((e: unknown) => e);
    expect((error as FederationError).status).toBe(400);
    expect((error as Error).message).toContain('maxGraphDocuments');
  });
});
