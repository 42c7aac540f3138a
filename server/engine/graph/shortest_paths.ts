/**
 * The shortest step of `ANY SHORTEST` / `ALL SHORTEST` (Cypher's `shortestPath` /
 * `allShortestPaths`) over one quantified edge `(a)-[:R]->{1,max}(b)`, between the fetched
 * documents of its two ends (docs/api/graph_queries.md, "Shortest paths").
 *
 * Breadth-first from both ends at once over the relation's keys: a level reads, for the
 * documents the frontier's keys reach (the key filters reduction.ts narrows with), only the
 * relation's two fields, never `_source`; the side with the smaller frontier goes next, and both
 * go in one round when their frontiers are about as small (BOTH_SIDES_RATIO). What is
 * read is a region of the relation: with f levels read from the start side and g from the end
 * side, every path of at most f + g hops between them lies in it (each document of such a path
 * is within f hops of its start or g of its end). So once the frontiers meet, the shortest path
 * of each pair of ends is searched in memory (per start, breadth-first); when every pair has
 * one of at most f + g hops, those are the shortest and no further level is read. Otherwise
 * reading goes on up to `max` hops, or until a side has nothing left to reach.
 *
 * One answer per pair of ends connected (`ANY`: one path, the first breadth-first order gives;
 * `ALL`: every shortest one). A shortest path repeats no document. Only the documents between
 * the ends of the paths found are then read whole. Every level counts its keys against
 * maxGraphFrontierKeys, the region against maxGraphDocuments, the in-memory search against
 * maxGraphPathSteps, and pauses on the query's budget (deadline, caller gone).
 */
import type { Backend, BackendDocument, CallOptions } from '../backends/backend';
import { KeySetBuilder } from '../backends/key_set';
import { badRequest } from '../errors';
import type { WorkBudget } from '../work_budget';
import type { BoundEdge } from './bound_query';
import { scalarValues } from './expressions';
import { documentIdentity, PathSteps } from './hop_walk';
import { distinctDirections, hopDirections, type HopDirection } from './reduction';
import { Region, searchRegion, type PairPaths } from './shortest_region';

export interface ShortestLimits {
  /** Most documents the search may read (setting maxGraphDocuments). */
  maxDocuments: number;
  /** Most keys carried by one level (setting maxGraphFrontierKeys). */
  maxKeys: number;
  /** Most steps of the in-memory search (setting maxGraphPathSteps). */
  maxPathSteps: number;
}

/** What the step found: per start (by identity), its ends and their shortest paths. */
export class ShortestPaths {
  private backward: Map<
    string,
    Array<{ start: BackendDocument; middles: BackendDocument[][] }>
  > | null = null;

  constructor(
    private readonly byStart: ReadonlyMap<
      string,
      Array<{ end: BackendDocument; middles: BackendDocument[][] }>
    >,
    private readonly starts: readonly BackendDocument[]
  ) {}

  /** How many paths were found (the step's rows). */
  get size(): number {
    let count = 0;
    for (const pairs of this.byStart.values()) for (const p of pairs) count += p.middles.length;
    return count;
  }

  /**
   * From a bound end: the other ends, once per path, and the documents between, start to end
   * (the edge's written order, left to right).
   */
  from(
    doc: BackendDocument,
    direction: 'forward' | 'backward'
  ): { ends: BackendDocument[]; middles: BackendDocument[][] } {
    const ends: BackendDocument[] = [];
    const middles: BackendDocument[][] = [];
    if (direction === 'forward') {
      for (const pair of this.byStart.get(documentIdentity(doc)) ?? []) {
        for (const middle of pair.middles) {
          ends.push(pair.end);
          middles.push(middle);
        }
      }
      return { ends, middles };
    }
    if (this.backward === null) {
      this.backward = new Map();
      const startOf = new Map(this.starts.map((s) => [documentIdentity(s), s]));
      for (const [start, pairs] of this.byStart) {
        for (const pair of pairs) {
          const key = documentIdentity(pair.end);
          const list = this.backward.get(key) ?? [];
          list.push({ start: startOf.get(start)!, middles: pair.middles });
          this.backward.set(key, list);
        }
      }
    }
    for (const pair of this.backward.get(documentIdentity(doc)) ?? []) {
      for (const middle of pair.middles) {
        ends.push(pair.start);
        middles.push(middle);
      }
    }
    return { ends, middles };
  }
}

