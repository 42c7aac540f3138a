/**
 * Paths of quantified edges `-[:R]->{min,max}` for row assembly: the documents of the relation's
 * entity within reach are fetched level by level (only the two relation fields) by the edge's
 * expand step, then each bound document's reach is computed by hop_walk.ts, never repeating a
 * document on a path.
 *
 * Why generators: row assembly is a synchronous generator that yields PAUSE when the query's
 * WorkBudget has used its slice, and its async consumer lets the event loop run and checks the
 * deadline and the caller's abort. A walk runs in the middle of assembly, for the document just
 * bound, so it is a generator too that assembly delegates to with `yield*`: the walk pauses
 * exactly like the loop around it, and only the walks that assembly reaches are ever done (a
 * LIMIT met early stops them), where computing every reach ahead would walk from every document
 * of an end whatever the answer needs.
 */
import type { BackendDocument, CallOptions } from '../backends/backend';
import { KeySetBuilder } from '../backends/key_set';
import { badRequest } from '../errors';
import type { WorkBudget } from '../work_budget';
import { scalarValues } from './expressions';
import { documentIdentity, HopWalk, PathSteps, type HopReach } from './hop_walk';
import type { BoundEdge } from './bound_query';
import { distinctDirections, hopDirections, type ReductionState } from './reduction';
import type { HopIndex } from './row_assembly';
import type { Pause } from './result_shaping';

export interface ExpandLimits {
  /** Most documents a quantified edge may reach (setting maxGraphDocuments). */
  maxDocuments: number;
  /** Most keys carried across one hop (setting maxGraphFrontierKeys). */
  maxKeys: number;
}

/**
 * The expand step of a quantified edge: the documents of its relation's entity within reach of
 * its ends' documents, fetched level by level (only the two relation fields), by identity.
 */
export async function fetchPathDocuments(
  edge: BoundEdge,
  state: ReductionState,
  documents: ReadonlyArray<readonly BackendDocument[]>,
  options: CallOptions,
  limits: ExpandLimits,
  budget: WorkBudget,
  /** A named path shows the documents it passes through: read them whole. */
  whole = false
): Promise<Map<string, BackendDocument>> {
  const { maxDocuments, maxKeys } = limits;
  const quantifier = edge.quantifier!;
  const relation = edge.orientations[0].relation;
  const entity = state.entityBackends.get(relation.from.entity)!;
  const fields = [...new Set([relation.from.field, relation.to.field])].filter((f) => f !== '_id');
  const found = new Map<string, BackendDocument>();
  // Walk from both ends' documents: every middle document of a path is within max-1 hops of either.
  const directions = distinctDirections([
    ...hopDirections(edge, edge.left),
    ...hopDirections(edge, edge.right),
  ]);
  let frontier: ReadonlyArray<readonly BackendDocument[]> = [
    documents[edge.left],
    documents[edge.right],
  ];
  for (let hop = 1; hop < quantifier.max && frontier.some((f) => f.length > 0); hop++) {
    const next: BackendDocument[] = [];
    for (const d of directions) {
      // The builder sorts and de-duplicates keys that arrive in any order.
      const keys = new KeySetBuilder(
        maxKeys,
        `the quantified edge [${edge.name}:${edge.label}]`,
        'maxGraphFrontierKeys'
      );
      const path = d.value.split('.');
      for (const docs of frontier) {
        for (const doc of docs) {
          for (const value of scalarValues(doc, path)) keys.add(value);
          await budget.tick();
        }
      }
      const set = keys.build();
      if (set.values.length === 0) continue;
      const filter = (await entity.keyFilter(d.lookup, set)).filter;
      for await (const doc of entity.documents(filter, {
        ...options,
        ...(whole ? {} : { fields }),
        limit: maxDocuments + 1,
        ordered: false,
      })) {
        await budget.tick();
        const id = documentIdentity(doc);
        if (found.has(id)) continue;
        if (found.size >= maxDocuments) {
          throw badRequest(
            `the quantified edge [${edge.name}:${edge.label}] reaches more than ${maxDocuments} documents; lower its upper bound, narrow its ends, or raise the setting maxGraphDocuments`
          );
        }
        found.set(id, doc);
        next.push(doc);
      }
    }
    frontier = [next];
  }
  return found;
}

export class QuantifiedHops implements HopIndex {
  /** Reaches already computed, by edge, direction and start. */
  private readonly reached = new Map<string, HopReach>();
  private readonly walks = new Map<string, HopWalk>();
  private readonly steps: PathSteps;

  constructor(
    /** Per quantified edge id: its expand step's documents (`fetchPathDocuments`), by identity. */
    private readonly middle: ReadonlyMap<number, ReadonlyMap<string, BackendDocument>>,
    private readonly documents: ReadonlyArray<readonly BackendDocument[]>,
    /** Most path steps of all the query's walks together (setting maxGraphPathSteps). */
    maxPathSteps: number,
    private readonly budget: WorkBudget
  ) {
    this.steps = new PathSteps(maxPathSteps);
  }

  /**
   * The documents of the far end of `edge` reachable from `from` (bound at the left end when
   * `forward`) in min..max hops without repeating a document.
   */
  *reachable(
    edge: BoundEdge,
    from: BackendDocument,
    direction: 'forward' | 'backward'
  ): Generator<Pause, HopReach> {
    const cacheKey = `${edge.id}\u0000${direction}\u0000${documentIdentity(from)}`;
    const cached = this.reached.get(cacheKey);
    if (cached) return cached;
    const reach = yield* this.walkOf(edge, direction).reach(from);
    // Each reach cost at least one step per document it holds, so the steps setting bounds
    // what the cache keeps.
    this.reached.set(cacheKey, reach);
    return reach;
  }

  /**
   * Every path of `edge` from `from` (hop_walk.ts, `paths`): the far ends, once per path, and
   * the documents between, in the edge's written order (left to right) whatever the direction.
   */
  *paths(
    edge: BoundEdge,
    from: BackendDocument,
    direction: 'forward' | 'backward'
  ): Generator<Pause, { ends: BackendDocument[]; middles: BackendDocument[][] }> {
    const found = yield* this.walkOf(edge, direction).paths(from);
    if (direction === 'backward') for (const middle of found.middles) middle.reverse();
    return found;
  }

  private walkOf(edge: BoundEdge, direction: 'forward' | 'backward'): HopWalk {
    const key = `${edge.id}\u0000${direction}`;
    let walk = this.walks.get(key);
    if (!walk) {
      const near = direction === 'forward' ? edge.left : edge.right;
      const far = direction === 'forward' ? edge.right : edge.left;
      const directions = distinctDirections(hopDirections(edge, near));
      walk = new HopWalk(
        edge,
        directions,
        this.middle.get(edge.id)!,
        this.documents[far],
        this.steps,
        this.budget
      );
      this.walks.set(key, walk);
    }
    return walk;
  }
}
