/**
 * Reachability over one quantified edge `-[:R]->{min,max}`, walked from one of its ends: which
 * far-end documents a document reaches by a path of min..max hops that repeats no document (the
 * start included, so it is never its own target).
 *
 * Enumerating the simple paths is exponential in the hops on a dense relation (2,000 people in
 * 12 companies, `{1,4}`: 700 million paths from one person). It is not needed: a target whose
 * breadth-first distance d satisfies min <= d <= max is reachable, because a shortest path is
 * simple. Only targets closer than `min` need a longer simple path; a depth-first search looks
 * for those alone, skips branches from which none is near enough (breadth-first distances to
 * them, a lower bound whatever the path), and stops as soon as all are found.
 *
 * Every step (one document reached over one relation value) counts against the query's
 * `PathSteps`, and every walk is a generator that yields PAUSE when its WorkBudget says so, so
 * the event loop is never held and the deadline and the caller's abort are checked.
 */
import type { BackendDocument } from '../backends/backend';
import { badRequest } from '../errors';
import type { WorkBudget } from '../work_budget';
import { joinKey, scalarValues } from './expressions';
import type { BoundEdge } from './bound_query';
import type { HopDirection } from './reduction';
import { PAUSE, type Pause } from './result_shaping';

export const documentIdentity = (doc: BackendDocument) => `${doc._index}\u0000${doc._id}`;

/** The far-end documents one document reaches, with a membership test by identity. */
export interface HopReach {
  readonly documents: readonly BackendDocument[];
  has(doc: BackendDocument): boolean;
}

/** The path steps every quantified edge of one query may take together (maxGraphPathSteps). */
export class PathSteps {
  private taken = 0;

  constructor(private readonly max: number) {}

  /** How many steps were taken so far. */
  get count(): number {
    return this.taken;
  }

  /** Counts `units` steps (a node's neighbours at once): throws past the setting. */
  take(edge: BoundEdge, units = 1): void {
    this.taken += units;
    if (this.taken <= this.max) return;
    const { min, max } = edge.quantifier!;
    throw badRequest(
      `the quantified edge [${edge.name}:${edge.label}]{${min},${max}} needs more than ${this.max} path steps (setting maxGraphPathSteps); lower its upper bound, narrow one of its ends with a condition, or raise the setting maxGraphPathSteps`
    );
  }
}

/** Documents by the join keys of one field. */
class Lookup {
  private readonly byKey = new Map<string, BackendDocument[]>();

  add(doc: BackendDocument, field: readonly string[]): void {
    for (const key of keysOf(doc, field)) {
      const list = this.byKey.get(key);
      if (list) list.push(doc);
      else this.byKey.set(key, [doc]);
    }
  }

  find(key: string): readonly BackendDocument[] {
    return this.byKey.get(key) ?? [];
  }
}