/**
 * One side of the search: what it has read and the documents its next level starts from, by
 * their numbers in the region.
 */
interface Side {
  ways: HopDirection[];
  seen: Set<number>;
  frontier: number[];
  levels: number;
  /** Documents its last level read per key it carried (1 before any): the next one's hint. */
  perKey: number;
}

export async function findShortestPaths(
  edge: BoundEdge,
  entity: Backend,
  starts: readonly BackendDocument[],
  ends: readonly BackendDocument[],
  options: CallOptions,
  limits: ShortestLimits,
  budget: WorkBudget
): Promise<ShortestPaths> {
  const empty = new ShortestPaths(new Map(), starts);
  if (starts.length === 0 || ends.length === 0) return empty;
  const { max } = edge.quantifier!;
  const all = edge.shortest === 'all';
  const relation = edge.orientations[0].relation;
  const fields = [...new Set([relation.from.field, relation.to.field])].filter((f) => f !== '_id');
  const forwardWays = distinctDirections(hopDirections(edge, edge.left));
  const region = new Region(forwardWays);
  const numbered = (docs: readonly BackendDocument[]) =>
    docs.map((doc) => region.add(documentIdentity(doc), doc));
  const startNumbers = numbered(starts);
  const endNumbers = numbered(ends);
  const forward: Side = {
    ways: forwardWays,
    seen: new Set(startNumbers),
    frontier: [...new Set(startNumbers)],
    levels: 0,
    perKey: 1,
  };
  const backward: Side = {
    ways: distinctDirections(hopDirections(edge, edge.right)),
    seen: new Set(endNumbers),
    frontier: [...new Set(endNumbers)],
    levels: 0,
    perKey: 1,
  };
  const steps = new PathSteps(limits.maxPathSteps);
  const described = `the shortest path [${edge.name}:${edge.label}]`;
  // Pairs of ends that are one document have no path (a path repeats no document).
  const pairs =
    starts.length * ends.length - [...forward.seen].filter((id) => backward.seen.has(id)).length;
  let found: Map<string, PairPaths[]> | null = null;
  let met = intersects(forward.seen, backward.seen);
  while (forward.levels + backward.levels < max) {
    if (forward.frontier.length === 0 || backward.frontier.length === 0) break;
    const side = forward.frontier.length <= backward.frontier.length ? forward : backward;
    const other = side === forward ? backward : forward;
    // Both sides in one round when the other's frontier is about as small (it would go next
    // anyway, most likely) and both levels fit the upper bound: a round trip saved per two
    // levels. Read together, admitted in order (start side first), so the region, and the path
    // ANY picks, do not depend on which answer came first.
    const sides =
      forward.levels + backward.levels + 2 <= max &&
      other.frontier.length <= BOTH_SIDES_RATIO * side.frontier.length
        ? [forward, backward]
        : [side];
    const reads = await Promise.all(
      sides.map((s) => readLevel(s, region, entity, fields, options, limits, described, budget))
    );
    for (const [i, s] of sides.entries()) {
      s.frontier = await admit(s, reads[i], region, limits, described, budget);
      s.levels++;
    }
    if (!met) {
      met =
        forward.frontier.some((n) => backward.seen.has(n)) ||
        backward.frontier.some((n) => forward.seen.has(n));
    }
    if (!met) continue;
    // Every pair within the hops read is exact: stop when that is every pair.
    const within = forward.levels + backward.levels;
    found = await searchRegion(edge, region, starts, ends, within, all, steps, budget);
    let connected = 0;
    for (const list of found.values()) connected += list.length;
    if (connected === pairs) break;
    found = null;
  }
  found ??= await searchRegion(edge, region, starts, ends, max, all, steps, budget);
  return new ShortestPaths(
    await wholeDocuments(found, region, entity, options, limits, described, budget),
    starts
  );
}

/** How much larger the other side's frontier may be for both to read a level in one round. */
const BOTH_SIDES_RATIO = 2;

/**
 * Reads one level of a side: the documents its frontier's keys reach, relation fields only, in
 * one read (an undirected edge's two ways as one `should`).
 */
