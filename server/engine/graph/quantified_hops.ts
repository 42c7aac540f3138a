/**
 * Paths of quantified edges `-[:R]->{min,max}` for row assembly: the documents of the relation's
 * entity within reach are fetched level by level (only the two relation fields), then each
 * bound document walks them depth-first, never repeating a document on a path.
 */
import type { BackendDocument, CallOptions } from '../backends/backend';
import { KeySetBuilder } from '../backends/key_set';
import { badRequest } from '../errors';
import { joinKey, scalarValues } from './expressions';
import type { BoundEdge, BoundQuery } from './query_binding';
import { hopDirections, type HopDirection, type ReductionState } from './reduction';
import type { HopIndex } from './row_assembly';

const identity = (doc: BackendDocument) => `${doc._index}\u0000${doc._id}`;

class Lookup {
  private readonly byKey = new Map<string, BackendDocument[]>();
  constructor(documents: Iterable<BackendDocument>, field: string) {
    for (const doc of documents) {
      for (const key of new Set(scalarValues(doc, field.split('.')).map(joinKey))) {
        if (key === null) continue;
        const list = this.byKey.get(key);
        if (list) list.push(doc);
        else this.byKey.set(key, [doc]);
      }
    }
  }
  find(key: string): readonly BackendDocument[] {
    return this.byKey.get(key) ?? [];
  }
}

export class QuantifiedHops implements HopIndex {
  private readonly reach = new Map<string, BackendDocument[]>();

  private constructor(
    private readonly query: BoundQuery,
    /** Per edge id: the fetched middle documents of its entity, by identity. */
    private readonly middle: Map<number, Map<string, BackendDocument>>,
    private readonly documents: ReadonlyArray<readonly BackendDocument[]>,
    private readonly maxDocuments: number
  ) {}

  static async build(
    query: BoundQuery,
    state: ReductionState,
    documents: ReadonlyArray<readonly BackendDocument[]>,
    options: CallOptions,
    maxDocuments: number,
    maxKeys: number
  ): Promise<QuantifiedHops> {
    const middle = new Map<number, Map<string, BackendDocument>>();
    for (const edge of query.edges) {
      if (!edge.quantifier) continue;
      const relation = edge.orientations[0].relation;
      const entity = state.entityBackends.get(relation.from.entity)!;
      const fields = [...new Set([relation.from.field, relation.to.field])].filter(
        (f) => f !== '_id'
      );
      const found = new Map<string, BackendDocument>();
      // Walk from both ends' documents: every middle document of a path is within max-1 hops of either.
      const starts = [...documents[edge.left], ...documents[edge.right]];
      const directions = [...hopDirections(edge, edge.left), ...hopDirections(edge, edge.right)];
      let frontier: readonly BackendDocument[] = starts;
      for (let hop = 1; hop < edge.quantifier.max && frontier.length > 0; hop++) {
        const next: BackendDocument[] = [];
        for (const d of uniqueDirections(directions)) {
          const keys = new KeySetBuilder(
            maxKeys,
            `the quantified edge [${edge.name}:${edge.label}]`,
            'maxGraphFrontierKeys'
          );
          const values = [
            ...new Set(frontier.flatMap((doc) => scalarValues(doc, d.value.split('.')))),
          ];
          // The builder sorts and de-duplicates keys that arrive in any order.
          values.forEach((v) => keys.add(v));
          const set = keys.build();
          if (set.values.length === 0) continue;
          const filter = (await entity.keyFilter(d.lookup, set)).filter;
          for await (const doc of entity.documents(filter, {
            ...options,
            fields,
            limit: maxDocuments + 1,
            ordered: false,
          })) {
            const id = identity(doc);
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
        frontier = next;
      }
      middle.set(edge.id, found);
    }
    return new QuantifiedHops(query, middle, documents, maxDocuments);
  }

  connects(edge: BoundEdge, from: BackendDocument, to: BackendDocument): boolean {
    const target = identity(to);
    return this.reachable(edge, from, 'forward').some((doc) => identity(doc) === target);
  }

  /**
   * The documents of the far end of `edge` reachable from `from` (bound at the left end when
   * `forward`) in min..max hops without repeating a document.
   */
  reachable(
    edge: BoundEdge,
    from: BackendDocument,
    direction: 'forward' | 'backward'
  ): readonly BackendDocument[] {
    const cacheKey = `${edge.id}\u0000${direction}\u0000${identity(from)}`;
    const cached = this.reach.get(cacheKey);
    if (cached) return cached;
    const near = direction === 'forward' ? edge.left : edge.right;
    const far = direction === 'forward' ? edge.right : edge.left;
    const directions = uniqueDirections(hopDirections(edge, near));
    const targets = new Map(this.documents[far].map((doc) => [identity(doc), doc]));
    const pool = new Map(this.middle.get(edge.id)!);
    for (const [id, doc] of targets) pool.set(id, doc);
    const lookups = directions.map((d) => new Lookup(pool.values(), d.lookup));
    const { min, max } = edge.quantifier!;
    const result = new Map<string, BackendDocument>();
    const onPath = new Set<string>([identity(from)]);
    const walk = (doc: BackendDocument, depth: number): void => {
      directions.forEach((d, i) => {
        for (const value of scalarValues(doc, d.value.split('.'))) {
          const key = joinKey(value);
          if (key === null) continue;
          for (const next of lookups[i].find(key)) {
            const id = identity(next);
            if (onPath.has(id)) continue;
            if (depth + 1 >= min && targets.has(id)) result.set(id, targets.get(id)!);
            if (depth + 1 < max) {
              onPath.add(id);
              walk(next, depth + 1);
              onPath.delete(id);
            }
          }
        }
      });
    };
    walk(from, 0);
    const found = [...result.values()];
    if (this.reach.size < this.maxDocuments) this.reach.set(cacheKey, found);
    return found;
  }
}

function uniqueDirections(directions: HopDirection[]): HopDirection[] {
  const seen = new Set<string>();
  return directions.filter((d) => {
    const key = `${d.value}\u0000${d.lookup}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