function keysOf(doc: BackendDocument, field: readonly string[]): string[] {
  const keys: string[] = [];
  for (const value of scalarValues(doc, field)) {
    const key = joinKey(value);
    if (key !== null && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** One way over the relation: read `value` of a document, find the documents whose `lookup` equals it. */
interface Way {
  value: readonly string[];
  lookup: Lookup;
}

/** The documents one hop away from a document, one at a time (no list per document is built). */
class Neighbours {
  private way = -1;
  private keys: string[] = [];
  private key = 0;
  private list: readonly BackendDocument[] = [];
  private index = 0;

  constructor(
    private readonly ways: readonly Way[],
    readonly doc: BackendDocument
  ) {}

  next(): BackendDocument | null {
    for (;;) {
      if (this.index < this.list.length) return this.list[this.index++];
      if (this.key < this.keys.length) {
        this.list = this.ways[this.way].lookup.find(this.keys[this.key++]);
        this.index = 0;
        continue;
      }
      if (++this.way >= this.ways.length) return null;
      this.keys = keysOf(this.doc, this.ways[this.way].value);
      this.key = 0;
    }
  }
}

/**
 * One quantified edge walked from one end: its lookups are built once (over the fetched middle
 * documents and the far end's documents) and serve every start.
 */
export class HopWalk {
  private forward: Way[] | null = null;
  private backward: Way[] | null = null;

  /** The far end's documents by identity, once the first walk has read them. */
  private targets: Map<string, BackendDocument> | null = null;

  /**
   * @param directions how a hop goes from the near end's side (`hopDirections`), de-duplicated
   * @param middle the fetched documents of the relation's entity a path may pass through
   * @param far the far end's documents: the targets, which a path may pass through too
   */
  constructor(
    private readonly edge: BoundEdge,
    private readonly directions: readonly HopDirection[],
    private readonly middle: ReadonlyMap<string, BackendDocument>,
    private readonly far: readonly BackendDocument[],
    private readonly steps: PathSteps,
    private readonly budget: WorkBudget
  ) {}

  /** The targets `from` reaches in min..max hops without repeating a document. */
  *reach(from: BackendDocument): Generator<Pause, HopReach> {
    const ways = this.forward ?? (this.forward = yield* this.ways('forward'));
    const targets = this.targets!;
    const { min, max } = this.edge.quantifier!;
    const start = documentIdentity(from);
    const found = new Map<string, BackendDocument>();
    // Targets closer than `min`: they need a longer simple path, if one exists.
    const tooClose = new Map<string, BackendDocument>();
    yield* this.breadthFirst(ways, [from], new Set([start]), max, (id, depth) => {
      const target = targets.get(id);
      if (target === undefined) return;
      if (depth >= min) found.set(id, target);
      else tooClose.set(id, target);
    });
    if (tooClose.size > 0) yield* this.longerPaths(from, tooClose, found);
    return { documents: [...found.values()], has: (doc) => found.has(documentIdentity(doc)) };
  }

  /**
   * Every path from `from` to a target in min..max hops that repeats no document (a named
   * path's rows are one per path): each target once per path, with the documents between, in
   * walking order. Exponential on a dense relation, so every step counts against PathSteps.
   */
  *paths(
    from: BackendDocument
  ): Generator<Pause, { ends: BackendDocument[]; middles: BackendDocument[][] }> {
    const ways = this.forward ?? (this.forward = yield* this.ways('forward'));
    const targets = this.targets!;
    const { min, max } = this.edge.quantifier!;
    const ends: BackendDocument[] = [];
    const middles: BackendDocument[][] = [];
    const onPath = new Set<string>([documentIdentity(from)]);
    // stack[k] walks on from between[k - 1] (stack[0] from `from`).
    const stack: Neighbours[] = [new Neighbours(ways, from)];
    const between: BackendDocument[] = [];
    while (stack.length > 0) {
      const depth = stack.length; // of the document the next step reaches
      const n = stack[depth - 1].next();
      if (n === null) {
        stack.pop();
        const left = between.pop();
        if (left !== undefined) onPath.delete(documentIdentity(left));
        continue;
      }
      this.steps.take(this.edge);
      if (this.budget.spend()) yield PAUSE;
      const id = documentIdentity(n);
      if (onPath.has(id)) continue;
      const target = targets.get(id);
      if (target !== undefined && depth >= min) {
        ends.push(target);
        middles.push(between.slice());
      }
      if (depth < max) {
        onPath.add(id);
        between.push(n);
        stack.push(new Neighbours(ways, n));
      }
    }
    return { ends, middles };
  }

  /**
   * Depth-first over simple paths from `from`, for the targets reached too early by
   * breadth-first search: each found at a depth within min..max goes to `found`. A branch is cut
   * when every target still wanted is on the path already, or when none lies within the hops
   * left (breadth-first distances over the reversed relation, never more than a simple path's
   * length; computed again whenever half of the wanted targets were found, so that a target
   * no longer path reaches stops costing a search of the whole neighbourhood).
   */
  private *longerPaths(
    from: BackendDocument,
    wanted: Map<string, BackendDocument>,
    found: Map<string, BackendDocument>
  ): Generator<Pause, void> {
    const { min, max } = this.edge.quantifier!;
    const start = documentIdentity(from);
    let distance = yield* this.distancesTo(wanted, start, max - 1);
    let distancesFor = wanted.size;
    const ways = this.forward!;
    const onPath = new Set<string>([start]);
    let wantedOnPath = 0;
    const path: Neighbours[] = [new Neighbours(ways, from)];
    const ids: string[] = [start];
    while (path.length > 0) {
      const depth = path.length; // of the document the next step reaches
      const n = path[depth - 1].next();
      if (n === null) {
        path.pop();
        const id = ids.pop()!;
        onPath.delete(id);
        if (wanted.has(id)) wantedOnPath--;
        continue;
      }
      this.steps.take(this.edge);
      if (this.budget.spend()) yield PAUSE;
      const id = documentIdentity(n);
      if (onPath.has(id)) continue;
      if (depth >= min && wanted.has(id)) {
        found.set(id, wanted.get(id)!);
        wanted.delete(id);
        if (wanted.size === 0) return;
        if (wanted.size * 2 <= distancesFor) {
          distance = yield* this.distancesTo(wanted, start, max - 1);
          distancesFor = wanted.size;
        }
      }
      const isWanted = wanted.has(id);
      const offPath = wanted.size - wantedOnPath - (isWanted ? 1 : 0);
      const near = distance.get(id);
      if (offPath > 0 && depth < max && near !== undefined && near <= max - depth) {
        onPath.add(id);
        if (isWanted) wantedOnPath++;
        ids.push(id);
        path.push(new Neighbours(ways, n));
      }
    }
  }

  /**
   * Per document, the fewest hops from it to one of `targets` (up to `limit`), walking the
   * relation backwards from them and never through `start`.
   */
  private *distancesTo(
    targets: ReadonlyMap<string, BackendDocument>,
    start: string,
    limit: number
  ): Generator<Pause, Map<string, number>> {
    const ways = this.backward ?? (this.backward = yield* this.ways('backward'));
    const distance = new Map<string, number>();
    for (const id of targets.keys()) distance.set(id, 0);
    const seen = new Set([start, ...targets.keys()]);
    yield* this.breadthFirst(ways, [...targets.values()], seen, limit, (id, d) =>
      distance.set(id, d)
    );
    return distance;
  }

  /**
   * Breadth-first from `starts`, up to `limit` hops over `ways`: `reached` is told each document
   * the first time a hop reaches it (documents in `seen` never are), with its distance.
   */
  private *breadthFirst(
    ways: readonly Way[],
    starts: BackendDocument[],
    seen: Set<string>,
    limit: number,
    reached: (id: string, depth: number) => void
  ): Generator<Pause, void> {
    let frontier = starts;
    for (let depth = 1; depth <= limit && frontier.length > 0; depth++) {
      const next: BackendDocument[] = [];
      for (const doc of frontier) {
        const neighbours = new Neighbours(ways, doc);
        for (let n = neighbours.next(); n !== null; n = neighbours.next()) {
          this.steps.take(this.edge);
          if (this.budget.spend()) yield PAUSE;
          const id = documentIdentity(n);
          if (seen.has(id)) continue;
          seen.add(id);
          next.push(n);
          reached(id, depth);
        }
      }
      frontier = next;
    }
  }

  /**
   * The lookups over every document a path may use (the middle documents and the targets),
   * built once per way of walking, pausing like any other loop over fetched documents.
   */
  private *ways(orientation: 'forward' | 'backward'): Generator<Pause, Way[]> {
    if (this.targets === null) {
      const targets = new Map<string, BackendDocument>();
      for (const doc of this.far) {
        targets.set(documentIdentity(doc), doc);
        if (this.budget.spend()) yield PAUSE;
      }
      this.targets = targets;
    }
    const ways = this.directions.map((d) => {
      const [value, lookup] = orientation === 'forward' ? [d.value, d.lookup] : [d.lookup, d.value];
      return { value: value.split('.'), lookupField: lookup.split('.'), lookup: new Lookup() };
    });
    const add = (doc: BackendDocument) => {
      for (const way of ways) way.lookup.add(doc, way.lookupField);
      return this.budget.spend(ways.length);
    };
    // A target fetched as a middle document too is added once, as the target.
    for (const [id, doc] of this.middle) if (!this.targets.has(id) && add(doc)) yield PAUSE;
    for (const doc of this.targets.values()) if (add(doc)) yield PAUSE;
    return ways.map(({ value, lookup }) => ({ value, lookup }));
  }
}
