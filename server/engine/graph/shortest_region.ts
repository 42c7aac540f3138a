/**
 * The part of a relation the shortest step has read (shortest_paths.ts), indexed for walking, and
 * the breadth-first search over it from each start: what is read is a region of the relation,
 * every path of at most f + g hops between the two sides lies in it, and the search finds each
 * pair's shortest paths there without another request.
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
  // The region does not grow during a search: each document's neighbours are looked up once
  // for all the starts.
  const known = new Map<string, string[]>();
  const neighbours = (id: string): string[] => {
    let out = known.get(id);
    if (out === undefined) known.set(id, (out = region.neighbours(id)));
    return out;
  };
  const endOf = new Map(ends.map((doc) => [documentIdentity(doc), doc]));
  const result = new Map<string, PairPaths[]>();
  for (const start of starts) {
    const origin = documentIdentity(start);
    const depth = new Map<string, number>([[origin, 0]]);
    const parents = new Map<string, string[]>();
    let frontier = [origin];
    const reached: string[] = [];
    // Every end but the start itself (no path) reached: deeper levels can add no pair.
    const reachable = endOf.size - (endOf.has(origin) ? 1 : 0);
    for (
      let level = 1;
      level <= within && frontier.length > 0 && reached.length < reachable;
      level++
    ) {
      const next: string[] = [];
      for (const id of frontier) {
        for (const n of neighbours(id)) {
          steps.take(edge);
          if (budget.spend()) await budget.pause();
          const d = depth.get(n);
          if (d === undefined) {
            depth.set(n, level);
            parents.set(n, [id]);
            next.push(n);
            if (endOf.has(n)) reached.push(n);
          } else if (all && d === level && !parents.get(n)!.includes(id)) {
            parents.get(n)!.push(id);
          }
        }
      }
      frontier = next;
    }
    if (reached.length === 0) continue;
    result.set(
      origin,
      reached.map((end) => ({
        end: endOf.get(end)!,
        middles: pathsTo(end, origin, parents, all, edge, steps),
      }))
    );
  }
  return result;
}

/** The paths from `origin` to `end` along the breadth-first parents, as the ids between. */
function pathsTo(
  end: string,
  origin: string,
  parents: ReadonlyMap<string, string[]>,
  all: boolean,
  edge: BoundEdge,
  steps: PathSteps
): string[][] {
  const out: string[][] = [];
  const walk = (id: string, after: string[]) => {
    steps.take(edge);
    for (const parent of all ? parents.get(id)! : parents.get(id)!.slice(0, 1)) {
      if (parent === origin) out.push(after);
      else walk(parent, [parent, ...after]);
    }
  };
  walk(end, []);
  return out;
}

/**
 * The documents read so far, by identity, each indexed as it comes by the keys the search finds
 * it by (its lookup fields), so that a search after each level does not index them again.
 */
export class Region {
  private readonly documents = new Map<string, BackendDocument>();
  private readonly ways: Array<{
    value: string[];
    lookup: string[];
    byKey: Map<string, string[]>;
  }>;
  /** Per document, the keys of its value fields, per way (read once). */
  private readonly values = new Map<string, string[][]>();

  constructor(ways: readonly HopDirection[]) {
    this.ways = ways.map((way) => ({
      value: way.value.split('.'),
      lookup: way.lookup.split('.'),
      byKey: new Map(),
    }));
  }

  get size(): number {
    return this.documents.size;
  }

  has(id: string): boolean {
    return this.documents.has(id);
  }

  get(id: string): BackendDocument | undefined {
    return this.documents.get(id);
  }

  add(id: string, doc: BackendDocument): void {
    this.documents.set(id, doc);
    for (const { lookup, byKey } of this.ways) {
      for (const key of keysOf(doc, lookup)) {
        const list = byKey.get(key);
        if (list) list.push(id);
        else byKey.set(key, [id]);
      }
    }
  }

  /** The documents read that one hop from `id` reaches, along each way. */
  neighbours(id: string): string[] {
    let values = this.values.get(id);
    if (values === undefined) {
      const doc = this.documents.get(id)!;
      values = this.ways.map((way) => keysOf(doc, way.value));
      this.values.set(id, values);
    }
    const out: string[] = [];
    for (let i = 0; i < this.ways.length; i++) {
      for (const key of values[i]) {
        const found = this.ways[i].byKey.get(key);
        if (found) for (const n of found) out.push(n);
      }
    }
    return out;
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
