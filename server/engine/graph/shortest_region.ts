/**
 * The part of a relation the shortest step has read (shortest_paths.ts), indexed for walking, and
 * the breadth-first search over it from each start: what is read is a region of the relation,
 * every path of at most f + g hops between the two sides lies in it, and the search finds each
 * pair's shortest paths there without another request.
 *
 * Documents are numbered as they are read, and the search walks numbers: its depths and first
 * parents are typed arrays, its neighbour lists arrays of numbers. Walked by identity strings
 * (`index \0 id`) through maps, the search of a million-document tree's region took 4 ms of CPU
 * a query, more than the levels' SQL; numbered, it is a fraction of that.
 */
import type { BackendDocument } from '../backends/backend';
import type { WorkBudget } from '../work_budget';
import type { BoundEdge } from './bound_query';
import { joinKey, scalarValues } from './expressions';
import { documentIdentity, type PathSteps } from './hop_walk';
import type { HopDirection } from './reduction';

/** A pair's shortest paths: its end, and per path the documents between, start to end. */
export interface PairPaths {
  end: BackendDocument;
  middles: string[][];
}

/**
 * Per start, breadth-first over the region up to `within` hops, or until it has reached every
 * end: each end's shortest paths (one for ANY, all for ALL), as the identities of the documents
 * between.
 */
export async function searchRegion(
  edge: BoundEdge,
  region: Region,
  starts: readonly BackendDocument[],
  ends: readonly BackendDocument[],
  within: number,
  all: boolean,
  steps: PathSteps,
  budget: WorkBudget
): Promise<Map<string, PairPaths[]>> {
  const size = region.size;
  // The region does not grow during a search: each document's neighbours are looked up once
  // for all the starts.
  const known: Array<number[] | undefined> = new Array(size);
  const neighbours = (n: number): number[] => (known[n] ??= region.neighbours(n));
  const endOf = new Map<number, BackendDocument>();
  for (const doc of ends) endOf.set(region.numberOf(documentIdentity(doc))!, doc);
  // Per start: the level a document was reached at (`visit` says whether by this start), its
  // first parent, and for ALL the other parents at the same level.
  const depth = new Int32Array(size);
  const visit = new Int32Array(size);
  const firstParent = new Int32Array(size);
  const result = new Map<string, PairPaths[]>();
  for (const [s, start] of starts.entries()) {
    const stamp = s + 1;
    const origin = region.numberOf(documentIdentity(start))!;
    const moreParents = new Map<number, number[]>();
    visit[origin] = stamp;
    depth[origin] = 0;
    let frontier = [origin];
    const reached: number[] = [];
    // Every end but the start itself (no path) reached: deeper levels can add no pair.
    const reachable = endOf.size - (endOf.has(origin) ? 1 : 0);
    for (
      let level = 1;
      level <= within && frontier.length > 0 && reached.length < reachable;
      level++
    ) {
      const next: number[] = [];
      for (const at of frontier) {
        const around = neighbours(at);
        steps.take(edge, around.length);
        if (budget.spend(around.length)) await budget.pause();
        for (const n of around) {
          if (visit[n] !== stamp) {
            visit[n] = stamp;
            depth[n] = level;
            firstParent[n] = at;
            next.push(n);
            if (endOf.has(n)) reached.push(n);
          } else if (all && depth[n] === level) {
            const others = moreParents.get(n) ?? [];
            if (firstParent[n] !== at && !others.includes(at)) {
              others.push(at);
              moreParents.set(n, others);
            }
          }
        }
      }
      frontier = next;
    }
    if (reached.length === 0) continue;
    const parentsOf = (n: number) =>
      all ? [firstParent[n], ...(moreParents.get(n) ?? [])] : [firstParent[n]];
    result.set(
      documentIdentity(start),
      reached.map((end) => ({
        end: endOf.get(end)!,
        middles: pathsTo(end, origin, parentsOf, edge, steps).map((middle) =>
          middle.map((n) => region.identityOf(n))
        ),
      }))
    );
  }
  return result;
}

/** The paths from `origin` to `end` along the breadth-first parents, as the numbers between. */
function pathsTo(
  end: number,
  origin: number,
  parentsOf: (n: number) => number[],
  edge: BoundEdge,
  steps: PathSteps
): number[][] {
  const out: number[][] = [];
  const walk = (n: number, after: number[]) => {
    steps.take(edge);
    for (const parent of parentsOf(n)) {
      if (parent === origin) out.push(after);
      else walk(parent, [parent, ...after]);
    }
  };
  walk(end, []);
  return out;
}

/**
 * The documents read so far, numbered in the order read, each indexed as it comes by the keys
 * the search finds it by (its lookup fields), so that a search after each level does not index
 * them again.
 */
export class Region {
  private readonly numbers = new Map<string, number>();
  private readonly identities: string[] = [];
  private readonly documents: BackendDocument[] = [];
  private readonly ways: Array<{
    value: string[];
    lookup: string[];
    byKey: Map<string, number[]>;
  }>;
  /** Per document, the keys of its value fields, per way (read once). */
  private readonly values: Array<string[][] | undefined> = [];

  constructor(ways: readonly HopDirection[]) {
    this.ways = ways.map((way) => ({
      value: way.value.split('.'),
      lookup: way.lookup.split('.'),
      byKey: new Map(),
    }));
  }

  get size(): number {
    return this.documents.length;
  }

  has(id: string): boolean {
    return this.numbers.has(id);
  }

  get(id: string): BackendDocument | undefined {
    const n = this.numbers.get(id);
    return n === undefined ? undefined : this.documents[n];
  }

  numberOf(id: string): number | undefined {
    return this.numbers.get(id);
  }

  document(n: number): BackendDocument {
    return this.documents[n];
  }

  identityOf(n: number): string {
    return this.identities[n];
  }

  /** Numbers a document not read before (a document read again keeps its number). */
  add(id: string, doc: BackendDocument): number {
    const known = this.numbers.get(id);
    if (known !== undefined) return known;
    const n = this.documents.length;
    this.numbers.set(id, n);
    this.identities.push(id);
    this.documents.push(doc);
    for (const { lookup, byKey } of this.ways) {
      for (const key of keysOf(doc, lookup)) {
        const list = byKey.get(key);
        if (list) list.push(n);
        else byKey.set(key, [n]);
      }
    }
    return n;
  }

  /** The documents read that one hop from document `n` reaches, along each way. */
  neighbours(n: number): number[] {
    let values = this.values[n];
    if (values === undefined) {
      const doc = this.documents[n];
      values = this.ways.map((way) => keysOf(doc, way.value));
      this.values[n] = values;
    }
    const out: number[] = [];
    for (let i = 0; i < this.ways.length; i++) {
      for (const key of values[i]) {
        const found = this.ways[i].byKey.get(key);
        if (found) for (const m of found) out.push(m);
      }
    }
    return out;
  }
}

function keysOf(doc: BackendDocument, field: readonly string[]): string[] {
  const values = scalarValues(doc, field);
  if (values.length === 1) {
    const key = joinKey(values[0]);
    return key === null ? [] : [key];
  }
  const keys: string[] = [];
  for (const value of values) {
    const key = joinKey(value);
    if (key !== null && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