async function readLevel(
  side: Side,
  region: Region,
  entity: Backend,
  fields: string[],
  options: CallOptions,
  limits: ShortestLimits,
  described: string,
  budget: WorkBudget
): Promise<BackendDocument[]> {
  const filters: unknown[] = [];
  let crossing = 0;
  for (const way of side.ways) {
    const keys = new KeySetBuilder(limits.maxKeys, described, 'maxGraphFrontierKeys');
    const path = way.value.split('.');
    for (const n of side.frontier) {
      for (const value of scalarValues(region.document(n), path)) keys.add(value);
      if (budget.spend()) await budget.pause();
    }
    const set = keys.build();
    crossing += set.values.length;
    if (set.values.length > 0) filters.push((await entity.keyFilter(way.lookup, set)).filter);
  }
  if (filters.length === 0) return [];
  const filter =
    filters.length === 1 ? filters[0] : { bool: { should: filters, minimum_should_match: 1 } };
  const read: BackendDocument[] = [];
  for await (const doc of entity.documents(filter, {
    ...options,
    fields,
    limit: limits.maxDocuments + 1,
    ordered: false,
    // A hint of the level's size, the keys times what a key found on the side's last level: a
    // small level is one plain search, no point in time; a large one (a key of a fan-out
    // relation finds many) goes straight to the paged read, without a first page read for
    // nothing. A wrong hint only costs a second read (backend.ts, expectedDocuments).
    expectedDocuments: Math.ceil(crossing * side.perKey),
  })) {
    if (budget.spend()) await budget.pause();
    read.push(doc);
    if (read.length > limits.maxDocuments) throw tooMany(described, limits);
  }
  side.perKey = Math.max(1, read.length / crossing);
  return read;
}

/** Adds a level's documents to the region: those the side had not seen are its next frontier. */
async function admit(
  side: Side,
  read: readonly BackendDocument[],
  region: Region,
  limits: ShortestLimits,
  described: string,
  budget: WorkBudget
): Promise<number[]> {
  const next: number[] = [];
  for (const doc of read) {
    if (budget.spend()) await budget.pause();
    const id = documentIdentity(doc);
    let n = region.numberOf(id);
    if (n === undefined) {
      if (region.size >= limits.maxDocuments) throw tooMany(described, limits);
      n = region.add(id, doc);
    }
    if (side.seen.has(n)) continue;
    side.seen.add(n);
    next.push(n);
  }
  return next;
}

function tooMany(described: string, limits: ShortestLimits) {
  return badRequest(
    `${described} reaches more than ${limits.maxDocuments} documents; lower its upper bound, narrow its ends, or raise the setting maxGraphDocuments`
  );
}

/** The paths with the documents between their ends read whole, by their `_id`, in one read. */
async function wholeDocuments(
  found: ReadonlyMap<string, PairPaths[]>,
  region: Region,
  entity: Backend,
  options: CallOptions,
  limits: ShortestLimits,
  described: string,
  budget: WorkBudget
): Promise<Map<string, Array<{ end: BackendDocument; middles: BackendDocument[][] }>>> {
  const wanted = new Set<string>();
  for (const pairs of found.values())
    for (const pair of pairs)
      for (const middle of pair.middles) for (const id of middle) wanted.add(id);
  const whole = new Map<string, BackendDocument>();
  if (wanted.size > 0) {
    const numeric = ['long', 'integer', 'short', 'byte'].includes(
      (await entity.fieldType('_id')) ?? ''
    );
    const keys = new KeySetBuilder(limits.maxKeys, described, 'maxGraphFrontierKeys');
    for (const id of wanted) {
      const raw = region.get(id)!._id;
      keys.add(numeric ? Number(raw) : raw);
    }
    const filter = (await entity.keyFilter('_id', keys.build())).filter;
    for await (const doc of entity.documents(filter, {
      ...options,
      limit: limits.maxDocuments + 1,
      ordered: false,
      expectedDocuments: wanted.size,
    })) {
      if (budget.spend()) await budget.pause();
      const id = documentIdentity(doc);
      if (wanted.has(id)) whole.set(id, doc);
    }
  }
  const out = new Map<string, Array<{ end: BackendDocument; middles: BackendDocument[][] }>>();
  for (const [start, pairs] of found) {
    out.set(
      start,
      pairs.map((pair) => ({
        end: pair.end,
        middles: pair.middles.map((middle) => middle.map((id) => whole.get(id) ?? region.get(id)!)),
      }))
    );
  }
  return out;
}

function intersects<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  for (const id of a) if (b.has(id)) return true;
  return false;
}
