/**
 * The edges whose rows are one per path (row_assembly.ts, PathEdges): the quantified edges of a
 * named path (`p = (a)-[:R]->{1,3}(b)`: every path, as Cypher answers, where an unnamed
 * quantified edge gives one row per pair of ends), and shortest-path edges (the paths their
 * step found, shortest_paths.ts).
 */
import type { BackendDocument } from '../backends/backend';
import type { BoundEdge, BoundQuery } from './bound_query';
import type { QuantifiedHops } from './quantified_hops';
import type { Pause } from './result_shaping';
import type { PathEdges } from './row_assembly';
import type { ShortestPaths } from './shortest_paths';

/** The quantified edges of the query's named paths, by id. */
export function namedPathEdges(
  query: Pick<BoundQuery, 'paths' | 'edges' | 'pathVariables'>
): Set<number> {
  const named = new Set<number>();
  for (const path of query.pathVariables?.values() ?? []) {
    for (const edge of query.paths[path].edges) if (query.edges[edge].quantifier) named.add(edge);
  }
  return named;
}

export class PathEdgeIndex implements PathEdges {
  constructor(
    private readonly named: ReadonlySet<number>,
    private readonly hops: QuantifiedHops | undefined,
    private readonly shortest: ReadonlyMap<number, ShortestPaths>
  ) {}

  has(edge: BoundEdge): boolean {
    return edge.shortest !== undefined || this.named.has(edge.id);
  }

  *from(
    edge: BoundEdge,
    from: BackendDocument,
    direction: 'forward' | 'backward'
  ): Generator<
    Pause,
    { ends: readonly BackendDocument[]; middles: ReadonlyArray<readonly BackendDocument[]> }
  > {
    const shortest = this.shortest.get(edge.id);
    if (shortest) return shortest.from(from, direction);
    return yield* this.hops!.paths(edge, from, direction);
  }
}
