import { describe, expect, it } from 'vitest';
import { parseGql } from '../../../common/gql';
import type { BackendDocument } from '../backends/backend';
import { FederationError } from '../errors';
import { WorkBudget } from '../work_budget';
import { parseGraphModel } from './graph_model';
import { documentIdentity, HopWalk, PathSteps, type HopReach } from './hop_walk';
import { socialModel } from '../../../test/support/graph_models';
import type { BoundEdge } from './bound_query';
import { bindQuery } from './query_binding';
import { hopDirections } from './reduction';
import { PAUSE, type Pause } from './result_shaping';

const MODEL = parseGraphModel(socialModel(['Person'], ['KNOWS']));

const person = (id: string, knows: string[]): BackendDocument => ({
  _index: 'people',
  _id: id,
  _source: { knows },
});

/** The quantified edge of `(a:Person)<arrow>(b:Person)`, e.g. `-[:KNOWS]->{2,3}`. */
function edgeOf(arrow: string): BoundEdge {
  const parsed = parseGql(`SELECT COUNT(*) FROM "social" MATCH (a:Person)${arrow}(b:Person)`);
  expect(parsed.errors).toEqual([]);
  return bindQuery(parsed.statement!, MODEL, { maxHops: 6 }).edges[0];
}

const neverPause = () => new WorkBudget(() => {}, Infinity);

function walkOver(
  edge: BoundEdge,
  people: BackendDocument[],
  steps = new PathSteps(1_000_000),
  budget = neverPause()
): HopWalk {
  const middle = new Map(people.map((p) => [documentIdentity(p), p]));
  return new HopWalk(edge, hopDirections(edge, edge.left), middle, people, steps, budget);
}

/** Runs a walk to its end, counting its pauses. */
function run(walk: Generator<Pause, HopReach>): { ids: string[]; pauses: number } {
  let pauses = 0;
  for (let step = walk.next(); ; step = walk.next()) {
    if (step.done) return { ids: step.value.documents.map((d) => d._id).sort(), pauses };
    expect(step.value).toBe(PAUSE);
    pauses++;
  }
}

/**
 * The definition, by brute force: every simple path from `from` (the start never repeated),
 * its end a target when its length is within min..max.
 */
function naiveReach(
  people: BackendDocument[],
  from: BackendDocument,
  min: number,
  max: number,
  undirected: boolean
): string[] {
  const byId = new Map(people.map((p) => [p._id, p]));
  const next = (p: BackendDocument) => {
    const out = (p._source.knows as string[]).filter((id) => byId.has(id));
    const into = undirected
      ? people.filter((q) => (q._source.knows as string[]).includes(p._id)).map((q) => q._id)
      : [];
    return [...out, ...into];
  };
  const found = new Set<string>();
  const walk = (p: BackendDocument, depth: number, onPath: Set<string>) => {
    for (const id of next(p)) {
      if (onPath.has(id)) continue;
      if (depth + 1 >= min) found.add(id);
      if (depth + 1 < max) walk(byId.get(id)!, depth + 1, new Set([...onPath, id]));
    }
  };
  walk(from, 0, new Set([from._id]));
  return [...found].sort();
}

/** A seeded random directed graph on n people, each knowing each other with probability p. */
function randomPeople(seed: number, n: number, p: number): BackendDocument[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: n }, (_, i) =>
    person(
      `p${i}`,
      Array.from({ length: n }, (_, j) => `p${j}`).filter((_, j) => j !== i && random() < p)
    )
  );
}

const clique = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    person(
      `p${i}`,
      Array.from({ length: n }, (_, j) => `p${j}`).filter((id) => id !== `p${i}`)
    )
  );

describe('HopWalk: reach without enumerating paths', () => {
  it('answers as the enumeration of simple paths does, on dense and sparse graphs', () => {
    const graphs = [
      clique(6),
      ...[1, 2, 3, 4, 5, 6].map((seed) => randomPeople(seed, 8, seed % 2 ? 0.25 : 0.5)),
      // A self-loop and a path: the start is never its own target.
      [person('x', ['x', 'y']), person('y', ['z']), person('z', ['x'])],
    ];
    const quantifiers = ['{1,1}', '{1,3}', '{2,2}', '{2,4}', '{3,3}', '{3,5}', '{4,4}'];
    for (const people of graphs) {
      for (const q of quantifiers) {
        const [min, max] = q.slice(1, -1).split(',').map(Number);
        for (const arrow of [`-[:KNOWS]->${q}`, `-[:KNOWS]-${q}`]) {
          const walk = walkOver(edgeOf(arrow), people);
          for (const from of people) {
            expect(run(walk.reach(from)).ids, `${arrow} from ${from._id}`).toEqual(
              naiveReach(people, from, min, max, !arrow.includes('>'))
            );
          }
        }
      }
    }
  });

  it('finds a longer simple path to a target closer than min, and none where none exists', () => {
    // a -> b, a -> c -> b: b is one hop away, and two hops away through c.
    const triangle = [person('a', ['b', 'c']), person('b', []), person('c', ['b'])];
    expect(run(walkOver(edgeOf('-[:KNOWS]->{2,2}'), triangle).reach(triangle[0])).ids).toEqual([
      'b',
    ]);
    // a -> b -> c: b is only one hop away, so {2,3} reaches c alone.
    const line = [person('a', ['b']), person('b', ['c']), person('c', [])];
    expect(run(walkOver(edgeOf('-[:KNOWS]->{2,3}'), line).reach(line[0])).ids).toEqual(['c']);
    // In a clique every colleague is one hop away, and two hops away through a third.
    const people = clique(40);
    const { ids } = run(walkOver(edgeOf('-[:KNOWS]->{2,5}'), people).reach(people[0]));
    expect(ids).toHaveLength(39);
  });

  it('walks a dense relation in steps proportional to its size, not to its paths', () => {
    // 120 people who all know each other: {1,5} has about 120^4 simple paths from one person.
    const people = clique(120);
    const steps = new PathSteps(1_000_000);
    const walk = walkOver(edgeOf('-[:KNOWS]->{1,5}'), people, steps);
    expect(run(walk.reach(people[0])).ids).toHaveLength(119);
    expect(steps.count).toBeLessThanOrEqual(120 * 120);
    // Targets closer than min are looked for only until all are found: a few walks of the
    // neighbourhood (distances to the targets still wanted), not 120^4 paths.
    const longer = new PathSteps(1_000_000);
    const far = walkOver(edgeOf('-[:KNOWS]->{3,5}'), people, longer);
    expect(run(far.reach(people[0])).ids).toHaveLength(119);
    expect(longer.count).toBeLessThanOrEqual(10 * 120 * 120);
  });

  it('refuses a walk past maxGraphPathSteps with a 400 naming the edge and the setting', () => {
    const people = clique(60);
    const walk = walkOver(edgeOf('-[e:KNOWS]->{1,4}'), people, new PathSteps(1_000));
    let error: unknown;
    try {
      run(walk.reach(people[0]));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FederationError);
    expect((error as FederationError).status).toBe(400);
    expect((error as FederationError).message).toContain('[e:KNOWS]{1,4}');
    expect((error as FederationError).message).toContain('setting maxGraphPathSteps');
    expect((error as FederationError).message).toContain('lower its upper bound');
  });

  it('counts the steps of every walk of the query together', () => {
    const people = clique(20);
    const steps = new PathSteps(20 * 20 * 3);
    const walk = walkOver(edgeOf('-[:KNOWS]->{1,2}'), people, steps);
    // One walk takes about 20 x 20 steps: three fit, the rest of the starts do not.
    expect(() => people.forEach((p) => run(walk.reach(p)))).toThrow('maxGraphPathSteps');
    expect(steps.count).toBeGreaterThan(20 * 20 * 3);
  });

  it('pauses when its budget has used its slice', () => {
    const people = clique(150);
    // A slice of 0 ms: a pause at every read of the clock.
    const walk = walkOver(
      edgeOf('-[:KNOWS]->{1,3}'),
      people,
      new PathSteps(10_000_000),
      new WorkBudget(() => {}, 0)
    );
    const { ids, pauses } = run(walk.reach(people[0]));
    expect(ids).toHaveLength(149);
    expect(pauses).toBeGreaterThan(10);
  });
});
